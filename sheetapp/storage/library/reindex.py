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
    tags: Sequence[str] = (),
    *,
    sheet_columns: bool = True,
) -> None:
    """Replace one sheet's roster rows (a row per character, each with its own columns
    and full-text row), after the sheet's own row is written: each character copies its
    sheet's system, NPC flag and save time (``sheet_columns``; False for the step to
    version 6 of an older library, before version 7 adds them)."""
    connection.execute("DELETE FROM characters WHERE sheet_id = ?", (sheet_id,))
    kept = list(enumerate(characters))[:CHARACTER_SLOTS]
    columns = "sheet_id, position, name, name_key, player, setting, profession, status, xp"
    values = "?, ?, ?, ?, ?, ?, ?, ?, ?"
    if sheet_columns:  # each row written once, with its sheet's columns
        columns += ", system, npc, updated"
        values = f"{values}, s.system, s.npc, s.updated FROM sheets s WHERE s.id = ?"
    connection.executemany(
        f"INSERT INTO characters ({columns}) SELECT {values}",
        [
            (sheet_id, i, c.name, fold(c.name), c.player, c.setting, c.profession, c.status, c.xp)
            + ((sheet_id,) if sheet_columns else ())
            for i, c in kept
        ],
    )
    first = character_rowid(sheet_id, 0)
    connection.execute(
        "DELETE FROM character_search WHERE rowid BETWEEN ? AND ?",
        (first, first + CHARACTER_SLOTS - 1),
    )
    if sheet_columns:  # and the names' three-letter pieces (version 7)
        connection.execute(
            "DELETE FROM character_names WHERE rowid BETWEEN ? AND ?",
            (first, first + CHARACTER_SLOTS - 1),
        )
        connection.executemany(
            "INSERT INTO character_names (rowid, name) VALUES (?, ?)",
            [(first + i, fold(c.name)) for i, c in kept],
        )
    folded_tags = fold(" ".join(tags))
    connection.executemany(
        "INSERT INTO character_search (rowid, name, tags, text) VALUES (?, ?, ?, ?)",
        [(first + i, fold(c.name), folded_tags, fold(c.text)) for i, c in kept],
    )


def _index_characters_v4(
    connection: sqlite3.Connection, sheet_id: int, characters: Sequence[RosterCharacter]
) -> None:
    """The roster rows as schema version 4 held them (name and player): the step to
    version 4 of an older library, before version 6 adds the rest."""
    connection.execute("DELETE FROM characters WHERE sheet_id = ?", (sheet_id,))
    connection.executemany(
        "INSERT INTO characters (sheet_id, position, name, name_key, player) "
        "VALUES (?, ?, ?, ?, ?)",
        [(sheet_id, i, c.name, fold(c.name), c.player) for i, c in enumerate(characters)],
    )


def _has_characters(connection: sqlite3.Connection) -> bool:
    """Whether the schema holds the characters table yet (an upgrade from version 1 fills
    the index at version 2, before the characters table exists)."""
    return (
        connection.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'characters'"
        ).fetchone()
        is not None
    )


def _has_character_search(connection: sqlite3.Connection) -> bool:
    return (
        connection.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'character_search'"
        ).fetchone()
        is not None
    )


def _has_sheet_columns(connection: sqlite3.Connection) -> bool:
    """Whether the characters carry their sheet's columns yet (version 7)."""
    return any(
        row[1] == "system" for row in connection.execute("PRAGMA table_info(characters)")
    )


def index_all_characters(connection: sqlite3.Connection) -> None:
    """Every sheet's characters from its current document (the upgrades to versions 4 and
    6). A document this sheetapp cannot read is one row under its stored name."""
    current = _has_character_search(connection)
    sheet_columns = _has_sheet_columns(connection)
    rows = connection.execute(
        "SELECT s.id, s.name, r.document FROM sheets s "
        "JOIN revisions r ON r.sheet_id = s.id AND r.number = s.head"
    ).fetchall()
    for sheet_id, stored_name, document in rows:
        try:
            found = columns(decode(document, f"library sheet {sheet_id}")).characters
        except DocumentError:
            found = (RosterCharacter(stored_name),)
        if current:
            tags = [
                str(t)
                for (t,) in connection.execute(
                    "SELECT tag FROM tags WHERE sheet_id = ?", (sheet_id,)
                )
            ]
            index_characters(connection, sheet_id, found, tags, sheet_columns=sheet_columns)
        else:
            _index_characters_v4(connection, sheet_id, found)


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
