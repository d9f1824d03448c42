"""Forgotten Futures' own properties (what every system keeps is in
``tests/systems/test_sheet_properties.py``): a random record spends its points within the
rules; improvements the operations accept keep it valid; the odds are probabilities and a
better attack never lowers them."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sheetapp.dice import Roller
from sheetapp.findings import Severity
from sheetapp.systems.forgotten_futures import experience
from sheetapp.systems.forgotten_futures.figures import sheet_figures
from sheetapp.systems.forgotten_futures.generation import random_sheet
from sheetapp.systems.forgotten_futures.odds import column_chances, success_chance
from sheetapp.systems.forgotten_futures.plugin import MAX_VALUE, PLUGIN
from sheetapp.systems.forgotten_futures.rules import check
from tests.systems.monotonicity import assert_never_lowers, better_pairs

seeds = st.integers(min_value=0, max_value=2**32)


def errors(sheet) -> list[str]:
    return [f"{f.path}: {f.message}" for f in check(sheet) if f.severity is Severity.ERROR]


@given(seeds, st.booleans())
def test_a_random_character_spends_within_the_rules(seed: int, npc: bool) -> None:
    sheet = random_sheet(Roller(seed), npc=npc)
    assert [f.code for f in check(sheet) if f.severity is Severity.WARNING] == []
    f = sheet_figures(sheet)
    assert f.points.spent <= 21 and f.points.saved >= 0
    assert all(1 <= s.rating <= 10 for s in f.skills)
    assert all(w.effect is not None for w in f.weapons)


@given(seeds, st.lists(st.tuples(st.integers(0, 8), st.integers(2, 12)), max_size=8))
def test_improvements_the_operations_accept_stay_valid(seed: int, tries: list) -> None:
    sheet = experience.award(random_sheet(Roller(seed)), 60)
    for number, (index, roll) in enumerate(tries):
        try:
            sheet = experience.improve_skill(sheet, index, roll, adventure=f"A{number}")
        except experience.BonusRefused as exc:
            assert str(exc)
    assert errors(sheet) == []


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
