"""The window paints before the heavy half of the app loads, and is complete once usable.

Start-up is measured to the first paint against a bare PySide6 window (bench/startup.py),
and pydantic's import and model building alone cost more than that whole window. So what the
window builds before its first paint imports only Qt and light modules: the sheet models,
the storage layer, the SQLite library and ReportLab load after the paint, with the sheet or
the library that needs them. These tests keep it so, and check that nothing the person
reaches for is missing once the deferred work has run.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu

from sheetapp.interop.targets import TARGETS
from sheetapp.storage.library import open_library
from sheetapp.systems.registry import modules, system_ids, systems_with_wizards, wizard_text
from sheetapp.ui.app import MODULES_AT_PAINT
from sheetapp.ui.main_window import MainWindow
from sheetapp.ui.sheet_form import SheetForm

ROOT = Path(__file__).resolve().parents[2]

# Each costs a large share of a bare window's start, and none is needed to paint the window:
# the sheet models (pydantic), the documents and the library built on them, ReportLab.
# Then smaller ones, a few milliseconds each: the Help window (its Qt classes and HTML),
# the style that routes drawing through Python (PySide6's QStyle type), hashlib with OpenSSL
# (the ``secrets`` module), ``json`` and ``importlib.resources``.
NOT_BEFORE_PAINT = (
    "pydantic",
    "pydantic_core",
    "reportlab",
    "sqlite3",
    "sheetapp.systems.plugin",
    "sheetapp.storage.document",
    "sheetapp.storage.library",
    "sheetapp.ui.document",
    "sheetapp.interop.targets",
    "sheetapp.ui.help_window",
    "sheetapp.ui.indicator_style",
    "hashlib",
    "json",
    "importlib.resources",
)


def _modules_at_first_paint(hero_file: Path, tmp_path: Path) -> tuple[set[str], list[str]]:
    listing = tmp_path / "modules.txt"
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "PYTHONPATH": str(ROOT),
        MODULES_AT_PAINT: str(listing),
    }
    done = subprocess.run(
        [sys.executable, "-m", "sheetapp", "--smoke", str(hero_file), "--size", "1366x768"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return set(listing.read_text(encoding="utf-8").split()), done.stdout.splitlines()


def test_the_window_paints_before_pydantic_reportlab_and_the_library_load(
    hero_file: Path, tmp_path: Path
) -> None:
    loaded, reported = _modules_at_first_paint(hero_file, tmp_path)
    # The listing is the window's, taken at its paint, not an empty process's.
    assert {"PySide6.QtWidgets", "sheetapp.ui.main_window"} <= loaded
    early = sorted(
        name
        for name in loaded
        if any(name == heavy or name.startswith(f"{heavy}.") for heavy in NOT_BEFORE_PAINT)
    )
    assert early == []
    # ... and the sheet named on the command line still opened after the paint.
    assert [line.split(" in ")[0] for line in reported] == ["ready", "sheet ready"]


# The theme's style is installed after the first paint; the palette given before it stays.
STYLED_START = """
import sys
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication
import sheetapp.ui.indicator_style as style
drawn = []
draw = style.VisibleIndicators.drawPrimitive
def counted(self, *args):
    drawn.append(args[0])
    return draw(self, *args)
style.VisibleIndicators.drawPrimitive = counted
from sheetapp.ui.app import run_app
run_app(["--smoke", sys.argv[1], "--theme", "dark"])
print(bool(drawn), QApplication.instance().palette().color(QPalette.ColorRole.Window).name())
"""


def test_the_style_installed_after_the_first_paint_keeps_the_theme(hero_file: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", STYLED_START, str(hero_file)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    # The sheet painted through the style, in the dark theme's window colour.
    assert done.stdout.splitlines()[-1] == "True #2b2d30"


# Not needed for the sheet in front to be ready for input: the Help window (forms and dialogs
# name topics and bind F1 through ``help_topic``) and the Amazing Engine's character pages
# (built when first shown, behind the Player Core page the sheet opens at).
NOT_BEFORE_READY = ("sheetapp.ui.help_window", "sheetapp.ui.amazing_engine.character_page")


def test_the_sheet_is_ready_before_what_it_does_not_show_loads(hero_file: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    script = (
        "import sys; from sheetapp.ui.app import run_app; "
        "run_app(['--smoke', sys.argv[1]]); "
        f"print(sorted(set({NOT_BEFORE_READY!r}) & set(sys.modules)))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(hero_file)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "[]"


# A start as a person makes it (no --smoke): recovery is offered (the question answered
# Discard), and the heavy modules loaded at the window's first paint are listed.
REAL_START = """
import os
import sys
import threading
from PySide6.QtCore import QEvent, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox
import sheetapp.ui.first_paint as first_paint
seen = {}
watch = first_paint.FirstPaint.eventFilter
def at_paint(self, widget, event):
    if event.type() == QEvent.Type.Paint and "paint" not in seen:
        seen["paint"] = [m for m in sys.modules if m.split(".")[0] in HEAVY]
    return watch(self, widget, event)
first_paint.FirstPaint.eventFilter = at_paint
def question(_parent, title, *_rest):
    seen["asked"] = title
    QTimer.singleShot(0, QApplication.instance().quit)
    return QMessageBox.StandardButton.Discard
QMessageBox.question = question
never_hang = threading.Timer(60, os._exit, (3,))
never_hang.daemon = True
never_hang.start()
from sheetapp.ui.app import run_app
run_app([sys.argv[1]])
print(sorted(seen["paint"]), seen.get("asked"))
"""


def test_a_real_start_offers_recovery_after_the_first_paint(hero_file: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    crash = (  # an autosave whose process is gone, as a crash leaves it
        "import sys; from pathlib import Path; from sheetapp.storage import autosave; "
        "from sheetapp.storage.document import load; "
        "autosave.write('crashed', load(Path(sys.argv[1])), None, 'Crashed hero')"
    )
    subprocess.run([sys.executable, "-c", crash, str(hero_file)], env=env, check=True)
    heavy = ("pydantic", "reportlab", "sqlite3")
    done = subprocess.run(
        [sys.executable, "-c", f"HEAVY = {heavy!r}\n{REAL_START}", str(hero_file)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "[] Restore unsaved work?"


def _walk(menu: QMenu) -> list[QAction]:
    """Every action of ``menu`` and its submenus, filled as they are when opened."""
    menu.aboutToShow.emit()
    found = []
    for action in menu.actions():
        found.append(action)
        if action.menu() is not None:
            found += _walk(action.menu())
    return found


def _started(qtbot, hero_file: Path) -> MainWindow:
    """A window started as ``sheetapp FILE`` starts it, once the work after its first paint
    (the sheet, the library, the roster and its menu) has run."""
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.open_paths_after_paint([hero_file])
    with qtbot.waitSignal(window.opening.finished, timeout=10_000):
        window.show()
    qtbot.waitUntil(lambda: bool(window.library_menu.actions()), timeout=10_000)
    return window


def test_after_start_up_every_menu_is_complete(qtbot, hero_file: Path) -> None:
    window = _started(qtbot, hero_file)
    assert isinstance(window.current_form(), SheetForm)
    menus = {a.menu().title(): a.menu() for a in window.menuBar().actions()}
    assert {"&File", "&Edit", "&Library", "&Sheet", "&View", "&Help"} <= set(menus)
    assert [title for title, menu in menus.items() if not _walk(menu)] == []

    def items(menu: QMenu) -> list[str]:
        return [a.text() for a in menu.actions()]

    assert items(window.new_character_menu) == [wizard_text(s) for s in systems_with_wizards()]
    names = [modules(s).name for s in system_ids()]
    assert items(window.new_blank_menu) == names
    assert items(window.new_random_menu) == names
    # Walking the menus opens each submenu as a person would: those that fill themselves
    # when opened (Open Recent, Export To) do so.
    every = [a for m in window.menuBar().actions() for a in [m, *_walk(m.menu())]]
    assert items(window.tabletop.export_menu) == [f"&{t.label}…" for t in TARGETS.values()]
    assert window.tabletop.export_menu.isEnabled()
    assert items(window.recent_menu)[0] == str(hero_file)
    assert window.add_to_library_action.isEnabled()  # a file's sheet, a writable library
    assert all(a.text() for a in every if not a.isSeparator())
    owners: dict[str, set[str]] = {}  # each key: the actions it triggers
    for action in every:
        for key in action.shortcuts():
            owners.setdefault(key.toString(), set()).add(action.text())
    # The window's keys (the platform's standard ones as it binds them first).
    standard = (
        QKeySequence.StandardKey.New,
        QKeySequence.StandardKey.Open,
        QKeySequence.StandardKey.Save,
        QKeySequence.StandardKey.SaveAs,
        QKeySequence.StandardKey.Print,
        QKeySequence.StandardKey.Close,
        QKeySequence.StandardKey.Quit,
        QKeySequence.StandardKey.Undo,
        QKeySequence.StandardKey.Redo,
        QKeySequence.StandardKey.HelpContents,
    )
    keys = {QKeySequence(s).toString() for s in standard} - {""}  # Quit has none here
    keys |= {"Ctrl+E", "Ctrl+Y", "Ctrl+Shift+T", "Ctrl+,", "Ctrl+F"}
    assert {key for key in keys if key not in owners} == set()
    assert {key: texts for key, texts in owners.items() if len(texts) > 1} == {}


def test_menu_actions_that_load_their_modules_on_use_still_work(qtbot, hero_file: Path) -> None:
    window = _started(qtbot, hero_file)
    before = window.tabs.count()
    for action in window.new_blank_menu.actions() + window.new_random_menu.actions():
        action.trigger()
    made = [window.tabs.widget(i) for i in range(before, window.tabs.count())]
    assert [form.document.sheet.system for form in made] == system_ids() * 2
    window.tabs.setCurrentIndex(1)  # the file's sheet
    window.add_to_library_action.trigger()
    assert window.current_form().document.library_id is not None
    for form in made:
        form.document.undo_stack.setClean()


def test_a_sheet_opened_before_the_library_follows_it_once_it_opens(
    qtbot, hero_file: Path, tmp_path: Path
) -> None:
    path = tmp_path / "library.sqlite3"
    open_library(path).close()
    library = open_library(path, read_only=True)
    window = MainWindow(library=library)
    qtbot.addWidget(window)
    form = window.open_path(hero_file)  # the library is not open yet: nothing opened it
    assert window.undo_group.activeStack() is form.document.undo_stack
    session = window.library_session
    # Opening it told the window what it can do: a read-only library takes no sheet.
    assert not window.add_to_library_action.isEnabled()
    assert window.add_to_library_action.toolTip() == session.why_read_only()
    window.tabs.setCurrentIndex(0)
    assert window.undo_group.activeStack() is session.undo_stack
    library.close()


def test_undo_acts_on_the_library_once_it_opens_with_no_sheet_in_front(qtbot) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    assert window.undo_group.activeStack() is None  # nothing to undo before it opens
    session = window.library_session
    assert window.undo_group.activeStack() is session.undo_stack


def test_the_roster_behind_a_sheet_is_built_once_that_sheet_has_painted(
    qtbot, hero_file: Path
) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.open_paths_after_paint([hero_file])
    with qtbot.waitSignal(window.opening.finished, timeout=10_000):
        window.show()
    # The sheet is in front and about to paint; the library's menu and roster come after.
    assert isinstance(window.current_form(), SheetForm)
    assert window.library_menu.actions() == []
    qtbot.waitUntil(lambda: bool(window.library_menu.actions()), timeout=10_000)
