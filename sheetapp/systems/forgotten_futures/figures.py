"""Everything a record shows beyond what the player wrote, gathered in one place.

``show --json``, the form and the PDF all read these figures, so a number is worked out in
exactly one way wherever it appears. Figures marked ``_now`` apply the wounds in force.
"""

from __future__ import annotations

import math
from typing import Any

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
    breath_seconds,
    movement,
    recoveries,
)
from sheetapp.systems.forgotten_futures.table import needed
from sheetapp.systems.forgotten_futures.wounds import BOXES, body_penalty, condition, ticked


def sheet_figures(sheet: ForgottenFuturesSheet) -> dict[str, Any]:
    spent = spending(sheet)
    skills = [skill_figures(sheet, s) for s in sheet.skills]
    return {
        "system": sheet.system,
        "player": sheet.player,
        "name": sheet.name,
        "profession": sheet.profession,
        "sex": sheet.sex,
        "age": sheet.age,
        "npc": sheet.npc,
        "characteristics": _by_characteristic(scores(sheet)),
        "characteristics_now": _by_characteristic(wounded_scores(sheet)),
        "costs": {
            c.value: characteristic_cost(v) if (v := sheet.characteristics.get(c)) else None
            for c in Characteristic
        },
        "points": {
            "allowed": spent.allowed,
            "characteristics": spent.characteristics,
            "skills": spent.skills,
            "spent": spent.spent,
            "saved": spent.saved,
        },
        "bonus": {
            "at_creation": creation_bonus(sheet),
            "balance": balance(sheet),
            "ledger": _running(sheet),
        },
        "skills": skills,
        "never_learnable": sorted(never_learnable(sheet)),
        "languages": _languages(sheet),
        "weapons": _weapons(sheet, skills),
        "armour": [
            {"name": a.name, "reduction": a.reduction, "against": a.against, "covers": a.covers}
            for a in sheet.armour
        ],
        "wounds": _wounds(sheet),
        **_body_limits(sheet, skills),
    }


def _body_limits(sheet: ForgottenFuturesSheet, skills: list[dict[str, Any]]) -> dict[str, Any]:
    """Recovery from each wound, breath and movement, with the ratings the wounds leave."""
    now = {s["name"].strip().casefold(): s["rating_now"] for s in skills if s["name"].strip()}
    body = wounded_scores(sheet).get("body")
    return {
        "recovery": [
            r.as_dict()
            for r in recoveries(sheet.wounds, body, now.get("first aid"), now.get("doctor"))
        ],
        "breath_seconds": breath_seconds(body),
        "drowning_step_seconds": DROWNING_STEP_SECONDS,
        "movement": movement(body, now.get("athlete"), sheet.wounds),
    }


def _running(sheet: ForgottenFuturesSheet) -> list[dict[str, int]]:
    """Each ledger line with the bonus points left after it."""
    left = creation_bonus(sheet)
    out = []
    for entry in sheet.bonus_ledger:
        left += entry.amount
        out.append({"left": left})
    return out


def _by_characteristic(values: dict[str, int | None]) -> dict[str, int | None]:
    return {c.value: values.get(c.value) for c in Characteristic}


def skill_figures(sheet: ForgottenFuturesSheet, skill: Skill) -> dict[str, Any]:
    key = skill_key(skill.name)
    gained = improvements(sheet).get(key, 0)
    value = rating(sheet, skill)
    now = rating_when_wounded(sheet, value, skill)
    roll = training_roll(sheet, skill.base)
    stuck = key in peaked(sheet)
    can_improve = value is not None and value < SKILL_CAP and not stuck
    return {
        "name": skill.name,
        "speciality": skill.speciality,
        "base": skill.base,
        "base_value": base_value(skill.base, scores(sheet)),
        "points": skill.points,
        "acquired": skill.acquired,
        "free": is_free(sheet, skill),
        "gained": gained,
        "rating": value,
        "rating_now": now,
        "peaked": stuck,
        "improve_cost": value + 1 if can_improve and value is not None else None,
        "training_roll": roll,
        "improve_needed": (
            needed(roll, value) if can_improve and roll is not None and value else None
        ),
        "needed_vs_default": needed(now, DEFAULT_DEFENCE) if now is not None else None,
    }


def _languages(sheet: ForgottenFuturesSheet) -> dict[str, Any]:
    linguist = next((s for s in sheet.skills if skill_key(s.name) == "linguist"), None)
    start = start_value(linguist, scores(sheet)) if linguist else None
    allowed = math.ceil(start / 2) + languages_bought(sheet) if start is not None else None
    return {
        "native": sheet.native_language,
        "known": [lang for lang in sheet.languages if lang.strip()],
        "allowed": allowed if linguist else 0,
    }


def _weapons(sheet: ForgottenFuturesSheet, skills: list[dict[str, Any]]) -> list[dict[str, Any]]:
    healthy = {s["name"].strip().casefold(): s["rating"] for s in skills if s["name"].strip()}
    hurt = {s["name"].strip().casefold(): s["rating_now"] for s in skills if s["name"].strip()}
    values, now = scores(sheet), wounded_scores(sheet)
    out = []
    for weapon in sheet.weapons:
        effect = work_out(weapon.effect, values, healthy)
        out.append(
            {
                "name": weapon.name,
                "multiple": weapon.multiple,
                "effect_text": weapon.effect,
                "effect": effect.value,
                "effect_now": work_out(weapon.effect, now, hurt).value,
                "effect_problem": effect.problem,
                "a": weapon.a,
                "b": weapon.b,
                "c": weapon.c,
                "notes": weapon.notes,
            }
        )
    return out


def _wounds(sheet: ForgottenFuturesSheet) -> dict[str, Any]:
    body = sheet.characteristics.get(Characteristic.BODY)
    return {
        "boxes": {key: bool(getattr(sheet.wounds, key)) for key, _, _ in BOXES},
        "ticked": ticked(sheet.wounds),
        "body_penalty": body_penalty(sheet.wounds),
        "body_now": wounded_scores(sheet)["body"] if body is not None else None,
        "condition": condition(sheet.wounds),
    }
