"""A sheet just made: its findings come to the front, and closing it before anything was
typed into it asks nothing (it holds nothing a person made)."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QDockWidget, QMenu, QMessageBox

from sheetapp.ui.main_window import MainWindow


def _make(menu: QMenu, system: str) -> None:
    """File > New Blank Sheet (or New Random NPC) > ``system``, clicked."""
    (action,) = [a for a in menu.actions() if a.text() == system]
    action.trigger()


def _in_front(dock: QDockWidget) -> bool:
    """Whether a person sees the dock (a dock tabbed behind another is "visible" to Qt)."""
    return not dock.visibleRegion().isEmpty()


def _close_sheet(window: MainWindow) -> None:
    """File > Close Sheet."""
    file_menu = window.menuBar().actions()[0].menu()
    (action,) = [a for a in file_menu.actions() if a.text() == "Close Shee&t"]
    action.trigger()


def _count_questions(monkeypatch, window: MainWindow) -> list[str]:
    """Every Save question asked: the simple ones answered Cancel, any other box shown
    closed with Escape (as a person might), so that a wrong question fails, never hangs."""
    asked: list[str] = []

    def question(_parent, title, text, *_a, **_k):
        asked.append(f"{title}: {text}")
        return QMessageBox.StandardButton.Cancel

    def close_boxes() -> None:
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox):
            asked.append(f"{box.windowTitle()}: {box.text()}")
            box.reject()

    monkeypatch.setattr(QMessageBox, "question", question)
    watch = QTimer(window)
    watch.timeout.connect(close_boxes)
    watch.start(20)
    return asked


def test_a_new_sheet_with_findings_comes_in_front_of_the_table(window: MainWindow, qtbot) -> None:
    window.show_table()  # the person was at the table
    qtbot.waitUntil(lambda: _in_front(window.table_dock))
    _make(window.new_blank_menu, "Amazing Engine")
    assert window.current_form().document.findings  # a blank sheet has things left to do
    qtbot.waitUntil(lambda: _in_front(window.findings_dock))
    assert not _in_front(window.table_dock)
    assert window.findings_dock.model.rowCount() == len(window.current_form().document.findings)


def test_findings_the_person_closed_stay_closed(window: MainWindow, qtbot) -> None:
    window.findings_dock.toggleViewAction().trigger()
    _make(window.new_blank_menu, "Alternity")
    qtbot.wait(20)
    assert not _in_front(window.findings_dock)


def test_a_new_sheet_closed_untouched_closes_without_asking(
    window: MainWindow, qtbot, monkeypatch
) -> None:
    asked = _count_questions(monkeypatch, window)
    for menu in (window.new_blank_menu, window.new_random_menu):
        _make(menu, "d6 Dice Pool")
        assert window.isWindowModified()  # not saved anywhere yet
        _close_sheet(window)
        assert window.current_form() is None
    assert asked == []


def test_a_new_sheet_typed_into_still_asks_before_closing(
    window: MainWindow, qtbot, monkeypatch
) -> None:
    asked = _count_questions(monkeypatch, window)
    _make(window.new_blank_menu, "Forgotten Futures")
    form = window.current_form()
    form.document.edit(("name",), "Ada")
    _close_sheet(window)
    assert len(asked) == 1 and "Ada" in asked[0]
    assert window.current_form() is form  # Cancel kept it open


def test_quitting_asks_nothing_for_untouched_new_sheets(
    window: MainWindow, qtbot, monkeypatch
) -> None:
    asked = _count_questions(monkeypatch, window)
    _make(window.new_blank_menu, "Amplitude Engine")
    _make(window.new_random_menu, "Alternity")
    closed = window.close()
    assert asked == []
    assert closed
