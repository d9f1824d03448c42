"""An actor of the Foundry system ``alternity-v2`` read back as an Alternity sheet: the hero
of its character state (raw ability scores, skills by the system's ids and its custom
skills, damage taken, profession, career, background, the armour worn), its details, and
its weapons, armour and gear (whole where our export left its own numbers in the item's
``flags.sheetapp``). The shapes are those of ``foundry_alternity``'s sources.
"""

from __future__ import annotations

import math
from typing import Any, cast

from pydantic import BaseModel, ValidationError

from sheetapp.interop.alternity_v2_skills import BROAD_BY_ID, KNOWN_COUNT, SPECIALTY_BY_ID
from sheetapp.interop.foundry_alternity import (
    CATEGORY,
    DICE,
    FLAG_SCOPE,
    SKILL_RANK_RANGE,
    STATE,
    clamp,
)
from sheetapp.interop.reading import plain_text, shown_name
from sheetapp.systems.alternity.catalog import default_ability, find_broad
from sheetapp.systems.alternity.figures import sheet_figures
from sheetapp.systems.alternity.model import (
    AlternitySheet,
    Armour,
    BroadSkill,
    Equipment,
    SpecialtySkill,
    Weapon,
)
from sheetapp.systems.alternity.names import ABBREVIATIONS, Ability

_LETTER = {v: k for k, v in CATEGORY.items()}
_BY_ABBREVIATION = {v: k for k, v in ABBREVIATIONS.items()}


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _list(value: Any) -> list[Any]:
    """A list as a list, a Foundry-style keyed object as its values, anything else as
    nothing (the reader has already bounded their size)."""
    return value if isinstance(value, list) else list(value.values()) \
        if isinstance(value, dict) else []


def state_of(actor: dict[str, Any]) -> dict[str, Any]:
    return _dict(_dict(_dict(actor.get("flags")).get(FLAG_SCOPE)).get(STATE))


def read(actor: dict[str, Any]) -> dict[str, Any]:
    """What of an actor made in Foundry means the same here, by our stat keys: the raw
    ability scores, profession and career of its character state, species and level of
    its details (the system's own ability modifiers and careers are not ours)."""
    state = state_of(actor)
    details = _dict(_dict(actor.get("system")).get("details"))
    out: dict[str, Any] = {}
    for abbreviation, score in _dict(state.get("abilityScores")).items():
        ability = _BY_ABBREVIATION.get(abbreviation) if isinstance(abbreviation, str) else None
        out[ability.value if ability else f"ability {abbreviation}"] = score
    for key in ("species", "level"):
        if key in details:
            out[key] = details[key]
    for key in ("profession", "career"):
        if state.get(key):
            out[key] = state[key]
    if "career" not in out and details.get("focus"):
        out["career"] = details["focus"]
    return out


def _rank(value: Any) -> int:
    return clamp(int(value), SKILL_RANK_RANGE) if isinstance(value, (int, float)) \
        and not isinstance(value, bool) and math.isfinite(value) else 0


def _skills_from_state(state: dict[str, Any]) -> tuple[list[BroadSkill], list[SpecialtySkill],
                                                        list[str]]:
    """Broad skills and specialties of a character state. A state the system saved lists
    every skill it knows, most at rank 0: then a broad skill counts when it has a rank or a
    specialty under it does; a state that lists only what the hero has (ours) counts each."""
    listed = _dict(state.get("skills"))
    everything = len(listed) >= KNOWN_COUNT
    broad: dict[str, Ability] = {}
    specialties: list[SpecialtySkill] = []
    left: list[str] = []
    for sid, entry in listed.items():
        rank = _rank(_dict(entry).get("rank"))
        if sid in SPECIALTY_BY_ID and rank > 0:
            parent, name = SPECIALTY_BY_ID[sid]
            specialties.append(SpecialtySkill(broad=parent, name=name, rank=rank))
            broad.setdefault(parent, _default(parent))
        elif sid in BROAD_BY_ID and (rank > 0 or not everything):
            broad.setdefault(BROAD_BY_ID[sid], _default(BROAD_BY_ID[sid]))
            if rank > 0:
                left.append(f"rank {rank} of the broad skill {BROAD_BY_ID[sid]}")
        elif sid not in SPECIALTY_BY_ID and sid not in BROAD_BY_ID and rank > 0:
            left.append(f"skill {shown_name({'name': sid})}")
    for entry in _list(state.get("customSkills")):
        entry = _dict(entry)
        name = shown_name(entry, 200)
        ability = _BY_ABBREVIATION.get(entry.get("ability"), Ability.STRENGTH)
        if entry.get("isSpecialty") and ": " in name:
            parent, specialty = name.split(": ", 1)
            specialties.append(SpecialtySkill(broad=parent, name=specialty,
                                              rank=_rank(entry.get("rank"))))
            broad.setdefault(find_broad(parent) or parent, ability)
        elif not entry.get("isSpecialty"):
            broad.setdefault(name, ability)
        else:
            left.append(f"skill {name}")
    return [BroadSkill(name=n, ability=a) for n, a in broad.items()], specialties, left


def _state_skill_ids(state: dict[str, Any]) -> set[str]:
    """The ids of the skills a character state lists, custom ones included."""
    custom = {_dict(e).get("id") for e in _list(state.get("customSkills"))}
    return set(_dict(state.get("skills"))) | {c for c in custom if isinstance(c, str)}


def _skill_id(item: dict[str, Any]) -> str | None:
    found = _dict(item.get("system")).get("skillId")
    return found if isinstance(found, str) else None


def _without(notes: str, background: str) -> str:
    """The biography less the background it starts with: our export writes the two as one
    biography, and the background comes back from the character state."""
    lines, lead = notes.split("\n"), [line for line in background.split("\n") if line.strip()]
    return "\n".join(lines[len(lead):]) if lead and lines[:len(lead)] == lead else notes


def _default(broad: str) -> Ability:
    return default_ability(broad) or Ability.STRENGTH


def _weapon_from(item: dict[str, Any], names: dict[str, str]) -> Weapon:
    system, ours = _dict(item.get("system")), _dict(_dict(item.get("flags")).get("sheetapp"))
    skill = ours.get("skill")
    if not isinstance(skill, str):
        sid = system.get("requiredSkill")
        skill = names.get(sid, "") if isinstance(sid, str) else ""
    damage = ours.get("damage")
    if not isinstance(damage, str):
        formula = system.get("damageFormula")
        letter = _LETTER.get(system.get("damageCategory"), "w")
        match = DICE.fullmatch(formula.strip()) if isinstance(formula, str) else None
        one = f"d{match[2]}{match[3] or ''}{letter}" if match else ""
        damage = "/".join([one] * 3) if one else ""
    ranges = _dict(system.get("range"))
    numbers = [ranges.get(k) for k in ("short", "medium", "long")]
    derived = "/".join(str(n) for n in numbers) if all(
        isinstance(n, int) and n > 0 for n in numbers) else "personal"
    return Weapon(
        name=shown_name(item, 200), skill=skill, damage=damage,
        kind=ours.get("kind") if isinstance(ours.get("kind"), str) else "",
        range=ours.get("range") if isinstance(ours.get("range"), str) else derived,
        accuracy=max(0, system.get("attackBonus") or 0),
        weight_kg=system.get("weight") or 0.0, carried=bool(system.get("isEquipped", True)),
        notes=ours.get("notes") if isinstance(ours.get("notes"), str) else "",
    )


def _armour_from(item: dict[str, Any], worn: dict[str, Any], first: bool) -> Armour:
    system, ours = _dict(item.get("system")), _dict(_dict(item.get("flags")).get("sheetapp"))
    dice = {k: ours[k] if isinstance(ours.get(k), str) else
            (worn.get(k) if first and isinstance(worn.get(k), str) else "")
            for k in ("li", "hi", "en")}
    return Armour(name=shown_name(item, 200), weight_kg=system.get("weight") or 0.0,
                  carried=bool(system.get("isEquipped", True)),
                  notes=ours.get("notes") if isinstance(ours.get("notes"), str) else "",
                  **dice)


def _gear_from(item: dict[str, Any]) -> Equipment:
    system = _dict(item.get("system"))
    return Equipment(name=shown_name(item, 200), weight_kg=system.get("mass") or 0.0,
                     quantity=system.get("quantity", 1),
                     carried=bool(system.get("isEquipped", True)),
                     notes=plain_text(system.get("description"), "description", []))


def complete(sheet: BaseModel, actor: dict[str, Any]) -> tuple[BaseModel, list[str]]:
    """Skills, damage taken, background, weapons, armour and gear of an actor made in
    Foundry, into the sheet mapped so far; what has no place is named."""
    sheet = cast(AlternitySheet, sheet)  # the blank this system's mapping made
    state = state_of(actor)
    left: list[str] = []
    update: dict[str, Any] = {}
    if state:
        broad, specialties, skipped = _skills_from_state(state)
        update.update(broad_skills=broad, specialty_skills=specialties)
        left += skipped
        taken = _dict(state.get("durability"))
        update["damage"] = sheet.damage.model_copy(
            update={t: max(0, int(taken[t])) for t in ("stun", "wound", "mortal")
                    if isinstance(taken.get(t), int) and not isinstance(taken.get(t), bool)})
        if isinstance(state.get("background"), str):
            update["background"] = plain_text(state["background"], "background", [])
            update["notes"] = _without(sheet.notes, update["background"])
    in_state = _state_skill_ids(state)  # a skill item read there already came in
    names = {v: f"{b}-{s}" for v, (b, s) in SPECIALTY_BY_ID.items()} | dict(BROAD_BY_ID)
    weapons, armour, gear = [], [], []
    worn = _dict(state.get("armor"))
    for item in [_dict(i) for i in _list(actor.get("items"))]:
        kind = item.get("type")
        try:
            if kind == "weapon":
                weapons.append(_weapon_from(item, names))
            elif kind == "armor":
                armour.append(_armour_from(item, worn, not armour))
            elif kind == "personalEquipment":
                gear.append(_gear_from(item))
            elif kind != "skill" or _skill_id(item) not in in_state:
                left.append(f"{kind or 'item'} {shown_name(item)}")
        except (ValidationError, TypeError, ValueError):
            left.append(f"{kind} {shown_name(item)}")
    update.update(weapons=weapons, armour=armour, equipment=gear, npc=actor.get("type") == "npc")
    trial = sheet.model_copy(update=update)
    try:
        sheet = AlternitySheet.model_validate(trial.model_dump(mode="json"))
    except ValidationError:
        left.append("skills, damage and gear (they do not fit this sheet)")
    actions = state.get("actionsPerRound")
    computed = sheet_figures(sheet).actions_per_round
    if isinstance(actions, int) and not isinstance(actions, bool) and actions != computed \
            and 0 < actions <= 9999:
        sheet = sheet.model_copy(update={"actions_per_round": actions})
    return sheet, left
