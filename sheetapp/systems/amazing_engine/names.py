"""The fixed vocabulary of the Amazing Engine system: pools, attributes and rank points.

These names are part of the file format (other tools read them), so they are spelled once,
here, and everything else refers to them.
"""

from __future__ import annotations

from enum import Enum

from sheetapp.i18n import N_, TranslatedTable


class Pool(str, Enum):
    PHYSIQUE = "physique"
    INTELLECT = "intellect"
    SPIRIT = "spirit"
    INFLUENCE = "influence"


class Attribute(str, Enum):
    FITNESS = "fitness"
    REFLEXES = "reflexes"
    LEARNING = "learning"
    INTUITION = "intuition"
    PSYCHE = "psyche"
    WILLPOWER = "willpower"
    CHARM = "charm"
    POSITION = "position"


POOL_ATTRIBUTES: dict[Pool, tuple[Attribute, Attribute]] = {
    Pool.PHYSIQUE: (Attribute.FITNESS, Attribute.REFLEXES),
    Pool.INTELLECT: (Attribute.LEARNING, Attribute.INTUITION),
    Pool.SPIRIT: (Attribute.PSYCHE, Attribute.WILLPOWER),
    Pool.INFLUENCE: (Attribute.CHARM, Attribute.POSITION),
}

ATTRIBUTE_POOL: dict[Attribute, Pool] = {
    attribute: pool for pool, pair in POOL_ATTRIBUTES.items() for attribute in pair
}

# Rank 1 is the best pool; its points are split between the pool's two attributes.
RANK_POINTS: dict[int, int] = {1: 15, 2: 10, 3: 5, 4: 0}

# Core XP buys pool dice at this price in every universe.
XP_PER_POOL_DIE = 100

# Taxing spends XP in steps of this many points.
TAX_STEP = 5

# Every later character places this many free dice (a fixed number in the System Guide; only
# the cap on one attribute's dice belongs to a universe).
FREE_DICE = 7

# A prime character rolls 4d10 for exactly this many attributes and 3d10 for the rest.
PRIME_FOUR_DICE_COUNT = 4


# The names as a person reads them, in the reader's language (the values are identifiers).
LABELS = TranslatedTable(
    {
        Pool.PHYSIQUE: N_("Physique"),
        Pool.INTELLECT: N_("Intellect"),
        Pool.SPIRIT: N_("Spirit"),
        Pool.INFLUENCE: N_("Influence"),
        Attribute.FITNESS: N_("Fitness"),
        Attribute.REFLEXES: N_("Reflexes"),
        Attribute.LEARNING: N_("Learning"),
        Attribute.INTUITION: N_("Intuition"),
        Attribute.PSYCHE: N_("Psyche"),
        Attribute.WILLPOWER: N_("Willpower"),
        Attribute.CHARM: N_("Charm"),
        Attribute.POSITION: N_("Position"),
    }
)


def label(name: Pool | Attribute) -> str:
    """The name as a person reads it on a sheet."""
    return LABELS[name]
