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

from typing import Literal

from sheetapp.i18n import N_, _
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
        raise RequestError(
            _("'{result}' is not an outcome of the table (0 to 10, U or K)").format(result=result)
        )
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
        raise RequestError(_("healing moves up the track: give a number of steps of 0 or more"))
    if level == "killed":
        raise RequestError(_("a killed character does not heal"))
    return TRACK[max(TRACK.index(level) - steps, 0)]


RecoveryKind = Literal["first_aid", "rest"]
RECOVERY_KINDS: tuple[tuple[RecoveryKind, str], ...] = (
    ("first_aid", N_("First aid (a skill check, typically Amp 2-3)")),
    ("rest", N_("Rest or medical care (a recovery roll, a doctor at Amp 4-5)")),
)


def recovery_steps(kind: RecoveryKind, result: str, thresholds: Thresholds) -> int | None:
    """Steps up the track a recovery roll with table outcome ``result`` earns; None means
    every step (fully healed).

    First aid that succeeds (any QO of 1 or more, U or K) moves one step. Rest or care moves
    "several steps or all of them by the QO": the text gives no numbers, so we read the QO
    against the character's own resilience thresholds, the same marks that say how far a hit
    moves: 1, 2 or 3 steps; the table's U and K, beyond every QO, heal fully. QO 0 heals
    nothing.

    >>> t = Thresholds()
    >>> [recovery_steps("rest", r, t) for r in ("0", "2", "4", "8", "U")]
    [0, 1, 2, 3, None]
    >>> [recovery_steps("first_aid", r, t) for r in ("0", "1", "9", "K")]
    [0, 1, 1, 1]
    """
    if result not in OUTCOMES:
        raise RequestError(
            _("'{result}' is not an outcome of the table (0 to 10, U or K)").format(result=result)
        )
    succeeded = result in ("U", "K") or int(result) >= 1
    if kind == "first_aid":
        return 1 if succeeded else 0
    if result in ("U", "K"):
        return None
    return wound_steps(int(result), thresholds)


def after_recovery(
    level: WoundLevel, kind: RecoveryKind, result: str, thresholds: Thresholds
) -> WoundLevel:
    """Where a recovery roll leaves a character at ``level``.

    >>> t = Thresholds()
    >>> after_recovery("major", "rest", "5", t), after_recovery("major", "rest", "K", t)
    ('minor', 'unwounded')
    """
    steps = recovery_steps(kind, result, thresholds)
    return after_healing(level, len(TRACK) if steps is None else steps)


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
