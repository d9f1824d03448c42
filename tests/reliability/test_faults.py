"""Saving when the disk fails: wherever the fault strikes, the old file stays whole, no
temporary file is left, and the app says what happened while keeping the work."""

from __future__ import annotations

import errno
import json
import os
import tempfile
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from sheetapp.dice import Roller
from sheetapp.file_reasons import os_reason
from sheetapp.storage import atomic, autosave
from sheetapp.storage.document import load, loads, save
from sheetapp.systems.amazing_engine.catalog import builtin_universes
from sheetapp.systems.amazing_engine.generation import random_npc_sheet

FAULTS = {
    # where the fault strikes: (what fails, errno)
    "creating the temp file": (tempfile, "mkstemp", errno.EACCES),
    "writing (disk full)": (os, "fsync", errno.ENOSPC),
    "flushing to the device": (os, "fsync", errno.EIO),
    "renaming into place": (os, "replace", errno.EACCES),
}


def failing(code: int):
    def fail(*_args, **_kwargs):
        raise OSError(code, os.strerror(code))

    return fail


@pytest.fixture
def sheet():
    return random_npc_sheet(Roller(4), builtin_universes()["generic"])


@pytest.mark.parametrize("where", FAULTS)
def test_a_failed_save_leaves_the_old_file_and_no_litter(tmp_path, sheet, monkeypatch, where):
    path = tmp_path / "npc.json"
    save(path, sheet)
    before = path.read_bytes()
    sheet.characters[0].name = "Changed"
    module, name, code = FAULTS[where]
    with monkeypatch.context() as patch, pytest.raises(OSError) as caught:
        patch.setattr(module, name, failing(code))
        save(path, sheet)
    assert caught.value.errno == code
    assert path.read_bytes() == before
    assert atomic.stale_temp_files(tmp_path) == []


def test_writes_fail_half_way_through_a_full_disk(tmp_path, sheet, monkeypatch) -> None:
    """The device accepts part of the data, then refuses the rest."""
    path = tmp_path / "npc.json"
    save(path, sheet)
    before = path.read_bytes()
    real_fdopen = os.fdopen

    class HalfFull:
        def __init__(self, handle):
            self._handle = handle

        def write(self, data: bytes) -> int:
            self._handle.write(data[: len(data) // 2])
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        def __getattr__(self, name):
            return getattr(self._handle, name)

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return self._handle.__exit__(*exc)

    sheet.characters[0].notes = "n" * 10_000
    with monkeypatch.context() as patch, pytest.raises(OSError):
        patch.setattr(os, "fdopen", lambda fd, mode: HalfFull(real_fdopen(fd, mode)))
        save(path, sheet)
    assert path.read_bytes() == before
    assert atomic.stale_temp_files(tmp_path) == []


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EACCES, errno.EROFS])
def test_the_app_says_why_and_the_autosave_keeps_the_work(
    window, qtbot, hero_file: Path, monkeypatch, code: int
) -> None:
    form = window.open_path(hero_file)
    form.document.edit(("characters", 0, "notes"), "three sessions of notes")
    window.autosave_all()  # what the timer does every few seconds
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda *a, **k: shown.append(a[2]))
    with monkeypatch.context() as patch:
        patch.setattr(tempfile, "mkstemp", failing(code))
        assert not window.save_current()
    why = os_reason(OSError(code, os.strerror(code)))  # the system's reason, in the language
    assert why in shown[0] and "try another place" in shown[0]
    assert form.document.is_modified
    assert load(hero_file).characters[0].notes != "three sessions of notes"
    # Were the app to die now, the next start would offer the work back.
    record = json.loads((autosave.folder() / f"{form.document.session_id}.json").read_text())
    assert record["original"] == str(hero_file)
    assert loads(record["sheet"]).characters[0].notes == "three sessions of notes"
