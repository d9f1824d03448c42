"""The character as it was made: creation values and the point budgets they are paid from.

Creation values are the current ratings less the steps bought with XP (read from the
ledger); skills and traits bought new with XP, and traits gained in play, are outside the
budgets. The budgets:

- attribute points: the 6d6 roll, plus each player-controlled GM attribute's 1d6;
- skill points: Intelligence + Wisdom + Charisma;
- trait points: 6, plus the rating of every negative trait; trait points left over may be
  spent on skills, never the other way round.
"""

from __future__ import annotations

from dataclasses import dataclass

from sheetapp.systems.d6_pool.ledger import (
    bought_attribute_steps,
    bought_item_steps,
    bought_items,
)
from sheetapp.systems.d6_pool.model import D6PoolSheet, Skill, Trait
from sheetapp.systems.d6_pool.names import SKILL_POINT_ATTRIBUTES, TRAIT_POINTS, Attribute


def creation_attributes(sheet: D6PoolSheet) -> dict[Attribute, int]:
    bought = bought_attribute_steps(sheet.xp_ledger)
    return {a: score - bought[a] for a, score in sheet.attributes.items()}


def creation_skills(sheet: D6PoolSheet) -> list[tuple[int, Skill, int | None]]:
    """(index, skill, rating at creation) of the skills paid from creation points."""
    bought = bought_item_steps(sheet.xp_ledger)
    new = bought_items(sheet.xp_ledger)
    return [
        (i, s, None if s.rating is None else s.rating - bought.get(s.id, 0))
        for i, s in enumerate(sheet.skills)
        if s.id not in new
    ]


def creation_traits(sheet: D6PoolSheet) -> list[tuple[int, Trait, int | None]]:
    """(index, trait, rating at creation) of the traits chosen when the character was made."""
    bought = bought_item_steps(sheet.xp_ledger)
    new = bought_items(sheet.xp_ledger)
    return [
        (i, t, None if t.rating is None else t.rating - bought.get(t.id, 0))
        for i, t in enumerate(sheet.traits)
        if t.id not in new and not t.in_play
    ]


@dataclass(frozen=True)
class AttributePoints:
    rolled: int | None  # None until the 6d6 roll is entered
    assigned: int

    @property
    def left(self) -> int | None:
        return None if self.rolled is None else self.rolled - self.assigned


def attribute_points(sheet: D6PoolSheet) -> AttributePoints:
    extras = [x for x in sheet.extra_attributes if x.player_controlled]
    rolled = None
    if sheet.attribute_roll is not None:
        rolled = sheet.attribute_roll + sum(x.roll or 0 for x in extras)
    assigned = sum(creation_attributes(sheet).values()) + sum(x.score or 0 for x in extras)
    return AttributePoints(rolled, assigned)


@dataclass(frozen=True)
class Budget:
    """Skill and trait points: what there was, what went where, what is left."""

    skill_points: int | None  # None until Intelligence, Wisdom and Charisma are all set
    trait_points: int
    skills_spent: int
    traits_spent: int

    @property
    def trait_points_left(self) -> int:
        """Trait points not spent on traits (some may have gone to skills)."""
        return self.trait_points - self.traits_spent

    @property
    def from_traits(self) -> int:
        """Trait points that paid for skills."""
        if self.skill_points is None:
            return 0
        return max(0, min(self.skills_spent - self.skill_points, self.trait_points_left))

    @property
    def skill_points_left(self) -> int | None:
        """Skill points still to spend, counting leftover trait points; negative: overspent."""
        if self.skill_points is None:
            return None
        return self.skill_points + max(self.trait_points_left, 0) - self.skills_spent


def budget(sheet: D6PoolSheet) -> Budget:
    start = creation_attributes(sheet)
    skill_points = None
    if all(a in start for a in SKILL_POINT_ATTRIBUTES):
        skill_points = sum(start[a] for a in SKILL_POINT_ATTRIBUTES)
    traits = creation_traits(sheet)
    negatives = sum(r or 0 for _, t, r in traits if t.kind == "negative" and (r or 0) > 0)
    positives = sum(r or 0 for _, t, r in traits if t.kind == "positive" and (r or 0) > 0)
    skills = sum(r or 0 for _, _, r in creation_skills(sheet) if (r or 0) > 0)
    return Budget(skill_points, TRAIT_POINTS + negatives, skills, positives)
