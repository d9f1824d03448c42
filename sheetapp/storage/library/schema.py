"""The library's tables, every earlier version of them and the steps from one to the next.

The schema version lives in SQLite's ``user_version``. A new library is made the way an old
one is upgraded, by running the version 1 script and then every migration, so the upgrade
path is exercised on every start of a new library and cannot rot.

Version 1 held sheets (ids are never reused, so a saved encounter cannot come to point at
another sheet), their revisions and their damage at the table. Version 2 adds tags,
folded names for case- and accent-blind filtering, the full-text index (FTS5) over names,
tags and each sheet's searchable text, and saved encounters. Version 3 adds an index that
holds everything the roster's default order needs, so listing 10,000 sheets by name reads
the index alone (a filter keystroke in the app stays under 30 ms). Version 4 adds the
characters of each sheet (a roster row each, an Amazing Engine core holding several), with
their folded names, so the roster lists and finds every character by name. Version 5 adds
shared campaigns (``shared``): which sheet follows which shared document, each shared
document's Y updates in order, and the updates refused as invalid with who sent them.
Version 6 gives each character its own columns (setting, profession, status, XP or level)
and its own full-text row (``character_search``, row id ``sheet id * CHARACTER_SLOTS +
position``), so the roster sorts by them and a search finds the one character whose words
match, not every character of its core.
Version 7 lets a character be tagged and filed in a group of its own (``filing``): each
character row gets its sheet's lasting id for it (``character_id``), and
``character_tags`` and ``character_campaigns`` hold what was set on one character. A
sheet's own tags and group (all a version 6 library holds) still apply to every
character of it, so an upgrade copies nothing.
Version 8 is for the roster at 100,000 characters:
each character carries its sheet's system, NPC flag and save time, and every column the
roster sorts by has an index in that order, so a screenful of rows in any order, and the
count of a filter, read the characters alone (no lookup of each row's sheet, no sort of
every row); the sheets in the trash are one small index; and the folded names are indexed
by their three-letter pieces (``character_names``, FTS5's trigram tokenizer, row ids as in
``character_search``), so a filter word of three letters or more finds the names holding it
without reading every name.
Version 9 copies each character's group (the one set on it, else its sheet's) into the
character row, kept by triggers on ``sheets.campaign`` and ``character_campaigns``, with an
index in the roster's group order, so sorting 100,000 characters by group reads one index
as every other order does.

What a library of each version must hold is taken from these same scripts: a library built
in memory by them is the reference that ``schema_differences`` compares a file with, so a
table, column or index changed, or a trigger or view added, by anything but sheetapp is
found (a trigger could delete revisions behind the app's back).
"""

from __future__ import annotations

import functools
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass

from sheetapp.storage.library.reindex import (
    CHARACTER_SLOTS,
    index_all_characters,
    reindex_all,
)

SCHEMA_V1 = """
CREATE TABLE sheets (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    system TEXT NOT NULL,
    name TEXT NOT NULL DEFAULT '',
    setting TEXT NOT NULL DEFAULT '',
    npc INTEGER NOT NULL DEFAULT 0 CHECK (npc IN (0, 1)),
    campaign TEXT NOT NULL DEFAULT '',
    created REAL NOT NULL,
    updated REAL NOT NULL,
    trashed REAL,
    head INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX sheets_updated ON sheets (updated);
CREATE TABLE revisions (
    id INTEGER PRIMARY KEY,
    sheet_id INTEGER NOT NULL REFERENCES sheets (id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    saved REAL NOT NULL,
    note TEXT NOT NULL DEFAULT '',
    document TEXT NOT NULL,
    UNIQUE (sheet_id, number)
);
CREATE TABLE damage (
    sheet_id INTEGER NOT NULL REFERENCES sheets (id) ON DELETE CASCADE,
    track TEXT NOT NULL,
    taken INTEGER NOT NULL CHECK (taken >= 0),
    PRIMARY KEY (sheet_id, track)
) WITHOUT ROWID;
"""

V2_TABLES = """
ALTER TABLE sheets ADD COLUMN name_key TEXT NOT NULL DEFAULT '';
CREATE INDEX sheets_name_key ON sheets (name_key);
CREATE INDEX sheets_system ON sheets (system);
CREATE INDEX sheets_campaign ON sheets (campaign);
CREATE TABLE tags (
    sheet_id INTEGER NOT NULL REFERENCES sheets (id) ON DELETE CASCADE,
    tag TEXT NOT NULL,
    PRIMARY KEY (sheet_id, tag)
) WITHOUT ROWID;
CREATE INDEX tags_by_tag ON tags (tag, sheet_id);
CREATE VIRTUAL TABLE search USING fts5 (
    name, tags, text, tokenize = 'unicode61 remove_diacritics 2'
);
CREATE TABLE encounters (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL DEFAULT '',
    updated REAL NOT NULL,
    state TEXT NOT NULL
);
"""

V3_ROSTER_INDEX = """
CREATE INDEX sheets_roster ON sheets (name_key, id, trashed);
"""

V4_CHARACTERS = """
CREATE TABLE characters (
    sheet_id INTEGER NOT NULL REFERENCES sheets (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    name TEXT NOT NULL DEFAULT '',
    name_key TEXT NOT NULL DEFAULT '',
    player TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (sheet_id, position)
) WITHOUT ROWID;
CREATE INDEX characters_roster ON characters (name_key, sheet_id, position);
"""

V5_SHARED = """
CREATE TABLE shared_links (
    sheet_id INTEGER PRIMARY KEY REFERENCES sheets (id) ON DELETE CASCADE,
    name TEXT NOT NULL UNIQUE,
    campaign TEXT NOT NULL,
    kind TEXT NOT NULL,
    owner TEXT NOT NULL DEFAULT '',
    synced INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX shared_links_campaign ON shared_links (campaign);
CREATE TABLE shared_updates (
    id INTEGER PRIMARY KEY,
    campaign TEXT NOT NULL,
    name TEXT NOT NULL,
    data BLOB NOT NULL
);
CREATE INDEX shared_updates_document ON shared_updates (campaign, name, id);
CREATE TABLE shared_rejections (
    id INTEGER PRIMARY KEY,
    campaign TEXT NOT NULL,
    name TEXT NOT NULL,
    sender_id TEXT NOT NULL DEFAULT '',
    sender_name TEXT NOT NULL DEFAULT '',
    at REAL NOT NULL,
    reason TEXT NOT NULL,
    size INTEGER NOT NULL DEFAULT 0,
    data BLOB
);
CREATE INDEX shared_rejections_document ON shared_rejections (campaign, name, id);
"""

V6_CHARACTER_COLUMNS = """
ALTER TABLE characters ADD COLUMN setting TEXT NOT NULL DEFAULT '';
ALTER TABLE characters ADD COLUMN profession TEXT NOT NULL DEFAULT '';
ALTER TABLE characters ADD COLUMN status TEXT NOT NULL DEFAULT '';
ALTER TABLE characters ADD COLUMN xp INTEGER;
CREATE VIRTUAL TABLE character_search USING fts5 (
    name, tags, text, tokenize = 'unicode61 remove_diacritics 2'
);
"""

V7_CHARACTER_FILING = """
ALTER TABLE characters ADD COLUMN character_id TEXT NOT NULL DEFAULT '';
CREATE TABLE character_tags (
    sheet_id INTEGER NOT NULL REFERENCES sheets (id) ON DELETE CASCADE,
    character_id TEXT NOT NULL,
    tag TEXT NOT NULL,
    PRIMARY KEY (sheet_id, character_id, tag)
) WITHOUT ROWID;
CREATE INDEX character_tags_by_tag ON character_tags (tag, sheet_id);
CREATE TABLE character_campaigns (
    sheet_id INTEGER NOT NULL REFERENCES sheets (id) ON DELETE CASCADE,
    character_id TEXT NOT NULL,
    campaign TEXT NOT NULL,
    PRIMARY KEY (sheet_id, character_id)
) WITHOUT ROWID;
CREATE INDEX character_campaigns_by_name ON character_campaigns (campaign, sheet_id);
"""

V8_ROSTER_ORDERS = f"""
ALTER TABLE characters ADD COLUMN system TEXT NOT NULL DEFAULT '';
ALTER TABLE characters ADD COLUMN npc INTEGER NOT NULL DEFAULT 0;
ALTER TABLE characters ADD COLUMN updated REAL NOT NULL DEFAULT 0;
UPDATE characters SET
    system = coalesce((SELECT s.system FROM sheets s WHERE s.id = characters.sheet_id), ''),
    npc = coalesce((SELECT s.npc FROM sheets s WHERE s.id = characters.sheet_id), 0),
    updated = coalesce((SELECT s.updated FROM sheets s WHERE s.id = characters.sheet_id), 0);
CREATE INDEX characters_by_system ON characters (system, name_key, sheet_id, position);
CREATE INDEX characters_by_kind ON characters (npc, name_key, sheet_id, position);
CREATE INDEX characters_by_updated ON characters (updated, sheet_id, position);
CREATE INDEX characters_by_setting
    ON characters (setting COLLATE NOCASE, name_key, sheet_id, position);
CREATE INDEX characters_by_profession
    ON characters (profession COLLATE NOCASE, name_key, sheet_id, position);
CREATE INDEX characters_by_status ON characters (status, name_key, sheet_id, position);
CREATE INDEX characters_by_player
    ON characters (player COLLATE NOCASE, name_key, sheet_id, position);
CREATE INDEX characters_by_xp
    ON characters (coalesce(xp, -1e18), name_key, sheet_id, position, xp);
CREATE INDEX sheets_trashed ON sheets (id) WHERE trashed IS NOT NULL;
CREATE VIRTUAL TABLE character_names USING fts5 (name, tokenize = 'trigram');
INSERT INTO character_names (rowid, name)
    SELECT sheet_id * {CHARACTER_SLOTS} + position, name_key FROM characters;
"""

# The trigger bodies' group of a character: the one set on it, else its sheet's.
_GROUP_OF = (
    "coalesce((SELECT g.campaign FROM character_campaigns g WHERE g.sheet_id = {sheet} "
    "AND g.character_id = {character}), (SELECT s.campaign FROM sheets s "
    "WHERE s.id = {sheet}), '')"
)
_OWN_GROUP = _GROUP_OF.format(sheet="characters.sheet_id", character="characters.character_id")
_LEFT_GROUP = _GROUP_OF.format(sheet="OLD.sheet_id", character="OLD.character_id")

V9_CHARACTER_GROUPS = f"""
ALTER TABLE characters ADD COLUMN campaign TEXT NOT NULL DEFAULT '';
UPDATE characters SET campaign = {_OWN_GROUP};
CREATE INDEX characters_by_campaign
    ON characters (campaign COLLATE NOCASE, name_key, sheet_id, position);
CREATE TRIGGER characters_follow_sheet_group AFTER UPDATE OF campaign ON sheets BEGIN
    UPDATE characters SET campaign = {_OWN_GROUP}
    WHERE sheet_id = NEW.id;
END;
CREATE TRIGGER characters_follow_own_group AFTER INSERT ON character_campaigns BEGIN
    UPDATE characters SET campaign = NEW.campaign
    WHERE sheet_id = NEW.sheet_id AND character_id = NEW.character_id;
END;
CREATE TRIGGER characters_follow_renamed_group AFTER UPDATE ON character_campaigns BEGIN
    UPDATE characters SET campaign = {_OWN_GROUP}
    WHERE (sheet_id = OLD.sheet_id AND character_id = OLD.character_id)
        OR (sheet_id = NEW.sheet_id AND character_id = NEW.character_id);
END;
CREATE TRIGGER characters_leave_own_group AFTER DELETE ON character_campaigns BEGIN
    UPDATE characters SET campaign = {_LEFT_GROUP}
    WHERE sheet_id = OLD.sheet_id AND character_id = OLD.character_id;
END;
"""

# The tables every version from 2 on must hold; a library missing one is damaged.
REQUIRED_TABLES = frozenset({"sheets", "revisions", "damage", "tags", "search", "encounters"})


def statements(script: str) -> list[str]:
    """Split a script into whole statements (``executescript`` would commit on its own)."""
    found, pending = [], ""
    for line in script.splitlines(keepends=True):
        pending += line
        if sqlite3.complete_statement(pending):
            found.append(pending.strip())
            pending = ""
    if pending.strip():
        raise ValueError(f"incomplete SQL statement: {pending.strip()[:60]}")
    return found


@dataclass(frozen=True)
class Migration:
    """The step from ``version - 1`` to ``version``: SQL, then filling new columns from the
    documents where that needs Python (folding, the system's roster text)."""

    version: int
    script: str
    backfill: Callable[[sqlite3.Connection], None] | None = None


MIGRATIONS: tuple[Migration, ...] = (
    Migration(2, V2_TABLES, backfill=reindex_all),
    Migration(3, V3_ROSTER_INDEX),
    Migration(4, V4_CHARACTERS, backfill=index_all_characters),
    Migration(5, V5_SHARED),
    Migration(6, V6_CHARACTER_COLUMNS, backfill=index_all_characters),
    Migration(7, V7_CHARACTER_FILING, backfill=index_all_characters),
    Migration(8, V8_ROSTER_ORDERS),
    Migration(9, V9_CHARACTER_GROUPS),
)
SCHEMA_VERSION = MIGRATIONS[-1].version


def user_version(connection: sqlite3.Connection) -> int:
    return int(connection.execute("PRAGMA user_version").fetchone()[0])


def create_v1(connection: sqlite3.Connection) -> None:
    """Version 1 as it shipped; inside the caller's transaction."""
    for statement in statements(SCHEMA_V1):
        connection.execute(statement)
    connection.execute("PRAGMA user_version = 1")


def migrate(connection: sqlite3.Connection) -> list[int]:
    """Bring the schema up to date inside the caller's transaction; the versions applied."""
    applied = []
    for migration in MIGRATIONS:
        if user_version(connection) != migration.version - 1:
            continue
        for statement in statements(migration.script):
            connection.execute(statement)
        if migration.backfill is not None:
            migration.backfill(connection)
        connection.execute(f"PRAGMA user_version = {migration.version}")
        applied.append(migration.version)
    return applied


# (type, name, SQL with its whitespace folded) of one object of a schema.
SchemaObject = tuple[str, str, str]


def schema_of(connection: sqlite3.Connection) -> frozenset[SchemaObject]:
    """Every table, index, trigger and view of a file, SQLite's own ``sqlite_*`` aside."""
    return frozenset(
        (kind, name, " ".join(str(sql or "").split()))
        for kind, name, sql in connection.execute(
            "SELECT type, name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite!_%' ESCAPE '!'"
        )
    )


@functools.cache
def reference_schemas() -> tuple[frozenset[SchemaObject], ...]:
    """The schema of every version, index 0 for version 1, as our own scripts build it."""
    built = sqlite3.connect(":memory:", isolation_level=None)
    try:
        create_v1(built)
        found = [schema_of(built)]
        for migration in MIGRATIONS:
            for statement in statements(migration.script):
                built.execute(statement)
            built.execute(f"PRAGMA user_version = {migration.version}")
            found.append(schema_of(built))
        return tuple(found)
    finally:
        built.close()


@functools.cache
def schema_entry_counts() -> frozenset[int]:
    """How many entries SQLite's own schema table holds in a library of each version
    (tables, indexes, the full-text index's tables, SQLite's internal ones): what the
    first page of a library cut short still counts when their text is gone."""
    counts = set()
    built = sqlite3.connect(":memory:", isolation_level=None)
    try:
        create_v1(built)
        counts.add(built.execute("SELECT count(*) FROM sqlite_schema").fetchone()[0])
        for migration in MIGRATIONS:
            for statement in statements(migration.script):
                built.execute(statement)
            counts.add(built.execute("SELECT count(*) FROM sqlite_schema").fetchone()[0])
        return frozenset(counts)
    finally:
        built.close()


def is_our_table(objects: frozenset[SchemaObject]) -> bool:
    """Whether any table here is one of ours, as some version of sheetapp defined it: a
    file that passes this is a sheetapp library (damaged, perhaps), one that does not
    belongs to another program."""
    ours = {o for schema in reference_schemas() for o in schema if o[0] == "table"}
    return any(o in ours for o in objects if o[0] == "table")


def schema_differences(connection: sqlite3.Connection, version: int) -> list[str]:
    """How the file's schema differs from what ``version`` holds (empty: the same)."""
    known = min(max(version, 1), SCHEMA_VERSION)
    found, expected = schema_of(connection), reference_schemas()[known - 1]
    kinds = {name: kind for kind, name, _sql in expected}
    problems = []
    for kind, name, _sql in sorted(found - expected, key=lambda o: o[1]):
        if name not in kinds:
            problems.append(f"schema: {kind} {name} is not sheetapp's")
        elif kinds[name] != kind:
            problems.append(f"schema: {name} is a {kind} where sheetapp has a {kinds[name]}")
        else:
            problems.append(f"schema: {kind} {name} differs from sheetapp's")
    names = {name for _kind, name, _sql in found}
    problems += [
        f"schema: {kind} {name} is missing"
        for kind, name, _sql in sorted(expected)
        if name not in names
    ]
    return problems
