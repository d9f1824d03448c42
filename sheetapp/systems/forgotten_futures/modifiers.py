"""What changes an attack roll: the synopsis's bonuses and penalties, and pulling punches.

Bonuses are added to the attacking value but never take it past 10; penalties are taken off
but never below 1. We add them up first and cap the net change, so a +1 and a -1 cancel
whatever the value (our reading: the text gives the two caps, not an order). A value already
past a cap is never moved towards it by the other side.

Pulling punches is declared before the roll: aiming for limited damage costs 1 and reads
column C as B; aiming for minimal damage costs 2 and reads B and C as A. Neither is possible
with shotguns, machine guns or area weapons, nor against several targets at once.

>>> modified_attack(9, ("still", "immobile", "big"))
10
>>> modified_attack(2, ("distant", "hidden", "target_ducking"))
1
>>> modified_attack(5, ("still", "target_running")), damage_limit(("minimal",))
(5, 'minimal')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from sheetapp.i18n import N_, _
from sheetapp.systems.forgotten_futures.table import Column

BONUS_CAP = 10  # bonuses never take an attack past this
PENALTY_FLOOR = 1  # penalties never take it below this

Limit = Literal["full", "limited", "minimal"]


@dataclass(frozen=True)
class Modifier:
    key: str
    label: str
    amount: int
    note: str = ""  # when it applies, in our words
    limit: Limit = "full"


MODIFIERS: tuple[Modifier, ...] = (
    Modifier("still", N_("Attacker has not moved"), +1, N_("no move or other action this round")),
    Modifier("immobile", N_("Target immobile or inanimate"), +1),
    Modifier("big", N_("Target twice man-sized or more"), +1),
    Modifier("very_close", N_("Target very close"), +1, N_("projectiles only")),
    Modifier("automatic", N_("Fully automatic weapon"), +1, N_("machine guns")),
    Modifier("too_close", N_("Target too close"), -1, N_("not for brawling")),
    Modifier("target_running", N_("Target running or moving fast"), -1),
    Modifier("small", N_("Target half man-sized or less"), -1),
    Modifier("distant", N_("Target distant"), -1, N_("projectiles only")),
    Modifier("hidden", N_("Target partly hidden or camouflaged"), -1),
    Modifier("two_targets", N_("Attacking two or more targets"), -2, N_("no pulled punches")),
    Modifier("attacker_ducking", N_("Attacker ducking or dodging"), -1),
    Modifier("target_ducking", N_("Target ducking or dodging"), -2),
    Modifier(
        "limited",
        N_("Pulling punches: limited damage"),
        -1,
        N_("column C reads as B; not with shotguns, machine guns, area weapons or several targets"),
        "limited",
    ),
    Modifier(
        "minimal",
        N_("Pulling punches: minimal damage"),
        -2,
        N_("columns B and C read as A; not with shotguns, machine guns, area weapons or several "
        "targets"),
        "minimal",
    ),
)

_BY_KEY = {m.key: m for m in MODIFIERS}

# How pulling punches reads each column the damage roll gives.
FOLDED: dict[Limit, dict[Column, Column]] = {
    "full": {"A": "A", "B": "B", "C": "C"},
    "limited": {"A": "A", "B": "B", "C": "B"},
    "minimal": {"A": "A", "B": "A", "C": "A"},
}


def modifier(key: str) -> Modifier:
    """The modifier of this key; a ValueError names the unknown one."""
    try:
        return _BY_KEY[key]
    except KeyError:
        known = ", ".join(_BY_KEY)
        raise ValueError(
            _("'{key}' is not an attack modifier; use {known}").format(key=key, known=known)
        ) from None


def net_change(keys: Iterable[str]) -> int:
    return sum(modifier(k).amount for k in set(keys))


def modified_attack(attack: int, keys: Iterable[str], *, aimed: int = 0) -> int:
    """``attack`` with the chosen modifiers and any change for aiming at a hit location
    (``effect_changes.aimed_attack_change``), capped at 10 going up and 1 going down."""
    change = net_change(keys) + aimed
    if change > 0:
        return max(attack, min(attack + change, BONUS_CAP))
    if change < 0:
        return min(attack, max(attack + change, PENALTY_FLOOR))
    return attack


def damage_limit(keys: Iterable[str]) -> Limit:
    """The damage the attacker aims for: minimal wins over limited when both are chosen."""
    limits = {modifier(k).limit for k in keys}
    if "minimal" in limits:
        return "minimal"
    return "limited" if "limited" in limits else "full"


def pulling_problem(keys: Iterable[str]) -> str:
    """Why punches cannot be pulled with these modifiers ("" when they can): not against
    several targets, nor with an automatic weapon.

    >>> pulling_problem(("limited", "two_targets"))
    'punches cannot be pulled against several targets or with an automatic weapon'
    """
    chosen = set(keys)
    if damage_limit(chosen) != "full" and chosen & {"two_targets", "automatic"}:
        return _("punches cannot be pulled against several targets or with an automatic weapon")
    return ""
