"""sheetapp's entry point keeps pydantic from scanning every installed package for plugins.

Pydantic reads the metadata of every installed distribution, looking for its ``pydantic``
entry points, when the first model is built; sheetapp uses no such plugin, and the scan
cost a third of a bare window's start-up on every start (docs/performance.md).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from sheetapp.dice import Roller
from sheetapp.storage.document import save
from sheetapp.systems.amazing_engine.catalog import builtin_universes
from sheetapp.systems.amazing_engine.generation import random_prime_sheet

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def hero_file(tmp_path: Path) -> Path:
    path = tmp_path / "hero.json"
    save(path, random_prime_sheet(Roller(11), builtin_universes()["generic"]))
    return path


def _with_a_spy_plugin(folder: Path) -> Path:
    """A distribution offering a pydantic plugin that leaves a file behind when loaded."""
    marker = folder / "loaded"
    (folder / "spy_plugin.py").write_text(
        f"from pathlib import Path\nPath({str(marker)!r}).touch()\n"
        "class Plugin:\n"
        "    def new_schema_validator(self, *args, **kwargs):\n"
        "        return None, None, None  # observes nothing\n"
        "plugin = Plugin()\n"
    )
    info = folder / "spy_plugin-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: spy-plugin\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[pydantic]\nspy = spy_plugin:plugin\n")
    return marker


def _validate(hero_file: Path, folder: Path, disabled: str | None) -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(folder), str(ROOT)])}
    env.pop("PYDANTIC_DISABLE_PLUGINS", None)
    if disabled is not None:
        env["PYDANTIC_DISABLE_PLUGINS"] = disabled
    done = subprocess.run(
        [sys.executable, "-m", "sheetapp", "validate", str(hero_file)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr


def test_no_pydantic_plugin_is_looked_for(hero_file: Path, tmp_path: Path) -> None:
    marker = _with_a_spy_plugin(tmp_path)
    _validate(hero_file, tmp_path, None)
    assert not marker.exists()


def test_a_persons_own_setting_is_kept(hero_file: Path, tmp_path: Path) -> None:
    marker = _with_a_spy_plugin(tmp_path)
    _validate(hero_file, tmp_path, "other")
    assert marker.exists()  # only "other" is disabled: the scan ran and loaded the spy
