"""Exact odds of a check, against a count of every roll and against the rules' extremes."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from hypothesis import given
from hypothesis import strategies as st

from sheetapp.systems.alternity.checks import check_odds, roll_degree
from sheetapp.systems.alternity.names import Degree
from sheetapp.systems.alternity.situation import die_for

scores = st.integers(min_value=0, max_value=40)
small_steps = st.integers(min_value=-5, max_value=6)


def faces(step: int) -> list[int]:
    """Every equally likely value the situation die adds, listed out."""
    d = die_for(step)
    if d.count == 0:
        return [0]
    rolls = product(range(1, d.sides + 1), repeat=d.count)
    return [d.sign * sum(r) for r in rolls]


@given(scores, small_steps)
def test_odds_equal_a_count_of_every_roll(score: int, step: int) -> None:
    situation = faces(step)
    counts = dict.fromkeys(Degree, 0)
    for control in range(1, 21):
        for added in situation:
            counts[roll_degree(control, added, score, step).degree] += 1
    total = 20 * len(situation)
    odds = check_odds(score, step)
    assert {d: odds.of(d) for d in Degree} == {d: Fraction(n, total) for d, n in counts.items()}


@given(scores, st.integers(min_value=-5, max_value=30))
def test_odds_add_up_to_one(score: int, step: int) -> None:
    odds = check_odds(score, step)
    assert sum(odds.of(d) for d in Degree) == 1


@given(scores, st.integers(min_value=-5, max_value=20))
def test_a_higher_score_or_a_better_die_never_lowers_the_chance(score: int, step: int) -> None:
    base = check_odds(score, step).success
    assert check_odds(score + 1, step).success >= base
    if step > -5:
        assert check_odds(score, step - 1).success >= base


def test_a_plain_d20_at_score_13() -> None:
    odds = check_odds(13, 0)
    assert odds.as_floats() == {
        "critical_failure": 0.05,
        "failure": 0.3,  # 14..19
        "ordinary": 0.35,  # 7..13
        "good": 0.15,  # 4..6
        "amazing": 0.15,  # 1..3
    }
