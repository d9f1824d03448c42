"""Opening a sheet pays only for its own system: in a fresh interpreter, loading and checking
one system's sheet imports no module of another system (issue #18: the sheet ready for input
at start-up). The registry imports each system's modules on first use; this guards that no
shared module (storage, the plugin base, field labels) starts importing them all."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sheetapp.storage.document import save
from sheetapp.systems.plugin import NewOptions
from sheetapp.systems.registry import get_system, system_ids

_PROBE = """
import json, sys
from pathlib import Path
from sheetapp.storage.document import load
from sheetapp.systems.registry import get_system
sheet = load(Path(sys.argv[1]))
get_system(sheet.system).check(sheet)
print(json.dumps(sorted(m for m in sys.modules if m.startswith("sheetapp."))))
"""


def _system_package(system_id: str) -> str:
    return get_system(system_id).model.__module__.rsplit(".", 1)[0]


@pytest.mark.parametrize("system_id", system_ids())
def test_loading_a_sheet_imports_no_other_system(system_id: str, tmp_path: Path) -> None:
    path = tmp_path / "hero.json"
    save(path, get_system(system_id).new(NewOptions(random=True, seed=3)))
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, str(path)],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
        env={**os.environ, "SHEETAPP_DATA_DIR": str(tmp_path)},
    )
    loaded = json.loads(done.stdout)
    others = {_system_package(other) for other in system_ids() if other != system_id}
    assert [m for m in loaded if m.startswith(tuple(f"{o}." for o in others))] == []
