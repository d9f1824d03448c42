"""Sheets as files: File > Open, Open Recent, Save, Save As and Close Sheet, asking before
unsaved work is dropped, following files other programs change, and reopening the sheets
open at the last quit where they were."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QFileDialog, QMainWindow, QMenu, QMessageBox, QTabWidget

from sheetapp.file_reasons import os_reason
from sheetapp.i18n import N_, _
from sheetapp.storage.output_path import check_output, same_file
from sheetapp.ui.labels import literal
from sheetapp.ui.menu_actions import make_action
from sheetapp.ui.open_tab import OpenTab
from sheetapp.ui.opening_tabs import OpeningTabs
from sheetapp.ui.save_target import ask_save_path
from sheetapp.ui.settings import Settings
from sheetapp.ui.sheet_form import SheetForm
from sheetapp.ui.window.autosave_area import AUTOSAVE_NOTICE_MS
from sheetapp.ui.window.menu_sections import MenuSections
from sheetapp.ui.window.questions import ask_three_ways
from sheetapp.ui.window.sheet_tabs import SheetTabs

if TYPE_CHECKING:
    from sheetapp.storage.library import Library
    from sheetapp.ui.document import SheetDocument

FILE_FILTER = N_("sheetapp sheets (*.json);;All files (*)")


@dataclass(frozen=True)
class FileNeeds:
    """What saving and reopening ask of the library and autosave, handed in by the window:
    the library's Save, whether it takes new sheets, the files no save may overwrite, a
    library sheet's name, the library itself (opened if need be), forgetting a saved
    sheet's autosave, and whether a sheet is a new one nobody touched (nothing to lose)."""

    save_to_library: Callable[[SheetDocument], bool]
    library_writable: Callable[[], bool]
    files_in_use: Callable[[SheetDocument], list[Path]]
    library_sheet_name: Callable[[int], str]
    library: Callable[[], Library | None]
    discard_autosave: Callable[[SheetDocument], None]
    untouched_new: Callable[[SheetDocument], bool]


class FileArea(QObject):
    """The File menu's sheet actions; ``opening`` holds the tabs of sheets still loading
    after the first paint."""

    def __init__(
        self,
        window: QMainWindow,
        settings: Settings,
        sheets: SheetTabs,
        tabs: QTabWidget,
        file_menu: MenuSections,
        needs: FileNeeds,
    ) -> None:
        super().__init__(window)
        self._window = window
        self._settings = settings
        self._sheets = sheets
        self._tabs = tabs
        self._needs = needs
        self.opening = OpeningTabs(tabs, window)
        file_menu.add(
            "open",
            make_action(window, _("&Open…"), self.open_dialog, QKeySequence.StandardKey.Open),
        )
        self.recent_menu = QMenu(_("Open Rece&nt"), window)
        self.recent_menu.aboutToShow.connect(self.fill_recent)
        file_menu.add("open", self.recent_menu)
        self.save_action = make_action(
            window, _("&Save"), self.save_current, QKeySequence.StandardKey.Save
        )
        self.save_as_action = make_action(
            window, _("Save &As…"), self.save_current_as, QKeySequence.StandardKey.SaveAs
        )
        file_menu.add("save", self.save_action)
        file_menu.add("save", self.save_as_action)
        file_menu.add(
            "close",
            make_action(
                window, _("Close Shee&t"), lambda: self.close_tab(), QKeySequence.StandardKey.Close
            ),
        )
        file_menu.add(
            "quit", make_action(window, _("&Quit"), window.close, QKeySequence.StandardKey.Quit)
        )

    def follow(self, form: SheetForm | None) -> None:
        """Save and Save As act on the sheet in front."""
        for action in (self.save_action, self.save_as_action):
            action.setEnabled(form is not None)

    def fill_recent(self) -> None:
        self.recent_menu.clear()
        recent = self._settings.recent_files()
        for path in recent:
            action = self.recent_menu.addAction(literal(str(path)))
            action.triggered.connect(lambda _c=False, p=path: self.open_path(p))
        if not recent:
            self.recent_menu.addAction(_("(none)")).setEnabled(False)
        else:
            self.recent_menu.addSeparator()
            self.recent_menu.addAction(_("Clear List"), self._settings.clear_recent)

    def open_dialog(self) -> None:
        names, _unused = QFileDialog.getOpenFileNames(
            self._window, _("Open sheets"), str(self._settings.last_folder()), _(FILE_FILTER)
        )
        if names:
            self._settings.set_last_folder(Path(names[0]).parent)
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
        for form in self._sheets.forms():
            if form.document.path and same_file(form.document.path, path):
                self._tabs.setCurrentWidget(form)
                return form
        try:
            sheet = load(path)
        except DocumentError as exc:
            QMessageBox.warning(self._window, _("Cannot open sheet"), str(exc))
            return None
        self._settings.add_recent(path)
        return self._sheets.add_document(SheetDocument(sheet, path))

    def save_current(self) -> bool:
        form = self._sheets.current_form()
        return self.save_document(form.document) if form else False

    def save_current_as(self) -> bool:
        form = self._sheets.current_form()
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
            and (document.library_id is not None or self._needs.library_writable())
        ):
            return self._needs.save_to_library(document)
        if ask or target is None:
            folder = self._settings.last_folder()
            suggested = target or folder / f"{document.display_name()}{SHEET_SUFFIX}"
            target = ask_save_path(
                self._window,
                _("Save sheet"),
                suggested,
                _(FILE_FILTER),
                ending=".json",
                suffix=SHEET_SUFFIX,
            )
            if target is None:
                return False
            self._settings.set_last_folder(target.parent)
            if document.library_id is not None:
                return self._save_copy(document, target)
        elif document.changed_on_disk() and target.exists():
            choice = self._ask_overwrite(document)
            if choice == "cancel":
                return False
            if choice == "save_as":
                return self.save_document(document, ask=True)
        try:
            check_output(target, inputs=self._needs.files_in_use(document), replace=True)
            document.save(target)
        except OSError as exc:
            QMessageBox.critical(
                self._window,
                _("Not saved"),
                _(
                    "{target} could not be written: {value}.\n\nYour changes are still "
                    "open here and kept in the autosave; try another place."
                ).format(target=target, value=os_reason(exc)),
            )
            return False
        self._needs.discard_autosave(document)
        self._settings.add_recent(target)
        self._window.statusBar().showMessage(_("Saved {target}").format(target=target), 4000)
        return True

    def _save_copy(self, document: SheetDocument, target: Path) -> bool:
        """A library sheet written to a file to share; the tab stays the library's."""
        from sheetapp.storage.document import save as save_file

        try:
            check_output(target, inputs=self._needs.files_in_use(document), replace=True)
            save_file(target, document.sheet)
        except OSError as exc:
            QMessageBox.critical(
                self._window,
                _("Not saved"),
                _("{target} could not be written: {value}.").format(
                    target=target, value=os_reason(exc)
                ),
            )
            return False
        self._window.statusBar().showMessage(
            _("Wrote a copy to {target}; the sheet itself stays in the library").format(
                target=target
            ),
            6000,
        )
        return True

    # --- the library ----------------------------------------------------------------------------

    def _ask_overwrite(self, document: SheetDocument) -> str:
        answer = ask_three_ways(
            self._window,
            QMessageBox.Icon.Warning,
            _("File changed on disk"),
            _(
                "Another program changed “{display_name}” after you opened "
                "it.\n\nOverwrite it with the version shown here, or save yours "
                "under another name and keep both?"
            ).format(display_name=document.display_name()),
            keep=_("Save As…"),
            drop=_("Overwrite"),
        )
        return {"keep": "save_as", "drop": "overwrite"}.get(answer, "cancel")

    def check_disk_changes(self) -> None:
        """Notice files other programs changed while we were away. Unmodified sheets follow
        the file (undoably); for modified ones the user chooses."""
        for document in self._sheets.documents():
            if not document.unseen_disk_change():
                continue
            name = document.display_name()
            if document.path is not None and not document.path.exists():
                document.ignore_disk_change()
                self._window.statusBar().showMessage(
                    _(
                        "{name} was moved or deleted by another program; Save writes it again."
                    ).format(name=name),
                    8000,
                )
                continue
            if document.is_modified:
                answer = QMessageBox.question(
                    self._window,
                    _("File changed on disk"),
                    _(
                        "Another program changed “{name}”, and you have unsaved changes "
                        "here.\n\nReload the file and drop your changes, or keep your "
                        "version?"
                    ).format(name=name),
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
                QMessageBox.warning(
                    self._window,
                    _("Cannot reload"),
                    _("{exc}\n\nYour version stays open.").format(exc=exc),
                )
                continue
            self._window.statusBar().showMessage(
                _("Reloaded {name}, changed by another program").format(name=name), 6000
            )

    def close_tab(self, index: int | None = None) -> bool:
        index = self._tabs.currentIndex() if index is None else index
        form = self._tabs.widget(index)
        if self.opening.cancel(form):
            return True
        if not isinstance(form, SheetForm):
            return True
        if not self.may_discard(form.document):
            return False
        self._sheets.remove(form)
        return True

    def _unsaved(self, document: SheetDocument) -> bool:
        """Whether closing ``document`` would lose something a person made."""
        return document.is_modified and not self._needs.untouched_new(document)

    def may_discard(self, document: SheetDocument) -> bool:
        if not self._unsaved(document):
            return True
        answer = QMessageBox.question(
            self._window,
            _("Save changes?"),
            _("“{display_name}” has changes that are not saved.").format(
                display_name=document.display_name()
            ),
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save,
        )
        if answer == QMessageBox.StandardButton.Save:
            return self.save_document(document)
        return answer == QMessageBox.StandardButton.Discard

    def may_quit(self) -> bool:
        """One question for all unsaved sheets (one per sheet when only one is unsaved)."""
        unsaved = [form for form in self._sheets.forms() if self._unsaved(form.document)]
        if len(unsaved) == 1:
            self._tabs.setCurrentWidget(unsaved[0])
            return self.may_discard(unsaved[0].document)
        if not unsaved:
            return True
        names = "\n".join(f"• {form.document.display_name()}" for form in unsaved)
        answer = ask_three_ways(
            self._window,
            QMessageBox.Icon.Question,
            _("Save changes?"),
            _("{count} sheets have changes that are not saved:\n\n{names}").format(
                count=len(unsaved), names=names
            ),
            keep=_("Save All"),
            drop=_("Discard All"),
        )
        if answer != "keep":
            return answer == "drop"
        for form in unsaved:
            self._tabs.setCurrentWidget(form)
            if not self.save_document(form.document):
                return False  # the sheet that could not be saved stays in front
        return True

    def reopen_last_sheets(self) -> None:
        """The sheets open at the last quit, in their order, each at the page and scroll
        position it had, the one then current in front. A file since moved, damaged or
        replaced, or a library sheet since deleted, is not reopened and said in the status
        bar (the first reason, and how many), never asked about at start. Each sheet loads
        after the window's first paint (the imports with it)."""
        from sheetapp.ui.window.sheet_views import show_view

        tabs = self._settings.open_tabs()
        problems: list[str] = []
        front: list[SheetForm] = []

        def from_file(path: Path) -> SheetForm | None:
            from sheetapp.storage.document import DocumentError, load
            from sheetapp.ui.document import SheetDocument

            try:
                return self._sheets.add_document(SheetDocument(load(path), path))
            except DocumentError as exc:
                problems.append(str(exc))
                return None

        def from_library(sheet_id: int) -> SheetForm | None:
            from sheetapp.storage.library import LibraryError
            from sheetapp.ui.document import SheetDocument

            library = self._needs.library()
            try:
                if library is None:
                    raise LibraryError(
                        _("library sheet {sheet_id}: no library is open").format(sheet_id=sheet_id)
                    )
                sheet = library.load(sheet_id)
            except LibraryError as exc:
                problems.append(str(exc))
                return None
            return self._sheets.add_document(SheetDocument(sheet, library_id=sheet_id))

        def reopen(tab: OpenTab) -> SheetForm | None:
            if tab.file is not None:
                form = from_file(tab.file)
            else:
                form = from_library(tab.library_id or 0)
            if form is not None:
                show_view(form, tab.pages, tab.scroll)
                if tab.current:
                    front.append(form)
            return form

        def tell() -> None:
            self.opening.finished.disconnect(tell)
            if front:
                self._tabs.setCurrentWidget(front[0])
            if problems:
                more = (
                    _(" (and {value} more)").format(value=len(problems) - 1)
                    if len(problems) > 1
                    else ""
                )
                self._window.statusBar().showMessage(
                    _("Not reopened: {problem}{more}").format(problem=problems[0], more=more),
                    AUTOSAVE_NOTICE_MS,
                )

        for tab in tabs:
            name = (
                tab.file.stem
                if tab.file is not None
                else self._needs.library_sheet_name(tab.library_id or 0)
            )
            self.opening.add(name, lambda t=tab: reopen(t))
        if tabs:
            self.opening.finished.connect(tell)

    def remember_open_sheets(self) -> None:
        """Keep the sheets open now, in tab order, with what of each is in sight, for
        ``reopen_last_sheets`` at the next start (a new sheet never saved has nowhere to be
        reopened from: quitting has asked about it)."""
        from sheetapp.ui.window.sheet_views import view_of

        current = self._tabs.currentWidget()
        kept = []
        for form in self._sheets.forms():
            document = form.document
            if document.library_id is None and document.path is None:
                continue
            pages, scroll = view_of(form)
            kept.append(
                OpenTab(
                    file=document.path if document.library_id is None else None,
                    library_id=document.library_id,
                    pages=pages,
                    scroll=scroll,
                    current=form is current,
                )
            )
        self._settings.set_open_tabs(kept)
