"""A process killed while saving leaves the old file or the new one, whole; never a torn one.

The same for the library: writers killed at random moments leave a library that opens
without repair, passes its full check and holds every commit they reported.

The CI run kills 150 savers and 100 library writers; ``SHEETAPP_KILLS=2000`` runs a long
one on demand.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sheetapp.storage.atomic import remove_stale_temp_files, stale_temp_files

HARNESS = Path(__file__).with_name("kill_harness.py")
LIBRARY_HARNESS = Path(__file__).with_name("library_kill_harness.py")
KILLS = int(os.environ.get("SHEETAPP_KILLS", "150"))


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and SIGKILL")
def test_savers_killed_at_random_moments_never_tear_the_file(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, str(HARNESS), str(tmp_path), str(KILLS), "20261121"],
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    report = json.loads(result.stdout)
    assert report["rounds"] == KILLS
    assert report["torn"] == []
    # The kills really landed mid-save, or the test would prove nothing.
    assert report["killed_mid_save"] > KILLS // 10
    # What the crashes left behind is recognisable, and the next start clears it.
    leftovers = stale_temp_files(tmp_path)
    assert leftovers
    assert remove_stale_temp_files(tmp_path, older_than_s=0) == leftovers
    assert [p.name for p in tmp_path.iterdir()] == ["hero.json"]


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and SIGKILL")
def test_library_writers_killed_at_random_moments_lose_no_commit(tmp_path: Path) -> None:
    kills = max(KILLS * 2 // 3, 1)
    result = subprocess.run(
        [sys.executable, str(LIBRARY_HARNESS), str(tmp_path / "library.sqlite3"), str(kills), "7"],
        capture_output=True,
        text=True,
        timeout=1200,
        check=True,
    )
    report = json.loads(result.stdout)
    assert report["rounds"] == kills
    assert report["commits"] > kills  # the writers really were writing when killed
    assert report["problems"] == []
