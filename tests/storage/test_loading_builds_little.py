"""Opening a sheet pays only for its own system: in a fresh interpreter, loading and checking
one system's sheet imports no other system's modules and builds the validator of the
document's root model only (its nested models stay deferred until something uses them
alone). Building every model class at import was about half the time of loading a sheet at
start-up; this guards the gain by structure, not by a timing (docs/performance.md)."""

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
from pydantic import BaseModel
from sheetapp.storage.document import load
from sheetapp.systems.registry import get_system
sheet = load(Path(sys.argv[1]))
get_system(sheet.system).check(sheet)

def subclasses(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from subclasses(sub)

print(json.dumps({
    "built": sorted(
        f"{c.__module__}.{c.__qualname__}"
        for c in set(subclasses(BaseModel))
        if c.__module__.startswith("sheetapp.") and c.__pydantic_complete__
    ),
    "modules": sorted(m for m in sys.modules if m.startswith("sheetapp.")),
    "root": f"{type(sheet).__module__}.{type(sheet).__qualname__}",
}))
"""

# What loading and checking a sheet builds besides its root model, and why.
_ALSO_BUILT = {
    "amazing-engine": {"sheetapp.systems.amazing_engine.universe.Universe"},  # the packs read
    "alternity": {"sheetapp.systems.alternity.model.Movement"},  # the root's default factory
}


def _system_package(system_id: str) -> str:
    return get_system(system_id).model.__module__.rsplit(".", 1)[0]


@pytest.mark.parametrize("system_id", system_ids())
def test_loading_a_sheet_builds_its_root_model_only_and_imports_no_other_system(
    system_id: str, tmp_path: Path
) -> None:
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
    seen = json.loads(done.stdout)
    others = {_system_package(other) for other in system_ids() if other != system_id}
    assert [m for m in seen["modules"] if m.startswith(tuple(f"{o}." for o in others))] == []
    assert set(seen["built"]) == {seen["root"], *_ALSO_BUILT.get(system_id, ())}
