"""A large library is opened before its check of every page has finished: the roster reads
at once, nothing is written before the check passed, and damage the check finds late stops
every write and makes the next open keep a copy and rebuild, as damage found at open does."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from sheetapp.storage.library import ReadOnlyError, RosterQuery, deferred_check, open_library

from .conftest import npc
from .test_damaged_files import PAGE, SHEETS, only_backup, overwrite, root_page


@pytest.fixture
def large(library_path: Path, monkeypatch) -> Path:
    """A closed library of many pages, every library counting as large."""
    with open_library(library_path) as lib:
        lib.add_many(npc(i, f"Sheet {i}", notes="word " * 60) for i in range(SHEETS))
    monkeypatch.setattr(deferred_check, "DEFERRED_CHECK_BYTES", 1)
    return library_path


def test_a_sound_large_library_reads_at_once_and_writes_after_its_check(large: Path) -> None:
    with open_library(large) as lib:
        assert lib.damage_report is None
        assert lib.count_roster(RosterQuery()) == SHEETS
        sheet_id = lib.character_page(RosterQuery(), 0, 1)[0][0]
        lib.add_tags([sheet_id], ["watch"])  # waits for the check, which passes
        assert lib.count_roster(RosterQuery(tag="watch")) == 1
    assert not deferred_check.marker(large).exists()


def test_damage_found_late_stops_writes_and_the_next_open_rebuilds(large: Path) -> None:
    overwrite(large, (root_page(large, "revisions") - 1) * PAGE, os.urandom(PAGE))
    with open_library(large) as lib:
        assert lib.damage_report is None  # the look at open passed: the roster shows
        assert lib.count_roster(RosterQuery()) == SHEETS
        sheet_id = lib.character_page(RosterQuery(), 0, 1)[0][0]
        with pytest.raises(ReadOnlyError, match="damaged"):
            lib.add_tags([sheet_id], ["watch"])
        with pytest.raises(ReadOnlyError, match="damaged"):  # and every write after it
            lib.move_to_campaign([sheet_id], "Harbour")
    assert deferred_check.marker(large).exists()
    with open_library(large) as lib:  # checked whole before use: copied and rebuilt
        assert lib.damage_report is not None
        assert lib.damage_report.action == "rebuilt"
        assert only_backup(large).exists()
        lib.add_tags([lib.character_page(RosterQuery(), 0, 1)[0][0]], ["watch"])
    assert not deferred_check.marker(large).exists()


def test_a_small_library_is_checked_before_use(large: Path, monkeypatch) -> None:
    overwrite(large, (root_page(large, "revisions") - 1) * PAGE, os.urandom(PAGE))
    monkeypatch.setattr(deferred_check, "DEFERRED_CHECK_BYTES", 1 << 60)
    with open_library(large) as lib:
        assert lib.damage_report is not None  # found at open, as before
