"""Buttons on a form's pages for its Sheet menu actions (the XP and bonus-point dialogs),
so a player finds them where the ledger is."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QToolButton


def action_row(actions: Sequence[QAction]) -> QHBoxLayout:
    """A push button per action, named ``action_<the action's name>`` and with its status
    tip as tooltip, then room to spare."""
    row = QHBoxLayout()
    for action in actions:
        button = QPushButton(action.text(), objectName=f"action_{action.objectName()}")
        button.setToolTip(action.statusTip())
        button.clicked.connect(action.trigger)
        row.addWidget(button)
    row.addStretch(1)
    return row


def tool_button(action: QAction) -> QToolButton:
    """A text button that is ``action``: its text, tip and enabled state follow it."""
    button = QToolButton()
    button.setDefaultAction(action)
    button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
    return button
