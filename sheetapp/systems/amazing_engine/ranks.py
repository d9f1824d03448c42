"""Choosing a pool's rank: ranks stay distinct, so taking a rank another pool holds swaps.

Ranks are chosen once, when the core is made: every character built from the core took its
rank points from them, so changing them later changes those characters' creation.
"""

from __future__ import annotations

from collections.abc import Mapping

from sheetapp.systems.amazing_engine.model import AmazingEngineSheet
from sheetapp.systems.amazing_engine.names import RANK_POINTS, Pool


def assign_rank(ranks: Mapping[Pool, int], pool: Pool, rank: int) -> dict[Pool, int]:
    """Give ``pool`` the rank ``rank``; a pool holding it takes ``pool``'s old rank.

    >>> r = {Pool.PHYSIQUE: 2, Pool.INTELLECT: 4, Pool.SPIRIT: 3, Pool.INFLUENCE: 1}
    >>> assign_rank(r, Pool.PHYSIQUE, 1)[Pool.INFLUENCE]
    2
    """
    new = dict(ranks)
    old = new.get(pool)
    holder = next((p for p, r in new.items() if r == rank and p is not pool), None)
    new[pool] = rank
    if holder is not None:
        if old is None:
            del new[holder]
        else:
            new[holder] = old
    return new


def characters_built_on_ranks(sheet: AmazingEngineSheet) -> list[int]:
    """The characters whose creation took rank points from the core's ranks: the prime and
    those made from the core, once points are placed (a blank sheet's prime has none yet; a
    character entered by hand took none)."""
    return [
        index
        for index, character in enumerate(sheet.characters)
        if character.creation.method in ("prime", "from-core")
        and any(character.creation.rank_points.values())
    ]


def ranks_settled(sheet: AmazingEngineSheet) -> bool:
    """Whether the ranks are a whole, distinct set that characters were built on: then a
    change is a correction to make on purpose. Ranks that are incomplete or clash are still
    being chosen (or must be fixed), so they stay open."""
    if sheet.core is None or sorted(sheet.core.ranks.values()) != sorted(RANK_POINTS):
        return False
    return bool(characters_built_on_ranks(sheet))
