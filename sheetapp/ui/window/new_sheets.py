"""New sheets: File > New Character (each system's wizard), New Blank Sheet and New Random
NPC. Each new sheet opens in its own tab, unsaved."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from importlib import import_module
from typing import TYPE_CHECKING
from weakref import WeakSet

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu

from sheetapp.i18n import _
from sheetapp.systems.registry import (
    default_system_id,
    get_system,
    modules,
    system_ids,
    system_name,
    systems_with_wizards,
    wizard_text,
)
from sheetapp.ui.menu_actions import make_action
from sheetapp.ui.settings import Settings
from sheetapp.ui.window.menu_sections import MenuSections

if TYPE_CHECKING:
    from sheetapp.systems.plugin import NewOptions
    from sheetapp.ui.document import SheetDocument


class NewSheets(QObject):
    """``add_document``: shows a new sheet in its tab."""

    def __init__(
        self,
        window: QMainWindow,
        settings: Settings,
        file_menu: MenuSections,
        add_document: Callable[[SheetDocument], object],
    ) -> None:
        super().__init__(window)
        self._window = window
        self._settings = settings
        self._add_document = add_document
        # The blank and rolled sheets made here: until edited they hold nothing a person
        # made, so closing one asks nothing (a wizard's sheet holds what they entered).
        self._made: WeakSet[SheetDocument] = WeakSet()
        self.character_menu = QMenu(_("New &Character"), window)
        file_menu.add("new", self.character_menu)
        self.character_actions: dict[str, QAction] = {}
        for system_id in systems_with_wizards():
            action = make_action(
                window,
                wizard_text(system_id),
                lambda s=system_id: self.character_wizard(s),
                tip=_("Make a new {name} character step by step").format(
                    name=system_name(system_id)
                ),
            )
            self.character_menu.addAction(action)
            self.character_actions[system_id] = action
        # Ctrl+N: the wizard of the registry's first system
        self.core_action = self.character_actions[default_system_id()]
        self.core_action.setShortcut(QKeySequence.StandardKey.New)
        self.blank_menu = QMenu(_("New &Blank Sheet"), window)
        self.random_menu = QMenu(_("New &Random NPC"), window)
        file_menu.add("new", self.blank_menu)
        file_menu.add("new", self.random_menu)
        for system_id in system_ids():
            name = system_name(system_id)
            self.blank_menu.addAction(
                make_action(
                    window,
                    name,
                    lambda s=system_id: self.blank(s),
                    tip=_("An empty {name} sheet to fill in").format(name=name),
                )
            )
            self.random_menu.addAction(
                make_action(
                    window,
                    name,
                    lambda s=system_id: self.random_npc(s),
                    tip=_("A {name} character rolled at random").format(name=name),
                )
            )

    def untouched(self, document: SheetDocument) -> bool:
        """Whether ``document`` is a blank or rolled sheet never edited, saved or stored."""
        return (
            document in self._made
            and document.undo_stack.count() == 0
            and document.path is None
            and document.library_id is None
        )

    def character_wizard(self, system_id: str) -> None:
        """Open ``system_id``'s creation wizard; a finished sheet opens in a new tab."""
        from sheetapp.ui.document import SheetDocument

        factory = import_module(modules(system_id).wizard).create_wizard
        wizard = factory(self._window, self._settings)
        try:
            if wizard.exec():
                document = SheetDocument(wizard.result_sheet())
                document.undo_stack.resetClean()  # a new sheet counts as unsaved
                self._add_document(document)
        finally:
            wizard.deleteLater()

    def blank(self, system_id: str | None = None) -> None:
        """An empty sheet of ``system_id``, or of the preferred system."""
        from sheetapp.systems.plugin import NewOptions

        self._from_options(system_id, NewOptions())

    def random_npc(self, system_id: str | None = None) -> None:
        import secrets

        from sheetapp.systems.plugin import NewOptions

        self._from_options(
            system_id, NewOptions(random=True, npc=True, seed=secrets.randbelow(2**31))
        )

    def _from_options(self, system_id: str | None, options: NewOptions) -> None:
        from sheetapp.play.support import gm_support
        from sheetapp.ui.document import SheetDocument

        system_id = system_id or self._settings.default_system()
        universe = self._settings.default_universe()
        if universe in {u.id for u in gm_support(system_id).universes()}:
            options = replace(options, universe=universe)
        sheet = get_system(system_id).new(options)
        document = SheetDocument(sheet)
        document.undo_stack.resetClean()  # unsaved, though closing it untouched asks nothing
        self._made.add(document)
        self._add_document(document)
