"""Reading what can still be read from a damaged library, sheet by sheet.

Every step is allowed to fail on its own: a broken page costs the sheets stored on it, not
the whole library. The damaged copy is read twice: by SQLite, once its header is repaired
(``sheetapp.storage.library.header``), with full scans that never trust an index; and page
by page without SQLite (``sheetapp.storage.library.pages``), which finds the rows on table
pages SQLite can no longer reach (a damaged schema page, interior page or header). A sheet
is kept when at least one of its revisions reads whole; its roster columns are taken from
its row, or derived again from its newest revision when the row is gone. Works on any
schema version (tags and encounters appear in version 2, shared sheets' links and updates
in version 5: a rebuilt library still takes part in its campaigns).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sheetapp.storage.document import DocumentError
from sheetapp.storage.library.documents import columns, decode, lenient_text
from sheetapp.storage.library.header import repair_header
from sheetapp.storage.library.pages import FREE_LIST, HEADER_SIZE, Record, table_records
from sheetapp.storage.library.reindex import reindex_all


def _rows(
    connection: sqlite3.Connection | None, sql: str, *args: Any
) -> Iterator[tuple[Any, ...]]:
    """The rows a query yields up to the first unreadable page."""
    if connection is None:
        return
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


def _is_id(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


@dataclass
class Found:
    """What the damaged file still holds: roster rows and revisions by sheet id, from
    SQLite's reading of it and from the page walk, the first reading of each kept. Only a
    sheet with a row or a revision read counts as found: an index may itself be the
    flipped part and name ids that never were, which would overstate "N of M"."""

    rows: dict[int, tuple[Any, ...]] = field(default_factory=dict)
    revisions: dict[int, dict[int, tuple[Any, ...]]] = field(default_factory=dict)

    def add_row(self, sheet_id: Any, row: tuple[Any, ...]) -> None:
        if _is_id(sheet_id) and isinstance(row[0], str):
            self.rows.setdefault(sheet_id, row)

    def add_revision(self, sheet_id: Any, number: Any, rest: tuple[Any, ...]) -> None:
        if _is_id(sheet_id) and _is_id(number) and _whole(rest[2]):
            self.revisions.setdefault(sheet_id, {}).setdefault(number, rest)

    @property
    def sheet_ids(self) -> list[int]:
        return sorted(set(self.rows) | set(self.revisions))


ROW_NAMES = "id, system, name, setting, npc, campaign, created, updated, trashed, head"


def _read_sql(source: sqlite3.Connection | None, found: Found) -> None:
    """Full scans of the two tables (never through an index, which may be the damaged
    part and would point at other rows)."""
    for row in _rows(source, f"SELECT {ROW_NAMES} FROM sheets NOT INDEXED"):
        found.add_row(row[0], row[1:])
    names = "sheet_id, number, saved, note, document"
    for sheet_id, number, *rest in _rows(source, f"SELECT {names} FROM revisions NOT INDEXED"):
        found.add_revision(sheet_id, number, tuple(rest))


def _free_list_bytes(path: Path) -> bytes | None:
    """The header's free-list fields before the header is repaired: the repair clears a
    list it cannot follow, and the page walk still needs what that list says of which
    pages (a deleted sheet's) are no longer in use."""
    try:
        with path.open("rb") as handle:
            header = handle.read(HEADER_SIZE)
    except OSError:
        return None
    return header[FREE_LIST] if len(header) == HEADER_SIZE else None


def _page_records(path: Path, free_list: bytes | None) -> list[Record]:
    try:
        return list(table_records(path, free_list))
    except OSError:
        return []


def _read_pages(records: list[Record], found: Found) -> None:
    """The rows the page walk found, told apart by their shape: a revision holds a sheet
    document, a roster row a system's id (see ``sheetapp.storage.library.schema``)."""
    from sheetapp.systems.registry import system_ids

    systems = set(system_ids())
    for rowid, values, _pages in records:
        if len(values) == 6 and values[0] is None:  # revisions: id, sheet_id, ... document
            found.add_revision(values[1], values[2], tuple(values[3:]))
        elif len(values) >= 10 and values[0] is None and values[1] in systems:
            found.add_row(rowid, tuple(values[1:10]))


def _open_source(path: Path) -> sqlite3.Connection | None:
    try:
        repair_header(path)
        connection = sqlite3.connect(path)
        connection.text_factory = lenient_text
        # Lets SQLite read a file shorter than its header says (cut short by a full disk
        # or a bad copy) instead of refusing it outright; this copy is never written.
        connection.execute("PRAGMA writable_schema = ON")
        return connection
    except (OSError, sqlite3.DatabaseError, UnicodeDecodeError):
        return None


def salvage_into(source_path: Path, target: sqlite3.Connection) -> tuple[int, int]:
    """Copy every readable sheet of ``source_path`` (a scratch copy, repaired in place)
    into ``target`` (inside the caller's transaction); returns (sheets found, saved)."""
    found = Found()
    free_list = _free_list_bytes(source_path)
    source = _open_source(source_path)
    try:
        _read_sql(source, found)
        _read_pages(_page_records(source_path, free_list), found)
        kept = [i for i in found.sheet_ids if _copy_sheet_or_skip(source, target, found, i)]
        if source is not None:
            _copy_encounters(source, target)
            _copy_shared(source, target, set(kept))
    finally:
        if source is not None:
            source.close()
    reindex_all(target)
    return len(found.sheet_ids), len(kept)


def _copy_sheet_or_skip(
    source: sqlite3.Connection | None, target: sqlite3.Connection, found: Found, sheet_id: int
) -> bool:
    """Copy one sheet whole, or nothing of it when a value breaks the schema's rules."""
    target.execute("SAVEPOINT sheet")
    try:
        copied = _copy_sheet(source, target, found, sheet_id)
    except (sqlite3.Error, UnicodeDecodeError, ValueError, TypeError):
        target.execute("ROLLBACK TO sheet")
        copied = False
    target.execute("RELEASE sheet")
    return copied


def _copy_sheet(
    source: sqlite3.Connection | None, target: sqlite3.Connection, found: Found, sheet_id: int
) -> bool:
    revisions = [(n, *rest) for n, rest in sorted(found.revisions.get(sheet_id, {}).items())]
    if not revisions:
        return False
    row = found.rows.get(sheet_id)
    numbers = {r[0] for r in revisions}
    if row is None:
        newest = revisions[-1]
        try:
            derived = columns(decode(newest[3], f"library sheet {sheet_id}"))
        except DocumentError:
            return False
        row = (derived.system, derived.name, derived.setting, int(derived.npc), "",
               newest[1], newest[1], None, newest[0])
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
    for table, value in (("character_tags", "tag"), ("character_campaigns", "campaign")):
        target.executemany(
            f"INSERT OR IGNORE INTO {table} (sheet_id, character_id, {value}) VALUES (?, ?, ?)",
            [
                (sheet_id, cid, text)
                for cid, text in _rows(
                    source,
                    f"SELECT character_id, {value} FROM {table} WHERE sheet_id = ?",
                    sheet_id,
                )
                if isinstance(cid, str) and isinstance(text, str)
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
