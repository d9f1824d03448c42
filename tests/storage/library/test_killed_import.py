"""A process killed in the middle of an import leaves a sound library holding every batch
committed before the kill, and no part of the batch it was writing."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from sheetapp.storage.document import dumps
from sheetapp.storage.library import open_library

from .conftest import npc

HARNESS = Path(__file__).with_name("import_until_killed.py")
BATCH = 7


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX only")
@pytest.mark.parametrize("batches_before_kill", [1, 4])
def test_sigkill_mid_import(tmp_path, library_path, batches_before_kill) -> None:
    folder = tmp_path / "files"
    folder.mkdir()
    for i in range(20):
        (folder / f"{i}.json").write_text(dumps(npc(i, f"Imported {i}")), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[3])}
    child = subprocess.Popen(
        [sys.executable, str(HARNESS), str(library_path), str(folder), str(BATCH)],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert child.stdout is not None
    reported = 0
    for _ in range(batches_before_kill):
        reported = int(child.stdout.readline())
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=30)
    assert child.returncode == -signal.SIGKILL  # it was still importing

    with open_library(library_path) as lib:
        assert lib.damage_report is None
        assert lib.check() == []
        count = lib.count()
        assert count >= reported  # every batch reported as committed is there...
        assert count % BATCH == 0  # ...and no half batch
        for row in lib.roster():
            assert lib.load(row.id).characters[0].name == row.name
        assert lib.add(npc(99)) > 0  # and the library takes new work
