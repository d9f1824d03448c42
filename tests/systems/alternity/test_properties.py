"""Properties over many random heroes: made by the generator they validate; any single
mutation of a file is accepted (and checked, shown, described) or refused with one clear
error; a random edit through the model is accepted or refused by pydantic, never a crash."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from sheetapp.dice import Roller
from sheetapp.findings import Severity
from sheetapp.storage.document import DocumentError, dumps, loads
from sheetapp.systems.alternity.figures import sheet_figures
from sheetapp.systems.alternity.generation import random_sheet
from sheetapp.systems.alternity.model import AlternitySheet
from sheetapp.systems.alternity.names import Ability
from sheetapp.systems.alternity.rules import check
from sheetapp.systems.alternity.summary import describe
from sheetapp.systems.field_paths import set_value
from sheetapp.systems.plugin import figures_json

seeds = st.integers(min_value=0, max_value=2**32)


@given(seeds, st.booleans())
def test_every_random_hero_validates_and_round_trips(seed: int, npc: bool) -> None:
    sheet = random_sheet(Roller(seed), npc=npc)
    errors = [str(f) for f in check(sheet) if f.severity is Severity.ERROR]
    warnings = [str(f) for f in check(sheet) if f.severity is Severity.WARNING]
    assert errors == [] and warnings == []
    assert sum(sheet.abilities.values()) == 60
    assert all(4 <= s <= 14 for s in sheet.abilities.values())
    figures = sheet_figures(sheet)
    assert all(w.score is not None and w.damage for w in figures.weapons)
    assert loads(dumps(sheet)) == sheet


def _paths(node: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            out += _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out += _paths(value, (*prefix, i))
    return out


def _set(doc: Any, path: tuple, value: Any) -> Any:
    target = doc
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return doc


hostile = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**12), max_value=10**12),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=30),
    st.sampled_from(["<b>&", "Жизнь", "中文", "", "d4s/d6w/d4m", "d6-2", "+3d20", "will"]),
    st.lists(st.integers(min_value=-100, max_value=100), max_size=3),
    st.dictionaries(
        st.sampled_from([a.value for a in Ability] + ["luck"]),
        st.integers(min_value=-100, max_value=200),
        max_size=3,
    ),
)


@given(seeds, st.data())
def test_a_mutated_file_is_accepted_reported_or_refused_never_a_crash(seed, data) -> None:
    doc = json.loads(dumps(random_sheet(Roller(seed))))
    path = data.draw(st.sampled_from([p for p in _paths(doc)[1:] if p[0] != "format"]))
    mutated = _set(doc, path, data.draw(hostile))
    try:
        loaded = loads(json.dumps(mutated))
    except DocumentError as exc:
        assert str(exc).startswith("<sheet>: ") and "\n" not in str(exc)
        return
    assert all(f.message and f.code.startswith("alt.") for f in check(loaded))
    json.dumps(figures_json(sheet_figures(loaded)))
    describe(loaded)


@given(seeds, st.data())
def test_an_edit_is_accepted_or_refused_by_validation(seed, data) -> None:
    sheet = random_sheet(Roller(seed))
    doc = json.loads(dumps(sheet))
    path = data.draw(
        st.sampled_from(
            [p for p in _paths(doc)[1:] if p[0] not in ("format", "format_version", "system")]
        )
    )
    value = data.draw(hostile)
    try:
        set_value(sheet, path, value)
    except ValidationError:
        pass
    check(sheet)
    sheet_figures(sheet)
    assert isinstance(sheet, AlternitySheet)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_same_seed_makes_the_same_hero(seed: int) -> None:
    assert random_sheet(Roller(seed)) == random_sheet(Roller(seed))
