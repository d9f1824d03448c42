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
from sheetapp.storage.library.filing import CharacterKey, Filing
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
        """File whole sheets, every character of them, in a group."""
        label = _("Move {sheets} to a group").format(sheets=plural(len(ids), "sheet"))
        self._refile(label, ids, lambda library: library.move_to_campaign(ids, campaign))

    def move_characters(self, keys: Sequence[CharacterKey], campaign: str) -> None:
        """File the characters of roster rows in a group, those alone."""
        label = _("Move {characters} to a group").format(
            characters=plural(len(keys), "character")
        )
        ids = list(dict.fromkeys(sheet_id for sheet_id, _position in keys))
        self._refile(label, ids, lambda library: library.move_characters(keys, campaign))

    def change_tags(self, ids: Sequence[int], added: Sequence[str], removed: Sequence[str]) -> None:
        """Tag whole sheets (every character of them) or take tags off them."""

        def change(library: Library) -> None:
            if added:
                library.add_tags(ids, added)
            if removed:
                library.remove_tags(ids, removed)

        label = _("Edit the tags of {sheets}").format(sheets=plural(len(ids), "sheet"))
        self._refile(label, ids, change)

    def change_character_tags(
        self, keys: Sequence[CharacterKey], added: Sequence[str], removed: Sequence[str]
    ) -> None:
        """Tag the characters of roster rows, those alone, or take tags off them."""
        label = _("Edit the tags of {characters}").format(
            characters=plural(len(keys), "character")
        )
        ids = list(dict.fromkeys(sheet_id for sheet_id, _position in keys))
        self._refile(
            label, ids, lambda library: library.tag_characters(keys, add=added, remove=removed)
        )

    def rename_tag(self, old: str, new: str) -> None:
        """Call a tag by another name everywhere (merging it into a tag of that name)."""
        ids = self._filed_under(tag=old)
        label = _("Rename the tag “{old}” to “{new}”").format(old=old, new=new)
        self._refile(label, ids, lambda library: library.rename_tag(old, new))

    def rename_campaign(self, old: str, new: str) -> None:
        """Call a group by another name everywhere (merging it into a group of that name)."""
        ids = self._filed_under(campaign=old)
        label = _("Rename the group “{old}” to “{new}”").format(old=old, new=new)
        self._refile(label, ids, lambda library: library.rename_campaign(old, new))

    def _filed_under(self, **name: str) -> list[int]:
        return self.perform(
            lambda library: library.filed_under(**name), lambda _ids: LibraryChanges()
        )

    def _refile(self, label: str, ids: Sequence[int], work: Callable[[Library], object]) -> None:
        """Change how sheets and their characters are filed, as one undoable step that puts
        back exactly what was stored before (and after, to redo)."""
        filed = LibraryChanges(filed=tuple(ids))
        before: list[Filing] = []
        after: list[Filing] = []

        def change(library: Library) -> LibraryChanges:
            before[:] = library.filing(ids)
            work(library)
            after[:] = library.filing(ids)
            return filed

        def put_back(filings: list[Filing]) -> Write:
            def restore(library: Library) -> LibraryChanges:
                library.restore_filing(filings)
                return filed

            return restore

        self.perform(change, lambda changes: changes)
        self.push_step(label, put_back(before), put_back(after))

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
