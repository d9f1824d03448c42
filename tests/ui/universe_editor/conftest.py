"""An editor a failed test leaves with unsaved changes would ask, when pytest-qt closes it
after the test, whether to save them: a modal question nobody answers, and the run hangs.
Mark every open editor's pack as saved first (this wrapper runs before pytest-qt's)."""

from __future__ import annotations

import pytest


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_teardown(item):
    from PySide6.QtWidgets import QApplication

    from sheetapp.ui.universe_editor.window import UniverseEditor

    if QApplication.instance() is not None:
        for widget in QApplication.allWidgets():
            if isinstance(widget, UniverseEditor):
                widget.document.undo_stack.setClean()
    return (yield)
