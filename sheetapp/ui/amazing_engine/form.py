"""The Amazing Engine form: a Player Core page and one page per character.

Character pages are built when first shown (``_UnbuiltPage``), and their module is imported
then too: behind the Player Core page it only delayed the sheet being ready for input.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QSignalBlocker
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QWidget

from sheetapp.i18n import _
from sheetapp.systems.amazing_engine.generation import add_character
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet, Character, Creation
from sheetapp.ui.amazing_engine.core_page import CorePage
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.labels import literal
from sheetapp.ui.sheet_form import PERCENTILE, SheetForm

_CHARACTER = re.compile(r"characters\[(\d+)\]")


class _UnbuiltPage(QWidget):
    """Holds a character's tab until the page is first needed: a character page costs about
    50 ms to build, and behind the Player Core page none of them is seen at first."""

    def __init__(self, index: int) -> None:
        super().__init__()
        self.index = index


class AmazingEngineForm(SheetForm):
    check_kind = PERCENTILE  # its checks read the task's margins the dice dock holds

    def __init__(self, document: SheetDocument, parent: QWidget | None = None) -> None:
        super().__init__(document, parent)
        self.pages = self.page_tabs()
        self._shape: tuple = ()
        self._actions = self._make_actions()
        self.pages.currentChanged.connect(self._build_page)
        document.changed.connect(self._sync_pages)
        self._sync_pages()

    @property
    def sheet(self) -> AmazingEngineSheet:
        return self.document.sheet  # type: ignore[return-value]

    # --- pages --------------------------------------------------------------------------------

    def _sync_pages(self) -> None:
        """Rebuild the pages when characters come or go; otherwise just retitle them."""
        shape = (self.sheet.core is not None, len(self.sheet.characters))
        if shape != self._shape:
            self._shape = shape
            self._rebuild()
        offset = 1 if self.sheet.core is not None else 0
        for i, character in enumerate(self.sheet.characters):
            title = character.name or _("Character {value}").format(value=i + 1)
            if character.status == "retired":
                title = _("{name} (retired)").format(name=title)
            elif character.status == "dead":
                title = _("{name} (dead)").format(name=title)
            self.pages.setTabText(i + offset, literal(title))

    def _rebuild(self) -> None:
        current = self.pages.currentIndex()
        with QSignalBlocker(self.pages):
            while self.pages.count():
                page = self.pages.widget(0)
                self.pages.removeTab(0)
                page.deleteLater()
            self.fields.clear()
            if self.sheet.core is not None:
                core = CorePage(
                    self.document, self.fields, self.show_character, self.new_character_from_core
                )
                self.pages.addTab(core, _("Player Core"))
            for i in range(len(self.sheet.characters)):
                self.pages.addTab(_UnbuiltPage(i), "")
            self.pages.setCurrentIndex(min(max(current, 0), self.pages.count() - 1))
        self._build_page(self.pages.currentIndex())
        self.fields.mark(self.document.findings)

    def _build_page(self, tab: int) -> None:
        """Put the character page in place of its placeholder at tab ``tab``, if it has one."""
        placeholder = self.pages.widget(tab)
        if not isinstance(placeholder, _UnbuiltPage):
            return
        from sheetapp.ui.amazing_engine.character_page import CharacterFormPage

        page = CharacterFormPage(self.document, placeholder.index, self.fields)
        page.xp_tab.set_actions(self._actions["xp"])
        with QSignalBlocker(self.pages):
            current = self.pages.currentIndex()
            title = self.pages.tabText(tab)
            self.pages.removeTab(tab)
            placeholder.deleteLater()
            self.pages.insertTab(tab, page, title)
            self.pages.setCurrentIndex(current)
        self.fields.mark(self.document.findings)

    def focus_path(self, path: str) -> bool:
        if match := _CHARACTER.match(path):
            self._build_page(self._tab_of(int(match.group(1))))
        return super().focus_path(path)

    def _tab_of(self, character: int) -> int:
        return character + (1 if self.sheet.core is not None else 0)

    def show_character(self, index: int) -> None:
        self.pages.setCurrentIndex(self._tab_of(index))

    def current_character(self) -> int | None:
        from sheetapp.ui.amazing_engine.character_page import CharacterFormPage

        page = self.pages.currentWidget()
        return page.index if isinstance(page, CharacterFormPage) else None

    # --- actions ------------------------------------------------------------------------------

    def _make_actions(self) -> dict[str, list[QAction]]:
        from sheetapp.ui.amazing_engine.xp_actions import xp_actions

        later = QAction(_("New Character from Core…"), self)
        later.setShortcut(QKeySequence("Ctrl+Shift+N"))
        later.setStatusTip(_("Place the core's pool dice and 7 free dice for a new universe"))
        later.triggered.connect(self.new_character_from_core)
        blank = QAction(_("Add Blank Character"), self)
        blank.setStatusTip(_("A character entered by hand, not checked against the procedure"))
        blank.triggered.connect(self.add_blank_character)
        xp = xp_actions(
            self,
            lambda: self.sheet,
            self.current_character,
            lambda sheet, text: self.document.replace(sheet, text),
        )
        return {"sheet": [later, blank], "xp": xp}

    def sheet_actions(self) -> list[QAction]:
        separator = QAction(self)
        separator.setSeparator(True)
        return [*self._actions["sheet"], separator, *self._actions["xp"]]

    def new_character_from_core(self) -> None:
        from sheetapp.ui.amazing_engine.wizards import LaterCharacterWizard

        if self.sheet.core is None:
            return
        wizard = LaterCharacterWizard(self.sheet, self)
        try:
            if wizard.exec():
                self.add_character(wizard.result_character(), _("New character from core"))
        finally:
            wizard.deleteLater()

    def add_blank_character(self) -> None:
        self.add_character(Character(creation=Creation(method="manual")), _("Add character"))

    def add_character(self, character: Character, text: str) -> None:
        sheet = add_character(self.sheet, character)
        self.document.replace(sheet, text)
        self.show_character(len(sheet.characters) - 1)


def create_form(document: SheetDocument) -> AmazingEngineForm:
    return AmazingEngineForm(document)
