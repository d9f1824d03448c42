"""The few figures a stat block shows, without the rest of the sheet's.

A game master prints hundreds of blocks at once, and ``sheet_figures`` works out every
pool's odds at each difficulty and its explanation, the unskilled pools, the traits gear
grants and the points spent, none of which a block shows (a quarter of the time of 1,000
blocks). A block shows each pool's dice and its chance at difficulty 1. These are the same
numbers from the same rules functions; tests check them against ``sheet_figures``.
"""

from __future__ import annotations

from dataclasses import dataclass

from sheetapp.i18n import _
from sheetapp.systems.d6_pool.derived import (
    armour,
    dodge_needed,
    health,
    initiative_pool,
    weapon_pools,
)
from sheetapp.systems.d6_pool.figures import (
    ExtraAttributeFigures,
    MoveFigures,
    attribute_scores,
    damage_needed,
    extra_attribute_figures,
    fixed_damage,
    move_figures,
    trait_value,
)
from sheetapp.systems.d6_pool.gear_rules import rules_text
from sheetapp.systems.d6_pool.model import D6PoolSheet, Item
from sheetapp.systems.d6_pool.names import Attribute
from sheetapp.systems.d6_pool.odds import success_chance
from sheetapp.systems.d6_pool.pools import Pool, skill_pool, trait_pool


@dataclass(frozen=True)
class BlockPool:
    dice: int
    chance: float  # of meeting difficulty 1, as ``PoolFigures.chance(1)``


@dataclass(frozen=True)
class BlockSkill:
    name: str
    rating: int | None
    pool: BlockPool | None


@dataclass(frozen=True)
class BlockTrait:
    name: str
    value: int | None  # minus the rating for a negative trait
    pool: BlockPool | None


@dataclass(frozen=True)
class BlockWeapon:
    name: str
    attack: str
    lethal: bool
    attack_pool: BlockPool
    damage_dice: int
    fixed_damage: int | None
    rules: list[str]


@dataclass(frozen=True)
class D6PoolBlockFigures:
    attributes: dict[str, int]
    extra_attributes: list[ExtraAttributeFigures]
    health: int | None
    initiative_pool: int
    dodge_needed: int
    damage_needed: int | None
    move: MoveFigures | None
    skills: list[BlockSkill]
    traits: list[BlockTrait]
    weapons: list[BlockWeapon]


def block_pool(pool: Pool | None) -> BlockPool | None:
    return None if pool is None else _brief(pool)


def _brief(pool: Pool) -> BlockPool:
    return BlockPool(pool.dice, float(success_chance(pool.dice, 1)))


def block_figures(sheet: D6PoolSheet) -> D6PoolBlockFigures:
    stamina = sheet.attributes.get(Attribute.STAMINA)
    return D6PoolBlockFigures(
        attributes=attribute_scores(sheet),
        extra_attributes=extra_attribute_figures(sheet),
        health=health(stamina),
        initiative_pool=initiative_pool(sheet).dice,
        dodge_needed=dodge_needed(sheet),
        damage_needed=damage_needed(stamina, armour(sheet)),
        move=move_figures(sheet.attributes.get(Attribute.DEXTERITY)),
        skills=[
            BlockSkill(s.name, s.rating, block_pool(skill_pool(sheet, s))) for s in sheet.skills
        ],
        traits=[
            BlockTrait(t.name, trait_value(t), block_pool(trait_pool(sheet, t)))
            for t in sheet.traits
        ],
        weapons=[_weapon(sheet, item) for item in sheet.equipment if item.attack],
    )


def _weapon(sheet: D6PoolSheet, item: Item) -> BlockWeapon:
    pools = weapon_pools(sheet, item)
    if pools is None:  # only weapons are passed in
        raise ValueError(_("{name!r} is not a weapon").format(name=item.name))
    attack, damage = pools
    return BlockWeapon(
        name=item.name,
        attack=item.attack,
        lethal=item.lethal,
        attack_pool=_brief(attack),
        damage_dice=damage.dice,
        fixed_damage=fixed_damage(sheet, item),
        rules=rules_text(item),
    )
