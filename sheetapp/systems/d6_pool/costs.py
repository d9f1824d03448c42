"""What advancement costs in XP.

Raising a rating costs the square of each new rating paid in turn, so no step is skipped:
3 to 4 costs 16; 3 to 5 costs 16 + 25 = 41. A new skill costs 4 and a new trait 6; either
starts at rating 1 (our reading: the text gives the price, not the rating bought).
"""

from __future__ import annotations

from sheetapp.systems.d6_pool.names import NEW_SKILL_XP, NEW_TRAIT_XP

NEW_RATING = 1
PURCHASE_COST = {"new_skill": NEW_SKILL_XP, "new_trait": NEW_TRAIT_XP}


def raise_cost(current: int, target: int) -> int:
    """XP to go from ``current`` to ``target``, one step at a time.

    >>> raise_cost(3, 4), raise_cost(3, 5), raise_cost(5, 5)
    (16, 41, 0)
    """
    return sum(rating * rating for rating in range(current + 1, target + 1))
