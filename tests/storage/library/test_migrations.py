"""Upgrading libraries written by every earlier schema version, and refusing newer ones."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from sheetapp.storage.library import SCHEMA_VERSION, LibraryError, RosterQuery, open_library
from sheetapp.storage.library.documents import encode
from sheetapp.storage.library.reindex import reindex_all
from sheetapp.storage.library.schema import MIGRATIONS, create_v1, statements, user_version
from sheetapp.systems.registry import system_ids

from .conftest import hero, npc

EARLIER = range(1, SCHEMA_VERSION)


def old_library(path: Path, version: int) -> None:
    """A library as sheetapp with schema ``version`` left it: three sheets written with the
    version 1 statements (every later version keeps those columns), one with two
    revisions, one hurt, one in the trash, one whose system this sheetapp lacks."""
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("BEGIN")
    create_v1(db)
    for migration in MIGRATIONS:
        if migration.version <= version:
            for statement in statements(migration.script):
                db.execute(statement)
            db.execute(f"PRAGMA user_version = {migration.version}")
    first, second = npc(1, "Ödön Vass", notes="keeps bees"), npc(2, "Кира")
    renamed = first.model_copy(deep=True)
    renamed.characters[0].name = "Ödön Vass the Elder"
    rows = [
        (1, "amazing-engine", "Ödön Vass the Elder", "Harbour", None, [first, renamed]),
        (2, "amazing-engine", "Кира", "", 1_700_000_500.0, [second]),
    ]
    for sheet_id, system, name, campaign, trashed, revisions in rows:
        db.execute(
            "INSERT INTO sheets (id, system, name, setting, npc, campaign, created, updated, "
            "trashed, head) VALUES (?, ?, ?, 'generic', 1, ?, 1.7e9, 1.7e9, ?, ?)",
            (sheet_id, system, name, campaign, trashed, len(revisions)),
        )
        for number, sheet in enumerate(revisions, 1):
            db.execute(
                "INSERT INTO revisions (sheet_id, number, saved, note, document) "
                "VALUES (?, ?, ?, '', ?)",
                (sheet_id, number, 1.7e9 + number, encode(sheet)),
            )
    foreign = '{"format":"sheetapp","format_version":1,"system":"starfall","name":"Vex"}'
    db.execute(
        "INSERT INTO sheets (id, system, name, created, updated) "
        "VALUES (3, 'starfall', 'Vex', 1.7e9, 1.7e9)"
    )
    db.execute(
        "INSERT INTO revisions (sheet_id, number, saved, document) VALUES (3, 1, 1.7e9, ?)",
        (foreign,),
    )
    db.execute("INSERT INTO damage (sheet_id, track, taken) VALUES (1, 'stamina', 4)")
    if version >= 2:  # that sheetapp indexed each sheet as it saved it
        reindex_all(db)
    db.execute("COMMIT")
    db.close()


@pytest.mark.parametrize("version", EARLIER)
def test_an_old_library_opens_upgraded_with_everything_kept(tmp_path, version) -> None:
    path = tmp_path / "library.sqlite3"
    old_library(path, version)
    with open_library(path) as lib:
        assert lib.upgraded == tuple(range(version + 1, SCHEMA_VERSION + 1))
        assert lib.damage_report is None
        assert [(r.id, r.name, r.campaign) for r in lib.roster()] == [
            (1, "Ödön Vass the Elder", "Harbour"),
            (3, "Vex", ""),  # a system this sheetapp lacks stays listed
        ]
        assert [r.id for r in lib.trash()] == [2]
        assert [r.number for r in lib.revisions(1)] == [2, 1]
        assert lib.load(1, 1).characters[0].name == "Ödön Vass"
        assert lib.damage_taken(1) == {"stamina": 4}
        # What version 2 added works on the old sheets: folded names, search, tags.
        assert [r.id for r in lib.roster(RosterQuery(text="odon"))] == [1]
        assert [r.id for r in lib.search("bees")] == [1]
        lib.add_tags([1], ["beekeeper"])
        assert [r.id for r in lib.roster(RosterQuery(tag="beekeeper"))] == [1]
        assert lib.check() == [
            "sheet 3: unknown system 'starfall'; known systems: " + ", ".join(system_ids())
        ]
    backup = path.with_name(f"{path.name}.schema-v{version}.bak")
    assert backup.exists()  # the old file, kept as it was
    db = sqlite3.connect(backup)
    assert user_version(db) == version
    assert db.execute("SELECT count(*) FROM revisions").fetchone()[0] == 4
    db.close()
    with open_library(path) as again:
        assert again.upgraded == ()  # upgraded once only


@pytest.mark.parametrize("version", EARLIER)
def test_an_upgraded_library_lists_and_finds_each_character_of_a_core(tmp_path, version) -> None:
    path = tmp_path / "library.sqlite3"
    old_library(path, version)
    core = hero(5, "Wolfgang")
    second = core.characters[0].model_copy(update={"id": "smuggler", "name": "Quillon Vey"})
    core.characters.append(second)
    db = sqlite3.connect(path, isolation_level=None)
    db.execute(  # as that sheetapp listed it: one row, named after the prime
        "INSERT INTO sheets (id, system, name, created, updated) "
        "VALUES (4, 'amazing-engine', 'Wolfgang', 1.7e9, 1.7e9)"
    )
    db.execute(
        "INSERT INTO revisions (sheet_id, number, saved, document) VALUES (4, 1, 1.7e9, ?)",
        (encode(core),),
    )
    if version >= 2:
        reindex_all(db)
    db.close()
    with open_library(path) as lib:
        rows = lib.character_rows(lib.character_keys())
        assert [(r.id, r.character, r.name, r.player) for r in rows] == [
            (1, 0, "Ödön Vass the Elder", ""),
            (4, 1, "Quillon Vey", "Ana"),
            (3, 0, "Vex", ""),  # a system this sheetapp lacks: one row, its stored name
            (4, 0, "Wolfgang", "Ana"),
        ]
        assert lib.character_keys(RosterQuery(text="quillon")) == [(4, 1)]
        assert lib.character_keys(RosterQuery(text="ana")) == [(4, 1), (4, 0)]
        assert lib.count_characters() == 4
        assert lib.check()[1:] == []  # only the unknown system, as above


def test_a_new_library_is_version_1_plus_every_migration(library_path) -> None:
    with open_library(library_path) as lib:
        assert lib.upgraded == tuple(range(1, SCHEMA_VERSION + 1))
    db = sqlite3.connect(library_path)
    assert user_version(db) == SCHEMA_VERSION
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    db.close()
    with open_library(library_path) as lib:
        assert lib._db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_a_library_from_a_newer_sheetapp_is_refused_untouched(library_path) -> None:
    with open_library(library_path) as lib:
        lib.add(npc(1))
    db = sqlite3.connect(library_path)
    # what a newer sheetapp's migration does: a table of its own, and its version number
    db.execute("CREATE TABLE future_things (id INTEGER PRIMARY KEY)")
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.commit()
    db.close()
    before = library_path.read_bytes()
    with pytest.raises(LibraryError, match="newer sheetapp"):
        open_library(library_path)
    assert library_path.read_bytes() == before
    assert list(library_path.parent.glob("*.damaged-*")) == []


def test_read_only_does_not_upgrade(library_path) -> None:
    old_library(library_path, 1)
    with pytest.raises(LibraryError, match="needs an upgrade"):
        open_library(library_path, read_only=True)
    db = sqlite3.connect(library_path)
    assert user_version(db) == 1
    db.close()
