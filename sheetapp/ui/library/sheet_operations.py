"""The writes the UI makes to library sheets, each announced with what it changed, and
those a GM makes on the roster (campaign, tags, the trash, awards) recorded as one
undoable step each.

A refusal (``LibraryError``) propagates to the caller, which shows it; nothing is then
recorded, since each library operation is one transaction.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel
from PySide6.QtGui import QUndoStack

from sheetapp.i18n import _
from sheetapp.storage.library import Library
from sheetapp.storage.library.changes import LibraryChanges
from sheetapp.ui.library.wording import plural

if TYPE_CHECKING:
    from sheetapp.play.batch import AwardReport, XpAward

Write = Callable[[Library], LibraryChanges]


class SheetOperations:
    """Mixed into ``LibrarySession``, which provides ``perform`` and ``push_step``."""

    perform: Callable[..., Any]
    push_step: Callable[[str, Write, Write], None]
    undo_stack: QUndoStack

    # --- the sheets themselves (the sheet's tab keeps their undo) ---------------------------

    def save(self, sheet_id: int, sheet: BaseModel) -> int:
        """A new revision of a sheet; its number."""
        return self.perform(
            lambda library: library.save(sheet_id, sheet),
            lambda _number: LibraryChanges(changed=(sheet_id,)),
        )

    def add(self, sheet: BaseModel, *, note: str = "") -> int:
        return self.perform(
            lambda library: library.add(sheet, note=note),
            lambda sheet_id: LibraryChanges(added=(sheet_id,)),
        )

    def duplicate(self, ids: Sequence[int]) -> list[int]:
        return self.perform(
            lambda library: [library.duplicate(i) for i in ids],
            lambda copies: LibraryChanges(added=tuple(copies)),
        )

    def restore(self, sheet_id: int, revision: int) -> int:
        """Make an earlier revision current (as a new one); open tabs follow it."""
        return self.perform(
            lambda library: library.restore(sheet_id, revision),
            lambda _n: LibraryChanges(
                changed=(sheet_id,),
                label=_("Restore revision {revision}").format(revision=revision),
            ),
        )

    def empty_trash(self) -> int:
        """Delete the trashed sheets for good. Steps on the undo stack may name them, so
        the stack is cleared: nothing done before can be undone into a sheet now gone."""

        def empty(library: Library) -> list[int]:
            gone = [row.id for row in library.trash()]
            library.empty_trash()
            return gone

        gone = self.perform(empty, lambda ids: LibraryChanges(trashed=tuple(ids)))
        self.undo_stack.clear()
        return len(gone)

    # --- filing: one undo step each -------------------------------------------------------------

    def move_to_campaign(self, ids: Sequence[int], campaign: str) -> None:
        filed = LibraryChanges(filed=tuple(ids))
        before: dict[int, str] = {}

        def move(library: Library) -> LibraryChanges:
            before.update((row.id, row.campaign) for row in library.rows(ids))
            library.move_to_campaign(ids, campaign)
            return filed

        def back(library: Library) -> LibraryChanges:
            for sheet_id, old in before.items():
                library.move_to_campaign([sheet_id], old)
            return filed

        self.perform(move, lambda changes: changes)
        self.push_step(
            _("Move {plural} to a group").format(plural=plural(len(ids), "sheet")), back, move
        )

    def change_tags(self, ids: Sequence[int], added: Sequence[str], removed: Sequence[str]) -> None:
        filed = LibraryChanges(filed=tuple(ids))
        before: dict[int, tuple[str, ...]] = {}

        def change(library: Library) -> LibraryChanges:
            before.update((row.id, row.tags) for row in library.rows(ids))
            if added:
                library.add_tags(ids, added)
            if removed:
                library.remove_tags(ids, removed)
            return filed

        def back(library: Library) -> LibraryChanges:
            for sheet_id, tags in before.items():
                library.set_tags(sheet_id, tags)
            return filed

        self.perform(change, lambda changes: changes)
        self.push_step(
            _("Edit the tags of {plural}").format(plural=plural(len(ids), "sheet")), back, change
        )

    def trash(self, ids: Sequence[int]) -> None:
        self.perform(_trash(ids), lambda changes: changes)
        self.push_step(
            _("Delete {plural}").format(plural=plural(len(ids), "sheet")),
            _untrash(ids),
            _trash(ids),
        )

    def untrash(self, ids: Sequence[int]) -> None:
        self.perform(_untrash(ids), lambda changes: changes)
        text = _("Restore {plural} from the trash").format(plural=plural(len(ids), 'sheet'))
        self.push_step(text, _trash(ids), _untrash(ids))

    def award(self, ids: Sequence[int], award: XpAward) -> AwardReport:
        """Award XP by the rules; one undo step takes every awarded sheet back to the
        revision it had before (as a new revision: history only grows)."""
        from sheetapp.play.batch import award_xp

        label = _("Award {amount} XP").format(amount=award.amount)
        before: dict[int, int] = {}
        after: dict[int, int] = {}

        def give(library: Library) -> AwardReport:
            before.update((i, _head(library, i)) for i in ids)
            report = award_xp(library, ids, award)
            after.update((i, _head(library, i)) for i in report.awarded)
            return report

        def back_to(heads: dict[int, int]) -> Write:
            def restore(library: Library) -> LibraryChanges:
                for sheet_id, number in heads.items():
                    library.restore(sheet_id, number)
                return LibraryChanges(changed=tuple(heads), label=label)

            return restore

        report = self.perform(
            give, lambda done: LibraryChanges(changed=tuple(done.awarded), label=label)
        )
        if report.awarded:
            awarded = {i: before[i] for i in report.awarded}
            self.push_step(label, back_to(awarded), back_to(after))
        return report


def _trash(ids: Sequence[int]) -> Write:
    def trash(library: Library) -> LibraryChanges:
        library.delete(ids)
        return LibraryChanges(trashed=tuple(ids))

    return trash


def _untrash(ids: Sequence[int]) -> Write:
    def untrash(library: Library) -> LibraryChanges:
        from sheetapp.campaign.shelf import Shelf  # pycrdt only when a sheet comes back

        outcomes = Shelf(library).untrash(ids)
        return LibraryChanges(
            changed=tuple(
                o.sheet_id for o in outcomes if o.status == "saved" and o.sheet_id is not None
            ),
            untrashed=tuple(ids),
            play=any(o.damage_changed for o in outcomes),
        )

    return untrash


def _head(library: Library, sheet_id: int) -> int:
    return next(r.number for r in library.revisions(sheet_id) if r.current)
