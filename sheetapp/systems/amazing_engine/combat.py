"""Combat resolution: advantage, initiative and what a hit does.

These are small pure functions so a dice dock, an encounter tracker and the tests all
resolve a roll the same way.
"""

from __future__ import annotations

from sheetapp.dice import percentile_outcome
from sheetapp.systems.amazing_engine.derived import area_lethality, initiative_modifier

SURPRISED_FROM = 95


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


def attack_outcome(roll: int, chance: int, lethality: int, area: str = "general") -> str:
    """ "miss", "stamina" or "body": a hit goes to body when its ones digit is at most the
    lethality for the area. A 0 reads as 0, as it does for margins (``dice.percentile``), so
    a hit ending in 0 always reaches body.

    The System Guide's example: Reflexes 62, lethality 4, rolls 83, 17 and 23.

    >>> [attack_outcome(r, 62, 4) for r in (83, 17, 23)]
    ['miss', 'stamina', 'body']
    >>> attack_outcome(40, 62, 1)
    'body'
    """
    if percentile_outcome(roll, chance) not in ("success", "critical_success"):
        return "miss"
    ones = roll % 10
    return "body" if ones <= area_lethality(lethality, area) else "stamina"
