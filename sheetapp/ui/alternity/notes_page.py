"""Perks, flaws, background and notes: the hero's own words."""

from __future__ import annotations

from PySide6.QtWidgets import QGridLayout, QGroupBox, QVBoxLayout, QWidget

from sheetapp.i18n import N_, _
from sheetapp.ui.binding import FieldRegistry
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.sheet_form import FormPage

BOXES = (
    ("perks", N_("Perks"), N_("Advantages the hero took, with what each does.")),
    ("flaws", N_("Flaws"), N_("Drawbacks the hero took, with what each does.")),
    ("background", N_("Background"), ""),
    ("notes", N_("Notes"), ""),
)


class NotesPage(FormPage):
    def __init__(
        self, document: SheetDocument, fields: FieldRegistry, parent: QWidget | None = None
    ) -> None:
        super().__init__(document, fields, parent)
        grid = QGridLayout(self)
        for i, (key, title, tip) in enumerate(BOXES):
            box = QGroupBox(_(title))
            box.setToolTip(_(tip))
            QVBoxLayout(box).addWidget(self.bind.text((key,)))
            grid.addWidget(box, i // 2, i % 2)
