"""Edit > Preferences, driven as a person would: each setting takes effect at once, Cancel
keeps everything, and the next start follows what was chosen."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QKeySequence, QPalette
from PySide6.QtWidgets import QApplication, QComboBox, QDialogButtonBox, QWizard

from sheetapp.dice import Roller
from sheetapp.systems.amazing_engine.catalog import builtin_universes
from sheetapp.systems.amazing_engine.generation import random_prime_sheet
from sheetapp.ui.main_window import MainWindow
from sheetapp.ui.open_tab import OpenTab
from sheetapp.ui.preferences_dialog import PreferencesDialog
from sheetapp.ui.settings import Settings
from tests.ui.mnemonics import clashes

OTHER_UNIVERSE = "verdigris"


def _when_shown(kind: type, act: Callable) -> None:
    """Run ``act`` on the next modal window of ``kind`` once it is up."""

    def attempt() -> None:
        widget = QApplication.activeModalWidget()
        if not isinstance(widget, kind):
            QTimer.singleShot(10, attempt)
            return
        act(widget)

    QTimer.singleShot(0, attempt)


def _choose(combo: QComboBox, value: str) -> None:
    combo.setCurrentIndex(combo.findData(value))


def _press(dialog: PreferencesDialog, which: QDialogButtonBox.StandardButton) -> None:
    dialog.findChild(QDialogButtonBox).button(which).click()


def preferences(qtbot, window: MainWindow, change: Callable, *, ok: bool = True) -> list:
    """Open Preferences with its shortcut, ``change`` the dialog, then OK (or Cancel);
    what ``change`` returned, for the test to look at."""
    seen: list = []

    def drive(dialog: PreferencesDialog) -> None:
        seen.append(change(dialog))
        ok_or_cancel = QDialogButtonBox.StandardButton
        _press(dialog, ok_or_cancel.Ok if ok else ok_or_cancel.Cancel)

    _when_shown(PreferencesDialog, drive)
    window.activateWindow()  # the shortcut works in the active window
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    qtbot.keyClick(window, Qt.Key.Key_Comma, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: bool(seen))
    return seen


def _window_colour() -> str:
    return QApplication.instance().palette().color(QPalette.ColorRole.Window).name()


def _dark() -> bool:
    return QApplication.instance().palette().color(QPalette.ColorRole.Window).lightness() < 128


def test_ctrl_comma_opens_preferences_from_the_edit_menu(window: MainWindow):
    keys = window.preferences_action.shortcuts()
    assert (
        QKeySequence("Ctrl+,") in keys or QKeySequence(QKeySequence.StandardKey.Preferences) in keys
    )
    edit_menu = window.menuBar().actions()[1].menu()
    assert window.preferences_action in edit_menu.actions()


def test_theme_is_previewed_and_kept_on_ok(qtbot, window: MainWindow):
    assert not _dark()
    previews = preferences(qtbot, window, lambda d: (_choose(d.theme, "dark"), _dark())[1])
    assert previews == [True]  # dark while the dialog was still open
    assert _dark()
    assert window.settings.theme() == "dark"


def test_cancel_keeps_everything_even_the_previewed_theme(qtbot, window: MainWindow):
    before = _window_colour()
    settings = window.settings
    kept = (
        settings.theme(),
        settings.paper(),
        settings.autosave_seconds(),
        settings.default_universe(),
        settings.start_with(),
    )
    interval = window.autosave.timer.interval()

    def change_all(dialog: PreferencesDialog) -> None:
        _choose(dialog.theme, "dark")
        _choose(dialog.paper, "letter")
        dialog.autosave.setValue(600)
        _choose(dialog.universe, OTHER_UNIVERSE)
        _choose(dialog.start_with, "roster")

    preferences(qtbot, window, change_all, ok=False)
    assert _window_colour() == before
    assert (
        settings.theme(),
        settings.paper(),
        settings.autosave_seconds(),
        settings.default_universe(),
        settings.start_with(),
    ) == kept
    assert window.autosave.timer.interval() == interval


def _checked_paper(window: MainWindow) -> list[str]:
    window.printing.paper_menu.aboutToShow.emit()  # what opening the menu does
    return [a.text() for a in window.printing.paper_menu.actions() if a.isChecked() and a.data()]


def test_paper_size_is_one_setting_seen_in_the_dialog_and_the_file_menu(qtbot, window):
    preferences(qtbot, window, lambda d: _choose(d.paper, "letter"))
    assert _checked_paper(window) == ["Letter"]
    preferences(qtbot, window, lambda d: _choose(d.paper, "a4"))
    assert _checked_paper(window) == ["A4"]
    letter = next(a for a in window.printing.paper_menu.actions() if a.text() == "Letter")
    letter.trigger()  # chosen in the File menu: the dialog shows it
    shown = preferences(qtbot, window, lambda d: d.paper.currentData())
    assert shown == ["letter"]


def test_autosave_interval_follows_at_once(qtbot, window: MainWindow):
    def type_seconds(dialog: PreferencesDialog) -> None:
        dialog.autosave.selectAll()
        qtbot.keyClicks(dialog.autosave.lineEdit(), "90")
        dialog.autosave.interpretText()

    preferences(qtbot, window, type_seconds)
    assert window.autosave.timer.interval() == 90_000
    assert window.autosave.timer.isActive()
    assert Settings().autosave_seconds() == 90


def test_new_sheets_start_in_the_default_universe(qtbot, window: MainWindow):
    preferences(qtbot, window, lambda d: _choose(d.universe, OTHER_UNIVERSE))
    window.new_blank("amazing-engine")
    assert window.current_form().document.sheet.characters[0].universe == OTHER_UNIVERSE
    window.new_random_npc("amazing-engine")
    assert window.current_form().document.sheet.characters[0].universe == OTHER_UNIVERSE
    window.new_blank("alternity")  # a system without universes is not given one
    assert window.current_form().document.plugin.id == "alternity"
    universes: list[str] = []

    def look_and_cancel(wizard: QWizard) -> None:
        universes.append(wizard.draft.universe_id)
        wizard.reject()

    _when_shown(QWizard, look_and_cancel)
    window.new_core_action.trigger()
    assert universes == [OTHER_UNIVERSE]


def _restarted(qtbot, settings: Settings | None = None) -> MainWindow:
    """A new window, shown, once the sheets it reopens have opened (after its first paint)."""
    again = MainWindow(settings)
    qtbot.addWidget(again)
    with qtbot.waitSignal(again.opening.finished, timeout=10_000):
        again.show()
    return again


def test_new_sheets_and_generated_npcs_start_in_the_default_system(qtbot, window: MainWindow):
    window.new_blank()
    assert window.current_form().document.plugin.id == "amazing-engine"  # the registry's first
    preferences(qtbot, window, lambda d: _choose(d.system, "d6-pool"))
    assert Settings().default_system() == "d6-pool"
    window.new_blank()
    assert window.current_form().document.plugin.id == "d6-pool"
    window.new_random_npc()
    assert window.current_form().document.sheet.npc
    assert window.current_form().document.plugin.id == "d6-pool"
    shown = preferences(qtbot, window, lambda d: d.system.currentData(), ok=False)
    assert shown == ["d6-pool"]


def test_a_stored_system_no_longer_registered_means_the_default(qtbot, window: MainWindow):
    Settings()._store.setValue("preferences/default_system", "gurps")
    assert Settings().default_system() == "amazing-engine"
    window.new_blank()
    assert window.current_form().document.plugin.id == "amazing-engine"


def test_the_last_open_sheets_come_back_after_a_restart_by_default(
    qtbot, window: MainWindow, hero_file
):
    assert window.settings.start_with() == "last"
    library = window.library_session.library
    sheet_id = library.add(random_prime_sheet(Roller(3), builtin_universes()["generic"]))
    window.open_path(hero_file)
    window.open_library_sheets([sheet_id])
    window.close()

    again = _restarted(qtbot)
    reopened = [(d.path, d.library_id) for d in again.documents()]
    assert reopened == [(hero_file, None), (None, sheet_id)]  # in their order
    again.close()


def test_the_roster_alone_when_chosen_in_preferences(qtbot, window: MainWindow, hero_file):
    window.open_path(hero_file)
    preferences(qtbot, window, lambda d: _choose(d.start_with, "roster"))
    window.close()
    again = _restarted(qtbot)
    assert again.documents() == []
    assert again.tabs.currentIndex() == 0  # the roster
    again.close()


def test_a_sheet_gone_or_damaged_since_quitting_is_said_not_asked(qtbot, tmp_path: Path, hero_file):
    damaged = tmp_path / "damaged.json"
    damaged.write_text("{not a sheet", encoding="utf-8")
    settings = Settings()
    settings.set_start_with("last")
    settings.set_open_tabs(
        [OpenTab(file=p) for p in (tmp_path / "gone.json", damaged, hero_file)]
        + [OpenTab(library_id=987654)]
    )
    again = _restarted(qtbot, settings)  # a question here would block the test: none is asked
    assert [d.path for d in again.documents()] == [hero_file]
    message = again.statusBar().currentMessage()
    assert message.startswith("Not reopened: ") and "gone.json" in message
    assert "(and 2 more)" in message


def test_the_dialog_has_no_clashing_mnemonics(qtbot, window: MainWindow):
    found = preferences(qtbot, window, lambda d: clashes([d]))
    assert found == [{}]


def test_the_data_folder_is_shown_and_opened(qtbot, window: MainWindow, monkeypatch):
    from sheetapp.data_dir import data_dir
    from sheetapp.ui import preferences_dialog

    opened: list[str] = []

    class Desktop:
        @staticmethod
        def openUrl(url) -> bool:
            opened.append(url.toLocalFile())
            return True

    monkeypatch.setattr(preferences_dialog, "QDesktopServices", Desktop)

    def look(dialog: PreferencesDialog) -> str:
        qtbot.mouseClick(dialog.open_folder, Qt.MouseButton.LeftButton)
        return dialog.data_folder.text()

    shown = preferences(qtbot, window, look, ok=False)
    assert shown == [str(data_dir())]
    assert opened == [str(data_dir())]


def test_changing_the_theme_installs_the_style_once(qtbot, window: MainWindow, monkeypatch):
    """Installing a style re-polishes every widget alive; a theme change only repaints."""
    from sheetapp.ui import indicator_style
    from sheetapp.ui.theme import apply_theme

    made: list[object] = []
    real = indicator_style.VisibleIndicators

    def counted(base: str) -> object:
        made.append(base)
        return real(base)

    monkeypatch.setattr(indicator_style, "VisibleIndicators", counted)
    app = QApplication.instance()
    app.setProperty(indicator_style.INSTALLED, None)  # as at start, before the style is in
    for theme in ("dark", "light", "dark", "light"):
        apply_theme(app, theme)
    assert len(made) == 1
