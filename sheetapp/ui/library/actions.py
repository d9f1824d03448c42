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
from PySide6.QtWidgets import QMenu, QMessageBox

from sheetapp.i18n import _
from sheetapp.storage.library import Library, LibraryError, RosterRow
from sheetapp.storage.library.filing import CharacterKey
from sheetapp.ui.library.dialog_parts import answer
from sheetapp.ui.library.group_dialog import GroupDialog
from sheetapp.ui.library.rename_dialog import Kind, RenameDialog
from sheetapp.ui.library.revisions_dialog import RevisionsDialog
from sheetapp.ui.library.roster_tab import LibraryTab
from sheetapp.ui.library.services import WindowServices
from sheetapp.ui.library.session import LibrarySession
from sheetapp.ui.library.table_panel import TablePanel
from sheetapp.ui.library.tags_dialog import TagsDialog
from sheetapp.ui.library.transfer_actions import TransferActions
from sheetapp.ui.library.trash_dialog import TrashDialog
from sheetapp.ui.library.wording import (
    chosen_characters,
    enable,
    library_action,
    names_list,
    plural,
    whole_sheet,
)


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
            _("Edit &Tags…"),
            self.edit_tags,
            None,
            _("Add tags to the selected characters or take some off"),
        )
        self.rename_action = self._make(
            _("Re&name Tag or Group…"),
            self.rename_tag_or_group,
            None,
            _("Rename a tag or a group everywhere; a name that exists merges the two"),
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
            self.rename_action,
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
        enable(self.rename_action, writable, reason)
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

    def _characters(self, library: Library, ids: Sequence[int]) -> dict[int, list[RosterRow]]:
        try:
            return library.characters_of(ids)
        except LibraryError:
            return {}

    def _filing_targets(self, library: Library) -> tuple[list[CharacterKey] | None, str]:
        """What Move to Group and Edit Tags act on: the roster's selected rows (each
        character alone), or, while a sheet's tab is current, the whole sheet (None); and
        that, in words, naming every character a whole core takes with it."""
        if self._on_roster:
            keys = self.tab.selected_keys()
            ids = list(dict.fromkeys(sheet_id for sheet_id, _position in keys))
            return keys, chosen_characters(keys, self._characters(library, ids))
        ids = self.targets()
        every = self._characters(library, ids).get(ids[0], []) if ids else []
        return None, whole_sheet(every) if every else plural(len(ids), "sheet")

    def move_to_campaign(self) -> None:
        ids, library = self.targets(), self.library
        if not ids or library is None:
            return
        keys, what = self._filing_targets(library)
        rows = library.character_rows(keys) if keys is not None else library.rows(ids)
        current = {r.campaign for r in rows}
        first = current.pop() if len(current) == 1 else ""
        campaign = answer(
            GroupDialog(what, library.campaigns(), first, self.parent_widget),
            lambda dialog: dialog.group(),
        )
        if campaign is None:
            return
        if keys is not None:
            moved = self.guarded(
                _("Not moved"), lambda: self.session.move_characters(keys, campaign)
            )
        else:
            moved = self.guarded(
                _("Not moved"), lambda: self.session.move_to_campaign(ids, campaign)
            )
        if moved:
            name = " ".join(campaign.split())
            self.report(
                _("Moved {what} to “{group}”").format(what=what, group=name)
                if name
                else _("Took {what} out of any group").format(what=what)
            )

    def edit_tags(self) -> None:
        ids, library = self.targets(), self.library
        if not ids or library is None:
            return
        keys, what = self._filing_targets(library)
        rows = library.character_rows(keys) if keys is not None else library.rows(ids)
        held = sorted({t for r in rows for t in r.tags}, key=str.casefold)
        chosen = answer(
            TagsDialog(what, held, library.tags(), self.parent_widget),
            lambda dialog: (dialog.added(), dialog.removed()),
        )
        if chosen is None:
            return
        added, removed = chosen
        if not (added or removed):
            return
        if keys is not None:
            self.guarded(
                _("Tags not changed"),
                lambda: self.session.change_character_tags(keys, added, removed),
            )
        else:
            self.guarded(
                _("Tags not changed"), lambda: self.session.change_tags(ids, added, removed)
            )

    def rename_tag_or_group(self) -> None:
        library = self.library
        if library is None:
            return
        tag = self.tab.tag_filter.currentData()
        group = self.tab.campaign_filter.currentData()
        kind: Kind = "group" if group and not tag else "tag"
        chosen = answer(
            RenameDialog(
                library.tags(),
                library.campaigns(),
                kind=kind,
                current=(group if kind == "group" else tag) or "",
                parent=self.parent_widget,
            ),
            lambda dialog: dialog.chosen(),
        )
        if chosen is None:
            return
        kind, old, new = chosen
        rename = self.session.rename_tag if kind == "tag" else self.session.rename_campaign
        if self.guarded(_("Not renamed"), lambda: rename(old, new)):
            self.report(_("“{old}” is now “{new}”").format(old=old, new=new))

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
        every = self._characters(library, ids)
        cores = [whole_sheet(rows) for rows in every.values() if len(rows) > 1]
        if cores and not self._confirm_delete(ids, every):
            return
        if not self.guarded(_("Not deleted"), lambda: self.session.trash(ids)):
            return
        step = self.session.undo_stack.index()  # the Delete step is the one before this
        gone = (
            names_list([whole_sheet(every[i]) for i in ids if every.get(i)])
            if len(ids) <= 3 and len(every) == len(ids)
            else plural(len(ids), "sheet")
        )
        self.tab.notice.show_message(
            _("Moved {what} to the trash.").format(what=gone),
            "info",
            button=_("&Undo"),
            action=lambda: self.undo_delete(ids, step),
        )
        self.tab.notice.until_undone(self.session.undo_stack, step)

    def _confirm_delete(self, ids: Sequence[int], every: dict[int, list[RosterRow]]) -> bool:
        """A core is one sheet: deleting it takes every character of it, so the question
        names them all."""
        whole = [whole_sheet(every[i]) for i in ids if every.get(i)]
        what = names_list(whole) if len(whole) <= 3 else plural(len(ids), "sheet")
        box = QMessageBox(
            QMessageBox.Icon.Question,
            _("Delete"),
            _("Delete {what}?").format(what=what),
            QMessageBox.StandardButton.Cancel,
            self.parent_widget,
        )
        box.setInformativeText(
            _(
                "A core is one sheet: all its characters go to the trash together (Undo, or "
                "Show Trash, brings them back)."
            )
        )
        box.setTextFormat(Qt.TextFormat.PlainText)
        delete = box.addButton(_("Delete"), QMessageBox.ButtonRole.DestructiveRole)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.setObjectName("confirm_delete")
        try:
            box.exec()
            return box.clickedButton() is delete
        finally:
            box.deleteLater()

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
