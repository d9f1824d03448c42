"""Lethality against a table written from the Lethality Ratings passage, not from the code:
for every rating 1..10 (after the area's shift, bounded to 1..10), the ones digits that send
a hit to body, the die's 0 standing for 10."""

from __future__ import annotations

from fractions import Fraction

import pytest

from sheetapp.systems.amazing_engine.combat import attack_odds, attack_outcome

# Rating -> the ones digits on the die that harm body. The die's 0 is the passage's 10.
BODY_DIGITS = {
    1: {1},
    2: {1, 2},
    3: {1, 2, 3},
    4: {1, 2, 3, 4},
    5: {1, 2, 3, 4, 5},
    6: {1, 2, 3, 4, 5, 6},
    7: {1, 2, 3, 4, 5, 6, 7},
    8: {1, 2, 3, 4, 5, 6, 7, 8},
    9: {1, 2, 3, 4, 5, 6, 7, 8, 9},
    10: {1, 2, 3, 4, 5, 6, 7, 8, 9, 0},
}
# The area shifts of the target-area table: none, -2, +3; ratings stay within 1..10.
SHIFTED = {
    "general": {r: r for r in range(1, 11)},
    "non_vital": {1: 1, 2: 1, 3: 1, 4: 2, 5: 3, 6: 4, 7: 5, 8: 6, 9: 7, 10: 8},
    "vital": {1: 4, 2: 5, 3: 6, 4: 7, 5: 8, 6: 9, 7: 10, 8: 10, 9: 10, 10: 10},
}
SURE_HIT = 94  # every roll but 95-00 hits


@pytest.mark.parametrize("area", sorted(SHIFTED))
@pytest.mark.parametrize("lethality", range(1, 11))
def test_every_hit_lands_where_the_passage_says(lethality: int, area: str) -> None:
    digits = BODY_DIGITS[SHIFTED[area][lethality]]
    for roll in range(1, 101):
        expected = "miss" if roll >= 95 else ("body" if roll % 10 in digits else "stamina")
        assert attack_outcome(roll, SURE_HIT, lethality, area) == expected, roll


@pytest.mark.parametrize("area", sorted(SHIFTED))
@pytest.mark.parametrize("lethality", range(1, 11))
def test_hits_rolled_10_to_90_in_tens(lethality: int, area: str) -> None:
    # A 0 on the ones die reaches body only where the shifted rating is 10.
    expected = "body" if SHIFTED[area][lethality] == 10 else "stamina"
    assert {attack_outcome(r, 100, lethality, area) for r in range(10, 100, 10)} == {expected}
    assert attack_outcome(100, 100, lethality, area) == "miss"  # 00 always fails


def test_each_rating_sends_a_different_share_of_sure_hits_to_body() -> None:
    shares = [attack_odds(90, rating)["body"] for rating in range(1, 11)]
    assert shares == [Fraction(9 * rating, 100) for rating in range(1, 11)]
