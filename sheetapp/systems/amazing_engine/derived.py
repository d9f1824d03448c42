"""Figures that follow from a character's attributes: the same in every universe, except
stamina and body, whose formulas the universe supplies.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass

from sheetapp.formulas import FormulaError
from sheetapp.systems.amazing_engine.model import Character, Equipment
from sheetapp.systems.amazing_engine.names import Attribute
from sheetapp.systems.amazing_engine.universe import Universe

WALK_PER_TURN = 15
WALK_PER_MINUTE = 90
UNFIT_RUN_AT_MOST = 14  # fitness at or below this runs no faster than a walk
NO_RUN_AT_MOST = 7  # fitness at or below this cannot run or sprint
NON_VITAL_LETHALITY = -2
VITAL_LETHALITY = +3


@dataclass(frozen=True)
class Movement:
    walk: int
    run: int
    sprint: int
    walk_per_minute: int
    run_per_minute: int
    sprint_per_minute: int
    run_minutes: int
    sprint_turns: int


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


def movement(fitness: int) -> Movement:
    """Speeds in metres per turn (10 s) and per minute, and how long they last.

    >>> m = movement(32)
    >>> (m.run, m.sprint, m.run_minutes, m.sprint_turns)
    (32, 64, 32, 3)
    >>> movement(12).run, movement(7).run
    (15, 0)
    """
    fitness = max(fitness, 0)
    if fitness <= NO_RUN_AT_MOST:
        run = sprint = run_minutes = sprint_turns = 0
    else:
        run = WALK_PER_TURN if fitness <= UNFIT_RUN_AT_MOST else fitness
        sprint = 2 * fitness
        run_minutes = fitness
        sprint_turns = fitness // 10
    return Movement(
        walk=WALK_PER_TURN,
        run=run,
        sprint=sprint,
        walk_per_minute=WALK_PER_MINUTE,
        run_per_minute=run * 6,
        sprint_per_minute=sprint * 6 if sprint_turns >= 6 else sprint * sprint_turns,
        run_minutes=run_minutes,
        sprint_turns=sprint_turns,
    )


def carry_limits(fitness: int) -> CarryLimits:
    fitness = max(fitness, 0)
    return CarryLimits(unhindered=fitness, slowed=2 * fitness, walk_only=3 * fitness)


def load_kg(equipment: list[Equipment]) -> float:
    return round(sum(item.weight_kg * item.quantity for item in equipment if item.carried), 3)


def load_status(load: float, limits: CarryLimits) -> str:
    """One of unhindered, slowed, walk_only, overloaded (beyond three times Fitness)."""
    if load <= limits.unhindered:
        return "unhindered"
    if load <= limits.slowed:
        return "slowed"
    if load <= limits.walk_only:
        return "walk_only"
    return "overloaded"


def loaded_movement(base: Movement, status: str) -> Movement:
    """Carrying halves running and sprinting, then stops them."""
    if status == "unhindered":
        return base
    if status == "slowed":
        return Movement(
            **{
                **asdict(base),
                "run": base.run // 2,
                "sprint": base.sprint // 2,
                "run_per_minute": base.run // 2 * 6,
                "sprint_per_minute": base.sprint // 2 * min(base.sprint_turns, 6),
            }
        )
    return Movement(
        walk=base.walk,
        run=0,
        sprint=0,
        walk_per_minute=base.walk_per_minute,
        run_per_minute=0,
        sprint_per_minute=0,
        run_minutes=0,
        sprint_turns=0,
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
