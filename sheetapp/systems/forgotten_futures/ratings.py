"""Skill ratings: base value, plus the points bought, plus what was gained in play.

A skill learned in play starts one above its base (our reading of "its lowest possible
value": a skill bought at creation needs at least one point on its base). Each successful
improvement in the ledger adds one.

>>> from sheetapp.systems.forgotten_futures.model import ForgottenFuturesSheet, Skill
>>> sheet = ForgottenFuturesSheet(characteristics={"body": 3, "mind": 3, "soul": 3})
>>> [rating(sheet, Skill(name="Actor", base="AvM&S", points=p)) for p in (1, 2, 3)]
[4, 5, 6]
>>> rating(sheet, Skill(name="Pilot", base="AvB&M/2", acquired="play", points=0))
3
"""

from __future__ import annotations

from collections.abc import Mapping

from sheetapp.systems.forgotten_futures.bases import base_value, roll_value, uses_body
from sheetapp.systems.forgotten_futures.ledger import improvements, skill_key
from sheetapp.systems.forgotten_futures.model import ForgottenFuturesSheet, Skill
from sheetapp.systems.forgotten_futures.wounds import body_penalty, lowered

PLAY_START = 1  # a skill learned in play starts this far above its base


def scores(sheet: ForgottenFuturesSheet) -> dict[str, int | None]:
    """The characteristics by name, None where not filled in."""
    return {c.value: v for c, v in sheet.characteristics.items()}


def wounded_scores(sheet: ForgottenFuturesSheet) -> dict[str, int | None]:
    """The characteristics as the wounds leave them (BODY lowered)."""
    values = scores(sheet)
    penalty = body_penalty(sheet.wounds)
    body = values.get("body")
    if body is not None:
        values["body"] = None if penalty is None else lowered(body, penalty)
    return values


def start_value(skill: Skill, values: Mapping[str, int | None]) -> int | None:
    """The rating before any improvement in play."""
    base = base_value(skill.base, values)
    if base is None:
        return None
    return base + (PLAY_START if skill.acquired == "play" else max(skill.points, 0))


def rating(
    sheet: ForgottenFuturesSheet, skill: Skill, gained: Mapping[str, int] | None = None
) -> int | None:
    """The skill's rating now, unwounded; None while a characteristic it needs is blank."""
    start = start_value(skill, scores(sheet))
    if start is None:
        return None
    gained = improvements(sheet) if gained is None else gained
    return start + gained.get(skill_key(skill.name), 0)


def rating_when_wounded(
    sheet: ForgottenFuturesSheet, value: int | None, skill: Skill
) -> int | None:
    """``value`` under the wounds in force: lowered for skills on BODY, never below 1;
    None when the character is critical (unconscious)."""
    if value is None or not uses_body(skill.base):
        return value
    penalty = body_penalty(sheet.wounds)
    return None if penalty is None else lowered(value, penalty)


def training_roll(sheet: ForgottenFuturesSheet, base: str) -> int | None:
    """The value that attacks a rating when improving or learning a skill of ``base``."""
    return roll_value(base, scores(sheet))
