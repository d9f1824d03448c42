"""Printing and exchange: the File menu's PDF, print and preview actions with the paper
size, and the exports and import for virtual tabletops. Each acts on the sheet in front."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QMainWindow

from sheetapp.ui.printing import PrintActions
from sheetapp.ui.settings import Settings
from sheetapp.ui.tabletop_actions import TabletopActions
from sheetapp.ui.window.menu_sections import MenuSections

if TYPE_CHECKING:
    from sheetapp.ui.document import SheetDocument
    from sheetapp.ui.sheet_form import SheetForm


class PrintArea(QObject):
    """``files_in_use``: the files no PDF or tabletop export may overwrite (see
    ``MainWindow.files_in_use``)."""

    def __init__(
        self,
        window: QMainWindow,
        settings: Settings,
        file_menu: MenuSections,
        current_form: Callable[[], SheetForm | None],
        documents: Callable[[], list[SheetDocument]],
        add_document: Callable[[SheetDocument], object],
        files_in_use: Callable[..., list[Path]],
    ) -> None:
        super().__init__(window)

        def current() -> SheetDocument | None:
            form = current_form()
            return form.document if form is not None else None

        def tell(text: str) -> None:
            window.statusBar().showMessage(text, 5000)

        self.printing = PrintActions(window, settings, current, documents, tell, files_in_use)
        for action in self.printing.actions():
            file_menu.add("print", action)
        file_menu.add("print", self.printing.paper_menu)
        self.tabletop = TabletopActions(
            window, settings, current, add_document, tell, files_in_use
        )
        file_menu.add("exchange", self.tabletop.export_menu)
        file_menu.add("exchange", self.tabletop.import_action)

    def follow(self, form: SheetForm | None) -> None:
        """What acts on a sheet is enabled while one is in front."""
        for action in (
            self.printing.export_pdf,
            self.printing.print_action,
            self.printing.preview_action,
            self.printing.export_blocks,
        ):
            action.setEnabled(form is not None)
        self.tabletop.set_enabled(form is not None)

    def preferences_applied(self) -> None:
        self.printing.show_paper()
