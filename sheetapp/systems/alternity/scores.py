"""Scores that follow from the abilities: resistance modifiers, skill scores, the action
check, actions per round, durability and the last resort maximum.

The excerpt we follow points to these without stating them; the defaults here are the
readings recorded in RULES-NOTES and docs/systems/alternity.md, and every one can be
overridden on the sheet.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from sheetapp.systems.alternity.checks import Thresholds
from sheetapp.systems.alternity.names import Track
from sheetapp.systems.alternity.situation import clamp, die_for

UNTRAINED_STEP = 1
"""+d4: a check without the broad skill, at half the ability."""
BROAD_STEP = 1
"""+d4: the broad skill used for a specialty the hero does not have (Mad Dog's Athletics)."""
SPECIALTY_STEP = 0
"""+d0: a specialty the hero has, whatever its rank; the rank adds to the score only."""


def resistance_modifier(score: int) -> int:
    """The resistance modifier an ability score gives (before bonuses).

    >>> [resistance_modifier(s) for s in (4, 6, 9, 10, 11, 12, 13, 15)]
    [-2, -1, 0, 0, 1, 1, 2, 3]
    """
    if score <= 4:
        return -2
    if score <= 6:
        return -1
    if score <= 10:
        return 0
    return (score - 9) // 2


def untrained_score(ability: int) -> int:
    """Half the ability, rounded down: a check without the broad skill.

    >>> untrained_score(9)
    4
    """
    return max(ability, 0) // 2


@dataclass(frozen=True)
class SkillScore:
    """A score with its three degrees and the base situation die it is rolled with."""

    score: int
    step: int

    @property
    def thresholds(self) -> Thresholds:
        return Thresholds.of(self.score)

    @property
    def die(self) -> str:
        return die_for(self.step).label

    def as_dict(self) -> dict[str, int | str]:
        t = self.thresholds
        return {
            "ordinary": t.ordinary,
            "good": t.good,
            "amazing": t.amazing,
            "step": self.step,
            "die": self.die,
        }


def specialty_score(ability: int, rank: int, base_step: int | None = None) -> SkillScore:
    """Ability plus rank, rolled with +d0; ``base_step`` is a better (or worse) base die
    from an explicit source the sheet names (a perk, a piece of gear, a GM's ruling).

    >>> specialty_score(11, 2).as_dict()
    {'ordinary': 13, 'good': 6, 'amazing': 3, 'step': 0, 'die': '+d0'}
    """
    step = SPECIALTY_STEP if base_step is None else clamp(base_step)
    return SkillScore(ability + rank, step)


def broad_score(ability: int) -> SkillScore:
    """The broad skill alone, for a specialty the hero lacks: the ability score with +d4.

    >>> broad_score(13).as_dict()  # Mad Dog's Athletics
    {'ordinary': 13, 'good': 6, 'amazing': 3, 'step': 1, 'die': '+d4'}
    """
    return SkillScore(ability, BROAD_STEP)


def untrained(ability: int) -> SkillScore:
    return SkillScore(untrained_score(ability), UNTRAINED_STEP)


@dataclass(frozen=True)
class ActionCheck:
    """The action check: a total above ``ordinary`` still acts, last, in the Marginal phase."""

    ordinary: int

    @property
    def marginal(self) -> int:
        return self.ordinary + 1

    @property
    def good(self) -> int:
        return self.ordinary // 2

    @property
    def amazing(self) -> int:
        return self.ordinary // 4

    def as_dict(self) -> dict[str, int]:
        return {
            "marginal": self.marginal,
            "ordinary": self.ordinary,
            "good": self.good,
            "amazing": self.amazing,
        }


def action_check(dexterity: int, intelligence: int, bonus: int = 0) -> ActionCheck:
    """Half of Dexterity plus Intelligence, rounded up, plus any bonus (profession, perks).

    >>> action_check(13, 10, 1).as_dict()
    {'marginal': 14, 'ordinary': 13, 'good': 6, 'amazing': 3}
    """
    return ActionCheck(math.ceil((dexterity + intelligence) / 2) + bonus)


def actions_per_round(constitution: int, will: int) -> int:
    """Actions a round from Constitution plus Will: 1 up to 15, then one more per 8.

    >>> [actions_per_round(c, w) for c, w in ((7, 8), (8, 8), (9, 9), (12, 12), (16, 16))]
    [1, 2, 2, 3, 4]
    """
    total = constitution + will
    if total <= 15:
        return 1
    return min(4, 2 + (total - 16) // 8)


def durability(constitution: int) -> dict[Track, int]:
    """Boxes per track: stun and wound equal Constitution, mortal and fatigue half of it
    rounded up.

    >>> {t.value: n for t, n in durability(9).items()}
    {'stun': 9, 'wound': 9, 'mortal': 5, 'fatigue': 5}
    """
    constitution = max(constitution, 0)
    half = math.ceil(constitution / 2)
    return {
        Track.STUN: constitution,
        Track.WOUND: constitution,
        Track.MORTAL: half,
        Track.FATIGUE: half,
    }


def last_resort_maximum(personality: int) -> int:
    """sheetapp's default: the modifier Personality would have on the resistance table, and
    at least one.

    >>> [last_resort_maximum(p) for p in (4, 9, 12, 13, 16)]
    [1, 1, 1, 2, 3]
    """
    return max(1, resistance_modifier(personality))
