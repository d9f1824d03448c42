"""Situation modifiers the rules name, in steps (penalties positive), for the stepper's
quick list. A check adds every one that applies to its base situation die.
"""

from __future__ import annotations

from sheetapp.systems.alternity.encumbrance import THROW_STEPS
from sheetapp.systems.alternity.names import Degree
from sheetapp.systems.alternity.recovery import repeated_check_penalty
from sheetapp.systems.alternity.surprise import PREPARED_BONUS

# A helper's result changes the lead character's check.
ASSIST_STEPS = {
    Degree.CRITICAL_FAILURE: 2,
    Degree.FAILURE: 1,
    Degree.ORDINARY: -1,
    Degree.GOOD: -2,
    Degree.AMAZING: -3,
}

_THROW_NAMES = {
    "designed": "Made for throwing",
    "not_designed": "Not made for throwing",
    "heavy": "Heavy object",
}


def _throws() -> list[tuple[str, str, int]]:
    rows = []
    for kind, ranges in THROW_STEPS.items():
        for distance, steps in ranges.items():
            if steps is not None:
                rows.append(("Throwing", f"{_THROW_NAMES[kind]}, {distance} range", steps))
    return rows


SERIES_SHOWN = 6  # checks of a series listed; the GM types a longer one in "Other steps"
_PREPARED_NAMES = ("somewhat", "well", "very well")


# (group, name, steps)
COMMON: tuple[tuple[str, str, int], ...] = (
    ("Action", "Aimed last action", -1),
    ("Action", "Two actions at once: the main one", 2),
    ("Action", "Two actions at once: the other one", 4),
    ("Action", "Off-hand weapon, attacking with both", 4),
    ("Action", "Skilled-hand weapon, attacking with both", 2),
    ("Moving", "Walking", 0),
    ("Moving", "Gliding", 1),
    ("Moving", "Running", 2),
    ("Moving", "Flying", 2),
    ("Moving", "Sprinting", 3),
    ("Gravity", "Light gravity", 1),
    ("Gravity", "Zero gravity", 3),
    *_throws(),
    *(
        ("Assisted", f"Helper rolled {d.value.replace('_', ' ')}", s)
        for d, s in ASSIST_STEPS.items()
    ),
    *(
        ("Series", f"Fatigue or breath check no. {n}", repeated_check_penalty(n))
        for n in range(2, SERIES_SHOWN + 1)
    ),
    *(
        ("Surprise", f"Prepared {name} (Awareness-perception)", steps)
        for name, steps in zip(_PREPARED_NAMES, PREPARED_BONUS, strict=True)
    ),
)
