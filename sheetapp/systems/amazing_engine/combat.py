"""Combat resolution: advantage, initiative and what a hit does.

These are small pure functions so a dice dock, an encounter tracker and the tests all
resolve a roll the same way.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import lru_cache

from sheetapp.dice import percentile_outcome
from sheetapp.systems.amazing_engine.derived import area_lethality, initiative_modifier

SURPRISED_FROM = 95
OUTCOMES = ("miss", "stamina", "body")  # what one attack roll does


def advantage(player_roll: int, player_psyche: int, npc_roll: int, npc_psyche: int) -> str:
    """Who starts ahead: each side checks its best Psyche; 95-00 means surprised.

    Returns "none", "player_advantage", "npc_advantage", "player_surprise" (the players
    surprise the other side) or "npc_surprise".

    The System Guide's example: the squad rolls 18 against Psyche 37, the Stalkers 83
    against 73, so the players have the advantage.

    >>> advantage(18, 37, 83, 73)
    'player_advantage'
    """
    player_ok = percentile_outcome(player_roll, player_psyche) in ("success", "critical_success")
    npc_ok = percentile_outcome(npc_roll, npc_psyche) in ("success", "critical_success")
    if npc_roll >= SURPRISED_FROM and player_ok:
        return "player_surprise"
    if player_roll >= SURPRISED_FROM and npc_ok:
        return "npc_surprise"
    if player_ok and not npc_ok:
        return "player_advantage"
    if npc_ok and not player_ok:
        return "npc_advantage"
    return "none"


def initiative(die_roll: int, best_reflexes: int) -> int:
    """A side's initiative: 1d10 plus the tens digit of its best Reflexes.

    >>> initiative(5, 56), initiative(9, 62)
    (10, 15)
    """
    return die_roll + initiative_modifier(best_reflexes)


def lethality_digit(roll: int) -> int:
    """The ones digit of a hit as the lethality passage reads it: 1..9, and 10 for a 0.

    The passage bounds lethality at 1 and 10 and pairs 10 with the die's 0, so a 0 is the
    highest digit here; the margins (``dice.percentile``) read the same 0 as 0.

    >>> lethality_digit(23), lethality_digit(60), lethality_digit(100)
    (3, 10, 10)
    """
    return roll % 10 or 10


def attack_outcome(roll: int, chance: int, lethality: int, area: str = "general") -> str:
    """ "miss", "stamina" or "body": a hit goes to body when its ones digit (a 0 counts 10)
    is at most the lethality for the area, so a hit ending in 0 reaches body only at 10.

    The System Guide's example: Reflexes 62, lethality 4, rolls 83, 17 and 23.

    >>> [attack_outcome(r, 62, 4) for r in (83, 17, 23)]
    ['miss', 'stamina', 'body']
    >>> attack_outcome(60, 62, 9), attack_outcome(60, 62, 10), attack_outcome(30, 62, 7, "vital")
    ('stamina', 'body', 'body')
    """
    if percentile_outcome(roll, chance) not in ("success", "critical_success"):
        return "miss"
    digit = lethality_digit(roll)
    return "body" if digit <= area_lethality(lethality, area) else "stamina"


def attack_odds(chance: int, lethality: int, area: str = "general") -> dict[str, Fraction]:
    """The chance of each outcome of one attack roll on d100 ("miss", "stamina", "body"),
    counted roll by roll through ``attack_outcome`` so the odds read the die as it does.

    >>> odds = attack_odds(62, 4)
    >>> odds["body"], odds["stamina"], odds["miss"]  # hits 1-62: 26 end in 1-4
    (Fraction(13, 50), Fraction(9, 25), Fraction(19, 50))
    """
    return dict(zip(OUTCOMES, _outcome_counts(chance, lethality, area), strict=True))


@lru_cache(maxsize=4096)
def _outcome_counts(chance: int, lethality: int, area: str) -> tuple[Fraction, ...]:
    """Remembered: every weapon of every sheet shown asks for a few of these."""
    counts = Counter(attack_outcome(roll, chance, lethality, area) for roll in range(1, 101))
    return tuple(Fraction(counts[key], 100) for key in OUTCOMES)


SIGHTING_RANGE_YARDS = 50  # beyond it, only general target areas can be fired at
SIGHTING_RANGE_M = 45.72  # 50 yards in metres


def target_areas(distance_m: float) -> tuple[str, ...]:
    """The target areas a shot may choose at ``distance_m``: all three within the sighting
    range (50 yards), only the general area beyond it.

    >>> target_areas(40), target_areas(46)
    (('general', 'non_vital', 'vital'), ('general',))
    """
    if distance_m > SIGHTING_RANGE_M:
        return ("general",)
    return ("general", "non_vital", "vital")


def beats_prepared_action(roll: int, reflexes: int, *, modifier: int = 0) -> bool:
    """Whether a character acts before an opponent holding a prepared action: a Reflexes
    check (d100 at or under Reflexes + the GM's modifier); otherwise the prepared
    character goes first.

    >>> beats_prepared_action(37, 37), beats_prepared_action(38, 37)
    (True, False)
    >>> beats_prepared_action(38, 37, modifier=5), beats_prepared_action(95, 99)
    (True, False)
    """
    return percentile_outcome(roll, reflexes + modifier) in ("success", "critical_success")
