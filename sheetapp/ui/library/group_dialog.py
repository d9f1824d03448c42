"""Move characters or sheets to a group (the library's campaigns): the dialog names what
moves, a core with all its characters by name, and completes the group as it is typed."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QCompleter, QDialog, QLabel, QVBoxLayout, QWidget

from sheetapp.i18n import _
from sheetapp.ui.library.dialog_parts import ok_cancel


def group_box(groups: Sequence[str], current: str, name: str) -> QComboBox:
    """An editable list of the library's groups that offers, as a name is typed, every group
    holding what was typed (case aside)."""
    box = QComboBox(objectName=name)
    box.setEditable(True)
    box.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
    box.addItems(list(groups))
    box.setCurrentText(current)
    completer = QCompleter(list(groups), box)
    completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
    completer.setFilterMode(Qt.MatchFlag.MatchContains)
    box.setCompleter(completer)
    return box


class GroupDialog(QDialog):
    def __init__(
        self,
        what: str,
        groups: Sequence[str],
        current: str,
        parent: QWidget | None = None,
    ) -> None:
        """``what``: what moves, in words ("Quillon Vey", "Wolfgang's core with …")."""
        super().__init__(parent)
        self.setWindowTitle(_("Move to Group"))
        layout = QVBoxLayout(self)
        intro = QLabel(_("Move {what} to the group:").format(what=what), objectName="move_intro")
        intro.setWordWrap(True)
        intro.setTextFormat(Qt.TextFormat.PlainText)
        layout.addWidget(intro)
        self.box = group_box(groups, current, "group")
        self.box.lineEdit().setPlaceholderText(_("No group"))
        layout.addWidget(self.box)
        intro.setBuddy(self.box)  # what the box is for, read out with it
        hint = QLabel(_("Leave it empty to take them out of any group."))
        hint.setEnabled(False)
        layout.addWidget(hint)
        layout.addSpacing(6)
        layout.addWidget(ok_cancel(self, _("Move")))
        self.setMinimumWidth(420)

    def group(self) -> str:
        return self.box.currentText()
