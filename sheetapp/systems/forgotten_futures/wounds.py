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

from sheetapp.systems.forgotten_futures.model import Wounds

# (field, letter on the record, name), in the order the record prints them
BOXES: tuple[tuple[str, str, str], ...] = (
    ("bruised", "B", "Bruised"),
    ("flesh_wound", "F", "Flesh wound"),
    ("injury", "I", "Injury"),
    ("second_injury", "I", "Second injury"),
    ("critical", "C", "Critical"),
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
    WoundLevel("Bruised", 0, "1 day", 2),
    WoundLevel("Flesh wound", FLESH_PENALTY, "1 week", 4),
    WoundLevel("Injury", INJURY_PENALTY, "1 month", 6),
    WoundLevel("2+ injuries", TWO_INJURIES_PENALTY, "1 month", 8),
    WoundLevel("Critical", None, "-", 8),
    WoundLevel("Knocked out", 0, "6D6 minutes", 4),
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
        return "dying: unconscious"
    if injuries(wounds) >= 2:
        return "crawling: cannot fight"
    if injuries(wounds) == 1:
        return "injured: slow, needs care"
    if wounds.flesh_wound:
        return "flesh wound: slowed"
    if wounds.bruised:
        return "bruised: stiff"
    return "unhurt"


def ticked(wounds: Wounds) -> int:
    """How many of the five boxes are ticked (the table-play track counts these)."""
    return sum(bool(getattr(wounds, key)) for key, _, _ in BOXES)
