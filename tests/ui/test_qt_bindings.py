"""Guard against a PySide6 release that corrupts the interpreter.

PySide6 6.12.0 drops a reference to ``None`` on every Qt call that returns nothing; on
CPython before 3.12 the app then aborts within seconds. pyproject.toml excludes it; this
test fails loudly if such a build is ever installed again.
"""

from __future__ import annotations

import sys

from PySide6.QtWidgets import QLabel


def test_void_qt_calls_leave_none_alone(qtbot) -> None:
    label = QLabel()
    qtbot.addWidget(label)
    before = sys.getrefcount(None)
    for _ in range(2000):
        label.setText("x")
    assert sys.getrefcount(None) > before - 100
