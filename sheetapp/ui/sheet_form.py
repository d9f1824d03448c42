"""What every system's form offers the main window."""

from __future__ import annotations

from importlib import import_module

from PySide6.QtCore import Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWidget

from sheetapp.systems.registry import modules
from sheetapp.ui.binding import FieldRegistry
from sheetapp.ui.document import SheetDocument


class SheetForm(QWidget):
    """A system's editor for one document. ``check_requested`` sends a chance (and a label)
    to the dice dock."""

    check_requested = Signal(int, str)

    def __init__(self, document: SheetDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.fields = FieldRegistry()
        document.findings_changed.connect(lambda: self.fields.mark(document.findings))

    def sheet_actions(self) -> list[QAction]:
        """Actions for the Sheet menu while this form is current."""
        return []

    def focus_path(self, path: str) -> bool:
        return self.fields.focus(path)


def create_form(document: SheetDocument) -> SheetForm:
    module = import_module(modules(document.plugin.id).form)
    form: SheetForm = module.create_form(document)
    form.fields.mark(document.findings)
    return form
