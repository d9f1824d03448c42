"""Rolling a d6 pool from the sheet: the pool's dice, each 5 or 6 a success.

The result is the count of successes, read as the difficulties it meets (a difficulty is the
successes needed; a pool smaller than it needs every die, so a roll where every die
succeeds meets any difficulty).

>>> check = PoolCheck("Dexterity + Ranged", 3)
>>> check.read([6, 2, 5]).result
'2 successes: meets difficulty 2 or less'
>>> check.read([1, 2, 4]).result
'0 successes: meets no difficulty'
>>> PoolCheck("Strength + Melee", 1).read([5]).result
'1 success, every die: meets any difficulty'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from sheetapp.dice.standard import success_pool
from sheetapp.systems.d6_pool.derived import weapon_pools
from sheetapp.systems.d6_pool.model import D6PoolSheet
from sheetapp.systems.d6_pool.names import SUCCESS_ON, Attribute, label
from sheetapp.systems.d6_pool.pools import Pool, skill_pool, trait_pool, unskilled_pool
from sheetapp.systems.rolls import Reading, Unrollable

if TYPE_CHECKING:
    from sheetapp.dice import Roller

SIDES = 6


def successes(count: int) -> str:
    """ "1 success", "3 successes": also the outcome keys of a pool's odds."""
    return f"{count} success" if count == 1 else f"{count} successes"


@dataclass(frozen=True)
class PoolCheck:
    name: str
    dice: int

    def roll(self, roller: Roller, /) -> Reading:
        return self.read(roller.dice(self.dice, SIDES))

    def read(self, faces: Sequence[int]) -> Reading:
        hits = sum(1 for face in faces if face >= SUCCESS_ON)
        if hits == 0:
            result = f"{successes(0)}: meets no difficulty"
        elif hits == len(faces):  # a difficulty past the dice needs them all: met
            result = f"{successes(hits)}, every die: meets any difficulty"
        elif hits == 1:
            result = f"{successes(1)}: meets difficulty 1"
        else:
            result = f"{successes(hits)}: meets difficulty {hits} or less"
        shown = ", ".join(map(str, faces))
        dice = f"{len(faces)}d6: {shown}" if faces else "0d6"
        return Reading(dice, result, successes(hits), "5-6 succeed")

    def odds(self) -> Mapping[str, Fraction]:
        return {successes(k): p for k, p in success_pool(self.dice).pmf().items()}


def pool_check(name: str, pool: Pool | None) -> PoolCheck | Unrollable:
    if pool is None:
        return Unrollable(name, "choose the attribute it is rolled with")
    if pool.blocked:
        return Unrollable(name, pool.blocked)
    if pool.dice == 0:
        return Unrollable(name, "the pool has no dice")
    return PoolCheck(name, pool.dice)


def skill_check(sheet: D6PoolSheet, row: int) -> PoolCheck | Unrollable:
    skill = sheet.skills[row]
    return pool_check(skill.name or "Skill", skill_pool(sheet, skill))


def trait_check(sheet: D6PoolSheet, row: int) -> PoolCheck | Unrollable:
    trait = sheet.traits[row]
    name = trait.name or "Trait"
    if trait.kind != "positive":
        return Unrollable(name, "a negative trait is not rolled")
    return pool_check(name, trait_pool(sheet, trait))


def weapon_check(sheet: D6PoolSheet, row: int) -> PoolCheck | Unrollable:
    """The attack roll of the item on ``row`` (Dexterity + Melee or Ranged)."""
    item = sheet.equipment[row]
    name = f"{item.name or 'Weapon'} attack"
    pools = weapon_pools(sheet, item)
    if pools is None:
        return Unrollable(item.name or "Item", "not a weapon")
    return pool_check(name, pools[0])


def unskilled_check(sheet: D6PoolSheet, attribute: Attribute) -> PoolCheck | Unrollable:
    """A roll without the skill or trait it calls for: half the attribute."""
    return pool_check(f"{label(attribute)}, unskilled", unskilled_pool(sheet, attribute))
