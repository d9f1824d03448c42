"""Reading what can still be read from a damaged library, sheet by sheet.

Every step is allowed to fail on its own: a broken page costs the sheets stored on it, not
the whole library. A sheet is kept when at least one of its revisions reads whole; its roster
columns are taken from its row, or derived again from its newest revision when the row is
gone. Works on any schema version (tags and encounters appear in version 2, shared sheets'
links and updates in version 5: a rebuilt library still takes part in its campaigns).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from sheetapp.storage.document import DocumentError
from sheetapp.storage.library.documents import columns, decode, lenient_text
from sheetapp.storage.library.reindex import reindex_all

HEADER = b"SQLite format 3\x00"


def _rows(connection: sqlite3.Connection, sql: str, *args: Any) -> Iterator[tuple[Any, ...]]:
    """The rows a query yields up to the first unreadable page."""
    try:
        cursor = connection.execute(sql, args)
        while True:
            row = cursor.fetchone()
            if row is None:
                return
            yield row
    except (sqlite3.DatabaseError, UnicodeDecodeError):
        return


def _whole(document: object) -> bool:
    """Whether a stored document survived: a page read past the end of a cut-short file
    comes back as zeros inside the text."""
    if not isinstance(document, str):
        return False
    try:
        data = json.loads(document)
    except ValueError:
        return False
    return isinstance(data, dict) and data.get("format") == "sheetapp"


def _sheet_ids(source: sqlite3.Connection) -> list[int]:
    found = {row[0] for row in _rows(source, "SELECT id FROM sheets")}
    found |= {row[0] for row in _rows(source, "SELECT DISTINCT sheet_id FROM revisions")}
    # A damaged table b-tree can stop a scan early: probe the ids beyond it one by one.
    for (top,) in _rows(source, "SELECT max(sheet_id) FROM revisions"):
        if isinstance(top, int) and top <= 10 * len(found) + 1000:
            for sheet_id in range(1, top + 1):
                if sheet_id not in found and any(
                    True for _ in _rows(source, "SELECT 1 FROM sheets WHERE id = ?", sheet_id)
                ):
                    found.add(sheet_id)
    return sorted(i for i in found if isinstance(i, int))


def _open_source(path: Path) -> sqlite3.Connection | None:
    try:
        with path.open("r+b") as handle:
            start = handle.read(len(HEADER))
            if start != HEADER and path.stat().st_size >= 100:
                # Only the magic string is lost: the pages after it may be whole.
                handle.seek(0)
                handle.write(HEADER)
        connection = sqlite3.connect(path)
        connection.text_factory = lenient_text
        # Lets SQLite read a file shorter than its header says (cut short by a full disk
        # or a bad copy) instead of refusing it outright; this copy is never written.
        connection.execute("PRAGMA writable_schema = ON")
        return connection
    except (OSError, sqlite3.DatabaseError, UnicodeDecodeError):
        return None


def salvage_into(source_path: Path, target: sqlite3.Connection) -> tuple[int, int]:
    """Copy every readable sheet of ``source_path`` into ``target`` (inside the caller's
    transaction); returns (sheets found, sheets saved)."""
    source = _open_source(source_path)
    if source is None:
        return 0, 0
    try:
        ids = _sheet_ids(source)
        kept = [sheet_id for sheet_id in ids if _copy_sheet_or_skip(source, target, sheet_id)]
        _copy_encounters(source, target)
        _copy_shared(source, target, set(kept))
    finally:
        source.close()
    reindex_all(target)
    return len(ids), len(kept)


def _copy_sheet_or_skip(
    source: sqlite3.Connection, target: sqlite3.Connection, sheet_id: int
) -> bool:
    """Copy one sheet whole, or nothing of it when a value breaks the schema's rules."""
    target.execute("SAVEPOINT sheet")
    try:
        copied = _copy_sheet(source, target, sheet_id)
    except (sqlite3.Error, UnicodeDecodeError):
        target.execute("ROLLBACK TO sheet")
        copied = False
    target.execute("RELEASE sheet")
    return copied


def _copy_sheet(source: sqlite3.Connection, target: sqlite3.Connection, sheet_id: int) -> bool:
    revisions = list(
        _rows(
            source,
            "SELECT number, saved, note, document FROM revisions WHERE sheet_id = ? "
            "ORDER BY number",
            sheet_id,
        )
    )
    revisions = [r for r in revisions if _whole(r[3])]
    if not revisions:
        return False
    row = next(
        _rows(
            source,
            "SELECT system, name, setting, npc, campaign, created, updated, trashed, head "
            "FROM sheets WHERE id = ?",
            sheet_id,
        ),
        None,
    )
    numbers = {r[0] for r in revisions}
    if row is None:
        newest = revisions[-1]
        try:
            found = columns(decode(newest[3], f"library sheet {sheet_id}"))
        except DocumentError:
            return False
        row = (found.system, found.name, found.setting, int(found.npc), "", newest[1], newest[1])
        row += (None, newest[0])
    head = row[8] if row[8] in numbers else max(numbers)
    target.execute(
        "INSERT INTO sheets (id, system, name, setting, npc, campaign, created, updated, "
        "trashed, head) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (sheet_id, *row[:8], head),
    )
    target.executemany(
        "INSERT INTO revisions (sheet_id, number, saved, note, document) VALUES (?, ?, ?, ?, ?)",
        [(sheet_id, *r) for r in revisions],
    )
    target.executemany(
        "INSERT OR IGNORE INTO tags (sheet_id, tag) VALUES (?, ?)",
        [
            (sheet_id, tag)
            for (tag,) in _rows(source, "SELECT tag FROM tags WHERE sheet_id = ?", sheet_id)
        ],
    )
    target.executemany(
        "INSERT OR IGNORE INTO damage (sheet_id, track, taken) VALUES (?, ?, ?)",
        [
            (sheet_id, track, taken)
            for track, taken in _rows(
                source, "SELECT track, taken FROM damage WHERE sheet_id = ?", sheet_id
            )
            if isinstance(taken, int) and taken >= 0
        ],
    )
    return True


def _copy_encounters(source: sqlite3.Connection, target: sqlite3.Connection) -> None:
    for row in _rows(source, "SELECT id, name, updated, state FROM encounters"):
        try:
            target.execute(
                "INSERT INTO encounters (id, name, updated, state) VALUES (?, ?, ?, ?)", row
            )
        except sqlite3.Error:
            continue


SHARED_COPIES = (
    ("shared_updates", "campaign, name, data"),
    ("shared_rejections", "campaign, name, sender_id, sender_name, at, reason, size, data"),
)


def _copy_shared(source: sqlite3.Connection, target: sqlite3.Connection, kept: set[int]) -> None:
    """The links of the sheets kept, and every readable update and refusal, in order."""
    for row in _rows(
        source, "SELECT sheet_id, name, campaign, kind, owner, synced FROM shared_links"
    ):
        if row[0] in kept:
            _insert_or_skip(
                target, "shared_links", "sheet_id, name, campaign, kind, owner, synced", row
            )
    for table, names in SHARED_COPIES:
        for row in _rows(source, f"SELECT {names} FROM {table} ORDER BY id"):
            _insert_or_skip(target, table, names, row)


def _insert_or_skip(
    target: sqlite3.Connection, table: str, names: str, row: tuple[Any, ...]
) -> None:
    marks = ", ".join("?" * len(row))
    try:
        target.execute(f"INSERT INTO {table} ({names}) VALUES ({marks})", row)
    except sqlite3.Error:
        return
