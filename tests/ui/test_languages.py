"""The window in the reader's language: Qt's own words through the catalog bridge and
Qt's qtbase translations, the whole window mirrored for a right-to-left language, and the
language chosen in Preferences used from the next start."""

from __future__ import annotations

import io
import pkgutil
from importlib import import_module
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QLineEdit

import sheetapp.ui
from sheetapp import i18n
from sheetapp.data_dir import data_dir
from sheetapp.pseudo_locale import OPEN_MARK
from sheetapp.ui.main_window import MainWindow
from tests.ui.test_preferences import _choose, preferences

# The window's modules imported in English first, as the app imports them before any
# string is read (see tests/ui/test_pseudo_locale.py).
for _module in pkgutil.walk_packages(sheetapp.ui.__path__, "sheetapp.ui."):
    import_module(_module.name)


@pytest.fixture
def german(tmp_path: Path, monkeypatch) -> None:
    """A German catalog of one string, standing in for the shipped one."""
    catalog = Catalog(locale="de", domain="sheetapp")
    catalog.add("Preferences", "Einstellungen")
    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    (folder / "sheetapp.mo").write_bytes(buffer.getvalue())
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)


def _cancel_text() -> str:
    box = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
    return box.button(QDialogButtonBox.StandardButton.Cancel).text()


def test_qt_standard_buttons_speak_german_from_qtbase(speak, german) -> None:
    assert _cancel_text() == "&Cancel" or "Cancel" in _cancel_text()
    speak("de")
    assert "Abbrechen" in _cancel_text()  # Qt's own catalog
    assert i18n._("Preferences") == "Einstellungen"  # sheetapp's


def test_qt_own_words_go_through_the_catalog_in_the_pseudo_locale(speak) -> None:
    speak("qps-ploc")
    assert _cancel_text().startswith(OPEN_MARK)
    edit = QLineEdit()
    menu = edit.createStandardContextMenu()
    assert all(a.text().startswith(OPEN_MARK) for a in menu.actions() if a.text())


def test_a_right_to_left_language_mirrors_the_window(qtbot, speak) -> None:
    speak("qps-plocm")
    win = MainWindow()
    qtbot.addWidget(win)
    win.resize(1366, 768)
    win.show()
    qtbot.waitExposed(win)
    assert QApplication.layoutDirection() == Qt.LayoutDirection.RightToLeft
    assert win.isRightToLeft()
    bar = win.menuBar()
    file_menu = bar.actions()[0]
    # The first menu (File) sits at the right-hand end of the menu bar.
    assert bar.actionGeometry(file_menu).center().x() > bar.width() / 2


def test_the_language_chosen_in_preferences_is_kept_for_the_next_start(qtbot, window) -> None:
    def choose(dialog) -> list[str]:
        codes = [dialog.language.itemData(i) for i in range(dialog.language.count())]
        _choose(dialog.language, "fr")
        return codes

    (codes,) = preferences(qtbot, window, choose)
    assert codes[0] == "system" and {"de", "fr", "es", "pt_BR", "ar"} <= set(codes)
    # The pseudo-locales are for testing (--lang), not offered to a player.
    assert not {"qps-ploc", "qps-plocm"} & set(codes)
    assert window.settings.language() == "fr"
    window.settings.sync()
    assert i18n.preferred_language(data_dir() / "settings.ini") == "fr"


def test_the_help_reads_in_the_language_and_finds_its_words(qtbot, speak) -> None:
    """F1 in German: the topics' titles and text are German, and searching a German word
    finds the topic that holds it (the search reads the text shown, not the English)."""
    from sheetapp.ui.help_window import HelpWindow

    speak("de")
    shown = HelpWindow([])
    qtbot.addWidget(shown)
    shown.show_topic("table")
    titles = [shown.list.item(row).text() for row in range(shown.list.count())]
    assert "Spielen am Tisch" in titles and "Playing at the table" not in titles
    text = shown.browser.toPlainText()
    assert "Initiative" in text and "combatants" not in text
    qtbot.keyClicks(shown.search, "Begegnungen")  # QTest types ASCII only
    assert shown.current_topic == "table"
