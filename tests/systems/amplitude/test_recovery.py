"""Healing by the Quality of Outcome of a recovery roll: first aid that succeeds moves one
step up the wound track (the text's number); rest or care moves by the QO, which the text
leaves without numbers and we read against the character's own resilience thresholds."""

from __future__ import annotations

import pytest

from sheetapp.systems.amplitude.figures import sheet_figures
from sheetapp.systems.amplitude.model import AmplitudeSheet, Thresholds
from sheetapp.systems.amplitude.play import recover
from sheetapp.systems.amplitude.wounds import recovery_steps
from sheetapp.systems.plugin import RequestError


@pytest.mark.parametrize(
    ("result", "first_aid", "rest"),
    [("0", 0, 0), ("1", 1, 1), ("3", 1, 1), ("4", 1, 2), ("7", 1, 2), ("8", 1, 3),
     ("10", 1, 3), ("U", 1, None), ("K", 1, None)],
)
def test_recovery_steps_by_outcome(result: str, first_aid: int, rest: int | None) -> None:
    # The text's standard human thresholds: 1, 4, 8.
    assert recovery_steps("first_aid", result, Thresholds()) == first_aid
    assert recovery_steps("rest", result, Thresholds()) == rest


def test_rest_reads_the_character_s_own_thresholds_and_never_heals_the_dead() -> None:
    tough = AmplitudeSheet(name="Ox", wound="incapacitated", thresholds=Thresholds(
        minor=2, moderate=6, major=9))
    assert recover(tough, "rest", "1").wound == "incapacitated"  # below minor 2: nothing
    assert recover(tough, "rest", "6").wound == "moderate"  # 2 steps up
    assert recover(tough, "rest", "U").wound == "unwounded"
    assert recover(tough, "first_aid", "9").wound == "major"
    assert sheet_figures(tough).after_recovery["rest"]["9"] == "minor"
    dead = AmplitudeSheet(name="Gone", wound="killed")
    assert sheet_figures(dead).after_recovery == {}
    with pytest.raises(RequestError, match="killed"):
        recover(dead, "rest", "K")
