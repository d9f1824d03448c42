"""Tags and groups (the library's campaigns) set on one character of a sheet.

A sheet's own tags and group (``tags``, ``sheets.campaign``) apply to every character it
holds, those added to it later too: what an import, a batch of NPCs or the command line
without ``--character`` sets, and all a library before schema version 7 held. What a
person sets on one row of the roster belongs to that character alone
(``character_tags``, ``character_campaigns``), kept under the character's lasting id in its
sheet, so the sheet file stays one document per core and a character keeps its tags when
its core's characters are reordered (and gets them back when a revision that lost it is
restored). Filing every character of a sheet at once files the sheet.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from sheetapp.i18n import _
from sheetapp.storage.library.opening import transaction
from sheetapp.storage.library.reindex import index_character_tags, own_tags, sheet_tags
from sheetapp.storage.library.roster_sql import CHARACTER_COLUMNS, row_from
from sheetapp.storage.library.rows import LibraryError, RosterRow
from sheetapp.storage.library.store import Store, guarded

MAX_TAG = 100
MAX_CAMPAIGN = 200

CharacterKey = tuple[int, int]  # (sheet id, position): the character a roster row lists


def clean_tag(tag: str) -> str:
    cleaned = " ".join(tag.split())
    if not cleaned or len(cleaned) > MAX_TAG:
        raise LibraryError(
            _("a tag is 1 to {MAX_TAG} characters, not {tag!r}").format(MAX_TAG=MAX_TAG, tag=tag)
        )
    return cleaned


def clean_campaign(campaign: str) -> str:
    cleaned = " ".join(campaign.split())
    if len(cleaned) > MAX_CAMPAIGN:
        raise LibraryError(
            _("a campaign name is at most {MAX_CAMPAIGN} characters").format(
                MAX_CAMPAIGN=MAX_CAMPAIGN
            )
        )
    return cleaned


def clean_tags(tags: Iterable[str]) -> list[str]:
    if isinstance(tags, str):
        raise LibraryError(_("tags are a list of words, not one string"))
    return sorted({clean_tag(t) for t in tags}, key=str.casefold)


@dataclass(frozen=True)
class Filing:
    """How a sheet and its characters are filed, as stored: what an undo puts back."""

    sheet_id: int
    campaign: str
    tags: tuple[str, ...]
    character_tags: tuple[tuple[str, str], ...]  # (character id, tag)
    character_campaigns: tuple[tuple[str, str], ...]  # (character id, group)


def write_tags(
    db: sqlite3.Connection, sheet_id: int, common: set[str], own: dict[str, set[str]]
) -> None:
    """Store a sheet's tags (``common``) and its characters' own (never repeating a tag the
    sheet has), and bring its full-text rows up to them."""
    db.execute("DELETE FROM tags WHERE sheet_id = ?", (sheet_id,))
    db.executemany(
        "INSERT INTO tags (sheet_id, tag) VALUES (?, ?)", [(sheet_id, t) for t in common]
    )
    db.execute("DELETE FROM character_tags WHERE sheet_id = ?", (sheet_id,))
    db.executemany(
        "INSERT INTO character_tags (sheet_id, character_id, tag) VALUES (?, ?, ?)",
        [(sheet_id, cid, t) for cid, tags in own.items() for t in tags - common],
    )
    index_character_tags(db, sheet_id)


class CharacterFiling(Store):
    """The part of a ``Library`` that files characters: tags and groups per character, and
    renaming (or merging) a tag or a group everywhere at once."""

    @staticmethod
    def _character_ids(db: sqlite3.Connection, sheet_id: int) -> dict[int, str]:
        return {
            position: str(cid)
            for position, cid in db.execute(
                "SELECT position, character_id FROM characters WHERE sheet_id = ?", (sheet_id,)
            )
        }

    def _by_sheet(
        self, db: sqlite3.Connection, keys: Iterable[CharacterKey]
    ) -> dict[int, tuple[set[str], set[str]]]:
        """Each sheet of ``keys`` with (the ids of the characters chosen, of all of them)."""
        found: dict[int, tuple[set[str], set[str]]] = {}
        for sheet_id, position in keys:
            if sheet_id not in found:
                self._head(db, sheet_id)
                found[sheet_id] = (set(), set(self._character_ids(db, sheet_id).values()))
            ids = self._character_ids(db, sheet_id)
            if position not in ids:
                raise LibraryError(f"sheet {sheet_id} has no character {position + 1}")
            found[sheet_id][0].add(ids[position])
        return found

    @guarded
    def characters_of(self, ids: Sequence[int]) -> dict[int, list[RosterRow]]:
        """Every character of each sheet of ``ids`` (in the roster or the trash), in the
        sheet's order: what a command on the whole sheet takes with it."""
        found: dict[int, list[RosterRow]] = {}
        for sheet_id in dict.fromkeys(ids):
            found[sheet_id] = [
                row_from(record)
                for record in self._db.execute(
                    f"SELECT {CHARACTER_COLUMNS} FROM characters c JOIN sheets s "
                    "ON s.id = c.sheet_id WHERE s.id = ? ORDER BY c.position",
                    (sheet_id,),
                )
            ]
        return found

    @guarded
    def tag_characters(
        self, keys: Iterable[CharacterKey], *, add: Iterable[str] = (), remove: Iterable[str] = ()
    ) -> None:
        """Add and take off tags of the characters ``keys`` name, those alone: a tag their
        sheet has, taken off one character, stays on the others. Tagging every character
        of a sheet tags the sheet, so a character added to it later has the tag too."""
        added, removed = set(clean_tags(add)), set(clean_tags(remove))
        with transaction(self._writable()) as db:
            for sheet_id, (chosen, everyone) in self._by_sheet(db, keys).items():
                common, own = sheet_tags(db, sheet_id), own_tags(db, sheet_id)
                if chosen >= everyone:  # all of them (a sheet of one row): the sheet's tags
                    common = (common | added) - removed
                    own = {cid: tags - removed for cid, tags in own.items()}
                else:
                    kept_by_others = common & removed
                    common -= kept_by_others
                    for cid in everyone - chosen:
                        own.setdefault(cid, set()).update(kept_by_others)
                    for cid in chosen:
                        own[cid] = (own.get(cid, set()) | added) - removed
                write_tags(db, sheet_id, common, own)

    @guarded
    def move_characters(self, keys: Iterable[CharacterKey], campaign: str) -> None:
        """File the characters ``keys`` name in a group ("" for none), those alone; a sheet
        all of whose characters are chosen moves as a whole."""
        name = clean_campaign(campaign)
        with transaction(self._writable()) as db:
            for sheet_id, (chosen, everyone) in self._by_sheet(db, keys).items():
                if chosen >= everyone:
                    _file_sheet(db, sheet_id, name)
                    continue
                db.executemany(
                    "INSERT OR REPLACE INTO character_campaigns (sheet_id, character_id, "
                    "campaign) VALUES (?, ?, ?)",
                    [(sheet_id, cid, name) for cid in chosen],
                )
                _tidy_groups(db, sheet_id, everyone)

    @guarded
    def filing(self, ids: Sequence[int]) -> list[Filing]:
        """How each sheet of ``ids`` and its characters are filed now."""
        found = []
        for sheet_id in ids:
            record = self._db.execute(
                "SELECT campaign FROM sheets WHERE id = ?", (sheet_id,)
            ).fetchone()
            if record is None:
                continue
            own = own_tags(self._db, sheet_id)
            found.append(
                Filing(
                    sheet_id,
                    str(record[0]),
                    tuple(sorted(sheet_tags(self._db, sheet_id))),
                    tuple(sorted((cid, t) for cid, tags in own.items() for t in tags)),
                    tuple(
                        sorted(
                            (str(cid), str(name))
                            for cid, name in self._db.execute(
                                "SELECT character_id, campaign FROM character_campaigns "
                                "WHERE sheet_id = ?",
                                (sheet_id,),
                            )
                        )
                    ),
                )
            )
        return found

    @guarded
    def restore_filing(self, filings: Iterable[Filing]) -> None:
        """Put sheets back as ``filing`` read them (an undo)."""
        with transaction(self._writable()) as db:
            for filed in filings:
                self._head(db, filed.sheet_id)
                own: dict[str, set[str]] = {}
                for cid, tag in filed.character_tags:
                    own.setdefault(cid, set()).add(tag)
                write_tags(db, filed.sheet_id, set(filed.tags), own)
                db.execute(
                    "UPDATE sheets SET campaign = ? WHERE id = ?", (filed.campaign, filed.sheet_id)
                )
                db.execute("DELETE FROM character_campaigns WHERE sheet_id = ?", (filed.sheet_id,))
                db.executemany(
                    "INSERT INTO character_campaigns (sheet_id, character_id, campaign) "
                    "VALUES (?, ?, ?)",
                    [(filed.sheet_id, cid, name) for cid, name in filed.character_campaigns],
                )

    @guarded
    def filed_under(self, *, tag: str | None = None, campaign: str | None = None) -> list[int]:
        """The sheets (the trash's too) where ``tag`` or the group ``campaign`` is set, on the
        sheet or on one of its characters."""
        if tag is not None:
            sql = "SELECT sheet_id FROM tags WHERE tag = ? UNION " + (
                "SELECT sheet_id FROM character_tags WHERE tag = ?"
            )
            value = tag
        else:
            sql = "SELECT id FROM sheets WHERE campaign = ? UNION " + (
                "SELECT sheet_id FROM character_campaigns WHERE campaign = ?"
            )
            value = campaign or ""
        return sorted(i for (i,) in self._db.execute(sql, (value, value)))

    @guarded
    def rename_tag(self, old: str, new: str) -> list[int]:
        """Call the tag ``old`` ``new`` wherever it is set; renaming it to a tag that exists
        merges the two. The sheets changed."""
        target = clean_tag(new)
        with transaction(self._writable()) as db:
            changed = self.filed_under(tag=old)
            for sheet_id in changed:
                common, own = sheet_tags(db, sheet_id), own_tags(db, sheet_id)
                common = _renamed(common, old, target)
                own = {cid: _renamed(tags, old, target) for cid, tags in own.items()}
                write_tags(db, sheet_id, common, own)
        return changed

    @guarded
    def rename_campaign(self, old: str, new: str) -> list[int]:
        """Call the group ``old`` ``new`` on every sheet and character filed in it; renaming
        it to a group that exists merges the two. The sheets changed."""
        target = clean_campaign(new)
        if not old:
            raise LibraryError("sheets in no group are moved, not renamed")
        with transaction(self._writable()) as db:
            changed = self.filed_under(campaign=old)
            db.execute("UPDATE sheets SET campaign = ? WHERE campaign = ?", (target, old))
            db.execute(
                "UPDATE character_campaigns SET campaign = ? WHERE campaign = ?", (target, old)
            )
            for sheet_id in changed:
                _tidy_groups(db, sheet_id, set(self._character_ids(db, sheet_id).values()))
        return changed


def _renamed(tags: set[str], old: str, new: str) -> set[str]:
    return (tags - {old}) | {new} if old in tags else tags


def _file_sheet(db: sqlite3.Connection, sheet_id: int, name: str) -> None:
    """The sheet and every character of it in one group."""
    db.execute("UPDATE sheets SET campaign = ? WHERE id = ?", (name, sheet_id))
    db.execute("DELETE FROM character_campaigns WHERE sheet_id = ?", (sheet_id,))


def _tidy_groups(db: sqlite3.Connection, sheet_id: int, everyone: set[str]) -> None:
    """A character's own group that is its sheet's is no group of its own; when every
    character has the same group of its own, it becomes the sheet's, so the group list
    never offers a group none of the sheet's characters is in."""
    (sheet_group,) = db.execute("SELECT campaign FROM sheets WHERE id = ?", (sheet_id,)).fetchone()
    db.execute(
        "DELETE FROM character_campaigns WHERE sheet_id = ? AND campaign = ?",
        (sheet_id, sheet_group),
    )
    own = dict(
        db.execute(
            "SELECT character_id, campaign FROM character_campaigns WHERE sheet_id = ?",
            (sheet_id,),
        ).fetchall()
    )
    groups = {own.get(cid) for cid in everyone}
    if len(groups) == 1 and None not in groups:
        _file_sheet(db, sheet_id, str(groups.pop()))
