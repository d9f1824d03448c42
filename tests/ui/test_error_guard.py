"""The last-resort guard: an exception escaping a Qt callback becomes one line in the status
bar (and the log), not a traceback on a terminal nobody reads."""

from __future__ import annotations

import logging
import sys

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from sheetapp.data_dir import data_dir
from sheetapp.ui.error_guard import LOG_NAME, describe, error_guard
from sheetapp.ui.main_window import MainWindow


class _Broken(QWidget):
    def showEvent(self, event) -> None:  # raised from Python code: PySide reports it
        raise KeyError("the page had nothing to show")


@pytest.mark.qt_no_exception_capture  # the guard, not pytest-qt, is under test
def test_exceptions_from_a_slot_and_an_event_override_become_a_status_line(
    window: MainWindow, qtbot, caplog
) -> None:
    before = sys.excepthook
    broken = _Broken()
    qtbot.addWidget(broken)
    with caplog.at_level(logging.ERROR), error_guard(window):
        QTimer.singleShot(0, lambda: {}["missing"])
        qtbot.waitUntil(lambda: "KeyError" in window.statusBar().currentMessage())
        window.statusBar().clearMessage()
        QTimer.singleShot(0, broken.show)
        qtbot.waitUntil(lambda: "nothing to show" in window.statusBar().currentMessage())
    message = window.statusBar().currentMessage()
    assert "\n" not in message and "override" not in message and "Traceback" not in message
    assert message.startswith("Something failed and was stopped (KeyError:")
    assert len([r for r in caplog.records if r.exc_info]) == 2  # the traceback is logged
    assert sys.excepthook is before  # put back on leaving


@pytest.mark.qt_no_exception_capture
def test_an_error_shows_one_dialog_whose_details_copy_and_are_logged(
    window: MainWindow, qtbot
) -> None:
    with error_guard(window):
        QTimer.singleShot(0, lambda: {}["missing"])
        QTimer.singleShot(0, lambda: {}["again"])  # a second error: still one dialog
        qtbot.waitUntil(lambda: window.findChild(QMessageBox, "error_dialog") is not None)
        qtbot.wait(20)
        dialogs = [d for d in window.findChildren(QMessageBox) if d.isVisible()]
        assert len(dialogs) == 1
        assert dialogs[0].text().startswith("Something failed and was stopped (KeyError:")
        copy = next(b for b in dialogs[0].buttons() if b.text() == "&Copy Details")
        copy.click()
    copied = QApplication.clipboard().text()
    assert "Traceback" in copied and "'missing'" in copied
    logged = (data_dir() / LOG_NAME).read_text(encoding="utf-8")
    assert "Traceback" in logged and "'missing'" in logged and "'again'" in logged
    assert (data_dir() / LOG_NAME).stat().st_mode & 0o077 == 0  # the owner's alone


def test_the_message_is_one_line_without_pyside_s_prefix() -> None:
    error = ValueError("Error calling Python override of QWidget::showEvent(): bad\nvalue")
    assert describe(error) == (
        "Something failed and was stopped (ValueError: bad value); your sheets are still open."
    )
    assert "no details" in describe(RuntimeError())


def test_the_app_runs_its_event_loop_inside_the_guard(qtbot, monkeypatch) -> None:
    from PySide6.QtWidgets import QApplication

    from sheetapp.ui.app import run_app

    hooks = []
    monkeypatch.setattr(QApplication, "exec", lambda self: hooks.append(sys.excepthook) or 0)
    assert run_app([]) == 0
    qtbot.wait(20)  # the start-up timers (recovery, stale temp files) run while it lives
    assert hooks[0].__qualname__ == "error_guard.<locals>.report"
    assert sys.excepthook is not hooks[0]
