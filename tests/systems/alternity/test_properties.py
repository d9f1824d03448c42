"""Alternity's own properties over many random heroes (what every system keeps is in
``tests/systems/test_sheet_properties.py``): a generated hero spends exactly the ability
points and every weapon it carries has a score and a damage rating."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from sheetapp.dice import Roller
from sheetapp.findings import Severity
from sheetapp.systems.alternity.figures import sheet_figures
from sheetapp.systems.alternity.generation import random_sheet
from sheetapp.systems.alternity.rules import check

seeds = st.integers(min_value=0, max_value=2**32)


@given(seeds, st.booleans())
def test_a_random_hero_is_complete_without_a_warning(seed: int, npc: bool) -> None:
    sheet = random_sheet(Roller(seed), npc=npc)
    assert [str(f) for f in check(sheet) if f.severity is Severity.WARNING] == []
    assert sum(sheet.abilities.values()) == 60
    assert all(4 <= s <= 14 for s in sheet.abilities.values())
    figures = sheet_figures(sheet)
    assert all(w.score is not None and w.damage for w in figures.weapons)
