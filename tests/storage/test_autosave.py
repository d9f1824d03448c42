"""Autosave files: written atomically, found after a crash, ignored while their app runs."""

from __future__ import annotations

import json
import subprocess
import sys

from sheetapp.dice import Roller
from sheetapp.storage import autosave
from sheetapp.storage.data_dir import data_dir
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
