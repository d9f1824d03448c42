"""Situation modifiers the rules name, in steps (penalties positive), for the stepper's
quick list. A check adds every one that applies to its base situation die.
"""

from __future__ import annotations

from sheetapp.i18n import N_, _
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
    "designed": N_("Made for throwing"),
    "not_designed": N_("Not made for throwing"),
    "heavy": N_("Heavy object"),
}


def _throws() -> list[tuple[str, str, int]]:
    rows = []
    for kind, ranges in THROW_STEPS.items():
        for distance, steps in ranges.items():
            if steps is not None:
                rows.append(
                    (
                        _("Throwing"),
                        _("{THROW_NAMES}, {distance} range").format(
                            THROW_NAMES=_THROW_NAMES[kind], distance=distance
                        ),
                        steps,
                    )
                )
    return rows


SERIES_SHOWN = 6  # checks of a series listed; the GM types a longer one in "Other steps"
_PREPARED_NAMES = ("somewhat", "well", N_("very well"))


# (group, name, steps)
COMMON: tuple[tuple[str, str, int], ...] = (
    (N_("Action"), N_("Aimed last action"), -1),
    (N_("Action"), N_("Two actions at once: the main one"), 2),
    (N_("Action"), N_("Two actions at once: the other one"), 4),
    (N_("Action"), N_("Off-hand weapon, attacking with both"), 4),
    (N_("Action"), N_("Skilled-hand weapon, attacking with both"), 2),
    (N_("Moving"), N_("Walking"), 0),
    (N_("Moving"), N_("Gliding"), 1),
    (N_("Moving"), N_("Running"), 2),
    (N_("Moving"), N_("Flying"), 2),
    (N_("Moving"), N_("Sprinting"), 3),
    (N_("Gravity"), N_("Light gravity"), 1),
    (N_("Gravity"), N_("Zero gravity"), 3),
    *_throws(),
    *(
        (N_("Assisted"), f"Helper rolled {d.value.replace('_', ' ')}", s)
        for d, s in ASSIST_STEPS.items()
    ),
    *(
        (N_("Series"), f"Fatigue or breath check no. {n}", repeated_check_penalty(n))
        for n in range(2, SERIES_SHOWN + 1)
    ),
    *(
        (N_("Surprise"), f"Prepared {name} (Awareness-perception)", steps)
        for name, steps in zip(_PREPARED_NAMES, PREPARED_BONUS, strict=True)
    ),
)
