"""A damaged library file is copied aside, reported, and rebuilt or opened read-only;
nothing is ever dropped without a copy."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sheetapp.storage.library import (
    LibraryError,
    NotALibraryError,
    ReadOnlyError,
    open_library,
    opening,
)

from .conftest import npc

SHEETS = 120
PAGE = 4096


@pytest.fixture
def full(library_path: Path) -> Path:
    """A closed library of SQLITE sheets with notes long enough to fill many pages."""
    with open_library(library_path) as lib:
        lib.add_many(npc(i, f"Sheet {i}", notes="word " * 60) for i in range(SHEETS))
    return library_path


def root_page(path: Path, table: str) -> int:
    db = sqlite3.connect(path)
    (page,) = db.execute("SELECT rootpage FROM sqlite_schema WHERE name = ?", (table,)).fetchone()
    db.close()
    return page


def overwrite(path: Path, offset: int, data: bytes) -> None:
    with path.open("r+b") as handle:
        handle.seek(offset)
        handle.write(data)


def only_backup(path: Path) -> Path:
    (backup,) = path.parent.glob(f"{path.name}.damaged-*[0-9]")
    return backup


def reopen(path: Path, **options):
    damaged = path.read_bytes()
    lib = open_library(path, **options)
    report = lib.damage_report
    assert report is not None
    backup = only_backup(path)
    assert report.backup == backup
    assert backup.read_bytes() == damaged  # the damaged file is kept exactly as found
    assert str(backup) in report.summary()
    return lib, report


def test_an_empty_file_is_backed_up_and_replaced_by_a_new_library(full) -> None:
    os.truncate(full, 0)
    lib, report = reopen(full)
    assert (report.problem, report.action, report.found) == ("the file is empty", "rebuilt", 0)
    assert lib.roster() == [] and lib.check() == []
    lib.add(npc(1))  # usable again
    lib.close()


def test_a_file_cut_in_half_keeps_the_sheets_before_the_cut(full) -> None:
    os.truncate(full, full.stat().st_size // 2)
    lib, report = reopen(full)
    assert report.action == "rebuilt"
    # Found counts only sheets with a row or a revision still read: an index naming more
    # may be the damaged part itself, and would overstate the sheets there were.
    assert 0 < report.salvaged <= report.found < SHEETS
    rows = lib.roster()
    assert len(rows) == report.salvaged
    for row in rows:  # every sheet kept is whole
        assert lib.load(row.id).characters[0].name == row.name
    assert lib.check() == []
    lib.close()


def test_a_garbled_header_loses_nothing(full) -> None:
    overwrite(full, 0, b"this is no db!!\x00")
    lib, report = reopen(full)
    assert report.problem == "it does not start like an SQLite database"
    assert report.salvaged == report.found == SHEETS
    assert len(lib.search("sheet")) == SHEETS
    lib.close()


def test_a_lost_roster_table_is_rebuilt_from_the_revisions(full) -> None:
    overwrite(full, (root_page(full, "sheets") - 1) * PAGE, os.urandom(PAGE))
    lib, report = reopen(full, on_damage="read-only")
    assert report.action == "rebuilt"  # unreadable rows: read-only would show nothing
    assert report.salvaged == SHEETS
    assert sorted(r.name for r in lib.roster()) == sorted(f"Sheet {i}" for i in range(SHEETS))
    assert lib.check() == []
    lib.close()


def test_garbled_pages_cost_only_the_sheets_on_them(full) -> None:
    size = full.stat().st_size
    overwrite(full, (size // PAGE // 2) * PAGE, os.urandom(2 * PAGE))
    lib, report = reopen(full)
    assert report.found == SHEETS
    assert SHEETS - 10 <= report.salvaged <= SHEETS
    assert lib.check() == []
    lib.close()


def test_read_only_on_request_lists_and_exports_but_changes_nothing(full) -> None:
    overwrite(full, (root_page(full, "revisions") - 1) * PAGE, os.urandom(PAGE))
    lib, report = reopen(full, on_damage="read-only")
    assert report.action == "read-only" and "read-only" in report.summary()
    assert lib.read_only and len(lib.roster()) == SHEETS
    with pytest.raises(ReadOnlyError, match="read-only"):
        lib.add(npc(1))
    with pytest.raises(ReadOnlyError):
        lib.delete([1])
    lib.close()


def test_a_file_that_is_not_a_database_is_refused_as_it_is(library_path) -> None:
    library_path.write_text("shopping list: eggs, flour\n")
    for read_only in (False, True):
        with pytest.raises(NotALibraryError, match=r"not a sheetapp library.*left as it is"):
            open_library(library_path, read_only=read_only)
    assert library_path.read_text() == "shopping list: eggs, flour\n"
    assert sorted(p.name for p in library_path.parent.iterdir()) == [library_path.name]


def test_a_healthy_library_is_not_copied(full) -> None:
    with open_library(full) as lib:
        assert lib.damage_report is None and lib.count() == SHEETS
    assert list(full.parent.glob("*.damaged-*")) == []


def test_a_library_locked_by_another_program_is_not_taken_for_damage(full, monkeypatch) -> None:
    monkeypatch.setattr(opening, "BUSY_TIMEOUT_MS", 50)
    holder = sqlite3.connect(full, isolation_level=None)
    holder.execute("PRAGMA locking_mode = EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    holder.execute("UPDATE sheets SET campaign = 'x' WHERE id = 1")
    try:
        with pytest.raises(LibraryError, match="locked"):
            open_library(full)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert list(full.parent.glob("*.damaged-*")) == []
    with open_library(full) as lib:
        assert lib.damage_report is None and lib.count() == SHEETS


def test_read_only_never_repairs(full) -> None:
    overwrite(full, 0, b"this is no db!!\x00")
    damaged = full.read_bytes()
    with pytest.raises(LibraryError, match=r"damaged.*without --read-only"):
        open_library(full, read_only=True)
    assert full.read_bytes() == damaged
    assert list(full.parent.glob("*.damaged-*")) == []


@pytest.fixture(scope="module")
def pristine(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("pristine") / "library.sqlite3"
    with open_library(path) as lib:
        lib.add_many(npc(i, f"Sheet {i}", notes="word " * 30) for i in range(30))
        lib.add_tags([1, 2], ["tagged"])
        lib.save_encounter("Ford", {"round": 1})
    return path


@given(
    st.lists(st.tuples(st.integers(0, 200_000), st.binary(min_size=1, max_size=600)), max_size=4),
    st.one_of(st.none(), st.integers(0, 200_000)),
)
def test_any_damage_opens_a_sound_library_or_says_why(
    tmp_path_factory, pristine, writes, cut
) -> None:
    path = tmp_path_factory.mktemp("fuzz") / "library.sqlite3"
    path.write_bytes(pristine.read_bytes())
    size = path.stat().st_size
    for offset, data in writes:
        overwrite(path, min(offset, size - 1), data)
    if cut is not None:
        os.truncate(path, min(cut, size))
    try:
        lib = open_library(path)
    except LibraryError:
        return  # said why, in one line
    with lib:
        # Damage inside a record (a garbled name or document) passes SQLite's page checks:
        # it shows as a sheet that cannot be read, reported by name, never as a crash.
        try:
            problems = lib.check()
            rows = lib.roster()
        except LibraryError:
            return
        if lib.damage_report is not None:
            assert lib.damage_report.salvaged <= 30
            assert not [p for p in problems if p.startswith("integrity")]
        for row in rows:
            try:
                lib.load(row.id)
            except LibraryError as exc:
                assert f"sheet {row.id}" in str(exc) or "sheetapp library check" in str(exc)
