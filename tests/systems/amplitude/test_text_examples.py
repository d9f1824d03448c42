"""Every number the Amplitude Engine text works through, as a test."""

from __future__ import annotations

from fractions import Fraction

import pytest

from sheetapp.dice import fudge
from sheetapp.systems.amplitude.model import AmplitudeSheet, Thresholds
from sheetapp.systems.amplitude.names import TRACK
from sheetapp.systems.amplitude.odds import action_odds, check_odds, column_distribution
from sheetapp.systems.amplitude.outcome_table import outcome
from sheetapp.systems.amplitude.play import heal, record_roll, take_hit
from sheetapp.systems.amplitude.wounds import (
    ACTION_CHECK_AMP,
    ACTION_CHECK_QO,
    after_healing,
    after_hit,
    penalty,
    wound_steps,
)
from sheetapp.systems.plugin import RequestError

from .test_odds import counted

DEFAULT = Thresholds()


def test_4df_runs_from_minus_four_to_plus_four_and_zero_is_likeliest() -> None:
    dice = fudge(4)
    assert (dice.min, dice.max) == (-4, 4)
    assert max(dice.outcomes, key=dice.probability) == 0


def test_the_column_is_zero_plus_ob_minus_db_plus_the_dice_from_plus_six_to_minus_six() -> None:
    # A positive OB - DB shifts left (towards +), a negative one right (towards -).
    assert column_distribution(3 - 1).outcomes == tuple(range(-2, 7))
    assert column_distribution(1 - 4).outcomes == tuple(range(-6, 2))
    assert column_distribution(10).outcomes == (6,)  # the table ends at +6
    assert column_distribution(-10).outcomes == (-6,)


def test_zero_or_negative_amp_is_an_automatic_failure() -> None:
    # The Amp's fixed parts at -4: even 4dF of +4 leaves 0, never a table row.
    assert action_odds(ob=6, db=0, amp=-4).auto_fail == 1
    # Fixed parts at 0: every Amp roll of 0 or less fails (50 of 81).
    assert action_odds(ob=0, db=0, amp=0).auto_fail == Fraction(50, 81)


def test_amp_1_gives_qo_1_on_an_average_roll() -> None:
    assert outcome(0, 1) == "1"


def test_default_thresholds_are_one_four_eight() -> None:
    assert (DEFAULT.minor, DEFAULT.moderate, DEFAULT.major) == (1, 4, 8)
    assert AmplitudeSheet().thresholds == DEFAULT


@pytest.mark.parametrize(
    ("qo", "steps"),
    [(0, 0), (1, 1), (2, 1), (3, 1), (4, 2), (5, 2), (6, 2), (7, 2), (8, 3), (9, 3), (10, 3)],
)
def test_a_qo_moves_zero_to_three_steps_against_the_default_thresholds(qo: int, steps: int):
    assert wound_steps(qo, DEFAULT) == steps


@pytest.mark.parametrize(
    ("before", "result", "after"),
    [
        ("unwounded", "2", "minor"),  # one step: Unwounded to Minor
        ("minor", "3", "moderate"),  # one step: Minor to Moderate
        ("unwounded", "6", "moderate"),  # two steps: Unwounded to Moderate
        ("minor", "4", "major"),  # two steps: Minor to Major
        ("unwounded", "8", "major"),  # three steps: Unwounded to Major
        ("moderate", "0", "moderate"),  # a 0 causes no wound step
    ],
)
def test_the_texts_track_moves(before: str, result: str, after: str) -> None:
    assert after_hit(before, result, DEFAULT) == after


def test_u_incapacitates_from_any_level_and_k_kills() -> None:
    for level in TRACK:
        assert after_hit(level, "U", DEFAULT) == "incapacitated"
        assert after_hit(level, "K", DEFAULT) == "killed"


def test_steps_past_major_end_at_incapacitated() -> None:
    assert after_hit("major", "1", DEFAULT) == "incapacitated"
    assert after_hit("moderate", "10", DEFAULT) == "incapacitated"


def test_individual_thresholds_change_what_a_qo_does() -> None:
    tough = Thresholds(minor=2, moderate=6, major=9)
    assert [wound_steps(q, tough) for q in (1, 2, 5, 6, 8, 9)] == [0, 1, 1, 2, 2, 3]


def test_wound_penalties_are_minus_one_two_four() -> None:
    assert [penalty(level) for level in ("unwounded", "minor", "moderate", "major")] == [
        0,
        -1,
        -2,
        -4,
    ]
    assert penalty("incapacitated") is None


def test_the_major_wound_action_check_is_amp_5_qo_5() -> None:
    assert (ACTION_CHECK_AMP, ACTION_CHECK_QO) == (5, 5)
    # With the major wound's -4 on the roll, counted over all 6,561 faces of the two 4dF.
    tally = counted(0, 0, 5, -4)
    needed = sum(p for cell, p in tally.items() if cell in ("U", "K", "5", "6", "7", "8", "9"))
    assert check_odds(amp=5, needed=5, modifier=-4) == needed == Fraction(47, 729)


def test_first_aid_moves_one_step_up_and_rest_can_move_several() -> None:
    assert after_healing("moderate") == "minor"
    assert after_healing("major", 3) == "unwounded"
    sheet = AmplitudeSheet(wound="minor")
    assert heal(sheet).wound == "unwounded"
    with pytest.raises(RequestError):
        heal(AmplitudeSheet(wound="killed"))


def test_a_hit_applies_the_sheets_own_thresholds() -> None:
    sheet = AmplitudeSheet(thresholds=Thresholds(minor=2, moderate=5, major=9))
    assert take_hit(sheet, "1").wound == "unwounded"
    assert take_hit(sheet, "5").wound == "moderate"
    assert take_hit(take_hit(sheet, "2"), "9").wound == "incapacitated"


def test_two_negative_rolls_in_a_row_owe_a_consequence_and_a_zero_resets() -> None:
    sheet = AmplitudeSheet(momentum=1)
    sheet, owed = record_roll(sheet, -2)
    assert not owed
    sheet, owed = record_roll(sheet, -1)
    assert owed and sheet.misfortune_owed == 1
    reset, owed = record_roll(sheet, 0)
    assert not owed and reset.misfortune == 0
    # and a positive roll between two negatives breaks the streak
    broken, _ = record_roll(record_roll(AmplitudeSheet(), -1)[0], 2)
    assert record_roll(broken, -3)[1] is False
