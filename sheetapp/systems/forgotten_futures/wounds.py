"""The wounds record and what it does to BODY.

A wound lowers BODY and every skill built on BODY for as long as it lasts, never below 1.
The record shows how badly hurt the character is, so the worst wound ticked sets the
penalty (our reading; the synopsis lists one figure per level and two injuries at -4).

>>> from sheetapp.systems.forgotten_futures.model import Wounds
>>> body_penalty(Wounds(bruised=True, flesh_wound=True)), body_penalty(Wounds(injury=True))
(-1, -2)
>>> body_penalty(Wounds(injury=True, second_injury=True)), lowered(3, -4)
(-4, 1)
"""

from __future__ import annotations

from dataclasses import dataclass

from sheetapp.i18n import N_, _
from sheetapp.systems.forgotten_futures.model import Wounds

# (field, letter on the record, name), in the order the record prints them
BOXES: tuple[tuple[str, str, str], ...] = (
    ("bruised", "B", N_("Bruised")),
    ("flesh_wound", "F", N_("Flesh wound")),
    ("injury", "I", N_("Injury")),
    ("second_injury", "I", N_("Second injury")),
    ("critical", "C", N_("Critical")),
)

FLESH_PENALTY, INJURY_PENALTY, TWO_INJURIES_PENALTY = -1, -2, -4


@dataclass(frozen=True)
class WoundLevel:
    """One row of the wound table: recovery time and the difficulty of the recovery roll."""

    name: str
    penalty: int | None
    recovery: str
    difficulty: int


LEVELS: tuple[WoundLevel, ...] = (
    WoundLevel(N_("Bruised"), 0, N_("1 day"), 2),
    WoundLevel(N_("Flesh wound"), FLESH_PENALTY, N_("1 week"), 4),
    WoundLevel(N_("Injury"), INJURY_PENALTY, N_("1 month"), 6),
    WoundLevel(N_("2+ injuries"), TWO_INJURIES_PENALTY, N_("1 month"), 8),
    WoundLevel(N_("Critical"), None, "-", 8),
    WoundLevel(N_("Knocked out"), 0, N_("6D6 minutes"), 4),
)


def injuries(wounds: Wounds) -> int:
    return int(wounds.injury) + int(wounds.second_injury)


def body_penalty(wounds: Wounds) -> int | None:
    """What the wounds take off BODY; None when critical (unconscious and dying)."""
    if wounds.critical:
        return None
    if injuries(wounds) >= 2:
        return TWO_INJURIES_PENALTY
    if injuries(wounds) == 1:
        return INJURY_PENALTY
    if wounds.flesh_wound:
        return FLESH_PENALTY
    return 0


def lowered(value: int, penalty: int) -> int:
    """``value`` under a wound penalty, never below 1 (nor raised if it was lower)."""
    if penalty >= 0:
        return value
    return max(value + penalty, min(value, 1))


def condition(wounds: Wounds) -> str:
    """The state a player acts on, in a few words."""
    if wounds.critical:
        return _("dying: unconscious")
    if injuries(wounds) >= 2:
        return _("crawling: cannot fight")
    if injuries(wounds) == 1:
        return _("injured: slow, needs care")
    if wounds.flesh_wound:
        return _("flesh wound: slowed")
    if wounds.bruised:
        return _("bruised: stiff")
    return _("unhurt")


def ticked(wounds: Wounds) -> int:
    """How many of the five boxes are ticked (the table-play track counts these)."""
    return sum(bool(getattr(wounds, key)) for key, _unused, _unused in BOXES)
