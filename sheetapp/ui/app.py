"""Starting the window: ``sheetapp [FILE...] [--smoke] [--screenshot PNG] [--theme T]``."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from sheetapp import __version__, i18n
from sheetapp import resources as shipped
from sheetapp.cli.window_args import window_parser
from sheetapp.data_dir import data_dir
from sheetapp.ui.error_guard import error_guard
from sheetapp.ui.first_paint import after_first_paint
from sheetapp.ui.main_window import MainWindow
from sheetapp.ui.settings import Settings
from sheetapp.ui.theme import STYLE_ARGS, apply_colours, apply_style, apply_zoom

# With --smoke: the file to write the names of the modules loaded at the first paint into,
# one a line (tests/ui/test_startup_shell.py checks what the window paints without).
MODULES_AT_PAINT = "SHEETAPP_SMOKE_MODULES"


def parse_args(args: Sequence[str]) -> argparse.Namespace:
    return window_parser().parse_args(list(args))


def make_app(argv: Sequence[str] = ()) -> QApplication:
    app = QApplication.instance() or QApplication([sys.argv[0], *STYLE_ARGS, *argv])
    app.setApplicationName("sheetapp")
    app.setOrganizationName("sheetapp")
    app.setApplicationVersion(__version__)
    # Matches packaging/linux/org.sheetapp.Sheetapp.desktop, so docks and task bars pair the
    # window with its menu entry and icon.
    app.setDesktopFileName("org.sheetapp.Sheetapp")
    # The package's own folder: importlib.resources would cost a few milliseconds before the
    # first paint for a file that is always on disk beside the package.
    icon = Path(shipped.__file__).with_name("icons") / "sheetapp.png"
    app.setWindowIcon(QIcon(str(icon)))
    if i18n.language() != i18n.SOURCE_LANGUAGE:
        # Qt's own words and the window's direction in the language chosen at start (the
        # Python bridge must outlive this call: Qt holds only its C++ half). English, the
        # code's own, needs neither, and skips the import.
        from sheetapp.ui.translator import install_translators

        app.sheetapp_translators = install_translators(app)  # type: ignore[attr-defined]
    return app  # type: ignore[return-value]


def run_app(args: Sequence[str], started: float | None = None) -> int:
    started = time.perf_counter() if started is None else started
    options = parse_args(args)
    app = make_app()
    settings = Settings()
    theme = options.theme or settings.theme()
    apply_colours(app, theme)  # the style follows the first paint (see sheetapp.ui.theme)
    apply_zoom(app, settings.zoom())
    window = MainWindow(settings)
    # Queued before the sheets open (the window's own first-paint hooks run after this one).
    after_first_paint(window, lambda: apply_style(app))
    # How every number field takes keys and the wheel: once the sheets have opened, as a
    # filter on every event costs a few microseconds each (building a sheet's form sends
    # thousands), and nothing can be typed before then.
    window.opening.finished.connect(
        lambda: _install_field_input(app), Qt.ConnectionType.SingleShotConnection
    )
    if options.size:
        window.resize(*options.size)
    window.open_paths_after_paint([Path(name) for name in options.files])
    if options.smoke:

        def painted() -> None:
            # First paint: the window with its menus and a tab per sheet, still opening.
            elapsed = ((watcher.painted_at or time.perf_counter()) - started) * 1000
            # Not translated: bench/startup.py and the tests read these lines.
            print(f"ready in {elapsed:.0f} ms", flush=True)
            modules_file = os.environ.get(MODULES_AT_PAINT)
            if modules_file:
                Path(modules_file).write_text("\n".join(sorted(sys.modules)), encoding="utf-8")

        def sheets_open() -> None:
            # Ready for input once the sheet in front has painted as well (every sheet has
            # opened: ``finished`` is emitted after the first paint even with none to open).
            front = window.tabs.currentWidget()
            after_first_paint(front, lambda: done(time.perf_counter()))
            front.update()

        def done(ready_at: float) -> None:
            if finished:
                return
            finished.append(ready_at)
            print(f"sheet ready in {(ready_at - started) * 1000:.0f} ms", flush=True)
            if options.screenshot:
                window.grab().save(options.screenshot)
            window.autosave_all()
            app.exit(0)

        finished: list[float] = []
        # Installed after the window's own first-paint hooks, so ``painted`` runs before
        # any of theirs (Qt calls the last event filter installed first).
        watcher = after_first_paint(window, painted)
        window.opening.finished.connect(sheets_open)
        window.show()
        QTimer.singleShot(10000, lambda: done(time.perf_counter()))  # never hang a smoke test
    else:
        window.show()

        def tidy_and_recover() -> None:
            _remove_stale_temp_files(settings)
            window.offer_recovery()

        # Once the window has painted and its sheets have opened: both read the autosave
        # folder through the sheet models, which the first paint does not wait for.
        window.opening.finished.connect(
            lambda: QTimer.singleShot(0, tidy_and_recover), Qt.ConnectionType.SingleShotConnection
        )
    with error_guard(window):  # see error_guard for what it can and cannot catch
        return app.exec()


def _remove_stale_temp_files(settings: Settings) -> None:
    """Half-written saves a crash left beside recent files and in the data folder."""
    from sheetapp.storage import autosave  # after the first paint: it brings the sheet models
    from sheetapp.storage.atomic import remove_stale_temp_files

    folders = {autosave.folder(), data_dir()} | {p.parent for p in settings.recent_files()}
    for folder in folders:
        with contextlib.suppress(OSError):  # a folder gone or unreadable has nothing to clean
            remove_stale_temp_files(folder)


def _install_field_input(app: QApplication) -> None:
    """The field behaviour (``field_input``) and the controls' accessible names
    (``accessible_names``), imported when they are installed: nothing before the first
    paint needs them."""
    from sheetapp.ui import accessible_names
    from sheetapp.ui.field_input import install

    install(app)
    accessible_names.install(app)
