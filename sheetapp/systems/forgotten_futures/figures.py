"""Everything a record shows beyond what the player wrote, gathered in one place.

``show --json``, the form and the PDF all read these figures, so a number is worked out in
exactly one way wherever it appears. Figures marked ``_now`` apply the wounds in force. The
figures are frozen dataclasses, so a reader names each one as an attribute and a renamed
figure fails where it is read.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from sheetapp.systems.forgotten_futures.bases import base_value
from sheetapp.systems.forgotten_futures.effect import work_out
from sheetapp.systems.forgotten_futures.ledger import (
    balance,
    improvements,
    languages_bought,
    never_learnable,
    peaked,
    skill_key,
)
from sheetapp.systems.forgotten_futures.model import ForgottenFuturesSheet, Skill
from sheetapp.systems.forgotten_futures.names import DEFAULT_DEFENCE, SKILL_CAP, Characteristic
from sheetapp.systems.forgotten_futures.points import (
    characteristic_cost,
    creation_bonus,
    is_free,
    spending,
)
from sheetapp.systems.forgotten_futures.ratings import (
    rating,
    rating_when_wounded,
    scores,
    start_value,
    training_roll,
    wounded_scores,
)
from sheetapp.systems.forgotten_futures.recovery import (
    DROWNING_STEP_SECONDS,
    MovementFigures,
    RecoveryFigures,
    breath_seconds,
    movement,
    recoveries,
)
from sheetapp.systems.forgotten_futures.table import needed
from sheetapp.systems.forgotten_futures.temporary import TemporarySkill, temporary_skills
from sheetapp.systems.forgotten_futures.wounds import BOXES, body_penalty, condition, ticked


@dataclass(frozen=True)
class PointFigures:
    allowed: int
    characteristics: int
    skills: int
    spent: int
    saved: int


@dataclass(frozen=True)
class LedgerLineFigures:
    left: int  # bonus points left after the line


@dataclass(frozen=True)
class BonusFigures:
    at_creation: int
    balance: int
    ledger: list[LedgerLineFigures]  # one per line of the sheet's bonus ledger


@dataclass(frozen=True)
class SkillFigures:
    name: str
    speciality: str
    base: str
    base_value: int | None
    points: int
    acquired: str
    free: bool
    gained: int
    rating: int | None
    rating_now: int | None
    peaked: bool
    improve_cost: int | None
    training_roll: int | None
    improve_needed: int | None
    needed_vs_default: int | None


@dataclass(frozen=True)
class LanguageFigures:
    native: str
    known: list[str]
    allowed: int | None


@dataclass(frozen=True)
class WeaponFigures:
    name: str
    multiple: bool
    effect_text: str
    effect: int | None
    effect_now: int | None
    effect_problem: str
    a: str
    b: str
    c: str
    notes: str


@dataclass(frozen=True)
class ArmourFigures:
    name: str
    reduction: int
    against: str
    covers: str


@dataclass(frozen=True)
class WoundFigures:
    boxes: dict[str, bool]  # by box of the wound track
    ticked: int
    body_penalty: int | None
    body_now: int | None
    condition: str


@dataclass(frozen=True)
class ForgottenFuturesFigures:
    system: str
    player: str
    name: str
    profession: str
    sex: str
    age: str
    npc: bool
    characteristics: dict[str, int | None]
    characteristics_now: dict[str, int | None]
    costs: dict[str, int | None]
    points: PointFigures
    bonus: BonusFigures
    skills: list[SkillFigures]
    temporary_skills: list[TemporarySkill]  # listed skills lacked, used for now if allowed
    never_learnable: list[str]
    languages: LanguageFigures
    weapons: list[WeaponFigures]
    armour: list[ArmourFigures]
    wounds: WoundFigures
    # Recovery from each wound, breath and movement, with the ratings the wounds leave.
    recovery: list[RecoveryFigures]
    breath_seconds: int | None
    drowning_step_seconds: int
    movement: MovementFigures


def sheet_figures(sheet: ForgottenFuturesSheet) -> ForgottenFuturesFigures:
    spent = spending(sheet)
    skills = [skill_figures(sheet, s) for s in sheet.skills]
    now = by_skill_name((s.name, s.rating_now) for s in skills)
    body = wounded_scores(sheet).get("body")
    return ForgottenFuturesFigures(
        system=sheet.system,
        player=sheet.player,
        name=sheet.name,
        profession=sheet.profession,
        sex=sheet.sex,
        age=sheet.age,
        npc=sheet.npc,
        characteristics=by_characteristic(scores(sheet)),
        characteristics_now=by_characteristic(wounded_scores(sheet)),
        costs={
            c.value: characteristic_cost(v) if (v := sheet.characteristics.get(c)) else None
            for c in Characteristic
        },
        points=PointFigures(
            allowed=spent.allowed,
            characteristics=spent.characteristics,
            skills=spent.skills,
            spent=spent.spent,
            saved=spent.saved,
        ),
        bonus=BonusFigures(
            at_creation=creation_bonus(sheet),
            balance=balance(sheet),
            ledger=_running(sheet),
        ),
        skills=skills,
        temporary_skills=temporary_skills(sheet, default_difficulty=DEFAULT_DEFENCE),
        never_learnable=sorted(never_learnable(sheet)),
        languages=_languages(sheet),
        weapons=_weapons(sheet, skills),
        armour=armour_figures(sheet),
        wounds=_wounds(sheet),
        recovery=[
            r.figures()
            for r in recoveries(sheet.wounds, body, now.get("first aid"), now.get("doctor"))
        ],
        breath_seconds=breath_seconds(body),
        drowning_step_seconds=DROWNING_STEP_SECONDS,
        movement=movement(body, now.get("athlete"), sheet.wounds),
    )


def _running(sheet: ForgottenFuturesSheet) -> list[LedgerLineFigures]:
    """Each ledger line with the bonus points left after it."""
    left = creation_bonus(sheet)
    out = []
    for entry in sheet.bonus_ledger:
        left += entry.amount
        out.append(LedgerLineFigures(left=left))
    return out


def by_characteristic(values: dict[str, int | None]) -> dict[str, int | None]:
    """Every characteristic in the names' order, None where not filled in."""
    return {c.value: values.get(c.value) for c in Characteristic}


def by_skill_name(ratings: Iterable[tuple[str, int | None]]) -> dict[str, int | None]:
    """Ratings by the skill's folded name, the way an Effect and the recovery rules look a
    skill up; unnamed skills left out."""
    return {name.strip().casefold(): value for name, value in ratings if name.strip()}


def skill_figures(sheet: ForgottenFuturesSheet, skill: Skill) -> SkillFigures:
    key = skill_key(skill.name)
    gained = improvements(sheet).get(key, 0)
    value = rating(sheet, skill)
    now = rating_when_wounded(sheet, value, skill)
    roll = training_roll(sheet, skill.base)
    stuck = key in peaked(sheet)
    can_improve = value is not None and value < SKILL_CAP and not stuck
    return SkillFigures(
        name=skill.name,
        speciality=skill.speciality,
        base=skill.base,
        base_value=base_value(skill.base, scores(sheet)),
        points=skill.points,
        acquired=skill.acquired,
        free=is_free(sheet, skill),
        gained=gained,
        rating=value,
        rating_now=now,
        peaked=stuck,
        improve_cost=value + 1 if can_improve and value is not None else None,
        training_roll=roll,
        improve_needed=(
            needed(roll, value) if can_improve and roll is not None and value else None
        ),
        needed_vs_default=needed(now, DEFAULT_DEFENCE) if now is not None else None,
    )


def _languages(sheet: ForgottenFuturesSheet) -> LanguageFigures:
    linguist = next((s for s in sheet.skills if skill_key(s.name) == "linguist"), None)
    start = start_value(linguist, scores(sheet)) if linguist else None
    allowed = math.ceil(start / 2) + languages_bought(sheet) if start is not None else None
    return LanguageFigures(
        native=sheet.native_language,
        known=[lang for lang in sheet.languages if lang.strip()],
        allowed=allowed if linguist else 0,
    )


def _weapons(sheet: ForgottenFuturesSheet, skills: list[SkillFigures]) -> list[WeaponFigures]:
    healthy = by_skill_name((s.name, s.rating) for s in skills)
    hurt = by_skill_name((s.name, s.rating_now) for s in skills)
    values, now = scores(sheet), wounded_scores(sheet)
    out = []
    for weapon in sheet.weapons:
        effect = work_out(weapon.effect, values, healthy)
        out.append(
            WeaponFigures(
                name=weapon.name,
                multiple=weapon.multiple,
                effect_text=weapon.effect,
                effect=effect.value,
                effect_now=work_out(weapon.effect, now, hurt).value,
                effect_problem=effect.problem,
                a=weapon.a,
                b=weapon.b,
                c=weapon.c,
                notes=weapon.notes,
            )
        )
    return out


def armour_figures(sheet: ForgottenFuturesSheet) -> list[ArmourFigures]:
    return [ArmourFigures(a.name, a.reduction, a.against, a.covers) for a in sheet.armour]


def wound_boxes(sheet: ForgottenFuturesSheet) -> dict[str, bool]:
    """Whether each box of the wound track is ticked, by box."""
    return {key: bool(getattr(sheet.wounds, key)) for key, _, _ in BOXES}


def _wounds(sheet: ForgottenFuturesSheet) -> WoundFigures:
    body = sheet.characteristics.get(Characteristic.BODY)
    return WoundFigures(
        boxes=wound_boxes(sheet),
        ticked=ticked(sheet.wounds),
        body_penalty=body_penalty(sheet.wounds),
        body_now=wounded_scores(sheet)["body"] if body is not None else None,
        condition=condition(sheet.wounds),
    )
