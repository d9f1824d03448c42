"""An Alternity sheet as an actor of the public Foundry Alternity system (shantoki/
alternity-rpg, id ``alternity-v2``): its CharacterData, SkillData, WeaponData, ArmorData and
PersonalEquipmentData models (src/data/*.js defineSchema).

That system follows a later edition: abilities are modifiers from -3 to +6, stamina and
vitality stand where our stun and wound tracks are, careers are Soldier, Explorer and
Expert. What carries a meaning across is written there (the resistance modifier as the
ability modifier, stun and wound as stamina and vitality, each skill's rank, weapons, armour
and gear); the rest lives only in ``flags.sheetapp`` (docs/interop.md lists it).
"""

from __future__ import annotations

import re
from typing import Any

from sheetapp.interop.foundry_worldbuilding import html_text
from sheetapp.interop.mapping import FoundryTarget
from sheetapp.interop.view import TabletopView, key_of
from sheetapp.systems.alternity.figures import AlternityFigures, sheet_figures
from sheetapp.systems.alternity.model import AlternitySheet
from sheetapp.systems.alternity.names import ABBREVIATIONS, Ability, Track
from sheetapp.systems.alternity.scores import resistance_modifier

SYSTEM_ID = "alternity-v2"
ABILITY_RANGE = (-3, 6)
SKILL_RANK_RANGE = (0, 10)
LEVEL_RANGE = (1, 10)
# Our professions to that edition's careers: the nearest in what the hero does.
CAREERS = {"combat spec": "Soldier", "free agent": "Explorer"}
DEFAULT_CAREER = "Expert"
_DICE = re.compile(r"(\d*)d(\d+)([+-]\d+)?")
_CATEGORY = {"s": "stun", "w": "wound", "m": "mortal"}


def _clamp(value: int, bounds: tuple[int, int]) -> int:
    return max(bounds[0], min(bounds[1], value))


def _ability(sheet: AlternitySheet, ability: Ability) -> int:
    return _clamp(resistance_modifier(sheet.abilities.get(ability, 10)), ABILITY_RANGE)


def _wound_level(fig: AlternityFigures) -> str:
    if fig.condition.dead or fig.condition.knocked_out:
        return "Out"
    taken = fig.damage
    if taken[Track.MORTAL]:
        return "Bleeding"
    if taken[Track.WOUND]:
        return "Wounded"
    return "Stunned" if taken[Track.STUN] else "Healthy"


def _track(fig: AlternityFigures, track: str) -> dict[str, int]:
    maximum = max(0, fig.durability[track] or 0)  # None: no Constitution yet
    return {"value": max(0, maximum - fig.damage[track]), "max": maximum}


def system_data(view: TabletopView, sheet: AlternitySheet) -> dict[str, Any]:
    fig = sheet_figures(sheet)
    abilities = {ABBREVIATIONS[a].lower(): _ability(sheet, a) for a in Ability}
    return {
        "abilities": abilities,
        "stamina": _track(fig, "stun"),
        "vitality": _track(fig, "wound"),
        "techPoints": {"value": 0, "max": 0},
        "psiPoints": {"value": 0, "max": 0},
        "woundLevel": _wound_level(fig),
        "bleedRate": 0,
        "details": {
            "species": sheet.species,
            "career": CAREERS.get(sheet.profession.strip().lower(), DEFAULT_CAREER),
            "focus": sheet.career,
            "level": _clamp(sheet.level, LEVEL_RANGE),
            "xp": 0,
            "xpToNextLevel": 1000,
        },
        "biography": html_text(view.biography),
        "actionsPerRound": max(1, fig.actions_per_round or 1),
        "initiativeModifier": abilities["dex"],
    }


def _skill(name: str, ability: str, rank: int, specialisation: str, target: int) -> dict:
    return {
        "skillId": key_of(name),
        "linkedAbility": ABBREVIATIONS[Ability(ability)],
        "rank": _clamp(rank, SKILL_RANK_RANGE),
        "isBackground": False,
        "specialisation": specialisation,
        "specialisationBonus": 2,
        "effectiveRank": _clamp(rank, SKILL_RANK_RANGE),
        "targetNumber": target,
        "description": "",
    }


def _damage(text: str) -> tuple[str, str]:
    """The Ordinary damage of ``d4s/d6w/d4m`` as a formula and its track."""
    first = text.split("/")[0].strip().lower()
    category = _CATEGORY.get(first[-1:], "wound")
    match = _DICE.search(first)
    if not match:
        return "1d6", category
    count, sides, plus = match.groups()
    return f"{count or 1}d{sides}{plus or ''}", category


def items(view: TabletopView, sheet: AlternitySheet) -> list[tuple[str, str, dict[str, Any]]]:
    fig = sheet_figures(sheet)
    out: list[tuple[str, str, dict[str, Any]]] = []
    for s in [s for s in fig.broad_skills if s.score]:
        out.append((s.name, "skill",
                    _skill(s.name, s.ability, 0, "", s.score.ordinary)))
    for sp in [sp for sp in fig.specialty_skills if sp.score]:
        out.append((f"{sp.broad}: {sp.name}", "skill",
                    _skill(sp.broad, sp.ability, sp.rank, sp.name,
                           sp.score.ordinary)))
    for w in sheet.weapons:
        formula, category = _damage(w.damage)
        ranged = bool(w.range.strip())
        out.append((w.name, "weapon", {
            "weaponType": "Ranged" if ranged else "Melee",
            "damageType": "Ballistic",
            "damageCategory": category,
            "damageFormula": formula,
            "damageBonus": 0,
            "attackBonus": w.accuracy,
            "attackAbility": "dex" if ranged else "str",
            "requiredSkill": key_of(w.skill),
            "range": {"short": 0, "medium": 0, "long": 0},
            "techPointCost": 0,
            "isEquipped": w.carried,
            "quantity": 1,
            "weight": w.weight_kg,
            "description": html_text(
                f"Damage {w.damage}. Range {w.range}. {w.kind} {w.notes}".strip()),
        }))
    for a in sheet.armour:
        out.append((a.name, "armor", {
            "armorType": "Light",
            "armorBonus": 0,
            "speedPenalty": 0,
            "skillPenalty": 0,
            "damageResistance": 0,
            "resistedTypes": [],
            "techPointCost": 0,
            "isEquipped": a.carried,
            "weight": a.weight_kg,
            "description": html_text(f"LI {a.li}, HI {a.hi}, En {a.en}. {a.notes}".strip()),
        }))
    for e in sheet.equipment:
        out.append((e.name, "personalEquipment", {
            "category": "Miscellaneous",
            "progressLevel": 4,
            "cost": 0,
            "mass": e.weight_kg,
            "bonusSkill": "",
            "bonusValue": 0,
            "maxCharges": 0,
            "currentCharges": 0,
            "powerNotes": "",
            "isEquipped": e.carried,
            "quantity": e.quantity,
            "description": html_text(e.notes),
        }))
    return out


def read(system: dict[str, Any]) -> dict[str, Any]:
    """What of a foreign actor means the same here: species, and the focus as our career
    (its ability modifiers and careers are not our scores and professions)."""
    details = system.get("details")
    if not isinstance(details, dict):
        return {}
    return {"species": details.get("species"), "career": details.get("focus")}


TARGET = FoundryTarget(SYSTEM_ID, "character", system_data, items, read)
