"""Rename a tag or a group everywhere at once. A new name the library already holds merges
the two: the dialog says so before anything changes, and the button says Merge."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QCompleter,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from sheetapp.i18n import _
from sheetapp.ui.library.dialog_parts import ok_cancel

Kind = Literal["tag", "group"]


class RenameDialog(QDialog):
    def __init__(
        self,
        tags: Sequence[str],
        groups: Sequence[str],
        *,
        kind: Kind = "tag",
        current: str = "",
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Rename Tag or Group"))
        self._names: dict[Kind, list[str]] = {"tag": list(tags), "group": list(groups)}
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.kind_box = QComboBox(objectName="rename_kind")
        self.kind_box.addItem(_("Tag"), "tag")
        self.kind_box.addItem(_("Group"), "group")
        form.addRow(_("&Rename a:"), self.kind_box)
        self.old_box = QComboBox(objectName="rename_old")
        form.addRow(_("&Named:"), self.old_box)
        self.new_edit = QLineEdit(objectName="rename_new")
        self.new_edit.setPlaceholderText(_("the new name, or one to merge it into"))
        form.addRow(_("&To:"), self.new_edit)
        layout.addLayout(form)
        self.note = QLabel(objectName="rename_note")
        self.note.setWordWrap(True)
        self.note.setTextFormat(Qt.TextFormat.PlainText)
        layout.addWidget(self.note)
        self.buttons = ok_cancel(self, _("Rename"))
        layout.addWidget(self.buttons)
        self.kind_box.currentIndexChanged.connect(self._kind_changed)
        self.old_box.currentIndexChanged.connect(self._update)
        self.new_edit.textChanged.connect(self._update)
        self.kind_box.setCurrentIndex(0 if kind == "tag" else 1)
        self._kind_changed()
        if current in self._names[kind]:
            self.old_box.setCurrentText(current)
        self.setMinimumWidth(460)

    def kind(self) -> Kind:
        return self.kind_box.currentData()

    def chosen(self) -> tuple[Kind, str, str]:
        """What to rename: the kind, the name it has and the name it gets."""
        return self.kind(), self.old_box.currentText(), " ".join(self.new_edit.text().split())

    def _kind_changed(self, *_args: object) -> None:
        names = self._names[self.kind()]
        self.old_box.clear()
        self.old_box.addItems(names)
        completer = QCompleter(names, self.new_edit)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        self.new_edit.setCompleter(completer)
        self._update()

    def _update(self, *_args: object) -> None:
        kind, old, new = self.chosen()
        merge = new != old and new in self._names[kind]
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(_("Merge") if merge else _("Rename"))
        ok.setEnabled(bool(old) and bool(new) and new != old)
        if not self._names[kind]:
            text = (
                _("The library has no tags yet.")
                if kind == "tag"
                else _("The library has no groups yet.")
            )
        elif merge and kind == "tag":
            text = _(
                "“{new}” is a tag already: “{old}” becomes “{new}” everywhere, and the "
                "two are one tag."
            ).format(old=old, new=new)
        elif merge:
            text = _(
                "“{new}” is a group already: everything in “{old}” moves to “{new}”, "
                "and the two are one group."
            ).format(old=old, new=new)
        else:
            text = ""
        self.note.setText(text)
