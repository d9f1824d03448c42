"""Properties over many records: random ones validate; any single mutation is accepted,
reported as findings, or refused at load with one clear error, never a crash."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from sheetapp.dice import Roller
from sheetapp.findings import Severity
from sheetapp.storage.document import DocumentError, dumps, loads
from sheetapp.systems.field_paths import set_value
from sheetapp.systems.forgotten_futures import experience
from sheetapp.systems.forgotten_futures.figures import sheet_figures
from sheetapp.systems.forgotten_futures.generation import random_sheet
from sheetapp.systems.forgotten_futures.odds import column_chances, success_chance
from sheetapp.systems.forgotten_futures.plugin import MAX_VALUE, PLUGIN
from sheetapp.systems.forgotten_futures.rules import check
from sheetapp.systems.forgotten_futures.summary import describe
from tests.systems.monotonicity import assert_never_lowers, better_pairs

seeds = st.integers(min_value=0, max_value=2**32)


def errors(sheet) -> list[str]:
    return [f"{f.path}: {f.message}" for f in check(sheet) if f.severity is Severity.ERROR]


@given(seeds, st.booleans())
def test_every_random_character_validates(seed: int, npc: bool) -> None:
    sheet = random_sheet(Roller(seed), npc=npc)
    assert errors(sheet) == []
    assert [f.code for f in check(sheet) if f.severity is Severity.WARNING] == []
    f = sheet_figures(sheet)
    assert f.points.spent <= 21 and f.points.saved >= 0
    assert all(1 <= s.rating <= 10 for s in f.skills)
    assert all(w.effect is not None for w in f.weapons)
    assert loads(dumps(sheet)) == sheet


@given(seeds)
def test_the_same_seed_makes_the_same_character(seed: int) -> None:
    assert random_sheet(Roller(seed)) == random_sheet(Roller(seed))


@given(seeds, st.lists(st.tuples(st.integers(0, 8), st.integers(2, 12)), max_size=8))
def test_improvements_the_operations_accept_stay_valid(seed: int, tries: list) -> None:
    sheet = experience.award(random_sheet(Roller(seed)), 60)
    for number, (index, roll) in enumerate(tries):
        try:
            sheet = experience.improve_skill(sheet, index, roll, adventure=f"A{number}")
        except experience.BonusRefused as exc:
            assert str(exc)
    assert errors(sheet) == []


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


hostile_values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**12), max_value=10**12),
    st.integers(min_value=-3, max_value=14),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=30),
    st.sampled_from(["<b>&", "Ωμέγα", "中文", "", "BODY+1", "Melee/0", "C/K", "never", "AvM&S"]),
    st.lists(st.integers(min_value=-100, max_value=100), max_size=3),
    st.dictionaries(
        st.sampled_from(["body", "mind", "soul", "x"]),
        st.integers(min_value=-100, max_value=200),
        max_size=3,
    ),
)


def _busy(seed: int):
    """A random character with play behind it: points awarded, a try, a language."""
    sheet = experience.award(random_sheet(Roller(seed)), 30)
    try:
        sheet = experience.improve_skill(sheet, 2, 4, adventure="One")
    except experience.BonusRefused:
        pass
    return sheet


@given(seeds, st.data())
def test_a_random_mutation_is_accepted_reported_or_refused(seed: int, data: st.DataObject) -> None:
    doc = json.loads(dumps(_busy(seed)))
    path = data.draw(st.sampled_from(_paths(doc)[1:]))
    mutated = _set(doc, path, data.draw(hostile_values))
    try:
        loaded = loads(json.dumps(mutated))
    except DocumentError as exc:
        assert str(exc).startswith("<sheet>: ") and "\n" not in str(exc)
        return
    findings = check(loaded)
    assert all(f.message and f.code.startswith("ff.") for f in findings)
    sheet_figures(loaded)
    describe(loaded)
    PLUGIN.roster(loaded)


@given(seeds, st.data())
def test_a_field_edit_is_accepted_or_refused_by_validation(seed: int, data) -> None:
    sheet = _busy(seed)
    doc = json.loads(dumps(sheet))
    path = data.draw(st.sampled_from([p for p in _paths(doc)[1:] if p[0] != "system"]))
    try:
        set_value(sheet, path, data.draw(hostile_values))
    except (ValidationError, ValueError):
        return
    check(sheet)
    sheet_figures(sheet)


@pytest.mark.parametrize("attack", [1, 5, 10, 40, 10_000])
def test_odds_are_probabilities(attack: int) -> None:
    for defence in (1, 6, 18, 30, 10_000):
        result = PLUGIN.odds({"attack": attack, "defence": defence, "effect": 7, "body": 3})
        assert 0 <= result["success"] <= 1
        assert abs(result["A"] + result["B"] + result["C"] - 1) < 1e-12


# --- odds: a better attack never lowers the chance (tests/systems/monotonicity.py) -------------

BETTER = {"attack": +1, "defence": -1}
WHOLE = {"attack": (1, MAX_VALUE), "defence": (1, MAX_VALUE)}


@given(better_pairs(WHOLE, BETTER, steps=st.one_of(st.just(1), st.integers(1, 500))))
def test_success_never_falls_with_a_better_attack_or_weaker_defence(pair) -> None:
    assert_never_lowers(success_chance, *pair)


def _harm_at_least(column: str):
    """The chance a hit does at least ``column`` damage, as a function of Effect and BODY."""
    order = "ABC"

    def chance(effect: int, body: int) -> Fraction:
        columns = column_chances(effect, body)
        return sum((p for c, p in columns.items() if order.index(c) >= order.index(column)),
                   Fraction(0))  # fmt: skip

    return chance


@given(better_pairs({"effect": (-20, 2000), "body": (1, 2000)}, {"effect": +1, "body": -1}))
def test_damage_never_softens_with_a_higher_effect_or_weaker_body(pair) -> None:
    for column in "ABC":
        assert_never_lowers(_harm_at_least(column), *pair)
