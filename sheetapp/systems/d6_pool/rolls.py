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
from sheetapp.i18n import N_, _
from sheetapp.systems.d6_pool.derived import weapon_pools
from sheetapp.systems.d6_pool.model import D6PoolSheet
from sheetapp.systems.d6_pool.names import SUCCESS_ON, Attribute, label
from sheetapp.systems.d6_pool.odds import success_chance
from sheetapp.systems.d6_pool.pools import Pool, skill_pool, trait_pool, unskilled_pool
from sheetapp.systems.d6_pool.resist_rolls import defend_pool, trait_rolls
from sheetapp.systems.rolls import Reading, Unrollable

if TYPE_CHECKING:
    from sheetapp.dice import Roller

SIDES = 6


def successes(count: int) -> str:
    """ "1 success", "3 successes": also the outcome keys of a pool's odds."""
    return (
        _("{count} success").format(count=count)
        if count == 1
        else _("{count} successes").format(count=count)
    )


@dataclass(frozen=True)
class PoolCheck:
    name: str
    dice: int

    def roll(self, roller: Roller, /) -> Reading:
        return self.read(roller.dice(self.dice, SIDES))

    def read(self, faces: Sequence[int]) -> Reading:
        hits = sum(1 for face in faces if face >= SUCCESS_ON)
        if hits == 0:
            result = _("{successes}: meets no difficulty").format(successes=successes(0))
        elif hits == len(faces):  # a difficulty past the dice needs them all: met
            result = _("{successes}, every die: meets any difficulty").format(
                successes=successes(hits)
            )
        elif hits == 1:
            result = _("{successes}: meets difficulty 1").format(successes=successes(1))
        else:
            result = _("{successes}: meets difficulty {hits} or less").format(
                successes=successes(hits), hits=hits
            )
        shown = ", ".join(map(str, faces))
        dice = f"{len(faces)}d6: {shown}" if faces else "0d6"
        return Reading(dice, result, successes(hits), _("5-6 succeed"))

    def odds(self) -> Mapping[str, Fraction]:
        return {successes(k): p for k, p in success_pool(self.dice).pmf().items()}


@dataclass(frozen=True)
class NeededCheck:
    """A pool that must reach a set number of successes: a Phobia or Rage against its
    rating, Defend against the attacker's skill. As with any difficulty, a pool with fewer
    dice than that needs every die.

    >>> NeededCheck("Defend vs skill 2", 3, 2).read([5, 1, 6]).result
    'Success: 2 successes, 2 needed'
    >>> NeededCheck("Rage: calm down", 1, 3).read([6]).result
    'Success: 1 success, every die (3 needed)'
    """

    name: str
    dice: int
    needed: int

    def roll(self, roller: Roller, /) -> Reading:
        return self.read(roller.dice(self.dice, SIDES))

    def read(self, faces: Sequence[int]) -> Reading:
        hits = sum(1 for face in faces if face >= SUCCESS_ON)
        every = len(faces) < self.needed
        met = bool(faces) and hits >= min(self.needed, len(faces))
        outcome = SUCCESS if met else FAILURE
        if every and met:
            result = _("{outcome}: {successes}, every die ({needed} needed)").format(
                outcome=outcome, successes=successes(hits), needed=self.needed
            )
        else:
            result = _("{outcome}: {successes}, {needed} needed").format(
                outcome=outcome, successes=successes(hits), needed=self.needed
            )
        dice = f"{len(faces)}d6: {', '.join(map(str, faces))}" if faces else "0d6"
        return Reading(
            dice, result, outcome, _("5-6 succeed; {needed} needed").format(needed=self.needed)
        )

    def odds(self) -> Mapping[str, Fraction]:
        chance = success_chance(self.dice, self.needed)
        return {SUCCESS: chance, FAILURE: 1 - chance}


SUCCESS, FAILURE = N_("Success"), N_("Failure")


def needed_check(name: str, pool: Pool, needed: int) -> NeededCheck | Unrollable:
    found = pool_check(name, pool)
    return found if isinstance(found, Unrollable) else NeededCheck(name, found.dice, needed)


def resist_checks(sheet: D6PoolSheet, row: int) -> list[NeededCheck | Unrollable]:
    """The rolls a negative Phobia or Rage on ``row`` calls for, each needing its rating in
    successes ("Phobia: stand firm"); none for other traits."""
    trait = sheet.traits[row]
    return [
        needed_check(
            _("{trait}: {purpose}").format(trait=trait.name, purpose=roll.purpose),
            roll.pool,
            roll.needed,
        )
        for roll in trait_rolls(sheet, trait)
    ]


def defend_check(sheet: D6PoolSheet, attacker_skill: int) -> NeededCheck | Unrollable:
    """Defend after a hit: successes equal to the attacker's skill rating dodge it."""
    return needed_check(
        _("Defend vs skill {attacker_skill}").format(attacker_skill=attacker_skill),
        defend_pool(sheet),
        attacker_skill,
    )


def pool_check(name: str, pool: Pool | None) -> PoolCheck | Unrollable:
    if pool is None:
        return Unrollable(name, _("choose the attribute it is rolled with"))
    if pool.blocked:
        return Unrollable(name, pool.blocked)
    if pool.dice == 0:
        return Unrollable(name, _("the pool has no dice"))
    return PoolCheck(name, pool.dice)


def skill_check(sheet: D6PoolSheet, row: int) -> PoolCheck | Unrollable:
    skill = sheet.skills[row]
    return pool_check(skill.name or _("Skill"), skill_pool(sheet, skill))


def trait_check(sheet: D6PoolSheet, row: int) -> PoolCheck | Unrollable:
    trait = sheet.traits[row]
    name = trait.name or _("Trait")
    if trait.kind != "positive":
        return Unrollable(name, _("a negative trait is not rolled"))
    return pool_check(name, trait_pool(sheet, trait))


def trait_checks(
    sheet: D6PoolSheet, row: int
) -> PoolCheck | Unrollable | list[NeededCheck | Unrollable]:
    """What a trait's row rolls: a positive trait its pool, a Phobia or Rage the rolls
    against its rating (a Phobia has two to pick from)."""
    return resist_checks(sheet, row) or trait_check(sheet, row)


def weapon_check(sheet: D6PoolSheet, row: int) -> PoolCheck | Unrollable:
    """The attack roll of the item on ``row`` (Dexterity + Melee or Ranged)."""
    item = sheet.equipment[row]
    name = _("{value} attack").format(value=item.name or 'Weapon')
    pools = weapon_pools(sheet, item)
    if pools is None:
        return Unrollable(item.name or _("Item"), _("not a weapon"))
    return pool_check(name, pools[0])


def unskilled_check(sheet: D6PoolSheet, attribute: Attribute) -> PoolCheck | Unrollable:
    """A roll without the skill or trait it calls for: half the attribute."""
    return pool_check(
        _("{label}, unskilled").format(label=label(attribute)), unskilled_pool(sheet, attribute)
    )
