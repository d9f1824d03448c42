"""The wound track: which wound a Quality of Outcome inflicts, where a hit leaves the target,
what healing does, and the penalty each level carries.

A hit takes the highest wound whose threshold its QO meets: 1, 2 or 3 steps down the track.
Steps past the last wound end at Incapacitated; a U goes straight there, a K kills.

>>> from sheetapp.systems.amplitude.model import Thresholds
>>> t = Thresholds()
>>> [wound_steps(q, t) for q in (0, 1, 3, 4, 7, 8, 10)]
[0, 1, 1, 2, 2, 3, 3]
>>> after_hit("unwounded", "5", t), after_hit("minor", "5", t), after_hit("moderate", "9", t)
('moderate', 'major', 'incapacitated')
>>> after_hit("minor", "U", t), after_hit("unwounded", "K", t)
('incapacitated', 'killed')
"""

from __future__ import annotations

from sheetapp.systems.amplitude.model import Thresholds
from sheetapp.systems.amplitude.names import PENALTIES, TRACK, WoundLevel
from sheetapp.systems.amplitude.outcome_table import OUTCOMES
from sheetapp.systems.plugin import RequestError

# The major wound's action check: a standard check at this Amp, needing this QO or better.
ACTION_CHECK_AMP = 5
ACTION_CHECK_QO = 5


def wound_steps(qo: int, thresholds: Thresholds) -> int:
    """Steps down the track for a hit of Quality ``qo``: the highest threshold it meets."""
    for steps, needed in ((3, thresholds.major), (2, thresholds.moderate), (1, thresholds.minor)):
        if qo >= needed:
            return steps
    return 0


def after_hit(level: WoundLevel, result: str, thresholds: Thresholds) -> WoundLevel:
    """Where a target at ``level`` ends after a hit with outcome ``result`` ("0".."10", U, K)."""
    if result not in OUTCOMES:
        raise RequestError(f"'{result}' is not an outcome of the table (0 to 10, U or K)")
    if level == "killed" or result == "K":
        return "killed"
    if result == "U":
        return "incapacitated"
    step = TRACK.index(level) + wound_steps(int(result), thresholds)
    return TRACK[min(step, len(TRACK) - 1)]


def after_healing(level: WoundLevel, steps: int = 1) -> WoundLevel:
    """``steps`` up the track (first aid: one; rest or a doctor: as many as the GM allows).

    >>> after_healing("major"), after_healing("minor", 3), after_healing("incapacitated", 2)
    ('moderate', 'unwounded', 'moderate')
    """
    if steps < 0:
        raise RequestError("healing moves up the track: give a number of steps of 0 or more")
    if level == "killed":
        raise RequestError("a killed character does not heal")
    return TRACK[max(TRACK.index(level) - steps, 0)]


def penalty(level: WoundLevel) -> int | None:
    """What the level takes off every Player's Total Roll; None where the target cannot act.

    >>> [penalty(level) for level in TRACK]
    [0, -1, -2, -4, None]
    """
    return PENALTIES.get(level)


def track_position(level: WoundLevel) -> int:
    """Steps taken down the track: 0 unwounded to 4 incapacitated (killed counts as the end).

    >>> track_position("moderate"), track_position("killed")
    (2, 4)
    """
    return len(TRACK) - 1 if level == "killed" else TRACK.index(level)
