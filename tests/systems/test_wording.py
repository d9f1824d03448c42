"""The shared wording helper: counts agree with their nouns, joins never break a line."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sheetapp.systems.wording import (
    NBSP,
    count,
    fixed,
    labelled,
    measure,
    noun_for,
    places_for,
    plain_count,
    plural_of,
)

NOUNS = {
    "success": "successes",
    "die": "dice",
    "point": "points",
    "turn": "turns",
    "round": "rounds",
    "entry": "entries",
    "day": "days",
    "box": "boxes",
    "character": "characters",
    "step": "steps",
    "Last resort point": "Last resort points",
    "foot": "feet",
}


@pytest.mark.parametrize(("noun", "many"), NOUNS.items())
def test_plural_of_the_nouns_sheets_count(noun: str, many: str) -> None:
    assert plural_of(noun) == many


@given(st.integers(min_value=-1000, max_value=1000), st.sampled_from(sorted(NOUNS)))
def test_a_count_agrees_with_its_noun(amount: int, noun: str) -> None:
    text = count(amount, noun)
    number, _, word = text.partition(NBSP)
    assert number == str(amount)
    assert word == (noun if abs(amount) == 1 else NOUNS[noun])
    assert plain_count(amount, noun) == text.replace(NBSP, " ", 1)


@given(st.integers(min_value=0, max_value=10_000))
def test_one_is_singular_and_every_other_count_plural(amount: int) -> None:
    assert (noun_for(amount, "die") == "die") == (amount == 1)


@given(st.text(min_size=1, max_size=20).filter(lambda s: s.strip() == s and s), st.integers())
def test_a_label_and_its_value_are_joined_by_a_non_breaking_space(label: str, value: int) -> None:
    assert labelled(label, value) == f"{label}{NBSP}{value}"
    assert measure(value, "m").endswith(f"{NBSP}m")


@given(
    st.decimals(min_value=0, max_value=100_000, places=3, allow_nan=False, allow_infinity=False),
    st.integers(min_value=0, max_value=3),
)
def test_fixed_prints_exactly_the_places_asked(value: Decimal, places: int) -> None:
    text = fixed(float(value), places).replace(",", "")  # English groups thousands: 1,000.5
    decimals = text.partition(".")[2]
    assert len(decimals) == places
    assert abs(Decimal(text) - value) <= Decimal(1).scaleb(-places) / 2


def test_places_for_a_column_is_what_its_longest_value_needs() -> None:
    assert places_for([1, 2, 3]) == 0
    assert places_for([1, 0.5, 2.25]) == 2
    assert places_for([0.125]) == 2
    assert places_for([]) == 0
