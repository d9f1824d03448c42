"""The open sheets, one tab each after the library's roster: adding and removing them, what
each tab and the window's title say, and the Sheet menu of the sheet in front."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoGroup
from PySide6.QtWidgets import QMainWindow, QMenu, QTabWidget

from sheetapp.i18n import _
from sheetapp.ui.button_mnemonics import give_menu_letters
from sheetapp.ui.labels import literal
from sheetapp.ui.sheet_form import SheetForm, create_form

if TYPE_CHECKING:
    from sheetapp.ui.document import SheetDocument


class SheetTabs(QObject):
    """``mark``: what a tab's name carries for its sheet's place in the library (the
    library's follower knows; "" before the library opens)."""

    form_added = Signal(object)  # the SheetForm, in its tab
    form_removed = Signal(object)  # the SheetForm, out of its tab, about to be deleted
    touched = Signal()  # a sheet's name, file or saved state changed

    def __init__(
        self,
        window: QMainWindow,
        tabs: QTabWidget,
        undo_group: QUndoGroup,
        sheet_menu: QMenu,
        mark: Callable[[SheetDocument], str],
    ) -> None:
        super().__init__(window)
        self._window = window
        self._tabs = tabs
        self._undo_group = undo_group
        self._sheet_menu = sheet_menu
        self._mark = mark

    def forms(self) -> list[SheetForm]:
        tabs = self._tabs
        return [w for i in range(tabs.count()) if isinstance(w := tabs.widget(i), SheetForm)]

    def documents(self) -> list[SheetDocument]:
        return [f.document for f in self.forms()]

    def current_form(self) -> SheetForm | None:
        widget = self._tabs.currentWidget()
        return widget if isinstance(widget, SheetForm) else None

    def form_of(self, document: SheetDocument) -> SheetForm | None:
        return next((f for f in self.forms() if f.document is document), None)

    def library_form(self, sheet_id: int) -> SheetForm | None:
        return next((f for f in self.forms() if f.document.library_id == sheet_id), None)

    def add_document(self, document: SheetDocument) -> SheetForm:
        form = create_form(document)
        self._undo_group.addStack(document.undo_stack)
        index = self._tabs.addTab(form, literal(document.display_name()))
        for signal in (document.modified_changed, document.path_changed, document.changed):
            signal.connect(lambda *_a, f=form: self.touch(f))
        self.form_added.emit(form)
        self.touch(form)  # a restored or new sheet starts modified: show the "*"
        self._tabs.setCurrentIndex(index)
        return form

    def remove(self, form: SheetForm) -> None:
        self._tabs.removeTab(self._tabs.indexOf(form))
        self._undo_group.removeStack(form.document.undo_stack)
        self.form_removed.emit(form)
        form.deleteLater()

    def touch_document(self, document: SheetDocument) -> None:
        form = self.form_of(document)
        if form is not None:
            self.touch(form)

    def touch(self, form: SheetForm) -> None:
        """The tab says the sheet's name, its library mark and "*" while unsaved."""
        index = self._tabs.indexOf(form)
        if index >= 0:
            document = form.document
            marker = "*" if document.is_modified else ""
            name = literal(document.display_name()) + self._mark(document) + marker
            self._tabs.setTabText(index, name)
            self._tabs.setTabToolTip(
                index,
                _("Library sheet {library_id}").format(library_id=document.library_id)
                if document.library_id is not None
                else str(document.path or _("Not saved yet")),
            )
        self.update_title()
        self.touched.emit()

    def follow(self, form: SheetForm | None) -> None:
        """The Sheet menu and the title follow the sheet in front."""
        self._sheet_menu.clear()
        actions = form.sheet_actions() if form else []
        give_menu_letters(actions)
        for action in actions:
            self._sheet_menu.addAction(action)
        self._sheet_menu.setEnabled(bool(form))
        self.update_title()

    def update_title(self) -> None:
        form = self.current_form()
        if form is None:
            self._window.setWindowTitle("sheetapp")
            self._window.setWindowModified(False)
            return
        self._window.setWindowTitle(
            _("{display_name}[*] — sheetapp").format(display_name=form.document.display_name())
        )
        self._window.setWindowModified(form.document.is_modified)
