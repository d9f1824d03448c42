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

SERIES_SHOWN = 6  # checks of a series listed; the GM types a longer one in "Other steps"
_PREPARED = (  # by how well the hero prepared, as PREPARED_BONUS
    N_("Prepared somewhat (Awareness-perception)"),
    N_("Prepared well (Awareness-perception)"),
    N_("Prepared very well (Awareness-perception)"),
)
_HELPER = {
    Degree.CRITICAL_FAILURE: N_("Helper rolled critical failure"),
    Degree.FAILURE: N_("Helper rolled failure"),
    Degree.ORDINARY: N_("Helper rolled ordinary"),
    Degree.GOOD: N_("Helper rolled good"),
    Degree.AMAZING: N_("Helper rolled amazing"),
}
_THROW_NAMES = {
    "designed": N_("Made for throwing"),
    "not_designed": N_("Not made for throwing"),
    "heavy": N_("Heavy object"),
}
_THROW_RANGES = {
    "short": N_("{thrown}, short range"),
    "medium": N_("{thrown}, medium range"),
    "long": N_("{thrown}, long range"),
}
# (group, name, steps): the fixed rows, marked here and translated where they are listed.
_FIXED: tuple[tuple[str, str, int], ...] = (
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
)


def common_modifiers() -> tuple[tuple[str, str, int], ...]:
    """The quick list as (group, name, steps), in the reader's language (built when it is
    shown: the language is chosen after import)."""
    throws = [
        (_("Throwing"), _(_THROW_RANGES[distance]).format(thrown=_(_THROW_NAMES[kind])), steps)
        for kind, ranges in THROW_STEPS.items()
        for distance, steps in ranges.items()
        if steps is not None
    ]
    return (
        *((_(group), _(name), steps) for group, name, steps in _FIXED),
        *throws,
        *((_("Assisted"), _(_HELPER[d]), s) for d, s in ASSIST_STEPS.items()),
        *(
            (_("Series"), _("Fatigue or breath check no. {n}").format(n=n),
             repeated_check_penalty(n))
            for n in range(2, SERIES_SHOWN + 1)
        ),
        *(
            (_("Surprise"), _(name), steps)
            for name, steps in zip(_PREPARED, PREPARED_BONUS, strict=True)
        ),
    )
