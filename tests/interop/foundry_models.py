"""The Foundry data models our actors must fit, written down from their public sources
(read with the search tool's read_file and fetch, not guessed), and a checker for them.

- Foundry core, v12 and v13: the fields of BaseActor and BaseItem (League-of-Foundry-
  Developers/foundry-vtt-types, src/foundry/common/documents/actor.d.mts at
  6ac854d871aeb8e2ca4619778ab866a723016481: _id, name, type, img, system, prototypeToken,
  items, effects, folder, sort, ownership, flags, _stats), DocumentStatsField's keys
  (v13 adds exportSource), a coreVersion that is a released build ("12.343", "13.348"),
  and the PrototypeToken fields a v13 export writes (actorLink, bar1/bar2 attribute, ...).
- Simple Worldbuilding 0.8.2 (foundryvtt/worldbuilding at
  02659bc5a8aa2cffa0c02c231e1a5cc4b7e19fb9: template.json, module/helper.js validateGroup,
  system.json primaryTokenAttribute/secondaryTokenAttribute): Actor type ``character`` with
  biography, health, power, attributes, groups; Item type ``item`` with description,
  quantity, weight, attributes, groups; attribute dtypes String, Number, Boolean, Formula,
  Resource; group keys neither ``attr`` nor ``attributes``, without spaces or dots.
- Alternity (shantoki/alternity-rpg at cf7b36cd3c1c23a2f87286328d21eb464caa43e2, system
  id ``alternity-v2`` 1.0.1: system.json documentTypes; src/data/CharacterData.js,
  NpcData.js, SkillData.js, WeaponData.js, ArmorData.js, PersonalEquipmentData.js
  defineSchema; src/data/alternity-actor-data.js SKILL_DEFINITIONS, WOUND_LEVELS and the
  AlternityCharacterState constructor, which throws without an actorId or with a wound
  level not on its list, and which the actor sheet builds from
  ``flags["alternity-v2"].characterState``): fields, integer bounds and choices.
"""

from __future__ import annotations

import re
from typing import Any

# DocumentStatsField (v12; v13 adds exportSource).
STATS_KEYS = {"compendiumSource", "duplicateSource", "coreVersion", "systemId",
              "systemVersion", "createdTime", "modifiedTime", "lastModifiedBy", "exportSource"}
CORE_BUILD = re.compile(r"1[23]\.\d{3}")  # a released v12 or v13 build
# PrototypeToken fields as a v13.347 export writes them.
TOKEN_KEYS = {"name", "displayName", "actorLink", "width", "height", "texture", "lockRotation",
              "rotation", "alpha", "disposition", "displayBars", "bar1", "bar2", "light",
              "sight", "detectionModes", "occludable", "ring", "turnMarker", "movementAction",
              "flags", "randomImg", "appendNumber", "prependAdjective"}
ACTOR_KEYS = {"_id", "name", "type", "img", "system", "prototypeToken", "items", "effects",
              "folder", "sort", "ownership", "flags", "_stats"}
ITEM_KEYS = {"_id", "name", "type", "img", "system", "effects", "folder", "sort",
             "ownership", "flags", "_stats"}
FOUNDRY_ID = re.compile(r"[A-Za-z0-9]{16}")


def INT(lo: int | None = None, hi: int | None = None) -> tuple:
    return ("int", lo, hi)


NUM = ("num", 0, None)
STR = ("str", None)
HTML = ("html",)
BOOL = ("bool",)


def CHOICE(*options: str) -> tuple:
    return ("str", set(options))


def RESOURCE() -> dict:
    return {"value": INT(0), "max": INT(0)}


DAMAGE_TYPES = ("Ballistic", "Energy", "Laser", "Piercing", "Slashing", "Impact",
                "Incendiary", "Toxic", "Radiation", "Psionic")

ALTERNITY_ACTOR = {
    "character": {
        "abilities": {k: INT(-3, 6) for k in ("str", "dex", "con", "int", "wil", "per")},
        "stamina": RESOURCE(), "vitality": RESOURCE(), "techPoints": RESOURCE(),
        "psiPoints": RESOURCE(),
        "woundLevel": CHOICE("Healthy", "Stunned", "Wounded", "Bleeding", "Down", "Out"),
        "bleedRate": INT(0),
        "details": {"species": STR, "career": CHOICE("Soldier", "Explorer", "Expert"),
                    "focus": STR, "level": INT(1, 10), "xp": INT(0), "xpToNextLevel": INT(0)},
        "biography": HTML,
        "actionsPerRound": INT(1),
        "initiativeModifier": INT(),
        # optional groups with initial values in the model; we leave them to Foundry
        "combatMovement": None, "personalData": None, "achievementTrack": None,
        "features": None, "psionics": None, "mutations": None, "cybertech": None,
        "computers": None,
    },
}
ALTERNITY_ACTOR["npc"] = {
    "abilities": ALTERNITY_ACTOR["character"]["abilities"],
    "stamina": RESOURCE(), "vitality": RESOURCE(),
    "woundLevel": ALTERNITY_ACTOR["character"]["woundLevel"], "bleedRate": INT(0),
    "defenseBonus": INT(), "attackBonus": INT(), "damageFormula": STR,
    "cr": CHOICE("Easy", "Average", "Tough", "Overwhelming"), "morale": INT(0, 100),
    "isElite": BOOL, "rewardXP": INT(0), "tactics": HTML, "biography": HTML,
    "actionsPerRound": INT(1), "initiativeModifier": INT(),
}
ALTERNITY_REQUIRED = {
    "character": {"abilities", "stamina", "vitality", "techPoints", "psiPoints", "woundLevel",
                  "bleedRate", "details", "actionsPerRound", "initiativeModifier"},
    "npc": {"abilities", "stamina", "vitality", "woundLevel", "bleedRate", "defenseBonus",
            "attackBonus", "morale", "isElite", "rewardXP", "actionsPerRound",
            "initiativeModifier"},
}
# The system's two token bars: its actors' resources.
ALTERNITY_BARS = {"stamina", "vitality"}
WORLDBUILDING_BARS = ("health", "power")
ALTERNITY_ITEMS = {
    "skill": {"skillId": STR, "linkedAbility": CHOICE("STR", "DEX", "CON", "INT", "WIL", "PER"),
              "rank": INT(0, 10), "isBackground": BOOL, "specialisation": STR,
              "specialisationBonus": INT(0, 5), "effectiveRank": INT(), "targetNumber": INT(),
              "description": HTML},
    "weapon": {"weaponType": CHOICE("Melee", "Ranged", "Thrown", "Heavy"),
               "damageType": CHOICE(*DAMAGE_TYPES),
               "damageCategory": CHOICE("stun", "wound", "mortal"),
               "damageFormula": STR, "damageBonus": INT(), "attackBonus": INT(),
               "attackAbility": CHOICE("str", "dex"), "requiredSkill": STR,
               "range": {"short": INT(0), "medium": INT(0), "long": INT(0)},
               "techPointCost": INT(0), "isEquipped": BOOL, "quantity": INT(0),
               "weight": NUM, "description": HTML},
    "armor": {"armorType": CHOICE("Light", "Medium", "Heavy", "Powered"),
              "armorBonus": INT(0, 15), "speedPenalty": INT(0, 30), "skillPenalty": INT(0, 10),
              "damageResistance": INT(0), "resistedTypes": ("list", CHOICE(*DAMAGE_TYPES)),
              "techPointCost": INT(0), "isEquipped": BOOL, "weight": NUM, "description": HTML},
    "personalEquipment": {
        "category": CHOICE("Communications", "Medical", "Professional", "Sensors", "Survival",
                           "Clothing", "Miscellaneous"),
        "progressLevel": INT(0, 8), "cost": INT(0), "mass": NUM, "bonusSkill": STR,
        "bonusValue": INT(), "maxCharges": INT(0), "currentCharges": INT(0),
        "powerNotes": STR, "isEquipped": BOOL, "quantity": INT(0), "description": HTML},
}
# Every item type the system declares (system.json documentTypes.Item).
ALTERNITY_ITEM_TYPES = {"weapon", "armor", "skill", "effect", "computer", "perkFlaw",
                        "personalEquipment"}

WORLDBUILDING_ACTOR = {"biography": HTML,
                       "health": {"value": INT(), "min": INT(), "max": INT()},
                       "power": {"value": INT(), "min": INT(), "max": INT()},
                       "attributes": ("attributes",), "groups": ("groups",)}
WORLDBUILDING_ITEM = {"description": HTML, "quantity": INT(), "weight": NUM,
                      "attributes": ("attributes",), "groups": ("groups",)}
DTYPES = {"String", "Number", "Boolean", "Formula", "Resource"}
RESERVED_GROUPS = {"attr", "attributes"}
# A Foundry roll formula as we write them: dice, Fudge dice, success counting (cs>=, cs<=),
# modifiers.
FORMULA = re.compile(r"(\d+d\d+(cs[<>]=\d+)?|\d+df)([+-](\d+d\d+|\d+df|\d+))*")


def check(value: Any, spec: Any, where: str, problems: list[str]) -> None:
    if spec is None:
        return
    if isinstance(spec, dict):
        if not isinstance(value, dict):
            problems.append(f"{where}: not an object")
            return
        for key in value:
            if key not in spec:
                problems.append(f"{where}.{key}: not a field of the model")
        for key, inner in spec.items():
            if key in value:
                check(value[key], inner, f"{where}.{key}", problems)
        return
    kind = spec[0]
    if kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            problems.append(f"{where}: {value!r} is not an integer")
        elif (spec[1] is not None and value < spec[1]) or (spec[2] is not None
                                                           and value > spec[2]):
            problems.append(f"{where}: {value} outside {spec[1]}..{spec[2]}")
    elif kind == "num":
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
            problems.append(f"{where}: {value!r} is not a number from 0")
    elif kind in ("str", "html"):
        if not isinstance(value, str):
            problems.append(f"{where}: {value!r} is not text")
        elif kind == "str" and spec[1] is not None and value not in spec[1]:
            problems.append(f"{where}: {value!r} is not one of {sorted(spec[1])}")
    elif kind == "bool":
        if not isinstance(value, bool):
            problems.append(f"{where}: {value!r} is not true/false")
    elif kind == "list":
        if not isinstance(value, list):
            problems.append(f"{where}: not a list")
        else:
            for n, entry in enumerate(value):
                check(entry, spec[1], f"{where}[{n}]", problems)
    elif kind == "attributes":
        _check_attributes(value, where, problems)
    elif kind == "groups":
        _check_groups(value, where, problems)


def _valid_group(key: str) -> bool:
    return key not in RESERVED_GROUPS and not re.search(r"[\s.]", key)


def _check_groups(groups: Any, where: str, problems: list[str]) -> None:
    if not isinstance(groups, dict):
        problems.append(f"{where}: not an object")
        return
    for key, group in groups.items():
        if not _valid_group(key):
            problems.append(f"{where}.{key}: a group key the system refuses")
        if not isinstance(group, dict) or set(group) - {"key", "label", "dtype"}:
            problems.append(f"{where}.{key}: a group has key, label and dtype")


def _check_attribute(attr: Any, where: str, group: str, problems: list[str]) -> None:
    if not isinstance(attr, dict) or attr.get("dtype") not in DTYPES:
        problems.append(f"{where}: no dtype of {sorted(DTYPES)}")
        return
    allowed = {"dtype", "value", "label", "group"} | (
        {"min", "max"} if attr["dtype"] == "Resource" else set())
    if set(attr) - allowed:
        problems.append(f"{where}: unexpected keys {sorted(set(attr) - allowed)}")
    if "value" not in attr or not isinstance(attr.get("label"), str):
        problems.append(f"{where}: an attribute has a value and a label")
    if group and attr.get("group") != group:
        problems.append(f"{where}: its group says {attr.get('group')!r}")
    dtype, value = attr["dtype"], attr.get("value")
    if dtype == "Formula" and not (isinstance(value, str) and FORMULA.fullmatch(value)):
        problems.append(f"{where}: {value!r} is not a roll formula")
    if dtype in ("Number", "Resource") and (isinstance(value, bool)
                                           or not isinstance(value, (int, float))):
        problems.append(f"{where}: {value!r} is not a number")
    if dtype == "Boolean" and not isinstance(value, bool):
        problems.append(f"{where}: {value!r} is not true/false")
    if dtype == "String" and not isinstance(value, str):
        problems.append(f"{where}: {value!r} is not text")


def _check_attributes(attributes: Any, where: str, problems: list[str]) -> None:
    if not isinstance(attributes, dict):
        problems.append(f"{where}: not an object")
        return
    for key, entry in attributes.items():
        if isinstance(entry, dict) and "dtype" not in entry:  # a group of attributes
            for inner, attr in entry.items():
                _check_attribute(attr, f"{where}.{key}.{inner}", key, problems)
        else:
            _check_attribute(entry, f"{where}.{key}", "", problems)


# SKILL_DEFINITIONS ids, in the order of src/data/alternity-actor-data.js at the commit above.
SKILL_IDS = frozenset({
    "str-armor", "str-combat", "str-powered-combat", "str-athletics", "str-climb", "str-jump",
    "str-throw", "str-heavy-wpns", "str-direct-fire", "str-indirect-fire", "str-melee",
    "str-blade", "str-bludgeon", "str-powered-melee", "str-unarmed", "str-brawl", "str-power",
    "str-martial-arts", "dex-acrobatics", "dex-daredevil", "dex-defensive-ma", "dex-dodge",
    "dex-fall", "dex-flight", "dex-zero-g", "dex-manipulation", "dex-lockpick",
    "dex-pickpocket", "dex-prestidigation", "dex-ranged-mod", "dex-pistol", "dex-rifle",
    "dex-smg", "dex-ranged-prim", "dex-bow", "dex-crossbow", "dex-flintlock", "dex-sling",
    "dex-stealth", "dex-hide", "dex-shadow", "dex-sneak", "dex-vehicle-op", "dex-air",
    "dex-land", "dex-space", "dex-water", "con-movement", "con-race", "con-swim",
    "con-trailblazing", "con-stamina", "con-endurance", "con-resist-pain", "con-survival",
    "con-survival-train", "int-business", "int-corporate", "int-illicit-biz", "int-small-biz",
    "int-computer-sci", "int-hacking", "int-hardware", "int-programming", "int-demolitions",
    "int-disarm", "int-scratch-built", "int-set-explosives", "int-knowledge",
    "int-computer-op", "int-deduce", "int-firstaid", "int-language", "int-law",
    "int-court-proc", "int-law-enforc", "int-life-sci", "int-biology", "int-botany",
    "int-genetics", "int-xenology", "int-zoology", "int-med-sci", "int-forensics",
    "int-medical-know", "int-psychology", "int-surgery", "int-treatment", "int-xenomedicine",
    "int-navigation", "int-drivespace", "int-system-nav", "int-surface", "int-physical-sci",
    "int-astronomy", "int-chemistry", "int-physics", "int-planetology", "int-security",
    "int-protection", "int-sec-devices", "int-system-op", "int-communication", "int-defenses",
    "int-engineering", "int-sensors", "int-weapons-op", "int-tactics", "int-infantry",
    "int-space", "int-vehicle-tactics", "int-technical-sci", "int-invention", "int-juryrig",
    "int-repair", "int-technical-know", "wil-administration", "wil-bureaucracy",
    "wil-management", "wil-animal-handling", "wil-animal-riding", "wil-animal-training",
    "wil-awareness", "wil-intuition", "wil-perception", "wil-creativity", "wil-investigate",
    "wil-interrogate", "wil-search", "wil-track", "wil-resolve", "wil-mental", "wil-physical",
    "wil-street-smart", "wil-criminal-elem", "wil-street-know", "wil-teach", "per-culture",
    "per-diplomacy", "per-etiquette", "per-first-encounter", "per-deception", "per-bluff",
    "per-bribe", "per-gamble", "per-entertainment", "per-act", "per-dance", "per-musical-inst",
    "per-sing", "per-interaction", "per-bargain", "per-charm", "per-interview",
    "per-intimidate", "per-seduce", "per-taunt", "per-leadership", "per-command",
    "per-inspire", "con-biokinesis", "con-bioweapon", "con-control-metab", "con-heal",
    "con-morph", "con-rejuvenate", "con-transfer-dmg", "int-esp", "int-battle-mind",
    "int-clairaudience", "int-clairvoyance", "int-empathy", "int-mind-reading",
    "int-navcognition", "int-postcognition", "int-precognition", "int-psychometry",
    "int-sensitivity", "wil-telekinesis", "wil-electrokinetics", "wil-kinetic-shield",
    "wil-levitation", "wil-photokinetics", "wil-psychokinetics", "wil-pyrokinesis",
    "per-telepathy", "per-contact", "per-datalink", "per-illusion", "per-mind-blast",
    "per-mind-shield", "per-suggest", "per-tire",
})
WOUND_LEVELS = {"Healthy", "Stunned", "Wounded", "Bleeding", "Down", "Out"}
ABILITIES = {"STR", "DEX", "CON", "INT", "WIL", "PER"}


def character_state_problems(state: Any, skill_items: list[str]) -> list[str]:
    """What AlternityCharacterState would refuse or silently ignore in ``state``, and each
    skill id (of a skill item or a weapon's requiredSkill) the sheet could not resolve."""
    problems: list[str] = []
    if not isinstance(state, dict):
        return ["characterState: missing"]
    if not (isinstance(state.get("actorId"), str) and state["actorId"]):
        problems.append("characterState.actorId: the constructor throws without it")
    if state.get("woundLevel", "Healthy") not in WOUND_LEVELS:
        problems.append(f"characterState.woundLevel {state.get('woundLevel')!r}")
    for key in ("abilitySets", "specialRules", "customSkills"):
        if not isinstance(state.get(key, []), list):
            problems.append(f"characterState.{key}: not a list")
    for ability, score in state.get("abilityScores", {}).items():
        if ability not in ABILITIES or not isinstance(score, int) or isinstance(score, bool):
            problems.append(f"characterState.abilityScores.{ability}: {score!r}")
    custom = {c.get("id") for c in state.get("customSkills", []) if isinstance(c, dict)}
    for entry in state.get("customSkills", []):
        if set(entry) != {"id", "name", "ability", "isSpecialty", "rank"} \
                or entry["ability"] not in ABILITIES or not entry["id"].startswith("custom-"):
            problems.append(f"characterState.customSkills: {entry!r}")
    for skill, entry in state.get("skills", {}).items():
        if skill not in SKILL_IDS:
            problems.append(f"characterState.skills.{skill}: not an id of SKILL_DEFINITIONS "
                            "(the sheet ignores it)")
        rank = entry.get("rank") if isinstance(entry, dict) else None
        if not isinstance(rank, int) or not 0 <= rank <= 10:
            problems.append(f"characterState.skills.{skill}: rank {rank!r}")
    for key in ("stun", "wound", "mortal"):
        if not isinstance(state.get("durability", {}).get(key, 0), int):
            problems.append(f"characterState.durability.{key}: not a number")
    armor = state.get("armor", {})
    if not isinstance(armor, dict) or set(armor) - {"li", "hi", "en"}:
        problems.append(f"characterState.armor: {armor!r}")
    for skill in skill_items:
        if skill and skill not in SKILL_IDS and skill not in custom:
            problems.append(f"skill id {skill!r}: neither the system's nor a custom skill")
    return problems
