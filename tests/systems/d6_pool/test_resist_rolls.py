"""Phobia and Rage rolls (Wisdom + Intelligence successes against the trait's rating) and the
Defend roll (Dexterity + Dodge against the attacker's skill rating), from the text's rules:
a die of 5 or 6 is a success."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from sheetapp.systems.d6_pool.figures import sheet_figures
from sheetapp.systems.d6_pool.model import Trait

from .sheets import finished


def at_least(needed: int, dice: int) -> float:
    """Binomial, written out here rather than taken from the product's dice code."""
    p = Fraction(1, 3)
    return float(sum(comb(dice, k) * p**k * (1 - p) ** (dice - k) for k in range(needed, dice + 1)))


def test_phobia_needs_its_rating_in_successes_on_wisdom_plus_intelligence() -> None:
    # Wisdom 4 + Intelligence 5 = 9 dice against Phobia 2; on contact Stamina 3 + Wisdom 4.
    phobia = sheet_figures(finished()).traits[1]
    stand, contact = phobia.resist
    assert (stand.dice, stand.needed) == (9, 2)
    assert stand.chance == pytest.approx(at_least(2, 9))
    assert (contact.dice, contact.needed) == (7, 2)
    assert contact.chance == pytest.approx(at_least(2, 7))


def test_rage_subsides_on_wisdom_plus_intelligence_against_its_rating() -> None:
    sheet = finished()
    sheet.traits[1] = Trait(name="Rage", kind="negative", rating=4)
    (calm,) = sheet_figures(sheet).traits[1].resist
    assert (calm.purpose, calm.dice, calm.needed) == ("calm down", 9, 4)
    assert calm.chance == pytest.approx(at_least(4, 9))
    # Positive traits and other negative traits roll nothing against their rating.
    assert sheet_figures(sheet).traits[0].resist == []


def test_defend_rolls_dexterity_plus_dodge_against_the_attacker_s_skill() -> None:
    sheet = finished()  # Dexterity 4 + Dodge 2 = 6 dice
    defend = sheet_figures(sheet).defend
    assert defend.pool.dice == 6
    assert [defend.by_attacker_skill[str(k)] for k in range(1, 7)] == pytest.approx(
        [at_least(k, 6) for k in range(1, 7)]
    )
    sheet.skills = [s for s in sheet.skills if s.name != "Dodge"]
    assert sheet_figures(sheet).defend.pool.dice == 2  # half Dexterity, rounded down
