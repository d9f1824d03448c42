"""Figures the rules derive from the attributes, skills and gear: health and the damage
tracks, initiative, movement, defence and each weapon's pools."""

from __future__ import annotations

from dataclasses import dataclass

from sheetapp.i18n import _
from sheetapp.systems.d6_pool.catalog import DODGE, MELEE, RANGED, SWIMMING
from sheetapp.systems.d6_pool.gear_rules import strength_penalty
from sheetapp.systems.d6_pool.model import D6PoolSheet, Item
from sheetapp.systems.d6_pool.names import HEALTH_PER_STAMINA, Attribute, label
from sheetapp.systems.d6_pool.pools import Pool, find_skill, finish, skill_or_unskilled


def health(stamina: int | None) -> int | None:
    """Damage a character can take before reaching 0 health: twice Stamina.

    >>> health(3)
    6
    """
    return None if stamina is None else HEALTH_PER_STAMINA * stamina


AQUATIC = "aquatic"
STATES = ("unhurt", "hurt", "helpless", "incapacitated", "unconscious", "dead")


@dataclass(frozen=True)
class Harm:
    """Lethal and non-lethal damage against one Health (2 x Stamina).

    Both kinds count down the same health: the text gives one figure for the damage a
    character can take, so two separate counts would let someone soak it twice. The kind
    decides what the thresholds mean. At 0 health left the character is down: bleeding and
    unable to act when the lethal damage alone has taken health to 0, helpless otherwise. At
    minus Stamina: unconscious, and from then on all damage is lethal. Death comes when the
    lethal damage alone reaches minus Stamina.

    >>> [Harm(0, n, 6, 3).state for n in (0, 5, 6, 8, 9)]
    ['unhurt', 'hurt', 'helpless', 'helpless', 'unconscious']
    >>> Harm(3, 3, 6, 3).state, Harm(6, 0, 6, 3).state, Harm(9, 0, 6, 3).state
    ('helpless', 'incapacitated', 'dead')
    """

    lethal: int
    nonlethal: int
    health: int
    stamina: int

    @property
    def left(self) -> int:
        """Health left after both kinds of damage."""
        return self.health - self.lethal - self.nonlethal

    @property
    def floor(self) -> int:
        """Minus Stamina: unconscious there, or dead when lethal damage alone reaches it."""
        return -self.stamina

    @property
    def bleeding(self) -> bool:
        """The lethal damage alone has taken health to 0."""
        return self.lethal > 0 and self.health - self.lethal <= 0

    @property
    def state(self) -> str:
        if self.lethal > 0 and self.health - self.lethal <= self.floor:
            return "dead"
        if self.lethal + self.nonlethal <= 0:
            return "unhurt"
        if self.left <= self.floor:
            return "unconscious"
        if self.left <= 0:
            return "incapacitated" if self.bleeding else "helpless"
        return "hurt"

    @property
    def nonlethal_room(self) -> int:
        """Non-lethal points still taken as such: past minus Stamina they are lethal."""
        return max(0, self.left - self.floor)


def damage_dealt(successes: int, needed: int) -> int:
    """Damage from a damage roll against Stamina + Armour: 1 at exactly the successes
    needed, 1 more per success above, none below.

    >>> damage_dealt(3, 4), damage_dealt(4, 4), damage_dealt(6, 4)
    (0, 1, 3)
    """
    return 0 if successes < needed else 1 + successes - needed


def breathes_water(sheet: D6PoolSheet) -> bool:
    """Aquatic: water is its air, so the breath it holds is out of the water."""
    return any(
        t.kind == "positive" and (t.rating or 0) > 0 and t.name.strip().casefold() == AQUATIC
        for t in sheet.traits
    )


def breath_turns(sheet: D6PoolSheet) -> int | None:
    """Turns a character holds its breath (under water, or out of it when Aquatic):
    Stamina + Swimming, the Aquatic rating left out."""
    stamina = sheet.attributes.get(Attribute.STAMINA)
    if stamina is None:
        return None
    swimming = find_skill(sheet, SWIMMING)
    return stamina + (swimming.rating or 0 if swimming else 0)


def armour(sheet: D6PoolSheet) -> int:
    """The armour rating of the protection worn: every equipped item's armour added."""
    return sum(item.armour or 0 for item in sheet.equipment if item.equipped and item.armour)


def dodge_needed(sheet: D6PoolSheet) -> int:
    """Successes an attacker needs to hit: the Dodge rating, or half Dexterity without it."""
    dodge = find_skill(sheet, DODGE)
    if dodge is not None:
        return dodge.rating or 0
    return sheet.attributes.get(Attribute.DEXTERITY, 0) // 2


def initiative_pool(sheet: D6PoolSheet) -> Pool:
    """Dexterity + Dodge, rolled each round; the successes set the order."""
    return skill_or_unskilled(sheet, DODGE, Attribute.DEXTERITY)


def weapon_pools(sheet: D6PoolSheet, item: Item) -> tuple[Pool, Pool] | None:
    """(attack, damage) pools of a weapon: Dexterity + Melee or Ranged to hit; Strength
    (melee) or Dexterity (ranged) + the damage rating for damage."""
    if not item.attack:
        return None
    skill = MELEE if item.attack == "melee" else RANGED
    short = strength_penalty(item, sheet.attributes.get(Attribute.STRENGTH))
    extra = (
        [
            (
                _("Strength short of {strength_needed}").format(
                    strength_needed=item.strength_needed
                ),
                short,
            )
        ]
        if short
        else []
    )
    attack = skill_or_unskilled(sheet, skill, Attribute.DEXTERITY, extra)
    attribute = Attribute.STRENGTH if item.attack == "melee" else Attribute.DEXTERITY
    steps = [
        (label(attribute), sheet.attributes.get(attribute, 0)),
        (_("{value} damage").format(value=item.name or 'weapon'), item.damage or 0),
    ]
    return attack, finish(sheet, attribute, steps)
