"""Running something once a widget has painted for the first time.

Start-up is measured to the first paint, and whatever the person cannot see yet (the roster
behind an open sheet, the Table dock's contents) is better built just after it.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QWidget


class FirstPaint(QObject):
    """``painted_at``: ``time.perf_counter()`` at the paint, as other first-paint callbacks
    queued before this one run before it."""

    def __init__(self, widget: QWidget, callback: Callable[[], object]) -> None:
        super().__init__(widget)
        self._callback = callback
        self.painted_at: float | None = None
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and self.painted_at is None:
            self.painted_at = time.perf_counter()
            watched.removeEventFilter(self)
            # Queued, so the paint that triggered this reaches the screen first.
            QTimer.singleShot(0, self._callback)
        return False


def after_first_paint(widget: QWidget, callback: Callable[[], object]) -> FirstPaint:
    """Call ``callback`` from the event loop once ``widget`` has painted (a single time)."""
    return FirstPaint(widget, callback)
