"""Figures read off one sheet: each returns None while a score it needs is missing, so an
unfinished sheet shows a dash instead of a wrong number."""

from __future__ import annotations

from dataclasses import dataclass

from sheetapp.systems.alternity.catalog import default_ability
from sheetapp.systems.alternity.damage import Condition, Marks, Maxima, condition
from sheetapp.systems.alternity.encumbrance import Encumbrance, encumbrance, reduced_rate
from sheetapp.systems.alternity.model import AlternitySheet, BroadSkill, SpecialtySkill, Weapon
from sheetapp.systems.alternity.names import RESISTING, Ability, Track
from sheetapp.systems.alternity.scores import (
    ActionCheck,
    SkillScore,
    action_check,
    actions_per_round,
    broad_score,
    durability,
    last_resort_maximum,
    resistance_modifier,
    specialty_score,
)

MOVES = ("sprint", "run", "walk", "easy_swim", "swim", "glide", "fly")
ENCUMBERED = (Ability.STRENGTH, Ability.DEXTERITY)


def resistance(sheet: AlternitySheet) -> dict[Ability, int]:
    """Resistance modifiers with the sheet's bonuses, for the abilities that have one."""
    return {
        a: resistance_modifier(sheet.abilities[a]) + getattr(sheet.resistance_bonus, a.value)
        for a in RESISTING
        if a in sheet.abilities
    }


def track_maxima(sheet: AlternitySheet) -> dict[Track, int | None]:
    """Boxes per track: the sheet's override, else the default from Constitution."""
    constitution = sheet.abilities.get(Ability.CONSTITUTION)
    defaults = durability(constitution) if constitution is not None else {}
    return {
        t: getattr(sheet.durability, t.value)
        if getattr(sheet.durability, t.value) is not None
        else defaults.get(t)
        for t in Track
    }


def maxima(sheet: AlternitySheet) -> Maxima:
    m = track_maxima(sheet)
    return Maxima(*(m[t] or 0 for t in Track))


def marks(sheet: AlternitySheet) -> Marks:
    d = sheet.damage
    return Marks(d.stun, d.wound, d.mortal, d.fatigue, d.unconscious)


def sheet_condition(sheet: AlternitySheet) -> Condition:
    return condition(marks(sheet), maxima(sheet), optional_dazed=sheet.settings.optional_dazed)


def sheet_action_check(sheet: AlternitySheet) -> ActionCheck | None:
    dex, intel = sheet.abilities.get(Ability.DEXTERITY), sheet.abilities.get(Ability.INTELLIGENCE)
    if dex is None or intel is None:
        return None
    return action_check(dex, intel, sheet.action_check_bonus)


def sheet_actions(sheet: AlternitySheet) -> int | None:
    if sheet.actions_per_round is not None:
        return sheet.actions_per_round
    con, will = sheet.abilities.get(Ability.CONSTITUTION), sheet.abilities.get(Ability.WILL)
    return None if con is None or will is None else actions_per_round(con, will)


def last_resorts_max(sheet: AlternitySheet) -> int | None:
    if sheet.last_resorts_max is not None:
        return sheet.last_resorts_max
    personality = sheet.abilities.get(Ability.PERSONALITY)
    return None if personality is None else last_resort_maximum(personality)


def load_kg(sheet: AlternitySheet) -> float:
    """Everything carried: weapons, armour, and equipment times its quantity."""
    total = sum(w.weight_kg for w in sheet.weapons if w.carried)
    total += sum(a.weight_kg for a in sheet.armour if a.carried)
    total += sum(e.weight_kg * e.quantity for e in sheet.equipment if e.carried)
    return round(total, 3)


def sheet_encumbrance(sheet: AlternitySheet) -> Encumbrance | None:
    strength = sheet.abilities.get(Ability.STRENGTH)
    return None if strength is None else encumbrance(load_kg(sheet), strength)


def movement_now(sheet: AlternitySheet) -> dict[str, int | None]:
    """Each entered rate, slowed by the load when Strength is known."""
    load = sheet_encumbrance(sheet)
    percent = load.movement_percent if load else 100
    rates = {m: getattr(sheet.movement, m) for m in MOVES}
    return {m: None if r is None else reduced_rate(r, percent) for m, r in rates.items()}


def check_penalty(sheet: AlternitySheet, ability: Ability | None) -> dict[str, int]:
    """Steps every check of the hero takes now: dazed, and the load for Strength and
    Dexterity skills."""
    steps: dict[str, int] = {}
    dazed = sheet_condition(sheet).dazed_steps
    if dazed:
        steps["dazed"] = dazed
    load = sheet_encumbrance(sheet)
    if ability in ENCUMBERED and load is not None and load.penalty_steps:
        steps["encumbered"] = load.penalty_steps
    return steps


def encumbered_resistance(sheet: AlternitySheet) -> dict[Ability, int]:
    """Strength and Dexterity resistance modifiers less the load's penalty."""
    load = sheet_encumbrance(sheet)
    penalty = load.penalty_steps if load else 0
    return {a: m - penalty for a, m in resistance(sheet).items() if a in ENCUMBERED}


# --- skills ------------------------------------------------------------------------------


def broad_skill(sheet: AlternitySheet, name: str) -> BroadSkill | None:
    wanted = " ".join(name.split()).casefold()
    return next(
        (b for b in sheet.broad_skills if " ".join(b.name.split()).casefold() == wanted), None
    )


def specialty_ability(sheet: AlternitySheet, skill: SpecialtySkill) -> Ability | None:
    """The broad skill's ability on the sheet, else the catalogue's default."""
    broad = broad_skill(sheet, skill.broad)
    if broad is not None:
        return broad.ability
    return default_ability(skill.broad)


def specialty_figure(sheet: AlternitySheet, skill: SpecialtySkill) -> SkillScore | None:
    ability = specialty_ability(sheet, skill)
    if ability is None or ability not in sheet.abilities:
        return None
    return specialty_score(sheet.abilities[ability], skill.rank, skill.base_step)


def broad_figure(sheet: AlternitySheet, skill: BroadSkill) -> SkillScore | None:
    score = sheet.abilities.get(skill.ability)
    return None if score is None else broad_score(score)


@dataclass(frozen=True)
class WeaponSkill(SkillScore):
    """A weapon's skill score with the ability behind it (what the hero's load moves)."""

    ability: Ability | None = None


def weapon_skill(sheet: AlternitySheet, weapon: Weapon) -> WeaponSkill | None:
    """The score a weapon attacks with: its specialty ("Melee Weapons-blade" or "blade"),
    else its broad skill (named alone, or before the dash of a specialty the hero lacks:
    then rolled with +d4); None when the sheet has neither."""
    text = " ".join(weapon.skill.split()).casefold()
    if not text:
        return None
    for skill in sheet.specialty_skills:
        full = f"{skill.broad}-{skill.name}".casefold()
        if text in (full, skill.name.casefold(), f"{skill.broad} {skill.name}".casefold()):
            return _with_ability(specialty_figure(sheet, skill), specialty_ability(sheet, skill))
    broad = broad_skill(sheet, weapon.skill) or broad_skill(sheet, weapon.skill.partition("-")[0])
    if broad is not None:
        return _with_ability(broad_figure(sheet, broad), broad.ability)
    return None


def _with_ability(score: SkillScore | None, ability: Ability | None) -> WeaponSkill | None:
    return None if score is None else WeaponSkill(score.score, score.step, ability)
