"""The few figures a stat block shows, without the rest of the record's.

A game master prints hundreds of blocks at once, and ``sheet_figures`` works out every
skill's training roll, wounded rating and improvement cost, the recovery times and the
points spent, none of which a block shows (a third of the time of 1,000 blocks). These are
the same numbers from the same rules functions; tests check them against ``sheet_figures``.
"""

from __future__ import annotations

from dataclasses import dataclass

from sheetapp.systems.forgotten_futures.effect import work_out
from sheetapp.systems.forgotten_futures.figures import (
    ArmourFigures,
    armour_figures,
    by_characteristic,
    by_skill_name,
    wound_boxes,
)
from sheetapp.systems.forgotten_futures.ledger import balance, improvements
from sheetapp.systems.forgotten_futures.model import ForgottenFuturesSheet
from sheetapp.systems.forgotten_futures.ratings import rating, scores


@dataclass(frozen=True)
class BlockSkill:
    name: str
    rating: int | None  # unwounded, as ``SkillFigures.rating``


@dataclass(frozen=True)
class BlockWeapon:
    name: str
    effect: int | None  # unwounded, as ``WeaponFigures.effect``
    a: str
    b: str
    c: str


@dataclass(frozen=True)
class ForgottenFuturesBlockFigures:
    profession: str
    sex: str
    age: str
    characteristics: dict[str, int | None]
    bonus_balance: int
    skills: list[BlockSkill]
    weapons: list[BlockWeapon]
    armour: list[ArmourFigures]
    wound_boxes: dict[str, bool]  # by box of the wound track


def block_figures(sheet: ForgottenFuturesSheet) -> ForgottenFuturesBlockFigures:
    values = scores(sheet)
    gained = improvements(sheet)
    skills = [BlockSkill(s.name, rating(sheet, s, gained)) for s in sheet.skills]
    healthy = by_skill_name((s.name, s.rating) for s in skills)
    return ForgottenFuturesBlockFigures(
        profession=sheet.profession,
        sex=sheet.sex,
        age=sheet.age,
        characteristics=by_characteristic(values),
        bonus_balance=balance(sheet),
        skills=skills,
        weapons=[
            BlockWeapon(w.name, work_out(w.effect, values, healthy).value, w.a, w.b, w.c)
            for w in sheet.weapons
        ],
        armour=armour_figures(sheet),
        wound_boxes=wound_boxes(sheet),
    )
