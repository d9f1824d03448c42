"""The shared dice: plain dice, sums, Fudge dice, success pools and signed dice."""

from __future__ import annotations

import time
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sheetapp.dice import Distribution, dice_sum, die, fudge, signed, success_pool
from sheetapp.dice.standard import situation_die


class TestDie:
    def test_faces_are_equally_likely(self) -> None:
        assert die(6).pmf() == {face: Fraction(1, 6) for face in range(1, 7)}
        assert die(1) == Distribution.constant(1)
        assert die(10_000).max == 10_000

    @pytest.mark.parametrize("sides", [0, -6, 10_001])
    def test_sides_out_of_range(self, sides: int) -> None:
        with pytest.raises(ValueError, match="sides"):
            die(sides)

    @pytest.mark.parametrize("sides", [6.0, "6", True])
    def test_sides_must_be_an_int(self, sides: object) -> None:
        with pytest.raises(TypeError):
            die(sides)  # type: ignore[arg-type]


class TestDiceSum:
    def test_two_d6(self) -> None:
        two = dice_sum(2, 6)
        assert two.probability(7) == Fraction(6, 36)
        assert two.outcomes == tuple(range(2, 13))

    def test_three_d10(self) -> None:
        three = dice_sum(3, 10)
        assert (three.min, three.max) == (3, 30)
        assert three.outcomes == tuple(range(3, 31))
        assert three.mean() == Fraction(33, 2)

    def test_no_dice_total_zero(self) -> None:
        assert dice_sum(0, 20) == Distribution.constant(0)

    @pytest.mark.parametrize(("count", "sides"), [(-1, 6), (1001, 6), (2, 0)])
    def test_limits(self, count: int, sides: int) -> None:
        with pytest.raises(ValueError):
            dice_sum(count, sides)

    def test_big_pools_are_quick(self) -> None:
        start = time.perf_counter()
        assert dice_sum(13, 20).mean() == Fraction(273, 2)
        assert dice_sum(60, 10).mean() == 330
        assert time.perf_counter() - start < 0.5

    def test_an_exact_result_too_large_is_refused_quickly(self) -> None:
        start = time.perf_counter()
        with pytest.raises(ValueError):
            dice_sum(1000, 10_000)
        assert time.perf_counter() - start < 0.5

    @given(st.integers(0, 12), st.integers(1, 30))
    def test_mean_and_range(self, count: int, sides: int) -> None:
        total = dice_sum(count, sides)
        assert total.mean() == Fraction(count * (sides + 1), 2)
        assert (total.min, total.max) == (count, count * sides)
        # The extreme totals have weight 1, so no reduction: every roll weighs one.
        assert total.total_weight == sides**count


class TestFudge:
    def test_four_df(self) -> None:
        four = fudge(4)
        assert four == fudge()
        assert four.outcomes == tuple(range(-4, 5))
        assert four.probability(0) == Fraction(19, 81)
        assert four.probability(4) == Fraction(1, 81)
        assert four.mean() == 0

    def test_zero_and_limits(self) -> None:
        assert fudge(0) == Distribution.constant(0)
        with pytest.raises(ValueError):
            fudge(1001)


class TestSuccessPool:
    def test_three_dice_at_least_one_success(self) -> None:
        assert success_pool(3).at_least(1) == 1 - Fraction(2, 3) ** 3

    @given(st.integers(0, 8), st.integers(1, 12), st.integers(-2, 14))
    def test_matches_counting_each_die(self, count: int, sides: int, success_on: int) -> None:
        one = die(sides).map(lambda face: 1 if face >= success_on else 0)
        expected = one.repeat_sum(count)
        assert success_pool(count, sides=sides, success_on=success_on) == expected

    def test_sure_and_hopeless_pools(self) -> None:
        assert success_pool(5, success_on=1) == Distribution.constant(5)
        assert success_pool(5, success_on=7) == Distribution.constant(0)
        assert success_pool(0) == Distribution.constant(0)

    def test_big_pool(self) -> None:
        pool = success_pool(1000, sides=10, success_on=8)
        assert pool.mean() == 300
        assert sum(pool.pmf().values()) == 1

    def test_limits(self) -> None:
        with pytest.raises(ValueError):
            success_pool(1001)
        with pytest.raises(ValueError):
            success_pool(3, sides=0)


class TestSigned:
    def test_plus_and_minus(self) -> None:
        assert signed(die(4), sign=1) == die(4)
        assert signed(die(4), sign=-1) == -die(4)

    def test_alternity_control_die_with_situation_die(self) -> None:
        check = die(20) + signed(die(4), sign=-1)
        assert (check.min, check.max) == (-3, 19)
        assert check.mean() == Fraction(21, 2) - Fraction(5, 2)
        assert die(20) + signed(Distribution.constant(0), sign=1) == die(20)

    @pytest.mark.parametrize("sign", [0, 2, -2, True])
    def test_sign_must_be_one_or_minus_one(self, sign: int) -> None:
        with pytest.raises(ValueError):
            signed(die(4), sign=sign)

    def test_needs_a_distribution(self) -> None:
        with pytest.raises(TypeError):
            signed(4, sign=1)  # type: ignore[arg-type]

    def test_situation_die_d0_is_no_die(self) -> None:
        assert situation_die(0) == Distribution.constant(0)
        assert situation_die(0, sign=-1) == Distribution.constant(0)
        assert situation_die(6, sign=-1) == -die(6)
        with pytest.raises(ValueError):
            situation_die(-4)
