"""Exact odds of an action, checked against counting every face of the eight Fudge dice."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sheetapp.systems.amplitude.odds import action_odds
from sheetapp.systems.amplitude.outcome_table import COLUMNS, OUTCOMES, TABLE
from sheetapp.systems.amplitude.plugin import PLUGIN
from sheetapp.systems.plugin import RequestError

FACES = list(product((-1, 0, 1), repeat=4))


def counted(ob: int, db: int, amp: int, modifier: int = 0) -> dict[str, Fraction]:
    """Roll every combination of the two 4dF rolls and read the printed table."""
    tally: Counter[str] = Counter()
    for column_dice in FACES:
        column = max(-6, min(6, ob - db + modifier + sum(column_dice)))
        for amp_dice in FACES:
            final = amp + sum(amp_dice)
            tally["auto_fail" if final <= 0 else TABLE[min(final, 10)][COLUMNS.index(column)]] += 1
    total = len(FACES) ** 2
    return {key: Fraction(tally[key], total) for key in (*OUTCOMES, "auto_fail")}


@pytest.mark.parametrize(
    ("ob", "db", "amp", "modifier"),
    [(0, 0, 1, 0), (2, 1, 4, 0), (5, 0, 9, 0), (0, 3, 2, -2), (1, 1, 12, 0), (3, 0, 0, -4)],
)
def test_odds_equal_counting_every_face(ob: int, db: int, amp: int, modifier: int) -> None:
    odds = action_odds(ob=ob, db=db, amp=amp, modifier=modifier)
    assert {**odds.cells, "auto_fail": odds.auto_fail} == counted(ob, db, amp, modifier)


@given(st.integers(-12, 12), st.integers(-12, 12), st.integers(-8, 16), st.integers(-6, 2))
def test_the_chances_always_add_up_to_one(ob: int, db: int, amp: int, modifier: int) -> None:
    odds = action_odds(ob=ob, db=db, amp=amp, modifier=modifier)
    assert sum(odds.cells.values()) + odds.auto_fail == 1
    assert all(p >= 0 for p in odds.cells.values())


@given(st.integers(-8, 8), st.integers(-4, 12))
def test_a_better_bonus_never_lowers_the_chance_of_an_effect(shift: int, amp: int) -> None:
    worse = action_odds(ob=shift, db=0, amp=amp)
    better = action_odds(ob=shift + 1, db=0, amp=amp)
    assert better.effect >= worse.effect
    assert better.at_least(5) >= worse.at_least(5)


def test_known_values() -> None:
    # Even match, Amp 4 before the dice: QO 4 comes up exactly this often.
    odds = action_odds(ob=0, db=0, amp=4)
    assert odds.cells["4"] == counted(0, 0, 4)["4"]
    assert odds.auto_fail == Fraction(1, 81)  # only 4dF of -4 sinks Amp 4
    # OB 10 always reads the +6 column; there rows 7-10 are K and row 6 is U, so only an
    # Amp roll of -4 (10 - 4 = 6) misses the K.
    best = action_odds(ob=10, db=0, amp=10)
    assert (best.cells["K"], best.cells["U"]) == (Fraction(80, 81), Fraction(1, 81))


def test_the_plugin_reports_every_cell_and_auto_fail_as_floats() -> None:
    result = PLUGIN.odds({"ob": 2, "db": 1, "amp": 4, "modifier": None})
    assert list(result) == [*OUTCOMES, "auto_fail"]
    expected = counted(2, 1, 4)
    assert result == {key: float(value) for key, value in expected.items()}


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"ob": 1, "db": 0}, "--amp is required"),
        ({"ob": 1, "db": 0, "amp": 10**6}, "out of range"),
    ],
)
def test_the_plugin_refuses_bad_input_clearly(values: dict, message: str) -> None:
    with pytest.raises(RequestError, match=message):
        PLUGIN.odds(values)
