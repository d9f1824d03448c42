"""Perks, flaws, background and notes: the hero's own words."""

from __future__ import annotations

from PySide6.QtWidgets import QGridLayout, QGroupBox, QPlainTextEdit, QVBoxLayout, QWidget

from sheetapp.ui.binding import FieldRegistry, bind_plain_text
from sheetapp.ui.document import SheetDocument


class NotesPage(QWidget):
    def __init__(
        self, document: SheetDocument, fields: FieldRegistry, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        grid = QGridLayout(self)
        for i, (key, title) in enumerate(
            (
                ("perks", "Perks"),
                ("flaws", "Flaws"),
                ("background", "Background"),
                ("notes", "Notes"),
            )
        ):
            box = QGroupBox(title)
            layout = QVBoxLayout(box)
            edit = QPlainTextEdit(objectName=key)
            bind_plain_text(document, (key,), edit)
            fields.add((key,), edit)
            layout.addWidget(edit)
            grid.addWidget(box, i // 2, i % 2)
