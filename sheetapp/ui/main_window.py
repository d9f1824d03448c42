"""The main window: a frame of tabs, menus, docks and a status bar, into which each area
installs its own actions and widgets (``sheetapp.ui.window``): the sheet tabs, new sheets,
files, autosave, the library, the docks, printing, help and the campaign. The areas talk
through signals and the callables the frame hands them, never by reaching into each other;
the frame keeps the names the app, the campaign and tests call.

The window paints before any sheet is loaded (see ``opening_tabs``), so what it builds
before that paint imports only Qt and light modules: the sheet documents (pydantic), the
storage layer and the library (SQLite) are imported where they are first used, and the
library's session is opened on first use: by the roster, once the sheet in front has
painted, unless something needs it sooner. ``tests/ui/test_startup_shell.py`` keeps it so.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtGui import QCloseEvent, QDragEnterEvent, QDropEvent, QShowEvent, QUndoGroup
from PySide6.QtWidgets import QApplication, QDockWidget, QMainWindow, QTabWidget, QWidget

from sheetapp.i18n import _
from sheetapp.systems.registry import MenuItem, modules, system_ids
from sheetapp.ui.campaign.install import CampaignUi
from sheetapp.ui.menu_actions import make_action
from sheetapp.ui.menu_shortcuts_first import MenuShortcutsFirst
from sheetapp.ui.settings import Settings
from sheetapp.ui.sheet_form import SheetForm
from sheetapp.ui.window import dock_sides
from sheetapp.ui.window.autosave_area import AutosaveArea
from sheetapp.ui.window.docks import DockArea
from sheetapp.ui.window.edit_area import EditArea
from sheetapp.ui.window.file_actions import FileArea, FileNeeds
from sheetapp.ui.window.help_area import HelpArea
from sheetapp.ui.window.library_area import LibraryArea, LibraryNeeds
from sheetapp.ui.window.menu_sections import MenuSections
from sheetapp.ui.window.new_sheets import NewSheets
from sheetapp.ui.window.print_area import PrintArea
from sheetapp.ui.window.sheet_tabs import SheetTabs

if TYPE_CHECKING:
    from sheetapp.storage.library import Library
    from sheetapp.ui.document import SheetDocument
    from sheetapp.ui.library.actions import LibraryActions
    from sheetapp.ui.library.roster_tab import LibraryTab
    from sheetapp.ui.library.session import LibrarySession
    from sheetapp.ui.library.table_panel import TablePanel

DEFAULT_SIZE = (1280, 760)
FRAME_ALLOWANCE = (16, 40)  # a window manager's border and title bar, outside our geometry


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
        self.files = FileArea(
            self,
            self.settings,
            self.sheets,
            self.tabs,
            self.file_sections,
            FileNeeds(
                lambda document: self.library_area.save(document),
                lambda: self.library_session.writable,
                self.files_in_use,
                lambda sheet_id: self.library_area.sheet_name(sheet_id),
                lambda: self.library_session.library,
                lambda document: self.autosave.discard(document),
                self.new_sheets.untouched,
            ),
        )
        self.opening = self.files.opening
        self.recent_menu = self.files.recent_menu
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
        self.edit.preferences_applied.connect(self.print_area.preferences_applied)
        self.edit.preferences_applied.connect(self.autosave.preferences_applied)
        self._current_changed()
        self.opening.finished.connect(self.library_area.build_behind)
        self.opening.finished.connect(self._install_keys, Qt.ConnectionType.SingleShotConnection)
        if self.settings.start_with() == "last":
            self.files.reopen_last_sheets()
        # Coming back to the app is when files changed by other programs are noticed.
        QApplication.instance().applicationStateChanged.connect(self._application_state)  # type: ignore[union-attr]

    # --- what the app, the campaign and tests call: each answered by its area -------------

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

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu(_("&File"))
        self.file_sections = MenuSections(
            file_menu, ("new", "open", "save", "print", "exchange", "close", "quit")
        )
        self.new_sheets = NewSheets(self, self.settings, self.file_sections, self.add_document)
        self.new_character_menu = self.new_sheets.character_menu
        self.new_core_action = self.new_sheets.core_action
        self.new_blank_menu = self.new_sheets.blank_menu
        self.new_random_menu = self.new_sheets.random_menu
        self.edit = EditArea(self, self.settings, self.undo_group)
        self.undo_action, self.redo_action = self.edit.undo_action, self.edit.redo_action
        self.preferences_action = self.edit.preferences_action
        self.library_menu = bar.addMenu(_("&Library"))

        self.sheet_menu = bar.addMenu(_("&Sheet"))

        self.view_sections = MenuSections(bar.addMenu(_("&View")), ("docks", "systems"))
        for system_id in system_ids():
            for item in modules(system_id).view_menu:
                self.view_sections.add(
                    "systems",
                    make_action(
                        self, _(item.text), lambda i=item: self.open_menu_item(i), tip=_(item.tip)
                    ),
                )

        self.help_area = HelpArea(self, self._library_path)

    def _install_keys(self) -> None:
        """Ctrl+Tab and Ctrl+Page Down between the tabs (``sheet_keys``) and the zoom keys
        (``zoom``): once the sheets have opened, as nothing before needs them."""
        from sheetapp.ui.window.sheet_keys import SheetKeys
        from sheetapp.ui.window.zoom_keys import ZoomKeys

        self.sheet_keys = SheetKeys(self, self.tabs, self.view_sections)
        self.zoom_keys = ZoomKeys(self, self.settings, self.view_sections)

    def open_menu_item(self, item: MenuItem) -> None:
        """A system's own menu item (the registry names its module and opener)."""
        getattr(import_module(item.module), item.opener)(self)

    def _library_path(self) -> Path | None:
        library = self.library_session.library
        return library.path if library else None

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

    def open_path(self, path: Path) -> SheetForm | None:
        return self.files.open_path(path)

    def open_paths_after_paint(self, paths: Sequence[Path]) -> None:
        self.files.open_paths_after_paint(paths)

    def save_current(self) -> bool:
        return self.files.save_current()

    def save_current_as(self) -> bool:
        return self.files.save_current_as()

    def save_document(self, document: SheetDocument, *, ask: bool = False) -> bool:
        return self.files.save_document(document, ask=ask)

    def close_tab(self, index: int | None = None) -> bool:
        return self.files.close_tab(index)

    def check_disk_changes(self) -> None:
        self.files.check_disk_changes()

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
        self.files.follow(form)
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
            if self.settings.window_state_right_to_left() != self.isRightToLeft():
                dock_sides.mirror(self)  # saved in the other direction

    def addDockWidget(self, area: Qt.DockWidgetArea, dock: QDockWidget, *orientation) -> None:  # type: ignore[override]
        """``area`` as an English reader names it (the Dice on the right): mirrored in a
        right-to-left window, which Qt does not do for docks."""
        super().addDockWidget(
            dock_sides.on_screen(area, self.layoutDirection()), dock, *orientation
        )

    # --- Qt events ----------------------------------------------------------------------------

    def showEvent(self, event: QShowEvent) -> None:
        if self.tabs.currentIndex() == 0:  # the roster is the first thing seen
            self.library_area.build()
        super().showEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.campaign.may_quit() or not self.files.may_quit():
            event.ignore()
            return
        for document in self.documents():
            self.autosave.discard(document)
        self.files.remember_open_sheets()
        self.settings.set_geometry(self.saveGeometry())
        self.settings.set_window_state(self.saveState(), right_to_left=self.isRightToLeft())
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
                self.files.open_path(Path(url.toLocalFile()))
        event.acceptProposedAction()


def fitted_size(wanted: QSize, available: QSize) -> QSize:
    """The window's size on a screen with ``available`` room (the desktop's panels already
    left out), leaving room for the window manager's frame."""
    return QSize(
        min(wanted.width(), available.width() - FRAME_ALLOWANCE[0]),
        min(wanted.height(), available.height() - FRAME_ALLOWANCE[1]),
    )
