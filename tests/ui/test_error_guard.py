"""The last-resort guard: an exception escaping a Qt callback becomes one line in the status
bar (and the log), not a traceback on a terminal nobody reads."""

from __future__ import annotations

import logging
import sys

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QWidget

from sheetapp.ui.error_guard import describe, error_guard
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
