"""Start-up paints the window first: each sheet named on the command line (or reopened from
the last session) has its tab at once, saying it is opening, and loads after the paint."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QLabel, QMessageBox

from sheetapp.ui.main_window import MainWindow
from sheetapp.ui.opening_tabs import placeholder_text
from sheetapp.ui.sheet_form import SheetForm


def _window(qtbot) -> MainWindow:
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1366, 768)
    return window


def test_the_tab_says_opening_until_the_window_has_painted(qtbot, hero_file: Path) -> None:
    window = _window(qtbot)
    window.open_paths_after_paint([hero_file])
    # Before the first paint: the tab is there, in front, and nothing has been loaded.
    assert window.tabs.count() == 2
    assert window.tabs.tabText(1) == placeholder_text("hero")
    assert isinstance(window.tabs.currentWidget(), QLabel)
    assert window.documents() == []
    with qtbot.waitSignal(window.opening.finished, timeout=5000):
        window.show()
    assert window.tabs.count() == 2
    form = window.tabs.widget(1)
    assert isinstance(form, SheetForm) and window.tabs.currentWidget() is form
    assert form.document.path == hero_file


def test_sheets_take_their_placeholders_places_in_order(qtbot, tmp_path, hero_file) -> None:
    other = tmp_path / "other.json"
    other.write_bytes(hero_file.read_bytes())
    window = _window(qtbot)
    window.open_paths_after_paint([hero_file, other])
    with qtbot.waitSignal(window.opening.finished, timeout=5000):
        window.show()
    paths = [window.tabs.widget(i).document.path for i in (1, 2)]
    assert paths == [hero_file, other]
    assert window.tabs.currentIndex() == 2  # the last named is in front, as before


def test_closing_a_tab_before_its_sheet_opens_cancels_it(qtbot, hero_file) -> None:
    window = _window(qtbot)
    window.open_paths_after_paint([hero_file])
    assert window.close_tab(1)
    assert window.tabs.count() == 1
    with qtbot.waitSignal(window.opening.finished, timeout=5000):
        window.show()
    assert window.documents() == []


def test_a_sheet_that_cannot_open_leaves_no_placeholder(qtbot, tmp_path, monkeypatch) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{ not json", encoding="utf-8")
    told: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, text: told.append(text))
    window = _window(qtbot)
    window.open_paths_after_paint([broken])
    with qtbot.waitSignal(window.opening.finished, timeout=5000):
        window.show()
    assert window.tabs.count() == 1
    assert len(told) == 1 and "broken.json" in told[0]
