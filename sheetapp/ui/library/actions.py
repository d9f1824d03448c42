"""The Library menu (also the roster's right-click menu): what a GM does with library sheets.

Each command acts on the sheets selected in the roster, or, while a library sheet's tab is
current, on that sheet. Commands that write are disabled, with the reason as their tooltip,
when the library is read-only. Library refusals (``LibraryError``) are shown as messages;
nothing is half done, since each library operation is one transaction.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import QInputDialog, QMenu, QMessageBox

from sheetapp.storage.library import Library, LibraryError
from sheetapp.ui.library.dialog_parts import answer
from sheetapp.ui.library.revisions_dialog import RevisionsDialog
from sheetapp.ui.library.tags_dialog import TagsDialog
from sheetapp.ui.library.transfer_actions import TransferActions
from sheetapp.ui.library.trash_dialog import TrashDialog
from sheetapp.ui.library.wording import enable, plural
from sheetapp.ui.menu_actions import make_action

if TYPE_CHECKING:
    from sheetapp.ui.main_window import MainWindow


class LibraryActions(QObject):
    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.session = window.library_session
        self.tab = window.library_tab
        self.find_action = self._make(
            "&Find in Library",
            self.find,
            QKeySequence.StandardKey.Find,
            "Show the roster and type to filter it",
        )
        self.open_action = self._make(
            "&Open\tEnter", self.open_selected, None, "Open the selected sheets in tabs"
        )
        self.duplicate_action = self._make(
            "D&uplicate", self.duplicate, "Ctrl+D", "A copy of each sheet, with its tags"
        )
        self.move_action = self._make(
            "&Move to Campaign…", self.move_to_campaign, None, "File the sheets under a campaign"
        )
        self.tags_action = self._make(
            "Edit &Tags…", self.edit_tags, None, "Add tags to the sheets or take some off"
        )
        self.revisions_action = self._make(
            "&Revisions…",
            self.show_revisions,
            None,
            "Every saved version of the sheet; restore any of them",
        )
        self.delete_action = self._make(
            "&Delete\tDel", self.delete, None, "Move the sheets to the trash (they can come back)"
        )
        self.trash_action = self._make(
            "Show Tras&h…", self.show_trash, None, "Restore deleted sheets or empty the trash"
        )
        self.transfer = TransferActions(window, self)
        self.encounter_action = self._make(
            "Add to &Encounter",
            self.add_to_encounter,
            "Ctrl+Shift+E",
            "Put the sheets in the encounter at the table",
        )
        # Del only in the roster: elsewhere it edits text or a sheet's lists.
        delete_key = QShortcut(QKeySequence.StandardKey.Delete, self.tab.view)
        delete_key.setContext(Qt.ShortcutContext.WidgetShortcut)
        delete_key.activated.connect(self.delete)
        self.tab.open_requested.connect(self.window.open_library_sheets)
        self.tab.selection_changed.connect(self.update_state)
        self.tab.set_context_actions(
            [
                self.open_action,
                self.encounter_action,
                None,
                self.duplicate_action,
                self.move_action,
                self.tags_action,
                self.revisions_action,
                None,
                self.transfer.export_json_action,
                self.transfer.export_pdf_action,
                self.transfer.export_tabletop_action,
                self.transfer.award_action,
                None,
                self.delete_action,
            ]
        )

    def _make(self, text: str, slot: Callable[[], object], shortcut: object, tip: str) -> QAction:
        action = make_action(self.window, text, slot, shortcut, tip)  # type: ignore[arg-type]
        action.setToolTip(tip)
        action.setProperty("tip", tip)
        return action

    def fill_menu(self, menu: QMenu) -> None:
        menu.setToolTipsVisible(True)
        for action in (
            self.find_action,
            None,
            self.open_action,
            self.duplicate_action,
            self.move_action,
            self.tags_action,
            self.revisions_action,
            self.delete_action,
            self.trash_action,
            None,
            self.transfer.import_action,
            self.transfer.export_json_action,
            self.transfer.export_pdf_action,
            self.transfer.export_tabletop_action,
            None,
            self.transfer.generate_action,
            self.transfer.award_action,
            self.encounter_action,
        ):
            if action is None:
                menu.addSeparator()
            else:
                menu.addAction(action)

    # --- state ---------------------------------------------------------------------------

    @property
    def library(self) -> Library | None:
        return self.session.library

    def targets(self) -> list[int]:
        """The sheets a command acts on: the current tab's library sheet, or the roster's
        selection while the roster is shown."""
        form = self.window.current_form()
        if form is not None:
            sheet_id = form.document.library_id
            return [sheet_id] if sheet_id is not None else []
        return self.tab.selected_ids()

    def update_state(self) -> None:
        count = len(self.targets())
        has_library = self.library is not None
        writable = self.session.writable
        reason = self.session.why_read_only()
        on_roster = self.window.current_form() is None
        enable(self.find_action, has_library, reason)
        enable(self.open_action, has_library and on_roster and count > 0, reason)
        for action in (self.duplicate_action, self.move_action, self.tags_action):
            enable(action, writable and count > 0, reason)
        enable(self.delete_action, writable and count > 0, reason)
        enable(self.revisions_action, has_library and count == 1, reason)
        enable(self.trash_action, has_library, reason)
        enable(self.encounter_action, writable and count > 0, reason)
        self.transfer.update_state(count)

    def refresh(self) -> None:
        """After a change: the roster reads the library again, the menus follow."""
        self.tab.refresh()
        self.window.table_panel.refresh()
        self.update_state()

    def guarded(self, title: str, work: Callable[[], object]) -> bool:
        """Run a library operation; a refusal is shown with ``title``. Whether it ran."""
        try:
            work()
        except LibraryError as exc:
            QMessageBox.warning(self.window, title, str(exc))
            return False
        return True

    def report(self, text: str) -> None:
        self.window.statusBar().showMessage(text, 8000)

    # --- the commands ------------------------------------------------------------------------

    def find(self) -> None:
        self.window.show_library()
        self.tab.focus_filter()

    def open_selected(self) -> None:
        ids = self.targets()
        if ids:
            self.window.open_library_sheets(ids)

    def duplicate(self) -> None:
        ids, library = self.targets(), self.library
        if not ids or library is None:
            return
        copies: list[int] = []
        self.guarded("Not duplicated", lambda: copies.extend(library.duplicate(i) for i in ids))
        self.refresh()
        if copies and self.window.current_form() is None:
            self.tab.select_ids(copies)
        self.report(f"Made {plural(len(copies), 'copy', 'copies')}")

    def move_to_campaign(self) -> None:
        ids, library = self.targets(), self.library
        if not ids or library is None:
            return
        campaigns = library.campaigns()
        current = {r.campaign for r in library.rows(ids)}
        first = current.pop() if len(current) == 1 else ""
        items = ["", *campaigns]
        campaign, ok = QInputDialog.getItem(
            self.window,
            "Move to Campaign",
            f"Campaign for {plural(len(ids), 'sheet')} (leave empty for none):",
            items,
            items.index(first) if first in items else 0,
            True,
        )
        if not ok:
            return
        if self.guarded("Not moved", lambda: library.move_to_campaign(ids, campaign)):
            where = f"to “{' '.join(campaign.split())}”" if campaign.strip() else "out of campaigns"
            self.report(f"Moved {plural(len(ids), 'sheet')} {where}")
        self.refresh()

    def edit_tags(self) -> None:
        ids, library = self.targets(), self.library
        if not ids or library is None:
            return
        held = sorted({t for r in library.rows(ids) for t in r.tags}, key=str.casefold)
        chosen = answer(
            TagsDialog(len(ids), held, library.tags(), self.window),
            lambda dialog: (dialog.added(), dialog.removed()),
        )
        if chosen is None:
            return
        added, removed = chosen

        def change() -> None:
            if added:
                library.add_tags(ids, added)
            if removed:
                library.remove_tags(ids, removed)

        self.guarded("Tags not changed", change)
        self.refresh()

    def show_revisions(self) -> None:
        ids, library = self.targets(), self.library
        if len(ids) != 1 or library is None:
            return
        dialog = RevisionsDialog(
            library,
            ids[0],
            read_only_reason=self.session.why_read_only(),
            parent=self.window,
        )
        dialog.restore_requested.connect(lambda number: self.restore(ids[0], number))
        try:
            dialog.exec()
        finally:
            dialog.deleteLater()

    def restore(self, sheet_id: int, revision: int) -> None:
        library = self.library
        if library is None:
            return
        numbers: list[int] = []

        def restore() -> None:
            numbers.append(library.restore(sheet_id, revision))

        if self.guarded("Not restored", restore):
            self.window.follow_library([sheet_id], f"Restore revision {revision}")
            self.report(f"Revision {revision} is current again (as revision {numbers[0]})")
        self.refresh()

    def delete(self) -> None:
        ids, library = self.targets(), self.library
        if not ids or library is None or not self.session.writable:
            return
        if not self.guarded("Not deleted", lambda: library.delete(ids)):
            return
        self.refresh()
        self.tab.notice.show_message(
            f"Moved {plural(len(ids), 'sheet')} to the trash.",
            "info",
            button="&Undo",
            action=lambda: self.untrash(ids),
        )

    def untrash(self, ids: Sequence[int]) -> None:
        library = self.library
        if library is not None and self.guarded("Not restored", lambda: library.untrash(ids)):
            self.refresh()
            if self.window.current_form() is None:
                self.tab.select_ids(ids)
            self.report(f"Brought back {plural(len(ids), 'sheet')} from the trash")

    def show_trash(self) -> None:
        library = self.library
        if library is None:
            return
        dialog = TrashDialog(
            library, read_only_reason=self.session.why_read_only(), parent=self.window
        )
        dialog.changed.connect(self.refresh)
        try:
            dialog.exec()
        finally:
            dialog.deleteLater()

    def add_to_encounter(self) -> None:
        ids = self.targets()
        if ids:
            self.window.show_table()
            self.window.table_panel.add_sheets(ids)
