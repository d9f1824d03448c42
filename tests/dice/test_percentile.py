"""Amazing Engine d100 checks: the 95-00 rule, no automatic success, margin ratings."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sheetapp.dice import CheckOdds, percentile_odds, percentile_outcome

MARGINS: list[int | None] = [None, *range(11)]


def enumerated_odds(
    chance: int,
    success_margin: int | None,
    failure_margin: int | None,
    auto_fail_from: int = 95,
) -> CheckOdds:
    """The odds by reading all 100 rolls one at a time."""
    counts = Counter(
        percentile_outcome(
            roll,
            chance,
            success_margin=success_margin,
            failure_margin=failure_margin,
            auto_fail_from=auto_fail_from,
        )
        for roll in range(1, 101)
    )
    return CheckOdds(
        success=Fraction(counts["success"] + counts["critical_success"], 100),
        critical_success=Fraction(counts["critical_success"], 100),
        failure=Fraction(counts["failure"] + counts["critical_failure"], 100),
        critical_failure=Fraction(counts["critical_failure"], 100),
    )


class TestRulesExample:
    """Chance 45 with S1: 40 is a critical success, 29 a success, 46 and up fail."""

    def test_roll_40_is_critical(self) -> None:
        assert percentile_outcome(40, 45, success_margin=1) == "critical_success"

    def test_roll_29_is_a_plain_success(self) -> None:
        assert percentile_outcome(29, 45, success_margin=1) == "success"

    @pytest.mark.parametrize("roll", range(46, 101))
    def test_rolls_above_the_chance_fail(self, roll: int) -> None:
        assert percentile_outcome(roll, 45, success_margin=1) == "failure"

    def test_odds(self) -> None:
        odds = percentile_odds(45, success_margin=1)
        # Successes 1..45; critical ones end in 0 or 1: 1, 10, 11, 20, 21, 30, 31, 40, 41.
        assert odds == CheckOdds(
            success=Fraction(45, 100),
            critical_success=Fraction(9, 100),
            failure=Fraction(55, 100),
            critical_failure=Fraction(0),
        )


class TestSuccessBounds:
    def test_high_chance_still_fails_from_95(self) -> None:
        assert percentile_odds(200).success == Fraction(94, 100)
        assert percentile_odds(94).success == Fraction(94, 100)
        assert percentile_outcome(95, 99) == "failure"
        assert percentile_outcome(100, 200) == "failure"
        assert percentile_outcome(94, 200) == "success"

    @pytest.mark.parametrize("chance", [0, -1, -50])
    def test_no_automatic_success(self, chance: int) -> None:
        assert percentile_odds(chance).success == 0
        assert percentile_odds(chance).failure == 1
        assert percentile_outcome(1, chance) == "failure"

    def test_auto_fail_from_is_adjustable(self) -> None:
        assert percentile_odds(200, auto_fail_from=101).success == 1
        assert percentile_odds(200, auto_fail_from=1).success == 0
        assert percentile_outcome(97, 99, auto_fail_from=98) == "success"


class TestMargins:
    def test_ones_digit_of_100_is_zero(self) -> None:
        assert percentile_outcome(100, 50, failure_margin=0) == "critical_failure"
        assert percentile_outcome(100, 50, failure_margin=1) == "failure"

    def test_s0_means_rolls_ending_in_zero(self) -> None:
        criticals = [
            r for r in range(1, 101) if percentile_outcome(r, 60, success_margin=0) != "success"
        ]
        assert criticals[:6] == [10, 20, 30, 40, 50, 60]
        assert percentile_odds(60, success_margin=0).critical_success == Fraction(6, 100)

    def test_f_margin_counts_high_ones_digits(self) -> None:
        # Failures 51..100 ending in 8 or 9: 58, 59, 68, 69, ... 98, 99.
        assert percentile_odds(50, failure_margin=8).critical_failure == Fraction(10, 100)

    @pytest.mark.parametrize("margin", [10, 11, 99])
    def test_impossible_failure_digit_never_happens(self, margin: int) -> None:
        assert percentile_odds(30, failure_margin=margin).critical_failure == 0

    def test_margins_past_the_digits_cover_everything_or_nothing(self) -> None:
        assert percentile_odds(30, success_margin=-1).critical_success == 0
        assert percentile_odds(30, success_margin=12).critical_success == Fraction(30, 100)
        assert percentile_odds(30, failure_margin=-3).critical_failure == Fraction(70, 100)

    def test_no_margin_no_criticals(self) -> None:
        odds = percentile_odds(50)
        assert odds.critical_success == 0 == odds.critical_failure


class TestAgainstEnumeration:
    @pytest.mark.parametrize("chance", range(-5, 121))
    def test_every_chance_with_each_margin(self, chance: int) -> None:
        for margin in MARGINS:
            other = None if margin is None else 10 - margin
            for success_margin, failure_margin in [
                (margin, margin),
                (margin, other),
                (margin, None),
                (None, margin),
            ]:
                odds = percentile_odds(
                    chance, success_margin=success_margin, failure_margin=failure_margin
                )
                assert odds == enumerated_odds(chance, success_margin, failure_margin), (
                    chance,
                    success_margin,
                    failure_margin,
                )

    @pytest.mark.parametrize("chance", [-5, 0, 1, 9, 10, 45, 50, 94, 95, 99, 100, 120])
    def test_every_margin_pair(self, chance: int) -> None:
        for success_margin in MARGINS:
            for failure_margin in MARGINS:
                odds = percentile_odds(
                    chance, success_margin=success_margin, failure_margin=failure_margin
                )
                assert odds == enumerated_odds(chance, success_margin, failure_margin)

    @given(
        st.integers(-300, 300),
        st.one_of(st.none(), st.integers(-15, 15)),
        st.one_of(st.none(), st.integers(-15, 15)),
        st.integers(-5, 110),
    )
    def test_any_input(
        self,
        chance: int,
        success_margin: int | None,
        failure_margin: int | None,
        auto_fail_from: int,
    ) -> None:
        odds = percentile_odds(
            chance,
            success_margin=success_margin,
            failure_margin=failure_margin,
            auto_fail_from=auto_fail_from,
        )
        assert odds == enumerated_odds(chance, success_margin, failure_margin, auto_fail_from)
        assert odds.success + odds.failure == 1
        assert 0 <= odds.critical_success <= odds.success
        assert 0 <= odds.critical_failure <= odds.failure


class TestInputs:
    @pytest.mark.parametrize("roll", [0, 101, -3])
    def test_roll_must_be_on_the_dice(self, roll: int) -> None:
        with pytest.raises(ValueError, match="roll"):
            percentile_outcome(roll, 50)

    def test_non_int_margin(self) -> None:
        with pytest.raises(TypeError):
            percentile_odds(50, success_margin=1.5)  # type: ignore[arg-type]

    def test_check_odds_is_frozen_and_floats(self) -> None:
        odds = percentile_odds(45, success_margin=1, failure_margin=9)
        with pytest.raises(AttributeError):
            odds.success = Fraction(1)  # type: ignore[misc]
        assert odds.as_floats() == {
            "success": 0.45,
            "critical_success": 0.09,
            "failure": 0.55,
            "critical_failure": 0.06,
        }
