"""A scene played through the pure play steps: hits, healing, momentum and misfortune."""

from __future__ import annotations

import pytest

from sheetapp.systems.amplitude.model import AmplitudeSheet
from sheetapp.systems.amplitude.play import (
    end_streak,
    gain_momentum,
    heal,
    record_roll,
    settle_misfortune,
    spend_momentum,
    take_hit,
)
from sheetapp.systems.plugin import RequestError


def test_a_fight_down_the_track_and_back() -> None:
    sheet = AmplitudeSheet(name="Rafe")
    sheet = take_hit(sheet, "0")
    assert sheet.wound == "unwounded"
    sheet = take_hit(sheet, "3")
    assert sheet.wound == "minor"
    sheet = take_hit(sheet, "5")
    assert sheet.wound == "major"
    sheet = heal(sheet)
    assert sheet.wound == "moderate"
    sheet = take_hit(sheet, "U")
    assert sheet.wound == "incapacitated"
    assert heal(sheet, 4).wound == "unwounded"
    assert take_hit(sheet, "K").wound == "killed"


def test_steps_return_a_new_sheet_and_leave_the_old_one_alone() -> None:
    sheet = AmplitudeSheet(momentum=2)
    spent = spend_momentum(sheet)
    assert (sheet.momentum, spent.momentum) == (2, 1)
    assert take_hit(sheet, "9") is not sheet and sheet.wound == "unwounded"


def test_momentum_cannot_go_below_zero() -> None:
    sheet = AmplitudeSheet(momentum=1)
    with pytest.raises(RequestError, match="only 1 momentum"):
        spend_momentum(sheet, 2)
    assert gain_momentum(sheet, 2).momentum == 3
    with pytest.raises(RequestError):
        gain_momentum(sheet, 0)


def test_a_long_streak_owes_on_every_negative_roll_after_the_first() -> None:
    sheet = AmplitudeSheet(momentum=3)
    owed = []
    for dice in (-1, -2, -1, -4):
        sheet, owes = record_roll(sheet, dice)
        owed.append(owes)
    assert owed == [False, True, True, True]
    assert (sheet.misfortune, sheet.misfortune_owed) == (4, 3)
    sheet = settle_misfortune(sheet, "momentum")
    sheet = settle_misfortune(sheet, "mishap")
    sheet = settle_misfortune(sheet, "momentum")
    assert (sheet.momentum, sheet.misfortune_owed) == (1, 0)
    with pytest.raises(RequestError, match="no misfortune is owed"):
        settle_misfortune(sheet, "mishap")
    assert end_streak(sheet).misfortune == 0


def test_without_momentum_the_only_way_out_is_a_mishap() -> None:
    sheet, _ = record_roll(record_roll(AmplitudeSheet(), -1)[0], -1)
    with pytest.raises(RequestError, match="mishap"):
        settle_misfortune(sheet, "momentum")
    assert settle_misfortune(sheet, "mishap").misfortune_owed == 0


@pytest.mark.parametrize("dice", [-5, 5])
def test_only_a_4df_total_can_be_recorded(dice: int) -> None:
    with pytest.raises(RequestError, match="-4 to"):
        record_roll(AmplitudeSheet(), dice)


def test_a_step_that_would_overflow_a_counter_is_refused_not_stored() -> None:
    with pytest.raises(RequestError, match="momentum"):
        gain_momentum(AmplitudeSheet(momentum=9999))
