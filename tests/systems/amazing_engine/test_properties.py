"""Properties over many random sheets: made by the procedure they validate; any single
mutation is either accepted, reported as findings, or refused at load with one clear error."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from sheetapp.dice import Roller
from sheetapp.findings import Severity
from sheetapp.storage.document import DocumentError, dumps, loads
from sheetapp.systems.amazing_engine.catalog import builtin_universes
from sheetapp.systems.amazing_engine.figures import sheet_figures
from sheetapp.systems.amazing_engine.generation import (
    random_from_core,
    random_npc_sheet,
    random_prime_sheet,
)
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet
from sheetapp.systems.amazing_engine.names import Attribute
from sheetapp.systems.amazing_engine.rules import check

seeds = st.integers(min_value=0, max_value=2**32)


def error_codes(sheet: AmazingEngineSheet) -> list[str]:
    return [f"{f.path}: {f.message}" for f in check(sheet) if f.severity is Severity.ERROR]


def universes() -> st.SearchStrategy:
    return st.sampled_from(sorted(builtin_universes()))


@given(seeds, universes())
def test_every_random_prime_character_validates(seed: int, universe_id: str) -> None:
    universe = builtin_universes()[universe_id]
    sheet = random_prime_sheet(Roller(seed), universe)
    assert error_codes(sheet) == []
    character = sheet.characters[0]
    assert all(3 <= character.attributes[a] - universe.base_adjustment <= 50 for a in Attribute)
    assert loads(dumps(sheet)) == sheet


@given(seeds, universes(), st.integers(min_value=1, max_value=3))
def test_every_random_later_character_validates(seed: int, universe_id: str, count: int) -> None:
    universe = builtin_universes()[universe_id]
    roller = Roller(seed)
    sheet = random_prime_sheet(roller, universe)
    for _ in range(count):
        for character in sheet.characters:
            character.status = "retired"
        sheet.characters.append(random_from_core(roller, sheet, universe))
    assert error_codes(sheet) == []


@given(seeds)
def test_every_random_npc_validates(seed: int) -> None:
    sheet = random_npc_sheet(Roller(seed), builtin_universes()["generic"])
    assert sheet.core is None
    assert error_codes(sheet) == []


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
    if not path:
        return value
    target = doc
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return doc


hostile_values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**12), max_value=10**12),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=30),
    st.sampled_from(["<b>&", "</para>", "Ωμέγα", "Жизнь", "中文", "", "fitness", "prime"]),
    st.lists(st.integers(min_value=-100, max_value=100), max_size=3),
    st.dictionaries(
        st.sampled_from([a.value for a in Attribute] + ["x"]),
        st.integers(min_value=-100, max_value=200),
        max_size=3,
    ),
)


@given(seeds, st.data())
def test_a_random_mutation_is_accepted_reported_or_refused_never_a_crash(
    seed: int, data: st.DataObject
) -> None:
    sheet = random_prime_sheet(Roller(seed), builtin_universes()["generic"])
    doc = json.loads(dumps(sheet))
    path = data.draw(st.sampled_from(_paths(doc)[1:]))
    mutated = _set(doc, path, data.draw(hostile_values))
    try:
        loaded = loads(json.dumps(mutated))
    except DocumentError as exc:
        assert str(exc).startswith("<sheet>: ")
        assert "\n" not in str(exc)
        return
    findings = check(loaded)
    assert all(f.message and f.code.startswith("ae.") for f in findings)
    sheet_figures(loaded)  # derived figures never crash either
