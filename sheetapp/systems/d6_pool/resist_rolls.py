"""Rolls the text asks for against a number the sheet already holds: a negative trait's own
rating (Phobia, Rage) and an attacker's skill rating (Defend).

- Phobia: meeting the trigger takes Wisdom + Intelligence successes equal to the rating (or
  the character flees); being forced into contact takes Stamina + Wisdom against the rating
  (or the character passes out).
- Rage: the rage ends on a Wisdom + Intelligence roll with successes equal to the rating.
- Defend: after a hit, Dexterity + Dodge (half Dexterity without Dodge, as any unskilled
  roll) needs successes equal to the attacker's skill rating to dodge it.
"""

from __future__ import annotations

from dataclasses import dataclass

from sheetapp.i18n import N_, _
from sheetapp.systems.d6_pool.catalog import DODGE, trait_sample
from sheetapp.systems.d6_pool.model import D6PoolSheet, Trait
from sheetapp.systems.d6_pool.names import Attribute
from sheetapp.systems.d6_pool.pools import Pool, attribute_pool, finish, skill_or_unskilled

# Trait (as the samples name it) -> (what the roll decides, the two attributes rolled).
TRAIT_ROLLS: dict[str, tuple[tuple[str, tuple[Attribute, Attribute]], ...]] = {
    "Phobia": (
        (N_("stand firm"), (Attribute.WISDOM, Attribute.INTELLIGENCE)),
        (N_("stay conscious on contact"), (Attribute.STAMINA, Attribute.WISDOM)),
    ),
    "Rage": ((N_("calm down"), (Attribute.WISDOM, Attribute.INTELLIGENCE)),),
}


@dataclass(frozen=True)
class ResistRoll:
    """One roll against a trait: what it decides (in the reader's language), the pool, and
    the successes it needs."""

    purpose: str
    pool: Pool
    needed: int


def has_rolls(trait: Trait) -> bool:
    """Whether ``trait`` calls for rolls against its rating (a rated negative Phobia or Rage)."""
    sample = trait_sample(trait.name)
    return (
        sample is not None
        and trait.kind == "negative"
        and bool(trait.rating)
        and sample.name in TRAIT_ROLLS
    )


def trait_rolls(sheet: D6PoolSheet, trait: Trait) -> list[ResistRoll]:
    """The rolls a negative Phobia or Rage calls for, each needing the trait's rating in
    successes; none for other traits or while the rating is unset.

    >>> from sheetapp.systems.d6_pool.model import D6PoolSheet, Trait
    >>> sheet = D6PoolSheet(attributes={"wisdom": 3, "intelligence": 2, "stamina": 4})
    >>> rolls = trait_rolls(sheet, Trait(name="Phobia", kind="negative", rating=2))
    >>> [(r.purpose, r.pool.dice, r.needed) for r in rolls]
    [('stand firm', 5, 2), ('stay conscious on contact', 7, 2)]
    """
    sample = trait_sample(trait.name)
    if sample is None or not has_rolls(trait):
        return []
    return [
        ResistRoll(_(purpose), two_attribute_pool(sheet, pair), trait.rating)  # type: ignore[arg-type]
        for purpose, pair in TRAIT_ROLLS[sample.name]
    ]


def two_attribute_pool(sheet: D6PoolSheet, pair: tuple[Attribute, Attribute]) -> Pool:
    """Two attributes rolled together. Only Strength and Dexterity pools are ever hindered
    (Missing Limb), and no roll here uses them."""
    first, second = pair
    return finish(sheet, None, attribute_pool(sheet, first) + attribute_pool(sheet, second))


def defend_pool(sheet: D6PoolSheet) -> Pool:
    """The Defend roll made after being hit: Dexterity + Dodge, or half Dexterity without
    Dodge; it needs successes equal to the attacker's skill rating."""
    return skill_or_unskilled(sheet, DODGE, Attribute.DEXTERITY)
