"""Exact odds of a check, against a count of every roll and against the rules' extremes."""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise, product

from hypothesis import given
from hypothesis import strategies as st

from sheetapp.systems.alternity.checks import CheckOdds, check_odds, roll_degree
from sheetapp.systems.alternity.names import Degree
from sheetapp.systems.alternity.scores import broad_score, specialty_score, untrained
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


def at_least(odds: CheckOdds) -> list[Fraction]:
    """The chance of each degree or better, from Failure (anything but a Critical Failure)
    up to Amazing."""
    ladder = list(Degree)
    return [sum((odds.of(d) for d in ladder[i:]), Fraction(0)) for i in range(1, len(ladder))]


@given(st.integers(min_value=0, max_value=90), st.integers(min_value=-5, max_value=30))
def test_a_better_score_or_situation_die_never_lowers_any_degree_or_better(
    score: int, step: int
) -> None:
    # Monotone in the strong sense: not only success, but each degree or better (Amazing,
    # Good or better, ...), whatever the 1 and 20 on the control die do at the edges.
    here = at_least(check_odds(score, step))
    higher = at_least(check_odds(score + 1, step))
    assert all(h >= b for h, b in zip(higher, here, strict=True))
    if step > -5:
        better = at_least(check_odds(score, step - 1))
        assert all(h >= b for h, b in zip(better, here, strict=True))


def test_a_plain_d20_at_score_13() -> None:
    odds = check_odds(13, 0)
    assert odds.as_floats() == {
        "critical_failure": 0.05,
        "failure": 0.3,  # 14..19
        "ordinary": 0.35,  # 7..13
        "good": 0.15,  # 4..6
        "amazing": 0.15,  # 1..3
    }


@given(st.integers(min_value=0, max_value=30), st.integers(min_value=0, max_value=12))
def test_more_training_never_lowers_any_degree_or_better(ability: int, rank: int) -> None:
    # A specialty the hero has (ability + rank, +d0) beats the broad skill alone (the
    # ability, +d4), which beats an untrained check (half the ability, +d4), degree by degree.
    ladder = [untrained(ability), broad_score(ability), specialty_score(ability, rank)]
    chances = [at_least(check_odds(s.score, s.step)) for s in ladder]
    for worse, better in pairwise(chances):
        assert all(b >= w for b, w in zip(better, worse, strict=True))
