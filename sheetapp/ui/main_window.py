"""The main window: the library's roster and open sheets in tabs, the findings, dice and
table docks, files, the library and undo.

The window paints before any sheet is loaded (see ``opening_tabs``), so what it builds
before that paint imports only Qt and light modules: the sheet documents (pydantic), the
storage layer and the library (SQLite) are imported where they are first used, and the
library's session is opened on first use: by the roster, once the sheet in front has
painted, unless something needs it sooner. ``tests/ui/test_startup_shell.py`` keeps it so.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSignalBlocker, QSize, Qt, QTimer
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QKeySequence,
    QShowEvent,
    QUndoGroup,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QMainWindow,
    QMenu,
    QMessageBox,
    QTabWidget,
    QWidget,
)

from sheetapp.storage.output_path import check_output, same_file
from sheetapp.systems.registry import (
    MenuItem,
    default_system_id,
    get_system,
    modules,
    system_ids,
    systems_with_wizards,
    wizard_text,
)
from sheetapp.ui.campaign.install import CampaignUi
from sheetapp.ui.first_paint import after_first_paint
from sheetapp.ui.labels import literal
from sheetapp.ui.menu_actions import make_action
from sheetapp.ui.menu_shortcuts_first import MenuShortcutsFirst
from sheetapp.ui.opening_tabs import OpeningTabs
from sheetapp.ui.page_layout import scrolled
from sheetapp.ui.save_target import ask_save_path
from sheetapp.ui.settings import Settings
from sheetapp.ui.sheet_form import SheetForm
from sheetapp.ui.theme import apply_theme
from sheetapp.ui.window.autosave_area import AUTOSAVE_NOTICE_MS, AutosaveArea
from sheetapp.ui.window.docks import DockArea
from sheetapp.ui.window.help_area import HelpArea
from sheetapp.ui.window.menu_sections import MenuSections
from sheetapp.ui.window.print_area import PrintArea
from sheetapp.ui.window.questions import ask_three_ways
from sheetapp.ui.window.sheet_tabs import SheetTabs

if TYPE_CHECKING:
    from sheetapp.storage.library import Library
    from sheetapp.systems.plugin import NewOptions
    from sheetapp.ui.document import SheetDocument
    from sheetapp.ui.library.actions import LibraryActions
    from sheetapp.ui.library.open_sheets import OpenLibrarySheets
    from sheetapp.ui.library.roster_tab import LibraryTab
    from sheetapp.ui.library.session import LibrarySession
    from sheetapp.ui.library.table_panel import TablePanel

FILE_FILTER = "sheetapp sheets (*.json);;All files (*)"
DEFAULT_SIZE = (1280, 760)
FRAME_ALLOWANCE = (16, 40)  # a window manager's border and title bar, outside our geometry
MANY_TABS = 20  # opening more library sheets at once than this asks first


class MainWindow(QMainWindow):
    """``library``: an open library to show (tests, benchmarks); by default the window opens
    the one in the data folder and closes it with itself."""

    def __init__(self, settings: Settings | None = None, library: Library | None = None) -> None:
        super().__init__()
        self.settings = settings or Settings()
        self._library = library
        self._library_session: LibrarySession | None = None  # opened on first use
        self.open_library_sheets_follower: OpenLibrarySheets | None = None
        self.setWindowTitle("sheetapp")
        self.setAcceptDrops(True)
        self.resize(*DEFAULT_SIZE)
        self.undo_group = QUndoGroup(self)

        self.tabs = QTabWidget(self)
        self.tabs.setDocumentMode(True)
        self.tabs.setTabsClosable(True)
        self.tabs.setMovable(True)
        self.tabs.tabCloseRequested.connect(lambda i: self.close_tab(i))
        # The library is the app's home: its roster is the first tab and is never closed.
        # Until the roster is built (see _build_library_ui) the tab holds an empty page.
        self._library_tab: LibraryTab | None = None
        self._table_panel: TablePanel | None = None
        self._library_actions: LibraryActions | None = None
        self.tabs.addTab(QWidget(), "Library")
        self.tabs.tabBar().setTabButton(0, self.tabs.tabBar().ButtonPosition.RightSide, None)
        self.setCentralWidget(self.tabs)
        QApplication.instance().focusChanged.connect(self._focus_changed)  # type: ignore[union-attr]

        self._build_menus()
        self.sheets = SheetTabs(self, self.tabs, self.undo_group, self.sheet_menu, self._mark)
        self.sheets.form_removed.connect(lambda form: self.autosave.discard(form.document))
        self.sheets.touched.connect(self._update_library_actions)
        self.docks = DockArea(self, self.tabs, self.view_sections, self.current_form)
        self.sheets.form_added.connect(self.docks.form_added)
        self.print_area = PrintArea(
            self,
            self.settings,
            self.file_sections,
            self.current_form,
            self.documents,
            self.add_document,
            self.files_in_use,
        )
        self.printing = self.print_area.printing
        self.tabletop = self.print_area.tabletop
        self.findings_dock = self.docks.findings_dock
        self.dice_dock = self.docks.dice_dock
        self.table_dock = self.docks.table_dock
        self.finding_count = self.docks.finding_count
        self.campaign = CampaignUi(self)  # the Campaign menu; its views once a service is attached
        MenuShortcutsFirst(self)
        self.tabs.currentChanged.connect(self._current_changed)
        self._restore_geometry()
        self.autosave = AutosaveArea(
            self,
            self.settings,
            self.documents,
            self.add_document,
            lambda: session.library if (session := self._library_session) else None,
            lambda: self.library_session.library,
        )
        self._current_changed()
        self.opening = OpeningTabs(self.tabs, self)
        self.opening.finished.connect(self._build_library_ui_behind)
        if self.settings.start_with() == "last":
            self.reopen_last_sheets()
        # Coming back to the app is when files changed by other programs are noticed.
        QApplication.instance().applicationStateChanged.connect(self._application_state)  # type: ignore[union-attr]

    # --- the library's roster, actions and Table dock ----------------------------------------

    @property
    def library_session(self) -> LibrarySession:
        """The library in the data folder (or the one given), opened on first use: opening
        it imports the storage layer and reads the SQLite file, which the window's first
        paint does not wait for. The roster opens it (see ``_build_library_ui_behind``)."""
        if self._library_session is None:
            from sheetapp.ui.library.session import open_session, session_for

            given = self._library
            self._library_session = session_for(given) if given is not None else open_session()
            self._listen_to_library()
        return self._library_session

    def _mark(self, document: SheetDocument) -> str:
        follower = self.open_library_sheets_follower
        return follower.mark(document) if follower is not None else ""

    def _library_undo_stack(self) -> QUndoStack | None:
        """The library's undo stack, None while the library is not open yet (nothing to
        undo there then, and no reason to open it)."""
        session = self._library_session
        return session.undo_stack if session is not None else None

    def _build_library_ui_behind(self) -> None:
        """Once the sheets opening at start are in their tabs: the roster and the Table
        after the sheet in front has painted, so that sheet is ready for input first (the
        library's imports, queries and widgets cost about as much as the sheet's form)."""
        front = self.tabs.currentWidget()
        if front is None:
            self._build_library_ui()
            return
        after_first_paint(front, self._build_library_ui)
        front.update()

    def _build_library_ui(self) -> None:
        """The roster tab, its actions and the Table dock's panel.

        About a fifth of start-up went into these (imports, models and the library's first
        queries) while an opened sheet hid them, so they are built after the first paint, or
        at once when the roster is what is shown.
        """
        if self._library_tab is not None:
            return
        from sheetapp.ui.library.actions import LibraryActions
        from sheetapp.ui.library.roster_tab import LibraryTab
        from sheetapp.ui.library.services import WindowServices
        from sheetapp.ui.library.table_panel import TablePanel

        session = self.library_session
        session.watch()
        self._library_tab = LibraryTab(session, self)
        self._library_tab.new_requested.connect(self.new_character_wizard)
        notice = self.library_session.notice()
        if notice is not None:
            self._library_tab.banner.show_message(*notice)
        current = self.tabs.currentIndex()
        with QSignalBlocker(self.tabs):
            placeholder = self.tabs.widget(0)
            self.tabs.removeTab(0)
            placeholder.deleteLater()
            self.tabs.insertTab(0, self._library_tab, "Library")
            self.tabs.tabBar().setTabButton(0, self.tabs.tabBar().ButtonPosition.RightSide, None)
            self.tabs.setCurrentIndex(current)
        self._table_panel = TablePanel(self.library_session, self)
        self._table_panel.open_requested.connect(self.open_library_sheets)
        # In a scroll area, so the docks under the sheet can stay as low as the findings list
        # needs on a 1366x768 screen.
        self.table_dock.setWidget(scrolled(self._table_panel, frame=False))
        services = WindowServices(self, self.settings, self.files_in_use, self.printing.paper)
        actions = LibraryActions(session, self._library_tab, self._table_panel, services)
        actions.open_requested.connect(self.open_library_sheets)
        actions.status_message_requested.connect(
            lambda text: self.statusBar().showMessage(text, 8000)
        )
        actions.show_library_requested.connect(self.show_library)
        actions.show_table_requested.connect(self.show_table)
        self._library_actions = actions
        actions.fill_menu(self.library_menu)
        self._update_library_actions()

    def _listen_to_library(self) -> None:
        """The open tabs and Edit follow the library's changes and undo stack; the roster,
        the Table and the Library menu listen for themselves once built."""
        from sheetapp.ui.library.open_sheets import OpenLibrarySheets

        session = self.library_session
        session.setParent(self)
        self.open_library_sheets_follower = OpenLibrarySheets(
            session,
            self.documents,
            self._close_unmodified,
            self.sheets.touch_document,
            lambda text: self.statusBar().showMessage(text, AUTOSAVE_NOTICE_MS),
        )
        session.changed.connect(lambda _changes: self._update_library_actions())
        session.refused.connect(lambda title, text: QMessageBox.warning(self, title, text))
        self.undo_group.addStack(session.undo_stack)
        if self.current_form() is None:
            self.undo_group.setActiveStack(session.undo_stack)
        self._update_library_actions()
        for form in self.sheets.forms():  # a sheet opened before the library may be in its trash
            self.sheets.touch(form)

    def _focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        """Edit's Undo and Redo act on the library's steps while the roster or the Table
        has focus, on the current sheet's edits elsewhere."""
        if new is None or new.window() is not self:
            return
        on_library = any(
            place is not None and (new is place or place.isAncestorOf(new))
            for place in (self._library_tab, self.table_dock)
        )
        form = self.current_form()
        if on_library or form is None:
            self.undo_group.setActiveStack(self._library_undo_stack())
        else:
            self.undo_group.setActiveStack(form.document.undo_stack)

    @property
    def library_tab(self) -> LibraryTab:
        self._build_library_ui()
        assert self._library_tab is not None
        return self._library_tab

    @property
    def table_panel(self) -> TablePanel:
        self._build_library_ui()
        assert self._table_panel is not None
        return self._table_panel

    @property
    def library_actions(self) -> LibraryActions:
        self._build_library_ui()
        assert self._library_actions is not None
        return self._library_actions

    def _application_state(self, state: Qt.ApplicationState) -> None:
        if state == Qt.ApplicationState.ApplicationActive:
            QTimer.singleShot(0, self.check_disk_changes)  # after the activation settles
            QTimer.singleShot(0, self._check_library_outside_changes)

    def _check_library_outside_changes(self) -> None:
        if self._library_session is not None:  # a library not open yet is read fresh
            self._library_session.check_outside_changes()

    # --- menus --------------------------------------------------------------------------------

    def _action(
        self, text: str, slot: Callable[[], object], shortcut: object = None, tip: str = ""
    ) -> QAction:
        return make_action(self, text, slot, shortcut, tip)  # type: ignore[arg-type]

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        self.file_sections = MenuSections(
            file_menu, ("new", "open", "save", "print", "exchange", "close", "quit")
        )
        self.new_character_menu = QMenu("New &Character", self)
        self.file_sections.add("new", self.new_character_menu)
        self.new_character_actions: dict[str, QAction] = {}
        for system_id in systems_with_wizards():
            action = self._action(
                wizard_text(system_id),
                lambda s=system_id: self.new_character_wizard(s),
                tip=f"Make a new {modules(system_id).name} character step by step",
            )
            self.new_character_menu.addAction(action)
            self.new_character_actions[system_id] = action
        # Ctrl+N: the wizard of the registry's first system
        self.new_core_action = self.new_character_actions[default_system_id()]
        self.new_core_action.setShortcut(QKeySequence.StandardKey.New)
        self.new_blank_menu = QMenu("New &Blank Sheet", self)
        self.new_random_menu = QMenu("New &Random NPC", self)
        self.file_sections.add("new", self.new_blank_menu)
        self.file_sections.add("new", self.new_random_menu)
        for system_id in system_ids():
            name = modules(system_id).name
            self.new_blank_menu.addAction(
                self._action(
                    name,
                    lambda s=system_id: self.new_blank(s),
                    tip=f"An empty {name} sheet to fill in",
                )
            )
            self.new_random_menu.addAction(
                self._action(
                    name,
                    lambda s=system_id: self.new_random_npc(s),
                    tip=f"A {name} character rolled at random",
                )
            )
        self.file_sections.add(
            "open", self._action("&Open…", self.open_dialog, QKeySequence.StandardKey.Open)
        )
        self.recent_menu = QMenu("Open Rece&nt", self)
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        self.file_sections.add("open", self.recent_menu)
        self.save_action = self._action("&Save", self.save_current, QKeySequence.StandardKey.Save)
        self.save_as_action = self._action(
            "Save &As…", self.save_current_as, QKeySequence.StandardKey.SaveAs
        )
        self.add_to_library_action = self._action(
            "Add to &Library",
            self.add_current_to_library,
            tip="Keep this sheet in the library; Save then adds revisions there",
        )
        self.file_sections.add("save", self.save_action)
        self.file_sections.add("save", self.save_as_action)
        self.file_sections.add("save", self.add_to_library_action)
        self.file_sections.add(
            "close",
            self._action("Close Shee&t", lambda: self.close_tab(), QKeySequence.StandardKey.Close),
        )
        self.file_sections.add(
            "quit", self._action("&Quit", self.close, QKeySequence.StandardKey.Quit)
        )

        edit_menu = bar.addMenu("&Edit")
        undo = self.undo_group.createUndoAction(self, "&Undo")
        undo.setShortcut(QKeySequence.StandardKey.Undo)
        redo = self.undo_group.createRedoAction(self, "&Redo")
        redo.setShortcuts([QKeySequence(QKeySequence.StandardKey.Redo), QKeySequence("Ctrl+Y")])
        edit_menu.addAction(undo)
        edit_menu.addAction(redo)
        self.undo_action, self.redo_action = undo, redo
        edit_menu.addSeparator()
        self.preferences_action = self._action(
            "&Preferences…",
            self.show_preferences,
            tip="Theme, paper, autosave, new sheets' universe and what the window starts with",
        )
        # Ctrl+, where the platform names no Preferences key (Linux desktops, Windows).
        self.preferences_action.setShortcuts(
            QKeySequence.keyBindings(QKeySequence.StandardKey.Preferences)
            or [QKeySequence("Ctrl+,")]
        )
        self.preferences_action.setMenuRole(QAction.MenuRole.PreferencesRole)
        edit_menu.addAction(self.preferences_action)

        self.library_menu = bar.addMenu("&Library")

        self.sheet_menu = bar.addMenu("&Sheet")

        self.view_sections = MenuSections(bar.addMenu("&View"), ("docks", "systems"))
        for system_id in system_ids():
            for item in modules(system_id).view_menu:
                self.view_sections.add(
                    "systems",
                    self._action(item.text, lambda i=item: self.open_menu_item(i), tip=item.tip),
                )

        self.help_area = HelpArea(self, self._library_path)

    def show_preferences(self) -> None:
        from sheetapp.ui.preferences_dialog import PreferencesDialog

        dialog = PreferencesDialog(self.settings, self)
        try:
            if dialog.exec():
                self.apply_preferences()
        finally:
            dialog.deleteLater()

    def apply_preferences(self) -> None:
        """Make the settings Preferences wrote take effect at once."""
        apply_theme(QApplication.instance(), self.settings.theme())  # type: ignore[arg-type]
        self.print_area.preferences_applied()
        self.autosave.preferences_applied()

    def open_menu_item(self, item: MenuItem) -> None:
        """A system's own menu item (the registry names its module and opener)."""
        getattr(import_module(item.module), item.opener)(self)

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        recent = self.settings.recent_files()
        for path in recent:
            action = self.recent_menu.addAction(literal(str(path)))
            action.triggered.connect(lambda _c=False, p=path: self.open_path(p))
        if not recent:
            self.recent_menu.addAction("(none)").setEnabled(False)
        else:
            self.recent_menu.addSeparator()
            self.recent_menu.addAction("Clear List", self.settings.clear_recent)

    def _library_path(self) -> Path | None:
        library = self.library_session.library
        return library.path if library else None

    # --- documents ----------------------------------------------------------------------------

    def documents(self) -> list[SheetDocument]:
        return self.sheets.documents()

    def files_in_use(self, document: SheetDocument | None = None) -> list[Path]:
        """The files this window reads: every open sheet's file but ``document``'s own, and
        the library's. No writer of the app writes over one (the output policy,
        ``sheetapp.storage.output_path``)."""
        from sheetapp.storage.library.transfer import library_files

        paths = [d.path for d in self.documents() if d is not document and d.path is not None]
        library = self.library_session.library
        return paths + (library_files(library) if library is not None else [])

    def current_form(self) -> SheetForm | None:
        return self.sheets.current_form()

    def add_document(self, document: SheetDocument) -> SheetForm:
        return self.sheets.add_document(document)

    def new_character_wizard(self, system_id: str) -> None:
        """Open ``system_id``'s creation wizard; a finished sheet opens in a new tab."""
        from sheetapp.ui.document import SheetDocument

        factory = import_module(modules(system_id).wizard).create_wizard
        wizard = factory(self, self.settings)
        try:
            if wizard.exec():
                document = SheetDocument(wizard.result_sheet())
                document.undo_stack.resetClean()  # a new sheet counts as unsaved
                self.add_document(document)
        finally:
            wizard.deleteLater()

    def new_blank(self, system_id: str | None = None) -> None:
        """An empty sheet of ``system_id``, or of the preferred system."""
        from sheetapp.systems.plugin import NewOptions

        self._new_from_options(system_id, NewOptions())

    def new_random_npc(self, system_id: str | None = None) -> None:
        import secrets

        from sheetapp.systems.plugin import NewOptions

        self._new_from_options(
            system_id, NewOptions(random=True, npc=True, seed=secrets.randbelow(2**31))
        )

    def _new_from_options(self, system_id: str | None, options: NewOptions) -> None:
        from sheetapp.play.support import gm_support
        from sheetapp.ui.document import SheetDocument

        system_id = system_id or self.settings.default_system()
        universe = self.settings.default_universe()
        if universe in {u.id for u in gm_support(system_id).universes()}:
            options = replace(options, universe=universe)
        sheet = get_system(system_id).new(options)
        document = SheetDocument(sheet)
        document.undo_stack.resetClean()
        self.add_document(document)

    def open_dialog(self) -> None:
        names, _ = QFileDialog.getOpenFileNames(
            self, "Open sheets", str(self.settings.last_folder()), FILE_FILTER
        )
        if names:
            self.settings.set_last_folder(Path(names[0]).parent)
        for name in names:
            self.open_path(Path(name))

    def open_paths_after_paint(self, paths: Sequence[Path]) -> None:
        """Tabs for ``paths`` now, each saying it is opening; the sheets load once the window
        has painted (see ``OpeningTabs``)."""
        for path in paths:
            self.opening.add(path.stem, lambda p=path: self.open_path(p))

    def open_path(self, path: Path) -> SheetForm | None:
        from sheetapp.storage.document import DocumentError, load
        from sheetapp.ui.document import SheetDocument

        path = Path(path)
        for form in self.sheets.forms():
            if form.document.path and same_file(form.document.path, path):
                self.tabs.setCurrentWidget(form)
                return form
        try:
            sheet = load(path)
        except DocumentError as exc:
            QMessageBox.warning(self, "Cannot open sheet", str(exc))
            return None
        self.settings.add_recent(path)
        return self.add_document(SheetDocument(sheet, path))

    def save_current(self) -> bool:
        form = self.current_form()
        return self.save_document(form.document) if form else False

    def save_current_as(self) -> bool:
        form = self.current_form()
        return self.save_document(form.document, ask=True) if form else False

    def save_document(self, document: SheetDocument, *, ask: bool = False) -> bool:
        """Save: a library sheet adds a revision, a new sheet goes into the library (a file
        when there is no writable library), a file's sheet is written to its file. Save As
        always writes a file; for a library sheet that file is a copy to share."""
        from sheetapp.storage.library.transfer import SHEET_SUFFIX

        target = document.path
        if (
            not ask
            and target is None
            and (document.library_id is not None or self.library_session.writable)
        ):
            return self.save_to_library(document)
        if ask or target is None:
            folder = self.settings.last_folder()
            suggested = target or folder / f"{document.display_name()}{SHEET_SUFFIX}"
            target = ask_save_path(
                self, "Save sheet", suggested, FILE_FILTER, ending=".json", suffix=SHEET_SUFFIX
            )
            if target is None:
                return False
            self.settings.set_last_folder(target.parent)
            if document.library_id is not None:
                return self._save_copy(document, target)
        elif document.changed_on_disk() and target.exists():
            choice = self._ask_overwrite(document)
            if choice == "cancel":
                return False
            if choice == "save_as":
                return self.save_document(document, ask=True)
        try:
            check_output(target, inputs=self.files_in_use(document), replace=True)
            document.save(target)
        except OSError as exc:
            QMessageBox.critical(
                self,
                "Not saved",
                f"{target} could not be written: {exc.strerror or exc}.\n\nYour changes are "
                "still open here and kept in the autosave; try another place.",
            )
            return False
        self.autosave.discard(document)
        self.settings.add_recent(target)
        self.statusBar().showMessage(f"Saved {target}", 4000)
        return True

    def _save_copy(self, document: SheetDocument, target: Path) -> bool:
        """A library sheet written to a file to share; the tab stays the library's."""
        from sheetapp.storage.document import save as save_file

        try:
            check_output(target, inputs=self.files_in_use(document), replace=True)
            save_file(target, document.sheet)
        except OSError as exc:
            QMessageBox.critical(
                self, "Not saved", f"{target} could not be written: {exc.strerror or exc}."
            )
            return False
        self.statusBar().showMessage(
            f"Wrote a copy to {target}; the sheet itself stays in the library", 6000
        )
        return True

    # --- the library ----------------------------------------------------------------------------

    def save_to_library(self, document: SheetDocument) -> bool:
        """Store the document as a new revision of its library sheet (or as a new sheet)."""
        from sheetapp.storage.library import LibraryError

        if document.read_only:
            self.statusBar().showMessage(f"Not saved: {document.read_only}", 6000)
            return False

        library = self.library_session.library
        if library is None or not self.library_session.writable:
            answer = QMessageBox.question(
                self,
                "The library cannot be changed",
                f"{self.library_session.why_read_only()}\n\nSave “{document.display_name()}” "
                "as a file instead?",
                QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Cancel,
                QMessageBox.StandardButton.Save,
            )
            if answer != QMessageBox.StandardButton.Save:
                return False
            return self.save_document(document, ask=True)
        session = self.library_session
        if document.library_id is not None and session.is_trashed(document.library_id):
            choice = self._ask_about_trashed(document)
            if choice == "cancel":
                return False
            if choice == "new":
                document.detach_from_library()
        try:
            if document.library_id is None:
                sheet_id, revision = session.add(document.sheet, note="new sheet"), 1
            else:
                sheet_id = document.library_id
                if session.is_trashed(sheet_id):
                    session.untrash([sheet_id])
                revision = session.save(sheet_id, document.sheet)
        except LibraryError as exc:
            QMessageBox.critical(
                self,
                "Not saved",
                f"{exc}.\n\nYour changes are still open here and kept in the autosave; "
                "Save As… writes them to a file.",
            )
            return False
        document.saved_in_library(sheet_id)
        self.autosave.discard(document)
        self.statusBar().showMessage(
            f"Saved {document.display_name()} in the library (revision {revision})", 4000
        )
        return True

    def add_current_to_library(self) -> bool:
        """Keep the current file's (or new) sheet in the library; the file is left as is."""
        from sheetapp.storage.library import LibraryError

        form = self.current_form()
        library = self.library_session.library
        if form is None or library is None or form.document.library_id is not None:
            return False
        document = form.document
        source = document.path
        if not self.library_session.writable:
            QMessageBox.warning(self, "Not added", self.library_session.why_read_only())
            return False
        try:
            sheet_id = self.library_session.add(
                document.sheet, note=f"added from {source.name}" if source else "new sheet"
            )
        except LibraryError as exc:
            QMessageBox.warning(self, "Not added", str(exc))
            return False
        document.saved_in_library(sheet_id)
        self.autosave.discard(document)
        kept = f"; {source.name} is left as it was" if source else ""
        self.statusBar().showMessage(f"Added {document.display_name()} to the library{kept}", 6000)
        return True

    def open_library_sheets(
        self, ids: Sequence[int], characters: Mapping[int, int] | None = None
    ) -> None:
        """Open library sheets in tabs (a sheet already open is brought forward);
        ``characters``: the character whose page to show, by sheet id (a roster row is a
        character)."""
        from sheetapp.storage.library import LibraryError
        from sheetapp.ui.document import SheetDocument

        library = self.library_session.library
        if library is None or not ids:
            return
        if len(ids) > MANY_TABS:
            answer = QMessageBox.question(
                self,
                "Open many sheets?",
                f"Open {len(ids):,} sheets, each in its own tab?",
                QMessageBox.StandardButton.Open | QMessageBox.StandardButton.Cancel,
                QMessageBox.StandardButton.Cancel,
            )
            if answer != QMessageBox.StandardButton.Open:
                return
        shown: SheetForm | None = None
        problems = []
        for sheet_id in ids:
            shown = self.sheets.library_form(sheet_id)
            if shown is not None:
                continue
            try:
                sheet = library.load(sheet_id)
            except LibraryError as exc:
                problems.append(str(exc))
                continue
            shown = self.add_document(SheetDocument(sheet, library_id=sheet_id))
        for sheet_id, character in (characters or {}).items():
            form = self.sheets.library_form(sheet_id)
            if form is not None and hasattr(form, "show_character"):
                form.show_character(character)  # the forms with a page per character
        if shown is not None:
            self.tabs.setCurrentWidget(shown)
        if problems:
            QMessageBox.warning(self, "Cannot open sheet", "\n".join(problems))

    def show_library(self) -> None:
        self.tabs.setCurrentWidget(self.library_tab)

    def show_table(self) -> None:
        self.docks.show_table()

    def _ask_about_trashed(self, document: SheetDocument) -> str:
        """Save of a sheet someone moved to the trash: "restore", "new" or "cancel"."""
        answer = ask_three_ways(
            self,
            QMessageBox.Icon.Question,
            "The sheet is in the trash",
            f"“{document.display_name()}” was moved to the trash while its tab was open.\n\n"
            "Bring it back from the trash and save your changes there, or keep your changes "
            "as a new sheet (the one in the trash stays there)?",
            keep="Restore and Save",
            drop="Save as New Sheet",
        )
        return {"keep": "restore", "drop": "new"}.get(answer, "cancel")

    def _ask_overwrite(self, document: SheetDocument) -> str:
        answer = ask_three_ways(
            self,
            QMessageBox.Icon.Warning,
            "File changed on disk",
            f"Another program changed “{document.display_name()}” after you opened it.\n\n"
            "Overwrite it with the version shown here, or save yours under another name "
            "and keep both?",
            keep="Save As…",
            drop="Overwrite",
        )
        return {"keep": "save_as", "drop": "overwrite"}.get(answer, "cancel")

    def check_disk_changes(self) -> None:
        """Notice files other programs changed while we were away. Unmodified sheets follow
        the file (undoably); for modified ones the user chooses."""
        for document in self.documents():
            if not document.unseen_disk_change():
                continue
            name = document.display_name()
            if document.path is not None and not document.path.exists():
                document.ignore_disk_change()
                self.statusBar().showMessage(
                    f"{name} was moved or deleted by another program; Save writes it again.",
                    8000,
                )
                continue
            if document.is_modified:
                answer = QMessageBox.question(
                    self,
                    "File changed on disk",
                    f"Another program changed “{name}”, and you have unsaved changes here."
                    "\n\nReload the file and drop your changes, or keep your version?",
                    QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                    QMessageBox.StandardButton.No,
                )
                if answer != QMessageBox.StandardButton.Yes:
                    document.ignore_disk_change()
                    continue
            from sheetapp.storage.document import DocumentError  # loaded with the sheet

            try:
                document.reload()
            except DocumentError as exc:
                document.ignore_disk_change()
                QMessageBox.warning(self, "Cannot reload", f"{exc}\n\nYour version stays open.")
                continue
            self.statusBar().showMessage(f"Reloaded {name}, changed by another program", 6000)

    def close_tab(self, index: int | None = None) -> bool:
        index = self.tabs.currentIndex() if index is None else index
        form = self.tabs.widget(index)
        if self.opening.cancel(form):
            return True
        if not isinstance(form, SheetForm):
            return True
        if not self._may_discard(form.document):
            return False
        self.sheets.remove(form)
        return True

    def _close_unmodified(self, document: SheetDocument) -> None:
        """Its sheet left the library (the trash) with nothing unsaved: nothing to ask."""
        form = self.sheets.form_of(document)
        if form is not None and not document.is_modified:
            self.sheets.remove(form)

    def _may_discard(self, document: SheetDocument) -> bool:
        if not document.is_modified:
            return True
        answer = QMessageBox.question(
            self,
            "Save changes?",
            f"“{document.display_name()}” has changes that are not saved.",
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save,
        )
        if answer == QMessageBox.StandardButton.Save:
            return self.save_document(document)
        return answer == QMessageBox.StandardButton.Discard

    def _may_quit(self) -> bool:
        """One question for all unsaved sheets (one per sheet when only one is unsaved)."""
        unsaved = [form for form in self.sheets.forms() if form.document.is_modified]
        if len(unsaved) == 1:
            self.tabs.setCurrentWidget(unsaved[0])
            return self._may_discard(unsaved[0].document)
        if not unsaved:
            return True
        names = "\n".join(f"• {form.document.display_name()}" for form in unsaved)
        answer = ask_three_ways(
            self,
            QMessageBox.Icon.Question,
            "Save changes?",
            f"{len(unsaved)} sheets have changes that are not saved:\n\n{names}",
            keep="Save All",
            drop="Discard All",
        )
        if answer != "keep":
            return answer == "drop"
        for form in unsaved:
            self.tabs.setCurrentWidget(form)
            if not self.save_document(form.document):
                return False  # the sheet that could not be saved stays in front
        return True

    def reopen_last_sheets(self) -> None:
        """The sheets open at the last quit, the last of them in front. A file since moved,
        damaged or replaced, or a library sheet since deleted, is not reopened and said in
        the status bar (the first reason, and how many), never asked about at start. Each
        sheet loads after the window's first paint (the imports with it)."""
        files, library_ids = self.settings.open_sheets()
        problems: list[str] = []

        def from_file(path: Path) -> SheetForm | None:
            from sheetapp.storage.document import DocumentError, load
            from sheetapp.ui.document import SheetDocument

            try:
                return self.add_document(SheetDocument(load(path), path))
            except DocumentError as exc:
                problems.append(str(exc))
                return None

        def from_library(sheet_id: int) -> SheetForm | None:
            from sheetapp.storage.library import LibraryError
            from sheetapp.ui.document import SheetDocument

            library = self.library_session.library
            try:
                if library is None:
                    raise LibraryError(f"library sheet {sheet_id}: no library is open")
                sheet = library.load(sheet_id)
            except LibraryError as exc:
                problems.append(str(exc))
                return None
            return self.add_document(SheetDocument(sheet, library_id=sheet_id))

        def tell() -> None:
            self.opening.finished.disconnect(tell)
            if problems:
                more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
                self.statusBar().showMessage(
                    f"Not reopened: {problems[0]}{more}", AUTOSAVE_NOTICE_MS
                )

        for path in files:
            self.opening.add(path.stem, lambda p=path: from_file(p))
        for sheet_id in library_ids:
            self.opening.add(self._library_name(sheet_id), lambda i=sheet_id: from_library(i))
        if files or library_ids:
            self.opening.finished.connect(tell)

    def _library_name(self, sheet_id: int) -> str:
        """The roster's name of a library sheet, cheap enough to show before it loads."""
        from sheetapp.storage.library import LibraryError

        library = self.library_session.library
        try:
            return library.row(sheet_id).name if library is not None else f"sheet {sheet_id}"
        except LibraryError:
            return f"sheet {sheet_id}"

    def autosave_all(self) -> None:
        self.autosave.autosave_all()

    def offer_recovery(self) -> None:
        self.autosave.offer_recovery()

    # --- window state -------------------------------------------------------------------------

    def _current_changed(self) -> None:
        if self.isVisible() and self.tabs.currentIndex() == 0:
            self._build_library_ui()
        form = self.current_form()
        self.docks.follow(form)
        self.undo_group.setActiveStack(
            form.document.undo_stack if form is not None else self._library_undo_stack()
        )
        self.sheets.follow(form)
        for action in (self.save_action, self.save_as_action):
            action.setEnabled(form is not None)
        self.print_area.follow(form)
        self._update_library_actions()

    def _update_library_actions(self) -> None:
        form = self.current_form()
        addable = form is not None and form.document.library_id is None
        session = self._library_session
        if session is None:  # told when the library opens, just after the first paint
            self.add_to_library_action.setEnabled(addable)
            return
        self.add_to_library_action.setEnabled(addable and session.writable)
        reason = session.why_read_only()
        self.add_to_library_action.setToolTip(
            reason if addable and reason else self.add_to_library_action.statusTip()
        )
        if self._library_actions is not None:  # built with the roster, then kept up to date
            self._library_actions.set_focus(
                form is None, form.document.library_id if form is not None else None
            )

    def _restore_geometry(self) -> None:
        geometry = self.settings.geometry()
        if geometry is not None:
            self.restoreGeometry(geometry)
        screen = self.screen()
        if screen is not None:  # a remembered or default size never exceeds the screen
            self.resize(fitted_size(self.size(), screen.availableGeometry().size()))
        state = self.settings.window_state()
        if state is not None:
            self.restoreState(state)

    # --- Qt events ----------------------------------------------------------------------------

    def showEvent(self, event: QShowEvent) -> None:
        if self.tabs.currentIndex() == 0:  # the roster is the first thing seen
            self._build_library_ui()
        super().showEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self._may_quit():
            event.ignore()
            return
        for document in self.documents():
            self.autosave.discard(document)
        documents = self.documents()
        self.settings.set_open_sheets(
            [d.path for d in documents if d.path is not None and d.library_id is None],
            [d.library_id for d in documents if d.library_id is not None],
        )
        self.settings.set_geometry(self.saveGeometry())
        self.settings.set_window_state(self.saveState())
        self.settings.sync()
        self.campaign.close()
        if self._library_session is not None:
            self._library_session.close()
        event.accept()

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if any(url.isLocalFile() for url in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        for url in event.mimeData().urls():
            if url.isLocalFile():
                self.open_path(Path(url.toLocalFile()))
        event.acceptProposedAction()


def fitted_size(wanted: QSize, available: QSize) -> QSize:
    """The window's size on a screen with ``available`` room (the desktop's panels already
    left out), leaving room for the window manager's frame."""
    return QSize(
        min(wanted.width(), available.width() - FRAME_ALLOWANCE[0]),
        min(wanted.height(), available.height() - FRAME_ALLOWANCE[1]),
    )
