"""Autosave files: written atomically, found after a crash, ignored while their app runs."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys

from sheetapp.data_dir import data_dir
from sheetapp.dice import Roller
from sheetapp.storage import autosave
from sheetapp.systems.amazing_engine.catalog import builtin_universes
from sheetapp.systems.amazing_engine.generation import random_prime_sheet


def test_the_data_dir_follows_the_environment(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("SHEETAPP_DATA_DIR", str(tmp_path / "d"))
    assert data_dir() == tmp_path / "d" and (tmp_path / "d").is_dir()


def test_own_autosaves_are_not_orphans_and_dead_ones_are(tmp_path) -> None:
    sheet = random_prime_sheet(Roller(1), builtin_universes()["generic"])
    autosave.write("mine", sheet, tmp_path / "a.json", "A")
    assert autosave.orphans() == []
    record_path = autosave.folder() / "mine.json"
    record = json.loads(record_path.read_text())
    record["pid"] = int(
        subprocess.run(
            [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True
        ).stdout
    )
    record_path.write_text(json.dumps(record))
    [found] = autosave.orphans()
    assert found.sheet == sheet and found.original == tmp_path / "a.json"
    autosave.discard("mine")
    assert autosave.orphans() == []


def test_a_damaged_autosave_is_skipped_and_kept(tmp_path) -> None:
    broken = autosave.folder() / "broken.json"
    broken.write_text("{ not json")
    assert autosave.orphans() == []
    assert broken.exists()


def test_autosaves_and_their_library_links_are_readable_by_their_owner_only(tmp_path) -> None:
    """Unsaved work is private whatever the umask, and even where an older autosave of the
    same session was readable by others."""
    from sheetapp.ui.library import recovery_links

    sheet = random_prime_sheet(Roller(2), builtin_universes()["generic"])
    path = autosave.folder() / "private.json"
    path.write_text("{}")
    path.chmod(0o644)
    old_mask = os.umask(0o022)
    try:
        autosave.write("private", sheet, None, "P")
        recovery_links.remember("private", tmp_path / "library.sqlite3", 3)
    finally:
        os.umask(old_mask)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    link = autosave.folder() / f"private{recovery_links.SUFFIX}"
    assert stat.S_IMODE(link.stat().st_mode) == 0o600
    assert recovery_links.recall(path) == recovery_links.LibraryLink(
        tmp_path / "library.sqlite3", 3
    )
