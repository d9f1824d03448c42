"""A value the rules refuse is refused in the reader's language: pydantic words its
refusals in English, and a German player typing a weight of -1 read 'Nicht angenommen:
Input should be greater than or equal to 0'."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from sheetapp.dice import Roller
from sheetapp.systems.amazing_engine import catalog
from sheetapp.systems.amazing_engine.generation import random_npc_sheet
from sheetapp.systems.amazing_engine.model import Equipment
from sheetapp.ui.document import SheetDocument
from tests.marker_locale import marker_locale

PLAIN_WORD = re.compile(r"[A-Za-z]{2,}")  # the marker locale accents every letter it gives


@pytest.fixture
def markers(tmp_path: Path) -> Iterator[None]:
    with marker_locale(tmp_path):
        yield


@pytest.mark.parametrize(
    ("field", "value"),
    [("weight_kg", -1.0), ("quantity", -3), ("quantity", "many")],
    ids=["below-zero", "below-one", "not-a-number"],
)
def test_a_refused_edit_says_why_through_the_catalog(qapp, markers, field, value) -> None:
    sheet = random_npc_sheet(Roller(5), catalog.builtin_universes()["generic"])
    sheet.characters[0].equipment = [Equipment(name="Rope", weight_kg=1.5)]
    document = SheetDocument(sheet)
    problem = document.edit(("characters", 0, "equipment", 0, field), value)
    assert problem
    assert PLAIN_WORD.findall(problem) == [], problem
    assert document.sheet.characters[0].equipment[0].weight_kg == 1.5
