"""The Library menu (also the roster's right-click menu): what a GM does with library sheets.

Each command acts on the sheets selected in the roster, or, while a library sheet's tab is
current, on that sheet (the window says which with ``set_focus``). Commands that write are
disabled, with the reason as their tooltip, when the library is read-only. Library refusals
(``LibraryError``) are shown as messages; nothing is half done, since each library
operation is one transaction.

Every write goes through the session, which tells the roster, the Table and the open tabs
what changed; the actions never refresh a view. They hold no window either: what they
need of it comes as ``WindowServices``, and what they want of it goes out as requests
(``open_requested``, ``status_message_requested``...).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import QInputDialog, QMenu, QMessageBox

from sheetapp.i18n import _
from sheetapp.storage.library import Library, LibraryError
from sheetapp.ui.library.dialog_parts import answer
from sheetapp.ui.library.revisions_dialog import RevisionsDialog
from sheetapp.ui.library.roster_tab import LibraryTab
from sheetapp.ui.library.services import WindowServices
from sheetapp.ui.library.session import LibrarySession
from sheetapp.ui.library.table_panel import TablePanel
from sheetapp.ui.library.tags_dialog import TagsDialog
from sheetapp.ui.library.transfer_actions import TransferActions
from sheetapp.ui.library.trash_dialog import TrashDialog
from sheetapp.ui.library.wording import enable, library_action, plural


class LibraryActions(QObject):
    """``open_requested`` carries library ids to open in tabs (and the character whose page
    to show, by id, for those chosen by a character's row); ``show_library_requested``
    and ``show_table_requested`` bring the roster or the Table dock forward."""

    open_requested = Signal(list, object)  # sheet ids; the character to show for some of them
    status_message_requested = Signal(str)
    show_library_requested = Signal()
    show_table_requested = Signal()

    def __init__(
        self,
        session: LibrarySession,
        tab: LibraryTab,
        table_panel: TablePanel,
        services: WindowServices,
    ) -> None:
        super().__init__(services.parent)
        self.session = session
        self.tab = tab
        self.table_panel = table_panel
        self.services = services
        self.parent_widget = services.parent
        self._on_roster = True
        self._sheet_id: int | None = None  # the current tab's library sheet
        self.find_action = self._make(
            _("&Find in Library"),
            self.find,
            QKeySequence.StandardKey.Find,
            _("Show the roster and type to filter it"),
        )
        self.open_action = self._make(
            _("&Open\tEnter"), self.open_selected, None, _("Open the selected sheets in tabs")
        )
        self.duplicate_action = self._make(
            _("D&uplicate"), self.duplicate, "Ctrl+D", _("A copy of each sheet, with its tags")
        )
        self.move_action = self._make(
            _("&Move to Group…"),
            self.move_to_campaign,
            None,
            _("File the sheets under a group of your library (the campaign they are for, a "
            "one-shot…); a shared campaign is the Campaign menu's"),
        )
        self.tags_action = self._make(
            _("Edit &Tags…"), self.edit_tags, None, _("Add tags to the sheets or take some off")
        )
        self.revisions_action = self._make(
            _("&Revisions…"),
            self.show_revisions,
            None,
            _("Every saved version of the sheet; restore any of them"),
        )
        self.delete_action = self._make(
            _("&Delete\tDel"),
            self.delete,
            None,
            _("Move the sheets to the trash (they can come back)"),
        )
        self.trash_action = self._make(
            _("Show Tras&h…"), self.show_trash, None, _("Restore deleted sheets or empty the trash")
        )
        self.transfer = TransferActions(self)
        self.encounter_action = self._make(
            _("Add to &Encounter"),
            self.add_to_encounter,
            "Ctrl+Shift+E",
            _("Put the sheets in the encounter at the table"),
        )
        # Del only in the roster: elsewhere it edits text or a sheet's lists.
        delete_key = QShortcut(QKeySequence.StandardKey.Delete, self.tab.view)
        delete_key.setContext(Qt.ShortcutContext.WidgetShortcut)
        delete_key.activated.connect(self.delete)
        self.tab.open_requested.connect(self.open_requested)
        self.tab.selection_changed.connect(self.update_state)
        self.session.changed.connect(lambda _changes: self.update_state())
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
                self.tab.copy_text_action,
                self.tab.copy_markdown_action,
                self.transfer.award_action,
                None,
                self.delete_action,
            ]
        )

    def _make(self, text: str, slot: Callable[[], object], shortcut: object, tip: str) -> QAction:
        return library_action(self.parent_widget, text, slot, shortcut, tip)  # type: ignore[arg-type]

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

    def set_focus(self, on_roster: bool, sheet_id: int | None = None) -> None:
        """What the window shows: the roster, or a sheet's tab (``sheet_id`` when that
        sheet is the library's)."""
        self._on_roster, self._sheet_id = on_roster, sheet_id
        self.update_state()

    def targets_roster(self) -> bool:
        """Whether the roster is what the commands act on (and may select their result)."""
        return self._on_roster

    def targets(self) -> list[int]:
        """The sheets a command acts on: the current tab's library sheet, or the roster's
        selection while the roster is shown."""
        if not self._on_roster:
            return [self._sheet_id] if self._sheet_id is not None else []
        return self.tab.selected_ids()

    def update_state(self) -> None:
        count = len(self.targets())
        has_library = self.library is not None
        writable = self.session.writable
        reason = self.session.why_read_only()
        on_roster = self._on_roster
        enable(self.find_action, has_library, reason)
        enable(self.open_action, has_library and on_roster and count > 0, reason)
        for action in (self.duplicate_action, self.move_action, self.tags_action):
            enable(action, writable and count > 0, reason)
        enable(self.delete_action, writable and count > 0, reason)
        enable(self.revisions_action, has_library and count == 1, reason)
        enable(self.trash_action, has_library, reason)
        enable(self.encounter_action, writable and count > 0, reason)
        self.transfer.update_state(count)

    def guarded(self, title: str, work: Callable[[], object]) -> bool:
        """Run a library operation; a refusal is shown with ``title``. Whether it ran."""
        try:
            work()
        except LibraryError as exc:
            QMessageBox.warning(self.parent_widget, title, str(exc))
            return False
        return True

    def report(self, text: str) -> None:
        self.status_message_requested.emit(text)

    # --- the commands ------------------------------------------------------------------------

    def find(self) -> None:
        self.show_library_requested.emit()
        self.tab.focus_filter()

    def open_selected(self) -> None:
        ids = self.targets()
        if ids:
            self.open_requested.emit(ids, self.tab.selected_characters() if self._on_roster else {})

    def duplicate(self) -> None:
        ids, library = self.targets(), self.library
        if not ids or library is None:
            return
        copies: list[int] = []
        self.guarded(_("Not duplicated"), lambda: copies.extend(self.session.duplicate(ids)))
        if copies and self._on_roster:
            self.tab.select_ids(copies)
        self.report(_("Made {plural}").format(plural=plural(len(copies), 'copy')))

    def move_to_campaign(self) -> None:
        ids, library = self.targets(), self.library
        if not ids or library is None:
            return
        campaigns = library.campaigns()
        current = {r.campaign for r in library.rows(ids)}
        first = current.pop() if len(current) == 1 else ""
        items = ["", *campaigns]
        campaign, ok = QInputDialog.getItem(
            self.parent_widget,
            _("Move to Group"),
            _("Group for {plural} (leave empty for none):").format(
                plural=plural(len(ids), "sheet")
            ),
            items,
            items.index(first) if first in items else 0,
            True,
        )
        if not ok:
            return
        if self.guarded(_("Not moved"), lambda: self.session.move_to_campaign(ids, campaign)):
            where = (
                _("to “{join}”").format(join=" ".join(campaign.split()))
                if campaign.strip()
                else _("out of groups")
            )
            self.report(
                _("Moved {plural} {where}").format(plural=plural(len(ids), "sheet"), where=where)
            )

    def edit_tags(self) -> None:
        ids, library = self.targets(), self.library
        if not ids or library is None:
            return
        held = sorted({t for r in library.rows(ids) for t in r.tags}, key=str.casefold)
        chosen = answer(
            TagsDialog(len(ids), held, library.tags(), self.parent_widget),
            lambda dialog: (dialog.added(), dialog.removed()),
        )
        if chosen is None:
            return
        added, removed = chosen
        if added or removed:
            self.guarded(
                _("Tags not changed"), lambda: self.session.change_tags(ids, added, removed)
            )

    def show_revisions(self) -> None:
        ids, library = self.targets(), self.library
        if len(ids) != 1 or library is None:
            return
        dialog = RevisionsDialog(
            library,
            ids[0],
            read_only_reason=self.session.why_read_only(),
            parent=self.parent_widget,
        )
        dialog.restore_requested.connect(lambda number: self.restore(ids[0], number))
        try:
            dialog.exec()
        finally:
            dialog.deleteLater()

    def restore(self, sheet_id: int, revision: int) -> None:
        numbers: list[int] = []
        if self.guarded(
            _("Not restored"), lambda: numbers.append(self.session.restore(sheet_id, revision))
        ):
            self.report(
                _("Revision {revision} is current again (as revision {number})").format(
                    revision=revision, number=numbers[0]
                )
            )

    def delete(self) -> None:
        ids, library = self.targets(), self.library
        if not ids or library is None or not self.session.writable:
            return
        if not self.guarded(_("Not deleted"), lambda: self.session.trash(ids)):
            return
        step = self.session.undo_stack.index()  # the Delete step is the one before this
        self.tab.notice.show_message(
            _("Moved {plural} to the trash.").format(plural=plural(len(ids), 'sheet')),
            "info",
            button=_("&Undo"),
            action=lambda: self.undo_delete(ids, step),
        )
        self.tab.notice.until_undone(self.session.undo_stack, step)

    def undo_delete(self, ids: Sequence[int], step: int) -> None:
        """The banner's Undo: the Delete step itself while it is the last one done (so Edit
        does not then offer to undo a restore), otherwise a restore of its own."""
        stack = self.session.undo_stack
        if stack.index() != step:
            self.untrash(ids)
            return
        stack.undo()
        if self._on_roster:
            self.tab.select_ids(ids)
        self.report(
            _("Brought back {plural} from the trash").format(plural=plural(len(ids), "sheet"))
        )

    def untrash(self, ids: Sequence[int]) -> None:
        if self.library is not None and self.guarded(
            _("Not restored"), lambda: self.session.untrash(ids)
        ):
            if self._on_roster:
                self.tab.select_ids(ids)
            self.report(
                _("Brought back {plural} from the trash").format(plural=plural(len(ids), "sheet"))
            )

    def show_trash(self) -> None:
        library = self.library
        if library is None:
            return
        dialog = TrashDialog(self.session, parent=self.parent_widget)
        try:
            dialog.exec()
        finally:
            dialog.deleteLater()

    def add_to_encounter(self) -> None:
        ids = self.targets()
        if ids:
            self.show_table_requested.emit()
            self.table_panel.add_sheets(ids)
