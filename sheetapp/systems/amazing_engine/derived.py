"""Figures that follow from a character's attributes: the same in every universe, except
stamina and body, whose formulas the universe supplies.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from sheetapp.formulas import FormulaError
from sheetapp.i18n import N_, TranslatedTable
from sheetapp.systems.amazing_engine.model import Character, Equipment, Weapon
from sheetapp.systems.amazing_engine.names import TAX_STEP, Attribute
from sheetapp.systems.amazing_engine.universe import Universe

WALK_PER_TURN = 15
WALK_PER_MINUTE = 90
WALK_PER_HOUR = 5000  # the pace for walks longer than half an hour
LONG_WALK_AFTER_MINUTES = 30
REST_WALK_PER_TURN = 10  # the most a resting character walks
UNFIT_RUN_AT_MOST = 14  # fitness at or below this runs no faster than a walk
NO_RUN_AT_MOST = 7  # fitness at or below this cannot run or sprint
PUSH_SHARE = 2  # taxing may add at most Fitness / 2 to a sprint (speed +50%)
# Healing in every universe (its care may speed it): the first stamina point comes back after
# 1d6 x 10 minutes, the rest at 1d10 per 8 hours (2d10 in bed or sound sleep); body 1 a week.
HEALING = TranslatedTable({  # read in the reader's language
    "stamina": N_("1 point after 1d6 × 10 min, then 1d10 per 8 h (2d10 in bed)"),
    "body": N_("1 point a week"),
})
NON_VITAL_LETHALITY = -2
VITAL_LETHALITY = +3


@dataclass(frozen=True)
class Movement:
    """Speeds in metres; ``walk_limit`` is how far the character walks before resting (None:
    indefinitely); ``push_sprint`` the fastest sprint bought by taxing ``push_tax`` XP of
    Fitness a turn; ``rest_walk`` the walking pace while resting after a run or sprint."""

    walk: int
    run: int
    sprint: int
    walk_per_minute: int
    run_per_minute: int
    sprint_per_minute: int
    run_minutes: int
    sprint_turns: int
    walk_per_hour: int = WALK_PER_HOUR
    rest_walk: int = REST_WALK_PER_TURN
    walk_limit: int | None = None
    push_sprint: int = 0
    push_tax: int = 0


@dataclass(frozen=True)
class CarryLimits:
    unhindered: int
    slowed: int
    walk_only: int


@dataclass(frozen=True)
class AttackChances:
    general: int
    non_vital: int
    vital: int

    def by_area(self) -> dict[str, int]:
        """The chances keyed by target area, for a table of all three."""
        return {"general": self.general, "non_vital": self.non_vital, "vital": self.vital}


def movement(fitness: int) -> Movement:
    """Speeds in metres per turn (10 s) and per minute, and how long they last.

    A sprint that lasts no turn (Fitness 8 and 9) is no sprint. Pushing taxes Fitness in
    steps of 5 XP, adding at most half of it to the sprint for one turn.

    >>> m = movement(32)
    >>> (m.run, m.sprint, m.run_minutes, m.sprint_turns, m.push_sprint, m.push_tax)
    (32, 64, 32, 3, 94, 15)
    >>> movement(12).run, movement(7).run, movement(9).sprint
    (15, 0, 0)
    """
    fitness = max(fitness, 0)
    run = sprint = run_minutes = sprint_turns = push_tax = 0
    if fitness > NO_RUN_AT_MOST:
        run = WALK_PER_TURN if fitness <= UNFIT_RUN_AT_MOST else fitness
        run_minutes = fitness
        sprint_turns = fitness // 10
    if sprint_turns:
        sprint = 2 * fitness
        push_tax = fitness // PUSH_SHARE // TAX_STEP * TAX_STEP
    return Movement(
        walk=WALK_PER_TURN,
        run=run,
        sprint=sprint,
        walk_per_minute=WALK_PER_MINUTE,
        run_per_minute=run * 6,
        sprint_per_minute=sprint * min(sprint_turns, 6),
        run_minutes=run_minutes,
        sprint_turns=sprint_turns,
        push_sprint=2 * (fitness + push_tax) if sprint else 0,
        push_tax=push_tax,
    )


def carry_limits(fitness: int) -> CarryLimits:
    fitness = max(fitness, 0)
    return CarryLimits(unhindered=fitness, slowed=2 * fitness, walk_only=3 * fitness)


def load_kg(equipment: Sequence[Equipment], weapons: Sequence[Weapon] = ()) -> float:
    """The carried kilograms: equipment marked carried, times its quantity, and every
    weapon (a weapon on the sheet is one the character has on them)."""
    items = sum(item.weight_kg * item.quantity for item in equipment if item.carried)
    return round(items + sum(w.weight_kg for w in weapons), 3)


def load_status(load: float, limits: CarryLimits) -> str:
    """One of unhindered, slowed, walk_only, overloaded (beyond three times Fitness)."""
    if load <= limits.unhindered:
        return "unhindered"
    if load <= limits.slowed:
        return "slowed"
    if load <= limits.walk_only:
        return "walk_only"
    return "overloaded"


def loaded_movement(base: Movement, status: str, fitness: int) -> Movement:
    """Carrying halves running and sprinting, then stops them and limits walking.

    A halved pace never drops below a walk (a slowed runner still keeps up with walkers). At
    three times Fitness the character walks Fitness metres, then rests.

    >>> slowed = loaded_movement(movement(14), "slowed", 14)
    >>> slowed.run, slowed.sprint, slowed.walk
    (15, 15, 15)
    >>> loaded_movement(movement(21), "walk_only", 21).walk_limit
    21
    """
    if status == "unhindered":
        return base
    if status == "slowed":

        def halved(pace: int) -> int:
            return max(pace // 2, base.walk) if pace else 0

        run, sprint = halved(base.run), halved(base.sprint)
        return replace(
            base,
            run=run,
            sprint=sprint,
            run_per_minute=run * 6,
            sprint_per_minute=sprint * min(base.sprint_turns, 6),
            push_sprint=halved(base.push_sprint),
        )
    stopped = replace(
        base,
        run=0,
        sprint=0,
        run_per_minute=0,
        sprint_per_minute=0,
        run_minutes=0,
        sprint_turns=0,
        push_sprint=0,
        push_tax=0,
    )
    if status == "walk_only":
        return replace(stopped, walk_limit=max(fitness, 0))
    return replace(
        stopped, walk=0, walk_per_minute=0, walk_per_hour=0, rest_walk=0, walk_limit=0
    )


def initiative_modifier(reflexes: int) -> int:
    """The tens digit of Reflexes.

    >>> initiative_modifier(37), initiative_modifier(56), initiative_modifier(9)
    (3, 5, 0)
    """
    return max(reflexes, 0) // 10


def attack_chances(reflexes: int) -> AttackChances:
    """Chance to hit each target area: all, half (rounded down), a tenth (rounded up).

    >>> attack_chances(36)
    AttackChances(general=36, non_vital=18, vital=4)
    """
    reflexes = max(reflexes, 0)
    return AttackChances(general=reflexes, non_vital=reflexes // 2, vital=math.ceil(reflexes / 10))


def area_lethality(lethality: int, area: str) -> int:
    """Lethality after the target area's shift, kept within 1..10 (the text's bounds).

    >>> area_lethality(4, "general"), area_lethality(4, "non_vital"), area_lethality(9, "vital")
    (4, 2, 10)
    """
    shift = {"general": 0, "non_vital": NON_VITAL_LETHALITY, "vital": VITAL_LETHALITY}[area]
    return min(10, max(1, lethality + shift))


def universe_figure(universe: Universe, key: str, character: Character) -> int | None:
    """Stamina, body or another universe formula; None while an attribute it needs is missing
    or the formula cannot be evaluated (the rules report why)."""
    if key not in universe.formulas:
        return None
    needed = universe.compiled_formulas[key].text
    if any(a.value in needed and a not in character.attributes for a in Attribute):
        return None
    try:
        return universe.formula_value(key, character.attributes)
    except FormulaError:
        return None
