"""Questions the window's areas ask with three answers."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox, QWidget


def ask_three_ways(
    parent: QWidget, icon: QMessageBox.Icon, title: str, text: str, *, keep: str, drop: str
) -> str:
    """A question with a safe answer (``keep``, the default), a destructive one (``drop``)
    and Cancel; "keep", "drop" or "cancel"."""
    box = QMessageBox(icon, title, text, parent=parent)
    kept = box.addButton(keep, QMessageBox.ButtonRole.AcceptRole)
    dropped = box.addButton(drop, QMessageBox.ButtonRole.DestructiveRole)
    box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(kept)
    box.exec()
    clicked = box.clickedButton()
    return "keep" if clicked is kept else "drop" if clicked is dropped else "cancel"
