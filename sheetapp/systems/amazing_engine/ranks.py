"""Choosing a pool's rank: ranks stay distinct, so taking a rank another pool holds swaps."""

from __future__ import annotations

from collections.abc import Mapping

from sheetapp.systems.amazing_engine.names import Pool


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
