"""Messages shown over the roster: a banner for the library's state (damaged, read-only)
and a short-lived notice with an undo button (sheets moved to the trash)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QToolButton, QWidget

from sheetapp.i18n import _
from sheetapp.ui.theme import repolish

NOTICE_MS = 20_000


class Banner(QFrame):
    """A coloured strip with a message (and optionally a button), closable by the user."""

    def __init__(self, parent: QWidget | None = None, *, closable: bool = True) -> None:
        super().__init__(parent)
        self.setObjectName("banner")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 6, 6, 6)
        self.label = QLabel(objectName="banner_text")
        self.label.setWordWrap(True)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.label, 1)
        self.button = QPushButton(objectName="banner_button")
        self.button.hide()
        layout.addWidget(self.button, 0, Qt.AlignmentFlag.AlignVCenter)
        self._action: Callable[[], object] | None = None
        self.button.clicked.connect(self._clicked)
        self.close_button = QToolButton(objectName="banner_close")
        self.close_button.setText("✕")
        self.close_button.setToolTip(_("Hide this message"))
        self.close_button.setAutoRaise(True)
        self.close_button.clicked.connect(self.hide)
        layout.addWidget(self.close_button, 0, Qt.AlignmentFlag.AlignTop)
        # Only once it has a parent: shown before, it would open as a window of its own.
        self.close_button.setVisible(closable)
        self.hide()

    def show_message(
        self,
        text: str,
        level: str = "info",
        *,
        button: str = "",
        action: Callable[[], object] | None = None,
    ) -> None:
        # Tinted by the app's style sheet per level (sheetapp.ui.theme), in either palette.
        self.setProperty("level", level if level in ("error", "warning") else "info")
        repolish(self)
        self.label.setText(text)
        self._action = action
        self.button.setText(button)
        self.button.setVisible(bool(button and action))
        self.show()

    def _clicked(self) -> None:
        action, self._action = self._action, None
        self.hide()
        if action is not None:
            action()


class Notice(Banner):
    """A banner that goes away by itself after a while (an undo offer is not forever)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("notice")
        self._timer = QTimer(self, singleShot=True, interval=NOTICE_MS)
        self._timer.timeout.connect(self.hide)
        self._undone: Callable[[], bool] | None = None

    def until_undone(self, stack: QUndoStack, step: int) -> None:
        """Go away once ``stack`` is undone to before ``step`` (Edit > Undo, Ctrl+Z): the
        offer to undo what already was undone would only mislead."""
        self._undone = lambda: stack.index() < step
        stack.indexChanged.connect(self._follow, Qt.ConnectionType.UniqueConnection)

    def _follow(self, _index: int) -> None:
        if self._undone is not None and self._undone():
            self._undone = None
            self.hide()

    def show_message(
        self,
        text: str,
        level: str = "info",
        *,
        button: str = "",
        action: Callable[[], object] | None = None,
    ) -> None:
        self._undone = None
        super().show_message(text, level, button=button, action=action)
        self._timer.start()
