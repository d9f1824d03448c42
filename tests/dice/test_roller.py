"""Roller: reproducible rolls from an injectable generator, exact weighted sampling."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

import sheetapp.dice.roller as roller_module
from sheetapp.dice import Distribution, Roller, dice_sum, fudge


class ScriptedRandom(random.Random):
    """A generator whose randrange returns the numbers it is given, in order."""

    def __init__(self, tickets: Iterator[int]) -> None:
        super().__init__(0)
        self._tickets = tickets

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:  # type: ignore[override]
        ticket = next(self._tickets)
        assert 0 <= ticket < start and stop is None
        return ticket


def session(roller: Roller) -> list[object]:
    return [
        roller.die(20),
        roller.dice(3, 6),
        roller.fudge(),
        roller.percentile(),
        roller.sample(dice_sum(2, 6)),
    ]


class TestReproducible:
    @given(st.integers())
    def test_same_seed_same_rolls(self, seed: int) -> None:
        assert session(Roller(seed)) == session(Roller(seed))

    def test_injected_generator_is_used(self) -> None:
        assert session(Roller(rng=random.Random(42))) == session(Roller(42))

    def test_different_seeds_differ_somewhere(self) -> None:
        assert Roller(1).dice(20, 20) != Roller(2).dice(20, 20)

    def test_seed_and_rng_together_is_an_error(self) -> None:
        with pytest.raises(ValueError):
            Roller(1, rng=random.Random(1))

    def test_no_module_level_generator(self) -> None:
        assert not any(isinstance(v, random.Random) for v in vars(roller_module).values())
        assert Roller(3).rng is not Roller(3).rng


class TestRanges:
    def test_die_and_dice(self) -> None:
        roller = Roller(5)
        faces = roller.dice(600, 6)
        assert len(faces) == 600 and set(faces) == set(range(1, 7))
        assert all(1 <= roller.die(4) <= 4 for _ in range(100))
        assert roller.dice(0, 6) == []

    def test_fudge(self) -> None:
        faces = Roller(5).fudge(300)
        assert set(faces) == {-1, 0, 1}
        assert len(Roller(5).fudge()) == 4

    def test_percentile_reaches_1_and_100(self) -> None:
        roller = Roller(9)
        rolls = {roller.percentile() for _ in range(3000)}
        assert rolls == set(range(1, 101))

    @pytest.mark.parametrize(("count", "sides"), [(1, 0), (1, 10_001), (-1, 6), (1001, 6)])
    def test_limits(self, count: int, sides: int) -> None:
        with pytest.raises(ValueError):
            Roller(1).dice(count, sides)

    def test_die_limits(self) -> None:
        with pytest.raises(ValueError):
            Roller(1).die(0)
        with pytest.raises(TypeError):
            Roller(1).die(6.0)  # type: ignore[arg-type]


class TestSample:
    def test_each_ticket_maps_to_exactly_its_weight(self) -> None:
        dist = Distribution({-2: 1, 0: 3, 7: 2})
        roller = Roller(rng=ScriptedRandom(iter(range(dist.total_weight))))
        drawn = Counter(roller.sample(dist) for _ in range(dist.total_weight))
        assert drawn == {-2: 1, 0: 3, 7: 2}

    def test_frequencies_follow_the_weights(self) -> None:
        roller = Roller(11)
        drawn = Counter(roller.sample(fudge(4)) for _ in range(8100))
        assert set(drawn) <= set(range(-4, 5))
        assert 1500 < drawn[0] < 2300  # 19/81 of 8100 is 1900

    def test_needs_a_distribution(self) -> None:
        with pytest.raises(TypeError):
            Roller(1).sample({1: 1})  # type: ignore[arg-type]

    @given(
        st.dictionaries(st.integers(-(10**9), 10**9), st.integers(1, 10**20), min_size=1),
        st.integers(),
    )
    def test_always_an_outcome_of_the_distribution(
        self, weights: dict[int, int], seed: int
    ) -> None:
        dist = Distribution(weights)
        roller = Roller(seed)
        assert all(roller.sample(dist) in dist for _ in range(5))
