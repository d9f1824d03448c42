"""Temporary skills: using a skill the character does not have, when the referee allows it.

The skill is used at its lowest possible rating, which we read as for a skill learned in
play: one above its base (``ratings.PLAY_START``; a bought skill needs at least a point on
its base). Every action needs a roll, even a routine one, against double the difficulty, and
bonus points cannot help.
"""

from __future__ import annotations

from dataclasses import dataclass

from sheetapp.systems.forgotten_futures.bases import base_value
from sheetapp.systems.forgotten_futures.catalog import SKILLS
from sheetapp.systems.forgotten_futures.ledger import skill_key
from sheetapp.systems.forgotten_futures.model import ForgottenFuturesSheet
from sheetapp.systems.forgotten_futures.ratings import PLAY_START, scores
from sheetapp.systems.forgotten_futures.table import needed

DIFFICULTY_FACTOR = 2  # a temporary skill's every difficulty is doubled


@dataclass(frozen=True)
class TemporarySkill:
    name: str
    base: str
    rating: int
    needed_vs_default: int | None  # the 2D6 roll against the usual difficulty 6, doubled


def temporary_difficulty(difficulty: int) -> int:
    """The difficulty a temporary skill rolls against.

    >>> temporary_difficulty(6)
    12
    """
    return DIFFICULTY_FACTOR * difficulty


def temporary_skills(
    sheet: ForgottenFuturesSheet, *, default_difficulty: int
) -> list[TemporarySkill]:
    """The listed skills the character lacks, each at the rating it would be used at for
    now and the roll it needs against ``default_difficulty`` doubled; none while a
    characteristic a skill rests on is blank.

    >>> sheet = ForgottenFuturesSheet(characteristics={"body": 3, "mind": 4, "soul": 2})
    >>> found = {t.name: t for t in temporary_skills(sheet, default_difficulty=6)}
    >>> found["Actor"].rating, found["Actor"].needed_vs_default  # 4 against 12: no chance
    (4, None)
    >>> found["Marksman"].rating, found["Marksman"].needed_vs_default  # 5 against 12
    (5, 2)
    """
    have = {skill_key(s.name) for s in sheet.skills}
    values = scores(sheet)
    found = []
    for info in SKILLS:
        base = base_value(info.base, values)
        if skill_key(info.name) in have or base is None:
            continue
        rating = base + PLAY_START
        against = temporary_difficulty(default_difficulty)
        found.append(TemporarySkill(info.name, info.base, rating, needed(rating, against)))
    return found
