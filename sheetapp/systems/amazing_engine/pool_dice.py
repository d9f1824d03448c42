"""Pool dice: rated once from the prime character, then changed only by buying dice.

The rating uses the prime character's attributes after rank points and before any base
adjustment, so it is computed from the creation record when there is one.
"""

from __future__ import annotations

import math

from sheetapp.systems.amazing_engine.catalog import universe_or_generic
from sheetapp.systems.amazing_engine.ledger import bought_pool_dice, creation_attributes
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet, Character
from sheetapp.systems.amazing_engine.names import POOL_ATTRIBUTES, Attribute, Pool


def pool_rating(first: int, second: int) -> int:
    """Dice for a pool: the two attributes' sum divided by ten, rounded up.

    >>> pool_rating(21, 36), pool_rating(23, 28), pool_rating(21, 12), pool_rating(32, 23)
    (6, 6, 4, 6)
    """
    return math.ceil((first + second) / 10)


def prime_index(sheet: AmazingEngineSheet) -> int | None:
    return next((i for i, c in enumerate(sheet.characters) if c.creation.method == "prime"), None)


def pre_adjustment_attributes(character: Character) -> dict[Attribute, int] | None:
    """The attributes after rank points and before the universe's base adjustment."""
    record = character.creation
    if record.rolls and all(a in record.rolls for a in Attribute):
        return {a: record.rolls[a] + record.rank_points.get(a, 0) for a in Attribute}
    start = creation_attributes(character)
    if not all(a in start for a in Attribute):
        return None
    universe, _ = universe_or_generic(character.universe)
    return {
        a: start[a] - universe.base_adjustment - universe.species_modifier(character.species, a)
        for a in Attribute
    }


def computed_pool_dice(sheet: AmazingEngineSheet) -> dict[Pool, int] | None:
    """The dice the prime character rates, or None while it is incomplete or absent."""
    index = prime_index(sheet)
    if index is None:
        return None
    scores = pre_adjustment_attributes(sheet.characters[index])
    if scores is None:
        return None
    return {pool: pool_rating(scores[a], scores[b]) for pool, (a, b) in POOL_ATTRIBUTES.items()}


def base_pool_dice(sheet: AmazingEngineSheet) -> dict[Pool, int] | None:
    """Dice as rated at creation: the stored value, else computed from the prime character."""
    if sheet.core is None:
        return None
    if sheet.core.dice is not None:
        return dict(sheet.core.dice)
    return computed_pool_dice(sheet)


def current_pool_dice(sheet: AmazingEngineSheet) -> dict[Pool, int] | None:
    """Dice available to the next character: the rating plus dice bought with core XP."""
    base = base_pool_dice(sheet)
    if base is None or sheet.core is None:
        return None
    bought = bought_pool_dice(sheet.core.xp_ledger)
    return {pool: base.get(pool, 0) + bought[pool] for pool in Pool}
