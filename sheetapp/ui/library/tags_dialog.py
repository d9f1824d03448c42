"""Edit the tags of the selected sheets at once: tags to add (typed, with the library's tags
offered as they are typed) and the selection's tags to take off (ticked)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
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
from sheetapp.plural import ngettext
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


class TagsDialog(QDialog):
    def __init__(
        self,
        count: int,
        held: Sequence[str],
        known: Sequence[str],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Edit Tags"))
        layout = QVBoxLayout(self)
        noun = ngettext("sheet", "{n} sheets", count).format(n=count)
        intro = QLabel(_("Tags of the selected {noun}.").format(noun=noun))
        intro.setWordWrap(True)
        layout.addWidget(intro)
        form = QFormLayout()
        self.add_edit = QLineEdit(objectName="add_tags")
        self.add_edit.setPlaceholderText(_("e.g. guard, harbour district"))
        self.add_edit.setToolTip(_("Separate tags with commas; a tag may hold spaces"))
        completer = QCompleter(list(known), self)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.add_edit.setCompleter(completer)
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
