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
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QKeySequence,
    QShowEvent,
    QUndoGroup,
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
    modules,
    system_ids,
)
from sheetapp.ui.campaign.install import CampaignUi
from sheetapp.ui.labels import literal
from sheetapp.ui.menu_actions import make_action
from sheetapp.ui.menu_shortcuts_first import MenuShortcutsFirst
from sheetapp.ui.opening_tabs import OpeningTabs
from sheetapp.ui.save_target import ask_save_path
from sheetapp.ui.settings import Settings
from sheetapp.ui.sheet_form import SheetForm
from sheetapp.ui.theme import apply_theme
from sheetapp.ui.window.autosave_area import AUTOSAVE_NOTICE_MS, AutosaveArea
from sheetapp.ui.window.docks import DockArea
from sheetapp.ui.window.help_area import HelpArea
from sheetapp.ui.window.library_area import LibraryArea, LibraryNeeds
from sheetapp.ui.window.menu_sections import MenuSections
from sheetapp.ui.window.new_sheets import NewSheets
from sheetapp.ui.window.print_area import PrintArea
from sheetapp.ui.window.questions import ask_three_ways
from sheetapp.ui.window.sheet_tabs import SheetTabs

if TYPE_CHECKING:
    from sheetapp.storage.library import Library
    from sheetapp.ui.document import SheetDocument
    from sheetapp.ui.library.actions import LibraryActions
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
        self.setWindowTitle("sheetapp")
        self.setAcceptDrops(True)
        self.resize(*DEFAULT_SIZE)
        self.undo_group = QUndoGroup(self)

        self.tabs = QTabWidget(self)
        self.tabs.setDocumentMode(True)
        self.tabs.setTabsClosable(True)
        self.tabs.setMovable(True)
        self.tabs.tabCloseRequested.connect(lambda i: self.close_tab(i))
        self.setCentralWidget(self.tabs)
        QApplication.instance().focusChanged.connect(self._focus_changed)  # type: ignore[union-attr]

        self._build_menus()
        self.sheets = SheetTabs(
            self, self.tabs, self.undo_group, self.sheet_menu, lambda d: self.library_area.mark(d)
        )
        self.sheets.form_removed.connect(lambda form: self.autosave.discard(form.document))
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
        self.library_area = LibraryArea(
            self,
            self.settings,
            library,
            self.sheets,
            self.tabs,
            self.undo_group,
            self.file_sections,
            self.library_menu,
            self.docks.table_dock,
            LibraryNeeds(
                lambda document: self.save_document(document, ask=True),
                lambda document: self.autosave.discard(document),
                self.printing.paper,
                self.docks.show_table,
            ),
        )
        self.library_area.new_character_requested.connect(self.new_character_wizard)
        self.add_to_library_action = self.library_area.add_action
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
            lambda: session.library if (session := self.library_area.open_session()) else None,
            lambda: self.library_session.library,
        )
        self._current_changed()
        self.opening = OpeningTabs(self.tabs, self)
        self.opening.finished.connect(self.library_area.build_behind)
        if self.settings.start_with() == "last":
            self.reopen_last_sheets()
        # Coming back to the app is when files changed by other programs are noticed.
        QApplication.instance().applicationStateChanged.connect(self._application_state)  # type: ignore[union-attr]

    # --- the library ------------------------------------------------------------------------

    @property
    def library_session(self) -> LibrarySession:
        return self.library_area.session

    @property
    def library_tab(self) -> LibraryTab:
        return self.library_area.tab

    @property
    def table_panel(self) -> TablePanel:
        return self.library_area.table_panel

    @property
    def library_actions(self) -> LibraryActions:
        return self.library_area.actions

    def save_to_library(self, document: SheetDocument) -> bool:
        return self.library_area.save(document)

    def open_library_sheets(
        self, ids: Sequence[int], characters: Mapping[int, int] | None = None
    ) -> None:
        self.library_area.open_sheets(ids, characters)

    def show_library(self) -> None:
        self.library_area.show_roster()

    def show_table(self) -> None:
        self.docks.show_table()

    def _focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        """Edit's Undo and Redo act on the library's steps while the roster or the Table
        has focus, on the current sheet's edits elsewhere."""
        if new is None or new.window() is not self:
            return
        form = self.current_form()
        if self.library_area.holds(new) or form is None:
            self.undo_group.setActiveStack(self.library_area.undo_stack())
        else:
            self.undo_group.setActiveStack(form.document.undo_stack)

    def _application_state(self, state: Qt.ApplicationState) -> None:
        if state == Qt.ApplicationState.ApplicationActive:
            QTimer.singleShot(0, self.check_disk_changes)  # after the activation settles
            QTimer.singleShot(0, self.library_area.check_outside_changes)

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
        self.new_sheets = NewSheets(self, self.settings, self.file_sections, self.add_document)
        self.new_character_menu = self.new_sheets.character_menu
        self.new_core_action = self.new_sheets.core_action
        self.new_blank_menu = self.new_sheets.blank_menu
        self.new_random_menu = self.new_sheets.random_menu
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
        self.file_sections.add("save", self.save_action)
        self.file_sections.add("save", self.save_as_action)
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
        return self.library_area.files_in_use(document)

    def current_form(self) -> SheetForm | None:
        return self.sheets.current_form()

    def add_document(self, document: SheetDocument) -> SheetForm:
        return self.sheets.add_document(document)

    def new_character_wizard(self, system_id: str) -> None:
        self.new_sheets.character_wizard(system_id)

    def new_blank(self, system_id: str | None = None) -> None:
        self.new_sheets.blank(system_id)

    def new_random_npc(self, system_id: str | None = None) -> None:
        self.new_sheets.random_npc(system_id)

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
            return self.library_area.save(document)
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
            self.opening.add(
                self.library_area.sheet_name(sheet_id), lambda i=sheet_id: from_library(i)
            )
        if files or library_ids:
            self.opening.finished.connect(tell)

    def autosave_all(self) -> None:
        self.autosave.autosave_all()

    def offer_recovery(self) -> None:
        self.autosave.offer_recovery()

    # --- window state -------------------------------------------------------------------------

    def _current_changed(self) -> None:
        form = self.current_form()
        self.library_area.follow(form)
        self.docks.follow(form)
        self.undo_group.setActiveStack(
            form.document.undo_stack if form is not None else self.library_area.undo_stack()
        )
        self.sheets.follow(form)
        for action in (self.save_action, self.save_as_action):
            action.setEnabled(form is not None)
        self.print_area.follow(form)

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
            self.library_area.build()
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
        self.library_area.close()
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
