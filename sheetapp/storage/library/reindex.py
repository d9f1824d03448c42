"""Deriving the folded names and the full-text index from the stored documents.

Used when an upgrade adds those columns, when a damaged library is rebuilt, and on request
after a system changes what its roster shows.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from sheetapp.storage.document import DocumentError
from sheetapp.storage.library.documents import columns, decode
from sheetapp.storage.library.search_text import fold
from sheetapp.systems.plugin import RosterCharacter


def index_sheet(
    connection: sqlite3.Connection, sheet_id: int, name: str, tags: list[str], text: str
) -> None:
    """Replace one sheet's full-text row (its id is the row id)."""
    connection.execute("DELETE FROM search WHERE rowid = ?", (sheet_id,))
    connection.execute(
        "INSERT INTO search (rowid, name, tags, text) VALUES (?, ?, ?, ?)",
        (sheet_id, fold(name), fold(" ".join(tags)), fold(text)),
    )


# A character's full-text row id is ``sheet id * CHARACTER_SLOTS + position``, so a sheet's
# rows are one range (replaced with one indexed delete) and a roster row finds its own.
CHARACTER_SLOTS = 1 << 16  # far above the most characters a sheet may hold (1,000)


def character_rowid(sheet_id: int, position: int) -> int:
    return sheet_id * CHARACTER_SLOTS + position


def index_characters(
    connection: sqlite3.Connection,
    sheet_id: int,
    characters: Sequence[RosterCharacter],
    tags: Sequence[str] | None = None,
) -> None:
    """Replace one sheet's roster rows (a row per character, each with its own columns
    and full-text row, whose tags are the sheet's and the character's own). ``tags``: the
    sheet's own tags when the caller has them at hand (read from the file otherwise)."""
    _write_characters(connection, sheet_id, characters, CURRENT_LEVEL, tags)


def sheet_tags(connection: sqlite3.Connection, sheet_id: int) -> set[str]:
    """The tags set on a sheet as a whole: every character of it has them."""
    return {
        str(t)
        for (t,) in connection.execute("SELECT tag FROM tags WHERE sheet_id = ?", (sheet_id,))
    }


def own_tags(connection: sqlite3.Connection, sheet_id: int) -> dict[str, set[str]]:
    """The tags set on one character of a sheet, by the character's id."""
    found: dict[str, set[str]] = {}
    for character_id, tag in connection.execute(
        "SELECT character_id, tag FROM character_tags WHERE sheet_id = ?", (sheet_id,)
    ):
        found.setdefault(str(character_id), set()).add(str(tag))
    return found


def index_character_tags(connection: sqlite3.Connection, sheet_id: int) -> None:
    """Bring a sheet's full-text rows up to its tags after they changed: each character's
    row holds its own and the sheet's, the sheet's row all of them."""
    common, own = sheet_tags(connection, sheet_id), own_tags(connection, sheet_id)
    rows = connection.execute(
        "SELECT position, character_id FROM characters WHERE sheet_id = ?", (sheet_id,)
    ).fetchall()
    connection.executemany(
        "UPDATE character_search SET tags = ? WHERE rowid = ?",
        [
            (_folded(common | own.get(str(cid), set())), character_rowid(sheet_id, position))
            for position, cid in rows
        ],
    )
    every = common.union(*own.values())
    connection.execute("UPDATE search SET tags = ? WHERE rowid = ?", (_folded(every), sheet_id))


def _folded(tags: set[str]) -> str:
    return fold(" ".join(sorted(tags, key=str.casefold)))


def _write_characters(
    connection: sqlite3.Connection,
    sheet_id: int,
    characters: Sequence[RosterCharacter],
    level: int,
    tags: Sequence[str] | None = None,
) -> None:
    """The roster rows as schema ``level`` holds them: 4 (name and player), 6 (the
    character's own columns and full-text row), 7 (its id too, and its own tags) or 8 (its
    sheet's columns copied for the roster's indexed orders, and its name's trigrams) or 9
    (its group copied too), so
    each upgrade step of an older library writes what its version has."""
    connection.execute("DELETE FROM characters WHERE sheet_id = ?", (sheet_id,))
    kept = list(enumerate(characters))[:CHARACTER_SLOTS]
    if level < 6:
        connection.executemany(
            "INSERT INTO characters (sheet_id, position, name, name_key, player) "
            "VALUES (?, ?, ?, ?, ?)",
            [(sheet_id, i, c.name, fold(c.name), c.player) for i, c in kept],
        )
        return
    names = "sheet_id, position, name, name_key, player, setting, profession, status, xp"
    rows = [
        (sheet_id, i, c.name, fold(c.name), c.player, c.setting, c.profession, c.status, c.xp)
        for i, c in kept
    ]
    if level >= 7:
        names += ", character_id"
        rows = [(*row, c.key) for row, (_i, c) in zip(rows, kept, strict=True)]
    values = ", ".join("?" * len(names.split(",")))
    if level >= 8:  # each row written once, with its sheet's system, NPC flag and save time
        names += ", system, npc, updated"
        values += ", s.system, s.npc, s.updated"
        if level >= 9:  # and its group: the one set on it, else its sheet's
            names += ", campaign"
            values += (
                ", coalesce((SELECT g.campaign FROM character_campaigns g "
                "WHERE g.sheet_id = s.id AND g.character_id = ?), s.campaign)"
            )
            rows = [(*row, c.key) for row, (_i, c) in zip(rows, kept, strict=True)]
        values += " FROM sheets s WHERE s.id = ?"
        rows = [(*row, sheet_id) for row in rows]
    connection.executemany(f"INSERT INTO characters ({names}) SELECT {values}", rows)
    first = character_rowid(sheet_id, 0)
    connection.execute(
        "DELETE FROM character_search WHERE rowid BETWEEN ? AND ?",
        (first, first + CHARACTER_SLOTS - 1),
    )
    if level >= 8:  # and the names' three-letter pieces
        connection.execute(
            "DELETE FROM character_names WHERE rowid BETWEEN ? AND ?",
            (first, first + CHARACTER_SLOTS - 1),
        )
        connection.executemany(
            "INSERT INTO character_names (rowid, name) VALUES (?, ?)",
            [(first + i, fold(c.name)) for i, c in kept],
        )
    common = set(tags) if tags is not None else sheet_tags(connection, sheet_id)
    own = own_tags(connection, sheet_id) if level >= 7 else {}
    connection.executemany(
        "INSERT INTO character_search (rowid, name, tags, text) VALUES (?, ?, ?, ?)",
        [
            (first + i, fold(c.name), _folded(common | own.get(c.key, set())), fold(c.text))
            for i, c in kept
        ],
    )


CURRENT_LEVEL = 9  # the form of the characters table the current schema holds


def _schema_level(connection: sqlite3.Connection) -> int:
    """Which form of the characters table the file holds now (an upgrade fills it at
    versions 4, 6, 7, 8 and 9, each in its own form)."""
    names = {row[1] for row in connection.execute("PRAGMA table_info(characters)")}
    if "campaign" in names:
        return 9
    if "system" in names:
        return 8
    return 7 if "character_id" in names else 6 if "setting" in names else 4


def _has_characters(connection: sqlite3.Connection) -> bool:
    """Whether the schema holds the characters table yet (an upgrade from version 1 fills
    the index at version 2, before the characters table exists)."""
    return (
        connection.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'characters'"
        ).fetchone()
        is not None
    )


def index_all_characters(connection: sqlite3.Connection) -> None:
    """Every sheet's characters from its current document (the upgrades to versions 4, 6
    and 7, and a rebuild). A document this sheetapp cannot read is one row under its stored name."""
    level = _schema_level(connection)
    rows = connection.execute(
        "SELECT s.id, s.name, r.document FROM sheets s "
        "JOIN revisions r ON r.sheet_id = s.id AND r.number = s.head"
    ).fetchall()
    for sheet_id, stored_name, document in rows:
        try:
            found = columns(decode(document, f"library sheet {sheet_id}")).characters
        except DocumentError:
            found = (RosterCharacter(stored_name),)
        _write_characters(connection, sheet_id, found, level)


def reindex_all(connection: sqlite3.Connection) -> None:
    """Recompute every sheet's roster columns and index row from its current document.

    A document whose system this sheetapp lacks keeps its stored columns and is indexed by
    name, so nothing disappears from the roster.
    """
    rows = connection.execute(
        "SELECT s.id, s.name, r.document FROM sheets s "
        "JOIN revisions r ON r.sheet_id = s.id AND r.number = s.head"
    ).fetchall()
    for sheet_id, stored_name, document in rows:
        try:
            found = columns(decode(document, f"library sheet {sheet_id}"))
        except DocumentError:
            name, text = stored_name, ""
        else:
            name, text = found.name, found.text
            connection.execute(
                "UPDATE sheets SET system = ?, name = ?, setting = ?, npc = ? WHERE id = ?",
                (found.system, found.name, found.setting, int(found.npc), sheet_id),
            )
        connection.execute("UPDATE sheets SET name_key = ? WHERE id = ?", (fold(name), sheet_id))
        tags = [
            t for (t,) in connection.execute("SELECT tag FROM tags WHERE sheet_id = ?", (sheet_id,))
        ]
        index_sheet(connection, sheet_id, name, tags, text)
    if _has_characters(connection):
        index_all_characters(connection)
        if _schema_level(connection) >= 7:
            for (sheet_id,) in connection.execute(
                "SELECT DISTINCT sheet_id FROM character_tags"
            ).fetchall():
                index_character_tags(connection, sheet_id)
