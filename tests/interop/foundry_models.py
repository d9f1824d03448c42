"""The Foundry data models our actors must fit, written down from their public sources
(read with the search tools, not guessed), and a checker for them.

- Foundry core: the top-level keys of BaseActor and BaseItem documents.
- Simple Worldbuilding (foundryvtt/worldbuilding, template.json and module/helper.js,
  module/constants.js): Actor type ``character`` with biography, health, power, attributes,
  groups; Item type ``item`` with description, quantity, weight, attributes, groups;
  attribute dtypes String, Number, Boolean, Formula, Resource; group keys neither ``attr``
  nor ``attributes``, without spaces or dots.
- Alternity (shantoki/alternity-rpg, system id ``alternity-v2``, system.json's
  documentTypes and src/data/CharacterData.js, SkillData.js, WeaponData.js, ArmorData.js,
  PersonalEquipmentData.js defineSchema): fields, integer bounds and choices.
"""

from __future__ import annotations

import re
from typing import Any

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
ALTERNITY_REQUIRED = {
    "character": {"abilities", "stamina", "vitality", "techPoints", "psiPoints", "woundLevel",
                  "bleedRate", "details", "actionsPerRound", "initiativeModifier"},
}
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
# A Foundry roll formula as we write them: dice, Fudge dice, success counting, modifiers.
FORMULA = re.compile(r"(\d+d\d+(cs>=\d+)?|\d+df)([+-](\d+d\d+|\d+df|\d+))*")


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
