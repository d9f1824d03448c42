"""Everything a sheet shows beyond what the player wrote, gathered in one place.

``show --json``, the form and the PDF all read these figures, so every number is computed
one way wherever it appears. A figure that needs a missing score is None.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from sheetapp.systems.alternity.damage_rating import DamageRatingError, parse_rating
from sheetapp.systems.alternity.derived import (
    MOVES,
    encumbered_resistance,
    last_resorts_max,
    load_kg,
    movement_now,
    resistance,
    sheet_action_check,
    sheet_actions,
    sheet_condition,
    sheet_encumbrance,
    specialty_ability,
    specialty_figure,
    track_maxima,
    weapon_skill,
)
from sheetapp.systems.alternity.encumbrance import throw_ranges
from sheetapp.systems.alternity.model import AlternitySheet, Weapon
from sheetapp.systems.alternity.names import Ability, Track
from sheetapp.systems.alternity.recovery import breath_rounds
from sheetapp.systems.alternity.scores import broad_score, untrained


def sheet_figures(sheet: AlternitySheet) -> dict[str, Any]:
    scores = sheet.abilities
    strength = scores.get(Ability.STRENGTH)
    constitution = scores.get(Ability.CONSTITUTION)
    check = sheet_action_check(sheet)
    load = sheet_encumbrance(sheet)
    state = sheet_condition(sheet)
    return {
        "system": sheet.system,
        "name": sheet.name,
        "player": sheet.player,
        "npc": sheet.npc,
        "species": sheet.species,
        "profession": sheet.profession,
        "career": sheet.career,
        "level": sheet.level,
        "abilities": {a.value: scores[a] for a in Ability if a in scores},
        "ability_total": sum(scores.values()) if len(scores) == len(Ability) else None,
        "ability_budget": sheet.settings.ability_points,
        "resistance": {a.value: m for a, m in resistance(sheet).items()},
        "resistance_loaded": {a.value: m for a, m in encumbered_resistance(sheet).items()},
        "untrained": {a.value: untrained(scores[a]).as_dict() for a in Ability if a in scores},
        "action_check": check.as_dict() if check else None,
        "action_check_bonus": sheet.action_check_bonus,
        "actions_per_round": sheet_actions(sheet),
        "durability": {t.value: n for t, n in track_maxima(sheet).items()},
        "damage": {t.value: getattr(sheet.damage, t.value) for t in Track},
        "condition": {
            "knocked_out": list(state.knocked_out),
            "dying": state.dying,
            "dead": state.dead,
            "dazed_steps": state.dazed_steps,
            "dazed": {t.value: n for t, n in state.dazed.items()},
            "resolve_due": state.resolve_due,
        },
        "last_resorts": {
            "current": sheet.last_resorts,
            "maximum": last_resorts_max(sheet),
            "cost": sheet.last_resort_cost,
        },
        "skill_points": sheet.skill_points,
        "breath_rounds": None if constitution is None else breath_rounds(constitution),
        "load_kg": load_kg(sheet),
        "carry_free_kg": None if strength is None else 2 * max(strength, 0),
        "encumbrance": None
        if load is None
        else {
            "multiple": load.multiple,
            "limit_kg": load.limit_kg,
            "movement_percent": load.movement_percent,
            "penalty_steps": load.penalty_steps,
            "overloaded": load.overloaded,
        },
        "movement": {
            "base": {m: getattr(sheet.movement, m) for m in MOVES},
            "now": movement_now(sheet),
        },
        "throwing": None if strength is None else asdict(throw_ranges(strength)),
        "broad_skills": [
            {
                "name": b.name,
                "ability": b.ability.value,
                "score": broad_score(scores[b.ability]).as_dict() if b.ability in scores else None,
            }
            for b in sheet.broad_skills
        ],
        "specialty_skills": [_specialty(sheet, i) for i in range(len(sheet.specialty_skills))],
        "weapons": [_weapon(sheet, w) for w in sheet.weapons],
        "armour": [{"name": a.name, "li": a.li, "hi": a.hi, "en": a.en} for a in sheet.armour],
    }


def _specialty(sheet: AlternitySheet, index: int) -> dict[str, Any]:
    skill = sheet.specialty_skills[index]
    ability = specialty_ability(sheet, skill)
    score = specialty_figure(sheet, skill)
    return {
        "broad": skill.broad,
        "name": skill.name,
        "rank": skill.rank,
        "ability": ability.value if ability else None,
        "score": score.as_dict() if score else None,
    }


def _weapon(sheet: AlternitySheet, weapon: Weapon) -> dict[str, Any]:
    score = weapon_skill(sheet, weapon)
    try:
        rating = parse_rating(weapon.damage) if weapon.damage.strip() else None
    except DamageRatingError:
        rating = None
    return {
        "name": weapon.name,
        "skill": weapon.skill,
        "score": score.as_dict() if score else None,
        "damage": None
        if rating is None
        else {
            "ordinary": str(rating.ordinary),
            "good": str(rating.good),
            "amazing": str(rating.amazing),
        },
        "kind": weapon.kind,
        "range": weapon.range,
        "accuracy": weapon.accuracy,
    }
