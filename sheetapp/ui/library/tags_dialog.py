"""Edit the tags of the selected characters (or of a sheet) at once: tags to add (typed,
with the library's tags offered as each one is typed) and the selection's tags to take off
(ticked)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import (
    QCompleter,
    QDialog,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from sheetapp.i18n import _
from sheetapp.ui.library.dialog_parts import ok_cancel


def split_tags(text: str) -> list[str]:
    """Tags typed as a comma-separated list; blanks dropped.

    >>> split_tags(" guard, ,  city watch ,guard")
    ['guard', 'city watch']
    """
    found: list[str] = []
    for part in text.split(","):
        tag = " ".join(part.split())
        if tag and tag not in found:
            found.append(tag)
    return found


class TagListCompleter(QCompleter):
    """Completes the tag being typed, the last of a comma-separated list, from the tags the
    library holds (any part of a tag, case aside), and keeps the tags before it."""

    def splitPath(self, path: str) -> list[str]:
        return [path.rsplit(",", 1)[-1].strip()]

    def pathFromIndex(self, index: QModelIndex | QPersistentModelIndex) -> str:
        typed = self.widget().text() if self.widget() is not None else ""
        done = typed.rsplit(",", 1)[0] + ", " if "," in typed else ""
        return done + str(index.data())


def tag_completer(known: Sequence[str], parent: QWidget) -> QCompleter:
    completer = TagListCompleter(list(known), parent)
    completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
    completer.setFilterMode(Qt.MatchFlag.MatchContains)
    return completer


class TagsDialog(QDialog):
    def __init__(
        self,
        whose: str,
        held: Sequence[str],
        known: Sequence[str],
        parent: QWidget | None = None,
    ) -> None:
        """``whose``: what is tagged, in words ("Quillon Vey", "Wolfgang's core with …")."""
        super().__init__(parent)
        self.setWindowTitle(_("Edit Tags"))
        layout = QVBoxLayout(self)
        intro = QLabel(_("Tags of {whose}.").format(whose=whose), objectName="tags_intro")
        intro.setWordWrap(True)
        intro.setTextFormat(Qt.TextFormat.PlainText)
        layout.addWidget(intro)
        form = QFormLayout()
        self.add_edit = QLineEdit(objectName="add_tags")
        self.add_edit.setPlaceholderText(_("e.g. guard, harbour district"))
        self.add_edit.setToolTip(_("Separate tags with commas; a tag may hold spaces"))
        self.add_edit.setCompleter(tag_completer(known, self))
        form.addRow(_("Add:"), self.add_edit)
        self.held = QListWidget(objectName="held_tags")
        self.held.setToolTip(_("Tick a tag to take it off every selected sheet"))
        for tag in held:
            item = QListWidgetItem(tag)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.held.addItem(item)
        self.held.setMaximumHeight(160)
        form.addRow(_("Remove:"), self.held if held else QLabel(_("(the selection has no tags)")))
        layout.addLayout(form)
        layout.addWidget(ok_cancel(self))
        self.setMinimumWidth(420)

    def added(self) -> list[str]:
        return split_tags(self.add_edit.text())

    def removed(self) -> list[str]:
        return [
            self.held.item(i).text()
            for i in range(self.held.count())
            if self.held.item(i).checkState() == Qt.CheckState.Checked
        ]
