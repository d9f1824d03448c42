"""Character points: what the characteristics and skills cost, and what is left to save.

>>> from sheetapp.systems.forgotten_futures.model import ForgottenFuturesSheet, Skill
>>> sheet = ForgottenFuturesSheet(
...     characteristics={"body": 4, "mind": 5, "soul": 3},
...     skills=[Skill(name="Marksman", base="M", points=3), Skill(name="Stealth", base="B/2",
...     points=0)],
... )
>>> spending(sheet)
Spending(allowed=21, characteristics=15, skills=3, saved=3)
>>> creation_bonus(sheet)
6
"""

from __future__ import annotations

from dataclasses import dataclass

from sheetapp.systems.forgotten_futures.model import ForgottenFuturesSheet, Skill
from sheetapp.systems.forgotten_futures.names import (
    BONUS_PER_SAVED_POINT,
    CHARACTERISTIC_COST,
    FREE_SKILLS,
)


def characteristic_cost(value: int) -> int | None:
    """What a characteristic of ``value`` costs; None for a value that cannot be bought."""
    return CHARACTERISTIC_COST.get(value)


def free_skill_names(sheet: ForgottenFuturesSheet) -> set[str]:
    """Skills held at base value for nothing: Brawling, Stealth and any the referee adds."""
    return {n.strip().casefold() for n in (*FREE_SKILLS, *sheet.settings.free_skills)}


def is_free(sheet: ForgottenFuturesSheet, skill: Skill) -> bool:
    return skill.name.strip().casefold() in free_skill_names(sheet)


@dataclass(frozen=True)
class Spending:
    allowed: int
    characteristics: int
    skills: int
    saved: int

    @property
    def spent(self) -> int:
        return self.characteristics + self.skills


def spending(sheet: ForgottenFuturesSheet) -> Spending:
    """Points spent at creation. A characteristic not yet filled in, or one that cannot be
    bought (the rules report it), costs nothing here."""
    on_characteristics = sum(characteristic_cost(v) or 0 for v in sheet.characteristics.values())
    on_skills = sum(max(s.points, 0) for s in sheet.skills if s.acquired == "creation")
    allowed = sheet.settings.character_points
    return Spending(
        allowed, on_characteristics, on_skills, allowed - on_characteristics - on_skills
    )


def creation_bonus(sheet: ForgottenFuturesSheet) -> int:
    """Bonus points the character starts play with: the saved points, doubled."""
    return max(spending(sheet).saved, 0) * BONUS_PER_SAVED_POINT
