"""The library: its roster as the first tab, the Library menu, the Table dock's encounter,
and saving sheets into it.

The library's session is opened on first use (by the roster, once the sheet in front has
painted, unless something needs it sooner): opening it imports the storage layer and reads
the SQLite file, which the window's first paint does not wait for.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QSignalBlocker, Signal
from PySide6.QtGui import QUndoGroup, QUndoStack
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu, QMessageBox, QTabWidget, QWidget

from sheetapp.i18n import _
from sheetapp.locale_format import number
from sheetapp.ui.first_paint import after_first_paint
from sheetapp.ui.menu_actions import make_action
from sheetapp.ui.page_layout import scrolled
from sheetapp.ui.settings import Settings
from sheetapp.ui.window.autosave_area import AUTOSAVE_NOTICE_MS
from sheetapp.ui.window.menu_sections import MenuSections
from sheetapp.ui.window.questions import ask_three_ways
from sheetapp.ui.window.sheet_tabs import SheetTabs

if TYPE_CHECKING:
    from sheetapp.storage.library import Library
    from sheetapp.ui.document import SheetDocument
    from sheetapp.ui.library.actions import LibraryActions
    from sheetapp.ui.library.open_sheets import OpenLibrarySheets
    from sheetapp.ui.library.roster_tab import LibraryTab
    from sheetapp.ui.library.session import LibrarySession
    from sheetapp.ui.library.table_panel import TablePanel
    from sheetapp.ui.sheet_form import SheetForm

MANY_TABS = 20  # opening more library sheets at once than this asks first


class LibraryArea(QObject):
    """``library``: an open library to show (tests, benchmarks), else the data folder's."""

    new_character_requested = Signal(str)  # the roster's New button, with a system id

    def __init__(
        self,
        window: QMainWindow,
        settings: Settings,
        library: Library | None,
        sheets: SheetTabs,
        tabs: QTabWidget,
        undo_group: QUndoGroup,
        file_menu: MenuSections,
        library_menu: QMenu,
        table_dock: QDockWidget,
        needs: LibraryNeeds,
    ) -> None:
        super().__init__(window)
        self._window = window
        self._settings = settings
        self._given = library
        self._sheets = sheets
        self._tabs = tabs
        self._undo_group = undo_group
        self._library_menu = library_menu
        self._table_dock = table_dock
        self._needs = needs
        self._session: LibrarySession | None = None  # opened on first use
        self.follower: OpenLibrarySheets | None = None
        # The library is the app's home: its roster is the first tab and is never closed.
        # Until the roster is built (see ``build``) the tab holds an empty page.
        self._tab: LibraryTab | None = None
        self._table_panel: TablePanel | None = None
        self._actions: LibraryActions | None = None
        tabs.insertTab(0, QWidget(), _("Library"))
        tabs.tabBar().setTabButton(0, tabs.tabBar().ButtonPosition.RightSide, None)
        self.add_action = make_action(
            window,
            _("Add to &Library"),
            self.add_current,
            tip=_("Keep this sheet in the library; Save then adds revisions there"),
        )
        file_menu.add("save", self.add_action)
        sheets.touched.connect(self.update_actions)

    # --- the session -----------------------------------------------------------------------

    @property
    def session(self) -> LibrarySession:
        """The library's session, opened on first use."""
        if self._session is None:
            from sheetapp.ui.library.session import open_session, session_for

            given = self._given
            self._session = session_for(given) if given is not None else open_session()
            self._listen()
        return self._session

    def open_session(self) -> LibrarySession | None:
        """The session if it is open, without opening it."""
        return self._session

    def undo_stack(self) -> QUndoStack | None:
        """The library's undo stack, None while the library is not open yet (nothing to
        undo there then, and no reason to open it)."""
        return self._session.undo_stack if self._session is not None else None

    def mark(self, document: SheetDocument) -> str:
        """What a tab's name carries for its sheet's place in the library."""
        return self.follower.mark(document) if self.follower is not None else ""

    def _listen(self) -> None:
        """The open tabs and Edit follow the library's changes and undo stack; the roster,
        the Table and the Library menu listen for themselves once built."""
        from sheetapp.ui.library.open_sheets import OpenLibrarySheets

        session = self.session
        session.setParent(self._window)
        sheets = self._sheets
        self.follower = OpenLibrarySheets(
            session,
            sheets.documents,
            self._close_unmodified,
            sheets.touch_document,
            lambda text: self._window.statusBar().showMessage(text, AUTOSAVE_NOTICE_MS),
        )
        session.changed.connect(lambda _changes: self.update_actions())
        session.refused.connect(lambda title, text: QMessageBox.warning(self._window, title, text))
        self._undo_group.addStack(session.undo_stack)
        if sheets.current_form() is None:
            self._undo_group.setActiveStack(session.undo_stack)
        self.update_actions()
        for form in sheets.forms():  # a sheet opened before the library may be in its trash
            sheets.touch(form)

    def _close_unmodified(self, document: SheetDocument) -> None:
        """Its sheet left the library (the trash) with nothing unsaved: nothing to ask."""
        form = self._sheets.form_of(document)
        if form is not None and not document.is_modified:
            self._sheets.remove(form)

    def check_outside_changes(self) -> None:
        if self._session is not None:  # a library not open yet is read fresh
            self._session.check_outside_changes()

    def close(self) -> None:
        if self._session is not None:
            self._session.close()

    def files_in_use(self, document: SheetDocument | None = None) -> list[Path]:
        """The files this window reads: every open sheet's file but ``document``'s own, and
        the library's. No writer of the app writes over one (the output policy,
        ``sheetapp.storage.output_path``)."""
        from sheetapp.storage.library.transfer import library_files

        documents = self._sheets.documents()
        paths = [d.path for d in documents if d is not document and d.path is not None]
        library = self.session.library
        return paths + (library_files(library) if library is not None else [])

    def sheet_name(self, sheet_id: int) -> str:
        """The roster's name of a library sheet, cheap enough to show before it loads."""
        from sheetapp.storage.library import LibraryError

        library = self.session.library
        try:
            return (
                library.row(sheet_id).name
                if library is not None
                else _("sheet {sheet_id}").format(sheet_id=sheet_id)
            )
        except LibraryError:
            return _("sheet {sheet_id}").format(sheet_id=sheet_id)

    # --- the roster, its actions and the Table ---------------------------------------------

    def build_behind(self) -> None:
        """Once the sheets opening at start are in their tabs: the roster and the Table
        after the sheet in front has painted, so that sheet is ready for input first (the
        library's imports, queries and widgets cost about as much as the sheet's form)."""
        front = self._tabs.currentWidget()
        if front is None:
            self.build()
            return
        after_first_paint(front, self.build)
        front.update()

    def build(self) -> None:
        """The roster tab, its actions and the Table dock's panel.

        About a fifth of start-up went into these (imports, models and the library's first
        queries) while an opened sheet hid them, so they are built after the first paint, or
        at once when the roster is what is shown.
        """
        if self._tab is not None:
            return
        from sheetapp.ui.library.actions import LibraryActions
        from sheetapp.ui.library.roster_tab import LibraryTab
        from sheetapp.ui.library.services import WindowServices
        from sheetapp.ui.library.table_panel import TablePanel

        window, tabs = self._window, self._tabs
        session = self.session
        session.watch()
        self._tab = LibraryTab(session, window)
        self._tab.new_requested.connect(self.new_character_requested)
        notice = session.notice()
        if notice is not None:
            self._tab.banner.show_message(*notice)
        current = tabs.currentIndex()
        with QSignalBlocker(tabs):
            placeholder = tabs.widget(0)
            tabs.removeTab(0)
            placeholder.deleteLater()
            tabs.insertTab(0, self._tab, _("Library"))
            tabs.tabBar().setTabButton(0, tabs.tabBar().ButtonPosition.RightSide, None)
            tabs.setCurrentIndex(current)
        self._table_panel = TablePanel(session, window)
        self._table_panel.open_requested.connect(self.open_sheets)
        # In a scroll area, so the docks under the sheet can stay as low as the findings list
        # needs on a 1366x768 screen.
        self._table_dock.setWidget(scrolled(self._table_panel, frame=False))
        services = WindowServices(window, self._settings, self.files_in_use, self._needs.paper)
        actions = LibraryActions(session, self._tab, self._table_panel, services)
        actions.open_requested.connect(self.open_sheets)
        actions.status_message_requested.connect(
            lambda text: window.statusBar().showMessage(text, 8000)
        )
        actions.show_library_requested.connect(self.show_roster)
        actions.show_table_requested.connect(self._needs.show_table)
        self._actions = actions
        actions.fill_menu(self._library_menu)
        self.update_actions()

    @property
    def tab(self) -> LibraryTab:
        self.build()
        assert self._tab is not None
        return self._tab

    @property
    def table_panel(self) -> TablePanel:
        self.build()
        assert self._table_panel is not None
        return self._table_panel

    @property
    def actions(self) -> LibraryActions:
        self.build()
        assert self._actions is not None
        return self._actions

    def holds(self, widget: QWidget) -> bool:
        """Whether ``widget`` is in the roster or the Table (where Undo is the library's)."""
        return any(
            place is not None and (widget is place or place.isAncestorOf(widget))
            for place in (self._tab, self._table_dock)
        )

    def show_roster(self) -> None:
        self._tabs.setCurrentWidget(self.tab)

    def follow(self, form: SheetForm | None) -> None:
        """The roster is built when it comes to the front; Add to Library follows."""
        if self._window.isVisible() and self._tabs.currentIndex() == 0:
            self.build()
        self.update_actions()

    def update_actions(self) -> None:
        form = self._sheets.current_form()
        addable = form is not None and form.document.library_id is None
        session = self._session
        if session is None:  # told when the library opens, just after the first paint
            self.add_action.setEnabled(addable)
            return
        self.add_action.setEnabled(addable and session.writable)
        reason = session.why_read_only()
        self.add_action.setToolTip(reason if addable and reason else self.add_action.statusTip())
        if self._actions is not None:  # built with the roster, then kept up to date
            self._actions.set_focus(
                form is None, form.document.library_id if form is not None else None
            )

    # --- sheets in and out of the library ---------------------------------------------------

    def save(self, document: SheetDocument) -> bool:
        """Store the document as a new revision of its library sheet (or as a new sheet)."""
        from sheetapp.storage.library import LibraryError

        window = self._window
        if document.read_only:
            window.statusBar().showMessage(
                _("Not saved: {read_only}").format(read_only=document.read_only), 6000
            )
            return False

        session = self.session
        if session.library is None or not session.writable:
            answer = QMessageBox.question(
                window,
                _("The library cannot be changed"),
                _("{why_read_only}\n\nSave “{display_name}” as a file instead?").format(
                    why_read_only=session.why_read_only(), display_name=document.display_name()
                ),
                QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Cancel,
                QMessageBox.StandardButton.Save,
            )
            if answer != QMessageBox.StandardButton.Save:
                return False
            return self._needs.save_as_file(document)
        if document.library_id is not None and session.is_trashed(document.library_id):
            choice = self._ask_about_trashed(document)
            if choice == "cancel":
                return False
            if choice == "new":
                document.detach_from_library()
        try:
            if document.library_id is None:
                sheet_id, revision = session.add(document.sheet, note=_("new sheet")), 1
            else:
                sheet_id = document.library_id
                if session.is_trashed(sheet_id):
                    session.untrash([sheet_id])
                revision = session.save(sheet_id, document.sheet)
        except LibraryError as exc:
            QMessageBox.critical(
                window,
                _("Not saved"),
                _(
                    "{exc}.\n\nYour changes are still open here and kept in the "
                    "autosave; Save As… writes them to a file."
                ).format(exc=exc),
            )
            return False
        document.saved_in_library(sheet_id)
        self._needs.discard_autosave(document)
        window.statusBar().showMessage(
            _("Saved {display_name} in the library (revision {revision})").format(
                display_name=document.display_name(), revision=revision
            ),
            4000,
        )
        return True

    def add_current(self) -> bool:
        """Keep the current file's (or new) sheet in the library; the file is left as is."""
        from sheetapp.storage.library import LibraryError

        window = self._window
        form = self._sheets.current_form()
        session = self.session
        if form is None or session.library is None or form.document.library_id is not None:
            return False
        document = form.document
        source = document.path
        if not session.writable:
            QMessageBox.warning(window, _("Not added"), session.why_read_only())
            return False
        try:
            sheet_id = session.add(
                document.sheet,
                note=_("added from {name}").format(name=source.name) if source else _("new sheet"),
            )
        except LibraryError as exc:
            QMessageBox.warning(window, _("Not added"), str(exc))
            return False
        document.saved_in_library(sheet_id)
        self._needs.discard_autosave(document)
        kept = _("; {name} is left as it was").format(name=source.name) if source else ""
        window.statusBar().showMessage(
            _("Added {display_name} to the library{kept}").format(
                display_name=document.display_name(), kept=kept
            ),
            6000,
        )
        return True

    def open_sheets(self, ids: Sequence[int], characters: Mapping[int, int] | None = None) -> None:
        """Open library sheets in tabs (a sheet already open is brought forward);
        ``characters``: the character whose page to show, by sheet id (a roster row is a
        character)."""
        from sheetapp.storage.library import LibraryError
        from sheetapp.ui.document import SheetDocument

        library = self.session.library
        if library is None or not ids:
            return
        if len(ids) > MANY_TABS:
            answer = QMessageBox.question(
                self._window,
                _("Open many sheets?"),
                _("Open {count} sheets, each in its own tab?").format(count=number(len(ids))),
                QMessageBox.StandardButton.Open | QMessageBox.StandardButton.Cancel,
                QMessageBox.StandardButton.Cancel,
            )
            if answer != QMessageBox.StandardButton.Open:
                return
        sheets = self._sheets
        shown: SheetForm | None = None
        problems = []
        for sheet_id in ids:
            shown = sheets.library_form(sheet_id)
            if shown is not None:
                continue
            try:
                sheet = library.load(sheet_id)
            except LibraryError as exc:
                problems.append(str(exc))
                continue
            shown = sheets.add_document(SheetDocument(sheet, library_id=sheet_id))
        for sheet_id, character in (characters or {}).items():
            form = sheets.library_form(sheet_id)
            if form is not None and hasattr(form, "show_character"):
                form.show_character(character)  # the forms with a page per character
        if shown is not None:
            self._tabs.setCurrentWidget(shown)
        if problems:
            QMessageBox.warning(self._window, _("Cannot open sheet"), "\n".join(problems))

    def _ask_about_trashed(self, document: SheetDocument) -> str:
        """Save of a sheet someone moved to the trash: "restore", "new" or "cancel"."""
        answer = ask_three_ways(
            self._window,
            QMessageBox.Icon.Question,
            _("The sheet is in the trash"),
            _(
                "“{display_name}” was moved to the trash while its tab was "
                "open.\n\nBring it back from the trash and save your changes "
                "there, or keep your changes as a new sheet (the one in the "
                "trash stays there)?"
            ).format(display_name=document.display_name()),
            keep=_("Restore and Save"),
            drop=_("Save as New Sheet"),
        )
        return {"keep": "restore", "drop": "new"}.get(answer, "cancel")


@dataclass(frozen=True)
class LibraryNeeds:
    """What the library asks of the other areas, handed in by the window: Save As for a
    sheet the library cannot take, forgetting a saved sheet's autosave, the paper size PDFs
    are made for, and showing the Table dock."""

    save_as_file: Callable[[SheetDocument], bool]
    discard_autosave: Callable[[SheetDocument], None]
    paper: Callable[[], str]
    show_table: Callable[[], None]
