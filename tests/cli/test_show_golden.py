"""``sheetapp show`` and ``show --json`` print exactly what they printed when the golden files
were made, for every system over 20 seeds: the figures' names and values are an interface
(scripts read the JSON), so a change to how figures are held must not change them.

The golden files were written from the code before figures became typed. To accept a change
on purpose, run with ``SHEETAPP_WRITE_GOLDEN=1`` and review the diff.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from sheetapp.cli.main import main
from sheetapp.storage.document import save
from sheetapp.systems.amazing_engine.catalog import builtin_universes
from sheetapp.systems.plugin import NewOptions
from sheetapp.systems.registry import get_system, system_ids
from tests.pdf.factory import equipped_sheet

GOLDEN = Path(__file__).parent / "golden"
SEEDS = range(20)


def _cases(system_id: str) -> Iterator[tuple[str, object]]:
    plugin = get_system(system_id)
    universes = sorted(builtin_universes()) if system_id == "amazing-engine" else [None]
    yield "blank", plugin.new(NewOptions(universe=universes[0]))
    for seed in SEEDS:
        universe = universes[seed % len(universes)]
        npc = seed % 2 == 1
        options = NewOptions(universe=universe, random=True, seed=seed, npc=npc)
        yield f"seed {seed}{' npc' if npc else ''} {universe or ''}".strip(), plugin.new(options)
    if system_id == "amazing-engine":  # two characters, gear and both ledgers
        for seed in range(3):
            yield f"equipped {seed}", equipped_sheet(seed)


def _printed(capsys, tmp_path: Path, system_id: str) -> str:
    parts = []
    for name, sheet in _cases(system_id):
        path = tmp_path / "sheet.json"
        for number, character in enumerate(getattr(sheet, "characters", [])):
            character.id = f"{number:012x}"  # made at random even from a seed
        save(path, sheet)
        for args in (["show", "--json"], ["show"]):
            assert main([*args, str(path)]) == 0
            out = capsys.readouterr().out
            parts.append(f"=== {name}: {' '.join(args)} ===\n{out}")
    return "".join(parts)


@pytest.mark.parametrize("system_id", system_ids())
def test_show_prints_what_it_printed(system_id: str, tmp_path: Path, capsys) -> None:
    printed = _printed(capsys, tmp_path, system_id)
    golden = GOLDEN / f"show-{system_id}.txt"
    if os.environ.get("SHEETAPP_WRITE_GOLDEN"):
        golden.write_text(printed, encoding="utf-8")
    assert printed == golden.read_text(encoding="utf-8")
