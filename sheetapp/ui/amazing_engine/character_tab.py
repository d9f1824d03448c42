"""What every tab of a character page shares: the document, which character, and refreshing
only while shown."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from sheetapp.systems.amazing_engine.model import AmazingEngineSheet, Character
from sheetapp.ui.binding import FieldRegistry
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.sheet_form import FormPage


class CharacterTab(FormPage):
    """Subclasses build their widgets, then call ``watch()`` and implement ``show_character``."""

    def __init__(
        self,
        document: SheetDocument,
        index: int,
        fields: FieldRegistry,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(document, fields, parent)
        self.index = index
        self.base: tuple[str | int, ...] = ("characters", index)

    def refresh(self) -> None:
        sheet: AmazingEngineSheet = self.document.sheet  # type: ignore[assignment]
        if self.index < len(sheet.characters):  # the page may outlive an undone character
            self.show_character(sheet.characters[self.index])

    def show_character(self, character: Character) -> None:
        raise NotImplementedError
