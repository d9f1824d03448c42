"""An Alternity sheet as an actor of the public Foundry Alternity system (shantoki/
alternity-rpg, id ``alternity-v2``), as read at commit
cf7b36cd3c1c23a2f87286328d21eb464caa43e2 (system version 1.0.1): its CharacterData,
NpcData, SkillData, WeaponData, ArmorData and PersonalEquipmentData models (src/data/*.js
defineSchema), and the hero its actor sheet shows, ``flags["alternity-v2"].characterState``
(src/data/alternity-actor-data.js, AlternityCharacterState).

Its ``system`` data follows a later edition (abilities as modifiers from -3 to +6, stamina
and vitality, careers Soldier, Explorer and Expert), but its sheet reads the hero from the
character state: raw ability scores, damage on the stun, wound and mortal tracks, skill
ranks by the system's skill ids, profession, career, background and armour. Both are
written; an actor made in Foundry is read back from the character state
(``foundry_alternity_import``).
"""

from __future__ import annotations

import re
from typing import Any

from sheetapp.interop.alternity_v2_skills import skill_id
from sheetapp.interop.foundry_worldbuilding import html_text
from sheetapp.interop.view import TabletopView, key_of
from sheetapp.systems.alternity.catalog import find_broad
from sheetapp.systems.alternity.figures import AlternityFigures, sheet_figures
from sheetapp.systems.alternity.model import AlternitySheet, Weapon
from sheetapp.systems.alternity.names import ABBREVIATIONS, Ability, Track
from sheetapp.systems.alternity.scores import resistance_modifier

SYSTEM_ID = "alternity-v2"
SYSTEM_VERSION = "1.0.1"  # system.json at the commit above
FLAG_SCOPE = SYSTEM_ID
STATE = "characterState"
ABILITY_RANGE = (-3, 6)
SKILL_RANK_RANGE = (0, 10)
LEVEL_RANGE = (1, 10)
# Our professions to that edition's careers: the nearest in what the hero does.
CAREERS = {"combat spec": "Soldier", "free agent": "Explorer"}
DEFAULT_CAREER = "Expert"
DEFAULT_ACTIONS = 2  # AlternityCharacterState's own default
DICE = re.compile(r"(\d*)d(\d+)([+-]\d+)?")
CATEGORY = {"s": "stun", "w": "wound", "m": "mortal"}
CUSTOM = "custom-"  # the prefix the system gives the ids of skills not on its list


def clamp(value: int, bounds: tuple[int, int]) -> int:
    return max(bounds[0], min(bounds[1], value))


def _ability(sheet: AlternitySheet, ability: Ability) -> int:
    return clamp(resistance_modifier(sheet.abilities.get(ability, 10)), ABILITY_RANGE)


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
    """CharacterData for a hero, NpcData for the supporting cast (its own fields: no
    details or tech points, a GM's flat combat values left at the model's own)."""
    fig = sheet_figures(sheet)
    abilities = {ABBREVIATIONS[a].lower(): _ability(sheet, a) for a in Ability}
    common = {
        "abilities": abilities,
        "stamina": _track(fig, "stun"),
        "vitality": _track(fig, "wound"),
        "woundLevel": _wound_level(fig),
        "bleedRate": 0,
        "biography": html_text(view.biography),
        "actionsPerRound": max(1, fig.actions_per_round or DEFAULT_ACTIONS),
        "initiativeModifier": abilities["dex"],
    }
    if sheet.npc:
        first = sheet.weapons[0].damage if sheet.weapons else ""
        return {**common, "defenseBonus": 0, "attackBonus": 0,
                "damageFormula": _damage(first)[0], "cr": "Average", "morale": 50,
                "isElite": False, "rewardXP": 100, "tactics": ""}
    return {
        **common,
        "techPoints": {"value": 0, "max": 0},
        "psiPoints": {"value": 0, "max": 0},
        "details": {
            "species": sheet.species,
            "career": CAREERS.get(sheet.profession.strip().lower(), DEFAULT_CAREER),
            "focus": sheet.career,
            "level": clamp(sheet.level, LEVEL_RANGE),
            "xp": 0,
            "xpToNextLevel": 1000,
        },
    }


def _custom_id(*parts: str) -> str:
    return CUSTOM + key_of(*parts).replace("_", "-")


def _skill_key(broad: str, specialty: str = "") -> str:
    """The system's id of one of our skills, or the custom id it travels under."""
    return skill_id(broad, specialty) or _custom_id(broad, specialty)


def character_state(view: TabletopView, sheet: AlternitySheet, actor_id: str) -> dict[str, Any]:
    """The hero as the system's actor sheet reads it (AlternityCharacterState.serialize):
    what it would compute for itself (maxima from Constitution) is written as ours."""
    fig = sheet_figures(sheet)
    skills: dict[str, dict[str, int]] = {}
    custom: list[dict[str, Any]] = []
    for broad in sheet.broad_skills:
        if not broad.name.strip():
            continue
        known = skill_id(broad.name)
        if known:
            skills.setdefault(known, {"rank": 0})
        else:
            custom.append({"id": _custom_id(broad.name), "name": broad.name,
                           "ability": ABBREVIATIONS[broad.ability], "isSpecialty": False,
                           "rank": 0})
    for spec in sheet.specialty_skills:
        rank = clamp(spec.rank, SKILL_RANK_RANGE)
        known = skill_id(spec.broad, spec.name)
        if known:
            skills[known] = {"rank": rank}
            continue
        ability = next((b.ability for b in sheet.broad_skills
                        if b.name.strip().casefold() == spec.broad.strip().casefold()),
                       Ability.STRENGTH)
        custom.append({"id": _custom_id(spec.broad, spec.name),
                       "name": f"{spec.broad}: {spec.name}", "ability": ABBREVIATIONS[ability],
                       "isSpecialty": True, "rank": rank})
    worn = next((a for a in sheet.armour if a.carried), None)
    durability: dict[str, int] = {}
    for track in ("stun", "wound", "mortal"):
        durability[track] = fig.damage[track]
        if fig.durability[track] is not None:
            durability[f"{track}Max"] = fig.durability[track]
    return {
        "actorId": actor_id,
        "abilitySets": [],
        "specialRules": [],
        "durability": durability,
        "abilityScores": {ABBREVIATIONS[a]: v for a, v in sheet.abilities.items()},
        "skills": skills,
        "customSkills": custom,
        "woundLevel": _wound_level(fig),
        "profession": sheet.profession,
        "career": sheet.career,
        "background": sheet.background,
        "actionsPerRound": fig.actions_per_round or DEFAULT_ACTIONS,
        "armor": {k: getattr(worn, k) if worn else "" for k in ("li", "hi", "en")},
    }


def flags(view: TabletopView, sheet: AlternitySheet, actor_id: str) -> dict[str, Any]:
    return {FLAG_SCOPE: {STATE: character_state(view, sheet, actor_id)}}


def _skill(skill: str, ability: Ability, rank: int, specialisation: str, target: int) -> dict:
    return {
        "skillId": skill,
        "linkedAbility": ABBREVIATIONS[ability],
        "rank": clamp(rank, SKILL_RANK_RANGE),
        "isBackground": False,
        "specialisation": specialisation,
        "specialisationBonus": 2,
        "effectiveRank": clamp(rank, SKILL_RANK_RANGE),
        "targetNumber": target,
        "description": "",
    }


def _damage(text: str) -> tuple[str, str]:
    """The Ordinary damage of ``d4s/d6w/d4m`` as a formula and its track."""
    first = text.split("/")[0].strip().lower()
    category = CATEGORY.get(first[-1:], "wound")
    match = DICE.search(first)
    if not match:
        return "1d6", category
    count, sides, plus = match.groups()
    return f"{count or 1}d{sides}{plus or ''}", category


def _ranges(text: str) -> list[int]:
    """Short, medium and long range in metres from ``10/20/40``; [] for "personal"."""
    parts = [p.strip() for p in text.split("/")]
    return [int(p) for p in parts] if len(parts) == 3 and all(p.isdigit() for p in parts) \
        else []


def weapon_type(weapon: Weapon) -> str:
    """Melee, Ranged, Thrown or Heavy, by the skill it is used with, else by whether it
    has ranges (ours write "personal" for a weapon in hand)."""
    broad, _, specialty = weapon.skill.partition("-")
    skill = find_broad(broad) or ""
    if skill in ("Melee Weapons", "Unarmed Attack"):
        return "Melee"
    if skill == "Heavy Weapons":
        return "Heavy"
    if specialty.strip().casefold() in ("throw", "thrown"):
        return "Thrown"
    if skill in ("Modern Ranged Weapons", "Primitive Ranged Weapons"):
        return "Ranged"
    return "Ranged" if _ranges(weapon.range) else "Melee"


def damage_type(weapon: Weapon, kind: str) -> str:
    """Our damage type (LI, HI or En before the firepower, ``HI/O``) as that system's:
    energy is Energy (Laser for a laser), high impact Ballistic, low impact by the weapon:
    Slashing for a blade, Piercing for a bow or crossbow, else Impact."""
    letters = weapon.kind.split("/")[0].strip().casefold()
    specialty = weapon.skill.partition("-")[2].strip().casefold()
    if letters == "en":
        return "Laser" if "laser" in weapon.name.casefold() else "Energy"
    if letters == "hi":
        return "Ballistic"
    if specialty == "blade":
        return "Slashing"
    if specialty in ("bow", "crossbow"):
        return "Piercing"
    return "Impact" if letters == "li" or kind != "Ranged" else "Ballistic"


def _weapon_skill(weapon: Weapon) -> str:
    broad, _, specialty = weapon.skill.partition("-")
    return _skill_key(broad, specialty) if weapon.skill.strip() else ""


def _weapon(w: Weapon) -> dict[str, Any]:
    formula, category = _damage(w.damage)
    kind = weapon_type(w)
    ranges = _ranges(w.range) or [0, 0, 0]
    return {
        "weaponType": kind,
        "damageType": damage_type(w, kind),
        "damageCategory": category,
        "damageFormula": formula,
        "damageBonus": 0,
        "attackBonus": w.accuracy,
        "attackAbility": "str" if kind in ("Melee", "Thrown") else "dex",
        "requiredSkill": _weapon_skill(w),
        "range": dict(zip(("short", "medium", "long"), ranges, strict=True)),
        "techPointCost": 0,
        "isEquipped": w.carried,
        "quantity": 1,
        "weight": w.weight_kg,
        "description": html_text(
            f"Damage {w.damage}. Range {w.range}. {w.kind} {w.notes}".strip()),
    }


def items(
    view: TabletopView, sheet: AlternitySheet
) -> list[tuple[str, str, dict[str, Any], dict[str, Any]]]:
    """Skills, weapons, armour and gear as the system's items. Weapons and armour also
    carry, in the item's ``flags.sheetapp``, what that system has no field for (the full
    damage rating and type, the three protection dice), so they come back whole."""
    fig = sheet_figures(sheet)
    out: list[tuple[str, str, dict[str, Any], dict[str, Any]]] = []
    for s in [s for s in fig.broad_skills if s.score]:
        out.append((s.name, "skill",
                    _skill(_skill_key(s.name), Ability(s.ability), 0, "", s.score.ordinary),
                    {}))
    for sp in [sp for sp in fig.specialty_skills if sp.score and sp.ability]:
        out.append((f"{sp.broad}: {sp.name}", "skill",
                    _skill(_skill_key(sp.broad, sp.name), Ability(sp.ability), sp.rank,
                           sp.name, sp.score.ordinary), {}))
    for w in sheet.weapons:
        out.append((w.name, "weapon", _weapon(w),
                    {"sheetapp": {"skill": w.skill, "damage": w.damage, "kind": w.kind,
                                  "range": w.range, "notes": w.notes}}))
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
        }, {"sheetapp": {"li": a.li, "hi": a.hi, "en": a.en, "notes": a.notes}}))
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
        }, {}))
    return out
