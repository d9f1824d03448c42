"""One flipped byte anywhere in a 30-sheet library: a header byte loses nothing, a page
loses at most the sheets stored on that page, and the report never calls the damaged file
newer or foreign. The library also held ten sheets deleted for good, whose rows stay on
freed pages (as SQLite leaves them without secure delete): none of them ever comes back,
even when the free list is the flipped part, and the report counts only the sheets there
were. ``SALVAGE_FUZZ_ALL=1`` flips every byte of the first page."""

from __future__ import annotations

import os
import shutil
import sqlite3
import struct
from pathlib import Path

import pytest

from sheetapp.cli.main import main
from sheetapp.storage.library import LibraryError, open_library

SHEETS = 30
DELETED = set(range(SHEETS + 1, SHEETS + 11))  # generated, then deleted for good
FALSE_WORDS = ("newer", "not a sheetapp library", "another program", "already exists")


@pytest.fixture(scope="module")
def library(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("fuzz") / "library.sqlite3"
    count = SHEETS + len(DELETED)
    argv = ["library", "--file", str(path), "generate", "amazing-engine", "--count", str(count)]
    argv += ["--seed", "11"]  # the same pages every run: a flip lands where it did last time
    assert main(argv) == 0
    with open_library(path) as lib:
        lib._db.execute("PRAGMA secure_delete = OFF")  # deleted rows stay on freed pages
        lib.delete(DELETED)
        assert lib.empty_trash() == len(DELETED)
    with sqlite3.connect(path) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        assert connection.execute("PRAGMA freelist_count").fetchone()[0] > 0
    return path


def _contents(path: Path) -> dict[int, tuple[str, tuple[str, ...]]]:
    """Each sheet's name and its revisions' documents, as the library gives them back."""
    with open_library(path) as lib:
        report = lib.damage_report
        ids = {row.id for row in lib.roster()} | {row.id for row in lib.trash()}
        assert not ids & DELETED, sorted(ids & DELETED)
        if report is not None:
            assert not any(word in report.summary() for word in FALSE_WORDS), report.summary()
            if report.action == "rebuilt":
                assert report.salvaged == len(ids) <= report.found <= SHEETS, report.summary()
        return {row.id: _sheet(lib, row.id, row.name) for row in lib.roster()}


def _sheet(lib, sheet_id: int, name: str) -> tuple[str, tuple[str, ...]] | None:
    """A sheet's name and revisions; None when a flip inside its own bytes broke it."""
    try:
        documents = tuple(lib.document(sheet_id, r.number) for r in lib.revisions(sheet_id))
    except LibraryError:
        return None
    return name, documents


@pytest.fixture(scope="module")
def whole(library) -> dict[int, tuple[str, tuple[str, ...]]]:
    copy = library.with_name("whole.sqlite3")
    shutil.copy(library, copy)
    contents = _contents(copy)
    assert len(contents) == SHEETS
    return contents


@pytest.fixture(scope="module")
def sheets_on_page(library) -> dict[int, set[int]]:
    """Which sheets each page holds a part of (a row, a revision or its overflow)."""
    from sheetapp.storage.library.pages import table_records

    on: dict[int, set[int]] = {}
    for record in table_records(library):
        values = record.values
        sheet = values[1] if len(values) == 6 else record.rowid
        for page in record.pages:
            on.setdefault(page, set()).add(sheet)
    # The roster's rows (``characters``, the names it shows) are a table without rowids, whose
    # pages the table reader does not walk: a page holds a sheet's row where its name is.
    size = 4096
    data = library.read_bytes()
    with sqlite3.connect(library) as connection:
        pages = [
            n for (n,) in connection.execute("SELECT pageno FROM dbstat WHERE name = 'characters'")
        ]
        names = connection.execute("SELECT sheet_id, name FROM characters").fetchall()
    for page in pages:
        held = data[(page - 1) * size : page * size]
        on.setdefault(page, set()).update(s for s, name in names if name.encode() in held)
    return on


def _flipped(library: Path, tmp_path: Path, offset: int, mask: int) -> Path:
    damaged = tmp_path / f"{offset}-{mask}" / "library.sqlite3"
    damaged.parent.mkdir()
    data = bytearray(library.read_bytes())
    data[offset] ^= mask
    damaged.write_bytes(bytes(data))
    return damaged


def _first_page_offsets() -> list[int]:
    if os.environ.get("SALVAGE_FUZZ_ALL"):
        return list(range(4096))
    return [*range(100), *range(100, 4096, 61)]


@pytest.mark.parametrize("offset", _first_page_offsets())
def test_a_flip_on_the_first_page_loses_no_sheet(library, whole, tmp_path, offset) -> None:
    for mask in (0xFF, 0x01):
        found = _contents(_flipped(library, tmp_path, offset, mask))
        assert found == whole, (offset, mask, sorted(set(whole) - set(found)))


def test_a_flip_on_a_later_page_loses_at_most_the_sheets_on_it(
    library, whole, sheets_on_page, tmp_path
) -> None:
    size = 4096
    pages = library.stat().st_size // size
    for page in range(2, pages + 1, 3):
        for at in (0, 3, 5, 8, 9, size // 2, size - 7):
            offset = (page - 1) * size + at
            found = _contents(_flipped(library, tmp_path, offset, 0xFF))
            spared = set(whole) - sheets_on_page.get(page, set())
            for sheet_id in spared:
                assert found.get(sheet_id) == whole[sheet_id], (page, at, sheet_id)


def test_a_flip_in_the_free_list_brings_back_no_deleted_sheet(library, whole, tmp_path) -> None:
    """Every byte of the header's free-list fields and of the first trunk page's entries,
    flipped: the freed pages, with the deleted sheets' rows, stay unread."""
    size = 4096
    trunk = struct.unpack(">I", library.read_bytes()[32:36])[0]
    assert trunk > 1
    start = (trunk - 1) * size
    for offset in [*range(32, 40), *range(start, start + 48)]:
        for mask in (0xFF, 0x01, 0x80):
            found = _contents(_flipped(library, tmp_path, offset, mask))
            assert found == whole, (offset, mask, sorted(set(found) ^ set(whole)))


@pytest.mark.parametrize("version", [0, 1, 2, 3, 4, 250, 2**24 + 5])
def test_a_wrong_schema_version_loses_nothing(library, whole, tmp_path, version) -> None:
    damaged = tmp_path / "library.sqlite3"
    shutil.copy(library, damaged)
    with sqlite3.connect(damaged) as connection:
        connection.execute(f"PRAGMA user_version = {version}")
    assert _contents(damaged) == whole


@pytest.mark.parametrize("size", [512, 1000, 2048, 4096, 6000, 8192])
def test_a_library_cut_short_opens_and_says_so(library, tmp_path, size) -> None:
    damaged = tmp_path / "library.sqlite3"
    damaged.write_bytes(library.read_bytes()[:size])
    with open_library(damaged) as lib:
        report = lib.damage_report
        assert report is not None and report.action == "rebuilt"
        summary = report.summary()
        assert not any(word in summary for word in FALSE_WORDS), summary
        assert f"rebuilt with {lib.count()} of the {report.found}" in summary or (
            report.found == 0 and "no sheet could be read" in summary
        )
        assert Path(report.backup).read_bytes() == library.read_bytes()[:size]
