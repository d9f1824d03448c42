"""The GM's library: every sheet in one SQLite file, with its history, a trash and search.

Each save appends a revision (the whole document), so any earlier state can be restored,
and restoring is itself a new revision: history only grows until the trash is emptied.
The roster columns (name, system, setting, NPC or not) are derived by the system's plugin
when a sheet is saved; campaign and tags belong to the library, not to the sheet.
Play state at the table (damage taken, encounters; see ``play_state``) is kept beside the
sheet, never in it, so a sheet's rules are untouched by a fight; so are the links of shared
sheets to their campaign documents (``shared``).

A ``Library`` is one connection and is used from one thread. Several processes (the app
and a ``sheetapp library`` command) may use the same file at once; writes wait for each
other up to a few seconds.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from pydantic import BaseModel

from sheetapp.data_dir import data_dir
from sheetapp.file_reasons import os_reason
from sheetapp.i18n import _
from sheetapp.storage.document import DocumentError
from sheetapp.storage.library.changes import ChangeMarks, read_marks
from sheetapp.storage.library.deferred_check import DeferredCheck
from sheetapp.storage.library.documents import columns, decode, encode
from sheetapp.storage.library.filing import (
    CharacterFiling,
    clean_campaign,
    write_tags,
)
from sheetapp.storage.library.filing import clean_tags as _clean_tags
from sheetapp.storage.library.opening import (
    OnDamage,
    open_connection,
    probe_connection,
    transaction,
)
from sheetapp.storage.library.play_state import EncounterEntry, TablePlayRecords
from sheetapp.storage.library.reindex import (
    CHARACTER_SLOTS,
    character_rowid,
    index_characters,
    index_sheet,
    own_tags,
    reindex_all,
    sheet_tags,
)
from sheetapp.storage.library.roster_sql import (
    CHARACTER_COLUMNS,
    ROW_COLUMNS,
    character_count_sql,
    character_keys_sql,
    character_members_sql,
    character_places_sql,
    character_rank_sql,
    character_roster_sql,
    roster_sql,
    row_from,
    search_sql,
    text_of,
)
from sheetapp.storage.library.rows import LibraryError, Revision, RosterQuery, RosterRow
from sheetapp.storage.library.schema import SCHEMA_VERSION, schema_differences, user_version
from sheetapp.storage.library.shared import SharedStore, forget_shared
from sheetapp.storage.library.store import BOUNDED_DOCUMENT, guarded, stored_document

LIBRARY_FILE = "library.sqlite3"
RANKED_ONE_BY_ONE = 16  # rows placed by a count each; more are numbered in one pass
DEFAULT_BATCH = 250  # sheets per commit in batch work: progress survives a crash
# SQLite's page cache while adding a batch (its default is 2 MiB). Each character updates
# a dozen indexes at places spread over each; once they outgrow the cache, and once a batch
# touches a page of each per sheet, every row costs pages read and written again, and
# generating 100,000 NPCs got slower per row as the library grew.
BATCH_CACHE_KIB = 65536


def default_path() -> Path:
    """The library in the user data folder (``SHEETAPP_DATA_DIR`` overrides it)."""
    return data_dir() / LIBRARY_FILE


class Library(TablePlayRecords, SharedStore, CharacterFiling):
    """An open library; make one with ``open_library``. Close it (or use ``with``)."""

    # --- life cycle ------------------------------------------------------------------------

    def close(self) -> None:
        self._cancel_check()
        self._db.close()

    def __enter__(self) -> Library:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    # --- sheets ----------------------------------------------------------------------------

    @guarded
    def add(
        self, sheet: BaseModel, *, campaign: str = "", tags: Iterable[str] = (), note: str = ""
    ) -> int:
        """Store a new sheet; its id."""
        with transaction(self._writable()) as db:
            return self._insert(db, sheet, clean_campaign(campaign), _clean_tags(tags), note)

    @guarded
    def add_many(
        self,
        sheets: Iterable[BaseModel],
        *,
        campaign: str = "",
        tags: Iterable[str] = (),
        note: str = "",
        batch: int = DEFAULT_BATCH,
        committed: Callable[[list[int]], None] | None = None,
    ) -> list[int]:
        """Store many sheets, committing every ``batch`` of them (``committed`` hears each
        batch's ids), so a crash keeps every finished batch whole and nothing torn."""
        db = self._writable()
        campaign, tag_list = clean_campaign(campaign), _clean_tags(tags)
        ids: list[int] = []
        pending: list[BaseModel] = []

        def flush() -> None:
            with transaction(db):
                new = [self._insert(db, s, campaign, tag_list, note) for s in pending]
            ids.extend(new)
            pending.clear()
            if committed is not None:
                committed(new)

        before = db.execute("PRAGMA cache_size").fetchone()[0]
        db.execute(f"PRAGMA cache_size = -{BATCH_CACHE_KIB}")
        try:
            for sheet in sheets:
                pending.append(sheet)
                if len(pending) >= batch:
                    flush()
            if pending:
                flush()
        finally:
            db.execute(f"PRAGMA cache_size = {int(before)}")
        return ids

    def _insert(
        self,
        db: sqlite3.Connection,
        sheet: BaseModel,
        campaign: str,
        tags: list[str],
        note: str,
    ) -> int:
        found, document, now = columns(sheet), encode(sheet), self._clock()
        cursor = db.execute(
            "INSERT INTO sheets (system, name, name_key, setting, npc, campaign, created, "
            "updated, head) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1)",
            (
                found.system,
                found.name,
                found.name_key,
                found.setting,
                int(found.npc),
                campaign,
                now,
                now,
            ),
        )
        sheet_id = int(cursor.lastrowid or 0)
        db.execute(
            "INSERT INTO revisions (sheet_id, number, saved, note, document) "
            "VALUES (?, 1, ?, ?, ?)",
            (sheet_id, now, note, document),
        )
        db.executemany(
            "INSERT OR IGNORE INTO tags (sheet_id, tag) VALUES (?, ?)",
            [(sheet_id, t) for t in tags],
        )
        index_sheet(db, sheet_id, found.name, tags, found.text)
        index_characters(db, sheet_id, found.characters, tags)
        return sheet_id

    @guarded
    def save(self, sheet_id: int, sheet: BaseModel, *, note: str = "") -> int:
        """Store a new revision of a sheet; its number. Saving what is already stored keeps
        the current revision (no empty history lines), compared as JSON values: a sheet
        that came back through a shared document has its keys in another order."""
        with transaction(self._writable()) as db:
            head, current, trashed = self._head(db, sheet_id)
            if trashed is not None:
                raise LibraryError(
                    _("sheet {sheet_id} is in the trash; restore it first").format(
                        sheet_id=sheet_id
                    )
                )
            document = encode(sheet)
            if _same_json(document, current):
                return head
            return self._append(db, sheet_id, head + 1, sheet, document, note)

    @guarded
    def save_many(self, changes: Iterable[tuple[int, BaseModel]], *, note: str = "") -> list[int]:
        """Save several sheets in one transaction (all or none); their revision numbers."""
        with transaction(self._writable()) as db:
            numbers = []
            for sheet_id, sheet in changes:
                head, current, trashed = self._head(db, sheet_id)
                if trashed is not None:
                    raise LibraryError(
                        _("sheet {sheet_id} is in the trash; restore it first").format(
                            sheet_id=sheet_id
                        )
                    )
                document = encode(sheet)
                numbers.append(
                    head
                    if _same_json(document, current)
                    else self._append(db, sheet_id, head + 1, sheet, document, note)
                )
            return numbers

    def _append(
        self,
        db: sqlite3.Connection,
        sheet_id: int,
        number: int,
        sheet: BaseModel,
        document: str,
        note: str,
    ) -> int:
        found, now = columns(sheet), self._clock()
        db.execute(
            "INSERT INTO revisions (sheet_id, number, saved, note, document) "
            "VALUES (?, ?, ?, ?, ?)",
            (sheet_id, number, now, note, document),
        )
        db.execute(
            "UPDATE sheets SET system = ?, name = ?, name_key = ?, setting = ?, npc = ?, "
            "updated = ?, head = ? WHERE id = ?",
            (
                found.system,
                found.name,
                found.name_key,
                found.setting,
                int(found.npc),
                now,
                number,
                sheet_id,
            ),
        )
        tags = self._tags(db, sheet_id)
        every = sorted(set(tags).union(*own_tags(db, sheet_id).values()), key=str.casefold)
        index_sheet(db, sheet_id, found.name, every, found.text)
        index_characters(db, sheet_id, found.characters, tags)
        return number

    @staticmethod
    def _tags(db: sqlite3.Connection, sheet_id: int) -> list[str]:
        return sorted(
            (
                text_of(t)
                for (t,) in db.execute("SELECT tag FROM tags WHERE sheet_id = ?", (sheet_id,))
            ),
            key=str.casefold,
        )

    @guarded
    def document(self, sheet_id: int, revision: int | None = None) -> str:
        """The stored JSON of the current (or the given) revision."""
        if revision is None:
            return self._head(self._db, sheet_id)[1]
        record = self._db.execute(
            f"SELECT {BOUNDED_DOCUMENT} FROM revisions r WHERE sheet_id = ? AND number = ?",
            (sheet_id, revision),
        ).fetchone()
        if record is None:
            self._head(self._db, sheet_id)  # says so when the sheet itself is missing
            raise LibraryError(
                _("sheet {sheet_id} has no revision {revision}").format(
                    sheet_id=sheet_id, revision=revision
                )
            )
        return stored_document(record[0], sheet_id)

    def load(self, sheet_id: int, revision: int | None = None) -> BaseModel:
        """The sheet as of its current (or the given) revision."""
        source = f"library sheet {sheet_id}" + (f" revision {revision}" if revision else "")
        try:
            return decode(self.document(sheet_id, revision), source)
        except DocumentError as exc:
            raise LibraryError(str(exc)) from None

    def load_many(self, ids: Iterable[int]) -> list[BaseModel]:
        return [self.load(i) for i in ids]

    @guarded
    def row(self, sheet_id: int) -> RosterRow:
        """The roster row of one sheet, in the roster or in the trash."""
        record = self._db.execute(
            f"SELECT {ROW_COLUMNS} FROM sheets s WHERE s.id = ?", (sheet_id,)
        ).fetchone()
        if record is None:
            raise LibraryError(
                _("there is no sheet {sheet_id} in the library").format(sheet_id=sheet_id)
            )
        return row_from(record)

    @guarded
    def duplicate(self, sheet_id: int, *, note: str = "") -> int:
        """A new sheet holding the current revision, in the same campaign with the same
        tags (its characters' own too); its id."""
        with transaction(self._writable()) as db:
            self._head(db, sheet_id)
            campaign = db.execute("SELECT campaign FROM sheets WHERE id = ?", (sheet_id,))
            sheet = decode(self._head(db, sheet_id)[1], f"library sheet {sheet_id}")
            copy = self._insert(
                db,
                sheet,
                campaign.fetchone()[0],
                self._tags(db, sheet_id),
                note or f"copy of sheet {sheet_id}",
            )
            db.execute(
                "INSERT INTO character_campaigns (sheet_id, character_id, campaign) "
                "SELECT ?, character_id, campaign FROM character_campaigns WHERE sheet_id = ?",
                (copy, sheet_id),
            )
            write_tags(db, copy, sheet_tags(db, copy), own_tags(db, sheet_id))
            return copy

    # --- campaign and tags -----------------------------------------------------------------

    @guarded
    def move_to_campaign(self, ids: Iterable[int], campaign: str) -> None:
        """Put sheets, every character of them, in a campaign ("" takes them out of any)."""
        name = clean_campaign(campaign)
        with transaction(self._writable()) as db:
            for sheet_id in ids:
                self._head(db, sheet_id)
                db.execute("UPDATE sheets SET campaign = ? WHERE id = ?", (name, sheet_id))
                db.execute("DELETE FROM character_campaigns WHERE sheet_id = ?", (sheet_id,))

    @guarded
    def set_tags(self, sheet_id: int, tags: Iterable[str]) -> None:
        """The sheet's tags, on every character of it (their own ones dropped)."""
        new = set(_clean_tags(tags))
        self._change_tags([sheet_id], lambda _old: new, lambda _own: set())

    @guarded
    def add_tags(self, ids: Iterable[int], tags: Iterable[str]) -> None:
        """Tag sheets, every character of them."""
        added = set(_clean_tags(tags))
        self._change_tags(ids, lambda old: old | added, lambda own: own)

    @guarded
    def remove_tags(self, ids: Iterable[int], tags: Iterable[str]) -> None:
        """Take tags off sheets and off every character of them."""
        removed = set(_clean_tags(tags))
        self._change_tags(ids, lambda old: old - removed, lambda own: own - removed)

    def _change_tags(
        self,
        ids: Iterable[int],
        change: Callable[[set[str]], set[str]],
        change_own: Callable[[set[str]], set[str]],
    ) -> None:
        with transaction(self._writable()) as db:
            for sheet_id in ids:
                self._head(db, sheet_id)
                own = {cid: change_own(t) for cid, t in own_tags(db, sheet_id).items()}
                write_tags(db, sheet_id, change(sheet_tags(db, sheet_id)), own)

    @guarded
    def campaigns(self) -> list[str]:
        """Every campaign a sheet in the roster, or one character of it, belongs to."""
        found = self._db.execute(
            "SELECT DISTINCT g.campaign FROM character_campaigns g JOIN sheets s "
            "ON s.id = g.sheet_id WHERE s.trashed IS NULL"
        )
        own = {text_of(v) for (v,) in found}
        return sorted(set(self._distinct("campaign")) | own, key=str.casefold)

    @guarded
    def systems(self) -> list[str]:
        return self._distinct("system")

    @guarded
    def tags(self) -> list[str]:
        found = self._db.execute(
            "SELECT DISTINCT t.tag FROM tags t JOIN sheets s ON s.id = t.sheet_id "
            "WHERE s.trashed IS NULL UNION SELECT DISTINCT k.tag FROM character_tags k "
            "JOIN sheets s ON s.id = k.sheet_id WHERE s.trashed IS NULL"
        )
        return sorted({text_of(t) for (t,) in found}, key=str.casefold)

    def _distinct(self, column: str) -> list[str]:
        found = self._db.execute(
            f"SELECT DISTINCT {column} FROM sheets WHERE trashed IS NULL AND {column} != ''"
        )
        return sorted({text_of(v) for (v,) in found}, key=str.casefold)

    # --- the roster ------------------------------------------------------------------------

    @guarded
    def roster(self, query: RosterQuery | None = None) -> list[RosterRow]:
        """The rows the roster shows for ``query`` (default: all, by name), a row per
        character, from columns only: no document is parsed."""
        sql, params = character_roster_sql(query or RosterQuery())
        return [row_from(r) for r in self._db.execute(sql, params)]

    @guarded
    def roster_ids(self, query: RosterQuery | None = None) -> list[int]:
        """Only the sheet ids, a sheet once, in order (sorted by a sheet's own columns)."""
        sql, params = roster_sql(query or RosterQuery(), columns="s.id")
        return [i for (i,) in self._db.execute(sql, params)]

    @guarded
    def character_keys(self, query: RosterQuery | None = None) -> list[tuple[int, int]]:
        """The app's roster: (sheet id, character) of each row, a row per character, in
        order; rows are fetched with ``character_rows`` as they scroll into sight."""
        sql, params = character_keys_sql(query or RosterQuery())
        return [(i, p) for i, p in self._db.execute(sql, params)]

    @guarded
    def character_page(
        self, query: RosterQuery, offset: int, limit: int
    ) -> list[tuple[int, int]]:
        """``limit`` keys of ``character_keys`` from ``offset``: a screenful read from one
        index, however many rows the query holds."""
        sql, params = character_keys_sql(query, offset, limit)
        return [(i, p) for i, p in self._db.execute(sql, params)]

    @guarded
    def count_roster(self, query: RosterQuery | None = None) -> int:
        """How many rows ``character_keys`` holds, counted in SQL."""
        sql, params = character_count_sql(query or RosterQuery())
        return int(self._db.execute(sql, params).fetchone()[0])

    @guarded
    def character_places(
        self, query: RosterQuery, sheet_ids: Iterable[int]
    ) -> list[tuple[int, int, int]]:
        """(row, sheet id, character) of every row of ``sheet_ids`` in ``character_keys``,
        by row: where a selection kept by sheet is now, without reading out every key."""
        wanted = json.dumps(sorted({int(i) for i in sheet_ids}))
        sql, params = character_members_sql(query, wanted)
        members = self._db.execute(sql, params).fetchall()
        if len(members) > RANKED_ONE_BY_ONE:  # a large selection: one pass over the order
            sql, params = character_places_sql(query, wanted)
            return [(n, i, p) for n, i, p in self._db.execute(sql, params)]
        # A few rows (the selection kept while typing): each one's place counted along the
        # order's index up to it, where numbering every row cost 80-150 ms at 100,000.
        sql, params = character_rank_sql(query)
        places = [
            (int(self._db.execute(sql, [*params, i, p]).fetchone()[0]), i, p) for i, p in members
        ]
        return sorted(places)

    @guarded
    def character_rows(self, keys: Sequence[tuple[int, int]]) -> list[RosterRow]:
        """The rows of ``keys`` in the order given (keys no longer stored are left out)."""
        found: dict[tuple[int, int], RosterRow] = {}
        ids = sorted({sheet_id for sheet_id, _unused in keys})
        for start in range(0, len(ids), 500):
            chunk = ids[start : start + 500]
            marks = ",".join("?" * len(chunk))
            for record in self._db.execute(
                f"SELECT {CHARACTER_COLUMNS} FROM characters c JOIN sheets s "
                f"ON s.id = c.sheet_id WHERE s.id IN ({marks})",
                chunk,
            ):
                row = row_from(record)
                found[(row.id, row.character)] = row
        return [found[k] for k in keys if k in found]

    @guarded
    def sheets_in_setting(self, system: str, setting: str) -> list[int]:
        """The sheets out of the trash with a character of ``setting`` (a universe), read
        from the characters' index: a changed universe pack reads its own sheets alone."""
        return [i for (i,) in self._db.execute(
            "SELECT DISTINCT s.id FROM characters c JOIN sheets s ON s.id = c.sheet_id "
            "WHERE c.setting = ? COLLATE NOCASE AND s.system = ? AND s.trashed IS NULL "
            "ORDER BY s.id",
            (setting, system),
        )]

    @guarded
    def count_characters(self) -> int:
        """Rows of the app's roster: the characters of the sheets not in the trash."""
        return self.count_roster()

    @guarded
    def rows(self, ids: Sequence[int]) -> list[RosterRow]:
        """The rows of ``ids`` in the order given (ids no longer stored are left out)."""
        found: dict[int, RosterRow] = {}
        for start in range(0, len(ids), 500):
            chunk = list(ids[start : start + 500])
            marks = ",".join("?" * len(chunk))
            for record in self._db.execute(
                f"SELECT {ROW_COLUMNS} FROM sheets s WHERE s.id IN ({marks})", chunk
            ):
                found[record[0]] = row_from(record)
        return [found[i] for i in ids if i in found]

    @guarded
    def count(self) -> int:
        """Sheets in the roster (the trash not counted)."""
        return int(
            self._db.execute("SELECT count(*) FROM sheets WHERE trashed IS NULL").fetchone()[0]
        )

    @guarded
    def search(self, text: str, *, limit: int | None = None) -> list[RosterRow]:
        """Characters (a row each, as the app's roster lists them) whose name, tags or own
        searchable text (notes, profession, gear... as the system's plugin provides) hold
        every word of ``text`` as a word start, best first."""
        built = search_sql(text, limit)
        if built is None:
            return []
        sql, params = built
        return [row_from(r) for r in self._db.execute(sql, params)]

    # --- revisions -------------------------------------------------------------------------

    @guarded
    def revisions(self, sheet_id: int) -> list[Revision]:
        """Every saved revision, newest first."""
        head = self._head(self._db, sheet_id)[0]
        return [
            Revision(number, saved, note, size, number == head)
            for number, saved, note, size in self._db.execute(
                "SELECT number, saved, note, length(CAST(document AS BLOB)) FROM revisions "
                "WHERE sheet_id = ? ORDER BY number DESC",
                (sheet_id,),
            )
        ]

    @guarded
    def restore(self, sheet_id: int, revision: int) -> int:
        """Make an earlier revision current again, as a new revision (so the one replaced is
        kept too); the new revision's number."""
        with transaction(self._writable()) as db:
            head, current, trashed = self._head(db, sheet_id)
            if trashed is not None:
                raise LibraryError(
                    _("sheet {sheet_id} is in the trash; restore it first").format(
                        sheet_id=sheet_id
                    )
                )
            record = db.execute(
                "SELECT document FROM revisions WHERE sheet_id = ? AND number = ?",
                (sheet_id, revision),
            ).fetchone()
            if record is None:
                raise LibraryError(
                    _("sheet {sheet_id} has no revision {revision}").format(
                        sheet_id=sheet_id, revision=revision
                    )
                )
            if record[0] == current:
                return head
            try:
                sheet = decode(record[0], f"library sheet {sheet_id} revision {revision}")
            except DocumentError as exc:
                raise LibraryError(str(exc)) from None
            return self._append(
                db, sheet_id, head + 1, sheet, record[0], f"restored revision {revision}"
            )

    # --- trash -----------------------------------------------------------------------------

    @guarded
    def delete(self, ids: Iterable[int]) -> None:
        """Move sheets to the trash; they leave the roster and search but keep everything."""
        with transaction(self._writable()) as db:
            now = self._clock()
            for sheet_id in ids:
                self._head(db, sheet_id)
                db.execute(
                    "UPDATE sheets SET trashed = ? WHERE id = ? AND trashed IS NULL",
                    (now, sheet_id),
                )

    @guarded
    def untrash(self, ids: Iterable[int]) -> None:
        """Bring sheets back from the trash to the roster. The product restores through
        ``sheetapp.campaign.shelf.Shelf.untrash``, which also takes the campaign changes a
        shared sheet was held from meanwhile."""
        with transaction(self._writable()) as db:
            for sheet_id in ids:
                self._head(db, sheet_id)
                db.execute("UPDATE sheets SET trashed = NULL WHERE id = ?", (sheet_id,))

    @guarded
    def trash(self) -> list[RosterRow]:
        """The sheets in the trash, most recently deleted first."""
        return [
            row_from(r)
            for r in self._db.execute(
                f"SELECT {ROW_COLUMNS} FROM sheets s WHERE s.trashed IS NOT NULL "
                "ORDER BY s.trashed DESC, s.id"
            )
        ]

    @guarded
    def empty_trash(self) -> int:
        """Delete the trashed sheets for good, with their history, play state and shared
        documents' updates; how many."""
        with transaction(self._writable()) as db:
            gone = [i for (i,) in db.execute("SELECT id FROM sheets WHERE trashed IS NOT NULL")]
            forget_shared(db, gone)
            for sheet_id in gone:
                db.execute("DELETE FROM search WHERE rowid = ?", (sheet_id,))
                first = character_rowid(sheet_id, 0)
                for table in ("character_search", "character_names"):
                    db.execute(
                        f"DELETE FROM {table} WHERE rowid BETWEEN ? AND ?",
                        (first, first + CHARACTER_SLOTS - 1),
                    )
            db.execute("DELETE FROM sheets WHERE trashed IS NOT NULL")
        return len(gone)

    @guarded
    def data_version(self) -> int:
        """A number that changes when another connection (another window, a command line)
        commits a change; a view polls it to know when to fetch its rows again."""
        return int(self._db.execute("PRAGMA data_version").fetchone()[0])

    @guarded
    def change_marks(self, ids: Sequence[int] | None = None) -> ChangeMarks:
        """What tells this state of ``ids`` (every sheet when None) and of the play state
        from a later one: ``later.since(earlier)`` says what another program changed."""
        return read_marks(self._db, ids)

    # --- upkeep ----------------------------------------------------------------------------

    @guarded
    def check(self) -> list[str]:
        """Every problem a full check finds (an empty list: healthy). Slower than the check
        made at open: the schema against the one sheetapp builds (tables, columns, indexes,
        no other triggers or views), indexes, references, the search index and every
        current document."""
        db = self._db
        problems = schema_differences(db, user_version(db))
        problems += [
            f"integrity: {message}"
            for (message,) in db.execute("PRAGMA integrity_check(20)")
            if message != "ok"
        ]
        problems += [
            f"{table} row {rowid} refers to a missing {parent}"
            for table, rowid, parent, _unused in db.execute("PRAGMA foreign_key_check")
        ]
        try:
            db.execute("INSERT INTO search (search, rank) VALUES ('integrity-check', 1)")
        except sqlite3.DatabaseError as exc:
            problems.append(
                f"search index: {exc} (rebuild it with 'sheetapp library check --repair')"
            )
        for sheet_id, document in db.execute(
            "SELECT s.id, r.document FROM sheets s JOIN revisions r "
            "ON r.sheet_id = s.id AND r.number = s.head"
        ):
            try:
                decode(document, f"sheet {sheet_id}")
            except DocumentError as exc:
                problems.append(str(exc))
        missing = db.execute(
            "SELECT s.id FROM sheets s LEFT JOIN revisions r ON r.sheet_id = s.id "
            "AND r.number = s.head WHERE r.id IS NULL"
        ).fetchall()
        problems += [f"sheet {i}: its current revision is missing" for (i,) in missing]
        (odd,) = db.execute(
            "SELECT count(*) FROM damage WHERE typeof(track) != 'text' "
            "OR typeof(taken) != 'integer' OR taken < 0"
        ).fetchone()
        if odd:
            problems.append(f"damage: {odd} rows are not a track and a count (left out at play)")
        return problems + self.shared_problems()

    @guarded
    def reindex(self) -> None:
        """Derive the roster columns and the search index again from every document."""
        with transaction(self._writable()) as db:
            reindex_all(db)


def open_library(
    path: str | os.PathLike[str] | None = None,
    *,
    read_only: bool = False,
    on_damage: OnDamage = "rebuild",
    clock: Callable[[], float] = time.time,
) -> Library:
    """Open (or create) the library at ``path`` (default: ``default_path()``).

    The file is checked first. When it is damaged a copy is kept beside it and
    ``library.damage_report`` says what happened: by default a new file holds what could be read;
    ``on_damage="read-only"`` opens the damaged file for reading instead. An older schema is
    upgraded (after a copy, ``<name>.schema-vN.bak``). Raises ``LibraryError`` when the file
    cannot be used at all (written by a newer sheetapp, no permission...).
    """
    target = Path(path) if path is not None else default_path()
    try:
        connection, damage, upgraded, deferred = open_connection(
            target, read_only=read_only, on_damage=on_damage
        )
    except (sqlite3.Error, UnicodeDecodeError) as exc:
        raise LibraryError(
            _("{target}: cannot open the library: {exc}").format(target=target, exc=exc)
        ) from None
    except OSError as exc:
        raise LibraryError(
            _("{target}: cannot open the library: {value}").format(
                target=target, value=os_reason(exc)
            )
        ) from None
    return Library(
        connection,
        target,
        read_only=read_only or (damage is not None and damage.action == "read-only"),
        damage=damage,
        upgraded=upgraded,
        clock=clock,
        deferred=DeferredCheck(target, lambda: probe_connection(target)) if deferred else None,
    )


__all__ = ["SCHEMA_VERSION", "EncounterEntry", "Library", "default_path", "open_library"]


def _same_json(document: str, current: str) -> bool:
    """The same sheet, whatever the order of its keys (text equality first: the common
    case, and no parse)."""
    return document == current or json.loads(document) == json.loads(current)
