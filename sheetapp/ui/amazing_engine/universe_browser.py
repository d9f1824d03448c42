"""The universe browser: every installed universe's trees, professions, settings and species,
the problems of every pack, and a Reload button for a game master editing a pack.

The browser only shows the catalogue; Reload asks the catalogue to read the packs folder
again and then has every open sheet checked again, so a pack edited in a text editor shows
its effect at once.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, Qt, QUrl, Signal
from PySide6.QtGui import QDesktopServices, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from sheetapp.file_reasons import os_reason
from sheetapp.findings import Severity
from sheetapp.i18n import _
from sheetapp.systems.amazing_engine.catalog import (
    Catalogue,
    CatalogueEntry,
    catalogue,
    reload_catalogue,
    user_pack_folder,
)
from sheetapp.systems.amazing_engine.pack_files import export_pack, import_pack
from sheetapp.systems.amazing_engine.packs import PackProblem
from sheetapp.ui.amazing_engine.universe_pages import UniverseDetail, plural
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.help_topic import add_help_key, set_help_topic
from sheetapp.ui.theme import tone

if TYPE_CHECKING:  # the editor loads when first opened
    from sheetapp.ui.universe_editor.window import UniverseEditor

KeyRole = Qt.ItemDataRole.UserRole + 1
ToneRole = Qt.ItemDataRole.UserRole + 2  # the tone an item's text is coloured in
_TONES = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "info"}


class UniverseBrowser(QDialog):
    """A window onto the catalogue; ``catalogue_reloaded`` follows each Reload."""

    catalogue_reloaded = Signal()
    universe_replaced = Signal(object, object)  # an editor's save: before and after

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("universe_browser")
        set_help_topic(self, "universe-packs")
        add_help_key(self)
        self.setWindowTitle(_("Universes"))
        self.resize(1100, 660)
        self._catalogue: Catalogue = catalogue()

        self.list = QListWidget(objectName="universe_list")
        self.list.setMinimumWidth(200)
        self.list.currentItemChanged.connect(lambda *_unused: self._show_current())

        self.detail = UniverseDetail()

        top = QSplitter(Qt.Orientation.Horizontal)
        top.addWidget(self.list)
        top.addWidget(self.detail)
        top.setStretchFactor(1, 1)
        top.setSizes([230, 870])

        self.problems = QListWidget(objectName="pack_problems")
        self.problems.setWordWrap(True)
        self.problems.setToolTip(_("Double-click a problem to open its pack in your editor."))
        self.problems.itemActivated.connect(self._open_problem)
        problems_box = QWidget()
        problems_layout = QVBoxLayout(problems_box)
        problems_layout.setContentsMargins(0, 0, 0, 0)
        self.problems_label = QLabel(objectName="problems_label")
        problems_layout.addWidget(self.problems_label)
        problems_layout.addWidget(self.problems)

        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(top)
        split.addWidget(problems_box)
        split.setStretchFactor(0, 1)
        split.setSizes([500, 130])

        self.reload_button = QPushButton(_("&Reload"), objectName="reload")
        self.reload_button.setToolTip(
            _("Read the packs folder again and check every open sheet against the new packs (F5).")
        )
        self.reload_button.clicked.connect(self.reload)
        QShortcut(QKeySequence(QKeySequence.StandardKey.Refresh), self, self.reload)
        self.open_folder = QPushButton(_("Open Packs &Folder"), objectName="open_folder")
        self.open_folder.clicked.connect(self._open_folder)
        self.open_pack = QPushButton(_("&Edit Pack"), objectName="edit_pack")
        self.open_pack.setToolTip(_("Open the selected pack file in your text editor."))
        self.open_pack.clicked.connect(self._open_selected_pack)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        row = QHBoxLayout()
        row.addWidget(self.reload_button)
        row.addWidget(self.open_folder)
        row.addWidget(self.open_pack)
        row.addStretch(1)
        row.addWidget(buttons)

        layout = QVBoxLayout(self)
        layout.addWidget(split, 1)
        layout.addLayout(self._editor_row())
        layout.addLayout(row)
        self._fill()

    def _editor_row(self) -> QHBoxLayout:
        """New Universe, Edit a Copy, Edit, Import and Export: the pack editor's doors."""
        row = QHBoxLayout()
        for name, text, tip, action in (
            ("new_universe", _("&New Universe"), _("Make a universe from nothing in the "
                                                    "pack editor."), self.new_universe),
            ("edit_copy", _("Edit a &Copy"), _("Open a copy of the selected universe in the "
                                               "pack editor, under a new id."), self.edit_copy),
            ("edit_in_app", _("Ed&it"), _("Open the selected pack of yours in the pack "
                                          "editor."), self.edit_in_app),
            ("import_pack", _("I&mport Pack…"), _("Copy a pack file into your packs folder."),
             self.import_pack),
            ("export_pack", _("E&xport Pack…"), _("Save the selected universe's pack file "
                                                  "to share it."), self.export_pack),
        ):
            button = QPushButton(text, objectName=name)
            button.setToolTip(tip)
            button.clicked.connect(action)
            row.addWidget(button)
            setattr(self, f"{name}_button", button)
        row.addStretch(1)
        return row

    # --- the pack editor ----------------------------------------------------------------------

    def _user_folder(self) -> Path:
        return self._catalogue.user_folder or user_pack_folder()

    def _editor_opened(self, editor: UniverseEditor | None) -> UniverseEditor | None:
        if editor is not None:
            editor.pack_saved.connect(lambda _path: self.reload())
            editor.universe_replaced.connect(self.universe_replaced)
        return editor

    def new_universe(self) -> UniverseEditor | None:
        from sheetapp.ui.universe_editor.opening import new_universe

        return self._editor_opened(new_universe(self, self._user_folder()))

    def edit_copy(self) -> UniverseEditor | None:
        from sheetapp.ui.universe_editor.opening import edit_copy

        entry = self._current_entry()
        if entry is None:
            return None
        return self._editor_opened(edit_copy(self, self._user_folder(), entry))

    def edit_in_app(self) -> UniverseEditor | None:
        from sheetapp.ui.universe_editor.opening import open_pack

        path = self._current_path()
        if path is None:
            return None
        return self._editor_opened(open_pack(self, Path(path)))

    def import_pack(self, source: Path | None = None) -> Path | None:
        """Copy a pack file into the packs folder and read the folder again."""
        if source is None:
            chosen, _filter = QFileDialog.getOpenFileName(
                self, _("Import a universe pack"), "", _("Universe packs (*.toml)")
            )
            if not chosen:
                return None
            source = Path(chosen)
        try:
            target, report = import_pack(source, self._user_folder())
        except (OSError, ValueError) as exc:
            QMessageBox.warning(
                self, _("Import Pack"),
                _("{file} was not imported: {reason}").format(
                    file=source.name, reason=os_reason(exc) if isinstance(exc, OSError) else exc
                ),
            )
            return None
        self.reload()
        self.select(report.universe.id if report.usable and report.universe else str(target))
        return target

    def export_pack(self, target: Path | None = None) -> Path | None:
        entry = self._current_entry()
        if entry is None:
            return None
        if target is None:
            chosen, _filter = QFileDialog.getSaveFileName(
                self, _("Export a universe pack"), f"{entry.universe.id}.toml",
                _("Universe packs (*.toml)"),
            )
            if not chosen:
                return None
            target = Path(chosen)
        try:
            export_pack(entry, target)
        except OSError as exc:
            QMessageBox.warning(
                self, _("Export Pack"),
                _("The pack was not exported: {reason}").format(reason=os_reason(exc)),
            )
            return None
        return target

    def _current_entry(self) -> CatalogueEntry | None:
        item = self.list.currentItem()
        key = item.data(KeyRole) if item else None
        return self._catalogue.entries.get(key) if key else None

    # --- actions ------------------------------------------------------------------------------

    def reload(self) -> None:
        self._catalogue = reload_catalogue()
        self._fill()
        self.catalogue_reloaded.emit()

    def select(self, key: str) -> bool:
        """Show the universe with id ``key`` (or the refused pack at path ``key``)."""
        for row in range(self.list.count()):
            if self.list.item(row).data(KeyRole) == key:
                self.list.setCurrentRow(row)
                return True
        return False

    def _open_folder(self) -> None:
        folder = self._catalogue.user_folder
        if folder is None:
            return
        folder.mkdir(parents=True, exist_ok=True)
        QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder)))

    def _open_selected_pack(self) -> None:
        path = self._current_path()
        if path is not None:
            QDesktopServices.openUrl(QUrl.fromLocalFile(path))

    def _open_problem(self, item: QListWidgetItem) -> None:
        path = item.data(KeyRole)
        if path and Path(path).is_file():
            QDesktopServices.openUrl(QUrl.fromLocalFile(path))

    # --- showing ------------------------------------------------------------------------------

    def _fill(self) -> None:
        current = self.list.currentItem()
        keep = current.data(KeyRole) if current else None
        self.list.blockSignals(True)
        self.list.clear()
        for source, heading in (("shipped", _("Shipped")), ("user", _("Your packs"))):
            entries = [e for e in self._catalogue if e.source == source]
            if entries or source == "user":
                self._heading(heading)
            for entry in entries:
                item = QListWidgetItem(entry.universe.shown_name)
                item.setData(KeyRole, entry.universe.id)
                where = _("shipped with sheetapp") if entry.source == "shipped" else entry.file
                item.setToolTip(_("id {id} · {where}").format(id=entry.universe.id, where=where))
                self.list.addItem(item)
        if not any(e.source == "user" for e in self._catalogue):
            hint = self._heading(_("none yet: see Open Packs Folder"))
            hint.setFont(self.list.font())
        if self._catalogue.refused:
            self._heading(_("Not loaded"))
        for file in self._catalogue.refused:
            item = QListWidgetItem(Path(file).name)
            item.setData(KeyRole, file)
            _set_tone(item, "error")
            item.setToolTip(
                _("{file}\nThis pack has errors and is not loaded; see the problems.").format(
                    file=file
                )
            )
            self.list.addItem(item)
        self.list.blockSignals(False)
        if keep is None or not self.select(keep):
            self.select(next(iter(self._catalogue.entries), ""))
        self._show_current()
        self._fill_problems()

    def changeEvent(self, event: QEvent) -> None:
        """The theme changed while the browser is open: its toned lines take the new shade."""
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            for view in (self.list, self.problems):
                for row in range(view.count()):
                    item = view.item(row)
                    if item.data(ToneRole):
                        item.setForeground(tone(item.data(ToneRole)))
        super().changeEvent(event)

    def _heading(self, text: str) -> QListWidgetItem:
        item = QListWidgetItem(text)
        item.setFlags(Qt.ItemFlag.NoItemFlags)
        font = item.font()
        font.setBold(True)
        item.setFont(font)
        self.list.addItem(item)
        return item

    def _fill_problems(self) -> None:
        self.problems.clear()
        found = self._catalogue.problems
        folder = self._catalogue.user_folder
        if not found:
            self.problems_label.setText(
                _("No pack problems. Your packs go in {folder}").format(folder=folder)
            )
        else:
            errors = sum(p.severity is Severity.ERROR for p in found)
            self.problems_label.setText(
                _("Pack problems: {plural}, {plural2}. Your packs go in {folder}").format(
                    plural=plural(errors, "error"),
                    plural2=plural(len(found) - errors, "warning"),
                    folder=folder,
                )
            )
        for problem in found:
            item = _problem_item(problem)
            _set_tone(item, _TONES[problem.severity])
            self.problems.addItem(item)

    def _current_path(self) -> str | None:
        item = self.list.currentItem()
        key = item.data(KeyRole) if item else None
        entry = self._catalogue.entries.get(key) if key else None
        if entry is not None:
            return entry.file if entry.source == "user" else None
        return key

    def _show_current(self) -> None:
        item = self.list.currentItem()
        key = item.data(KeyRole) if item else None
        entry = self._catalogue.entries.get(key) if key else None
        self.open_pack.setEnabled(self._current_path() is not None)
        self.edit_in_app_button.setEnabled(self._current_path() is not None)
        self.edit_copy_button.setEnabled(entry is not None)
        self.export_pack_button.setEnabled(entry is not None)
        if entry is None:
            self.detail.show_refused(key, self._catalogue.problems_for(key) if key else [])
        else:
            self.detail.show_entry(entry)


def _problem_item(problem: PackProblem) -> QListWidgetItem:
    name = Path(problem.file).name
    item = QListWidgetItem(
        _("{value}: {name}, line {line}: {message}").format(
            value=problem.severity.word(), name=name, line=problem.line, message=problem.message
        )
    )
    item.setData(KeyRole, problem.file)
    item.setToolTip(f"{problem}\n[{problem.code}]")
    return item


def _set_tone(item: QListWidgetItem, name: str) -> None:
    item.setData(ToneRole, name)
    item.setForeground(tone(name))


def recheck_open_sheets(documents: list[SheetDocument]) -> None:
    """Check every open sheet again against the reloaded catalogue."""
    for document in documents:
        document.recheck()


def _show_affected(window: QMainWindow, old: object, new: object, documents: list) -> None:
    """The characters of the library and the open tabs that a saved pack's change touches."""
    from sheetapp.ui.library.affected_characters import show_affected_characters

    session = getattr(window, "library_session", None)
    show_affected_characters(window, old, new, session, documents)  # type: ignore[arg-type]


def open_universe_browser(window: QMainWindow) -> UniverseBrowser:
    """Show the window's universe browser, making it on first use."""
    browser = window.findChild(UniverseBrowser, "universe_browser")
    if browser is None:
        browser = UniverseBrowser(window)
        documents = getattr(window, "documents", list)
        browser.catalogue_reloaded.connect(lambda: recheck_open_sheets(documents()))
        browser.universe_replaced.connect(
            lambda old, new: _show_affected(window, old, new, documents())
        )
    browser.show()
    browser.raise_()
    browser.activateWindow()
    return browser
