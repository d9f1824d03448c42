"""New heroes: a blank sheet to fill in, or a complete hero made at random.

A random hero spends the creation budget in force on the six abilities, takes the broad
skills every hero starts with plus a few more, some specialties at ranks 1 to 3, a weapon
it knows how to use, armour and some gear. The gear is sheetapp's own sample kit, not a
list from any book. Every choice goes through the injected Roller, so a seed repeats a hero.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from sheetapp.dice import Roller
from sheetapp.systems.alternity.catalog import (
    LINKED,
    SPECIALTIES,
    broad_skill_names,
    default_ability,
)
from sheetapp.systems.alternity.model import (
    AlternitySheet,
    Armour,
    BroadSkill,
    Equipment,
    Settings,
    SpecialtySkill,
    Weapon,
)
from sheetapp.systems.alternity.names import PROFESSIONS, Ability
from sheetapp.systems.alternity.scores import last_resort_maximum

T = TypeVar("T")

# Every hero starts with these broad skills.
STARTING_BROAD = ("Athletics", "Vehicle Operation", "Stamina", "Knowledge", "Awareness")
EXTRA_BROAD = 3
SPECIALTY_COUNT = 5

# (name, skill, damage, kind, range, kg): sheetapp's sample weapons.
SAMPLE_WEAPONS = (
    ("Service pistol", "Modern Ranged Weapons-pistol", "d4+1w/d6+1w/d4m", "HI/O", "10/20/40", 1.0),
    ("Carbine", "Modern Ranged Weapons-rifle", "d4+2w/d6+2w/d4+1m", "HI/O", "30/60/150", 3.5),
    ("Combat knife", "Melee Weapons-blade", "d4w/d4+1w/d4+2w", "LI/O", "personal", 0.5),
    ("Shock baton", "Melee Weapons-bludgeon", "d6s/d8s/d4w", "LI/O", "personal", 1.0),
    ("Crossbow", "Primitive Ranged Weapons-crossbow", "d4w/d6w/d4m", "LI/O", "20/40/80", 3.0),
)
# (name, low impact, high impact, energy, kg)
SAMPLE_ARMOUR = (
    ("Padded jacket", "d4-1", "d4-2", "d4-2", 2.0),
    ("Armoured vest", "d6-2", "d6-3", "d4-2", 4.0),
    ("Ceramic plate suit", "d6", "d6-1", "d6-2", 9.0),
)
# (name, kg, quantity)
SAMPLE_GEAR = (
    ("Backpack", 1.5, 1),
    ("Rations, one day", 0.5, 3),
    ("Medical kit", 1.0, 1),
    ("Hand light", 0.3, 1),
    ("Rope, 20 m", 2.5, 1),
    ("Comm unit", 0.2, 1),
    ("Tool kit", 3.0, 1),
    ("Canteen", 1.0, 1),
)
CAREERS = ("Pilot", "Bounty hunter", "Medic", "Engineer", "Investigator", "Trader", "Soldier")
FIRST = ("Ada", "Bren", "Cass", "Dario", "Esme", "Falk", "Gwen", "Hiro", "Ines", "Jax", "Kira")
FIRST += ("Lior", "Mara", "Nico", "Orla", "Pell", "Quinn", "Rhea", "Soren", "Tova", "Vik")
FAMILY = ("Adair", "Brask", "Corvel", "Dray", "Ekwe", "Farrow", "Halden", "Imari", "Kestrel")
FAMILY += ("Lund", "Morrow", "Nakai", "Okafor", "Pryce", "Renn", "Sato", "Thorne", "Vasquez")


def _pick(roller: Roller, items: Sequence[T]) -> T:
    return items[roller.die(len(items)) - 1]


def _sample(roller: Roller, items: Sequence[T], count: int) -> list[T]:
    pool = list(items)
    return [pool.pop(roller.die(len(pool)) - 1) for _ in range(min(count, len(pool)))]


def blank_sheet(*, npc: bool = False) -> AlternitySheet:
    return AlternitySheet(npc=npc, species="Human")


def random_abilities(roller: Roller, settings: Settings) -> dict[Ability, int]:
    """The budget spread over the six abilities, one point at a time, within the range.

    Raises ValueError when the range cannot hold the budget.
    """
    low, high, budget = settings.ability_min, settings.ability_max, settings.ability_points
    count = len(Ability)
    if not (low <= high and count * low <= budget <= count * high):
        raise ValueError(f"{budget} points cannot be spread over six abilities of {low} to {high}")
    scores = dict.fromkeys(Ability, low)
    for _ in range(budget - count * low):
        room = [a for a in Ability if scores[a] < high]
        scores[_pick(roller, room)] += 1
    return scores


def random_skills(
    roller: Roller, weapon_skill: str
) -> tuple[list[BroadSkill], list[SpecialtySkill]]:
    """The starting broad skills, a few more, the weapon's skill, and some specialties."""
    weapon_broad, _, weapon_specialty = weapon_skill.partition("-")
    others = [n for n in broad_skill_names() if n not in STARTING_BROAD and n != "Psionic Skills"]
    names = [*STARTING_BROAD, *_sample(roller, others, EXTRA_BROAD)]
    if weapon_broad not in names:
        names.append(weapon_broad)
    broad = []
    for name in names:
        ability = _pick(roller, LINKED[name]) if name in LINKED else default_ability(name)
        broad.append(BroadSkill(name=name, ability=ability or Ability.STRENGTH))
    choices = [(b, s) for b in names for s in SPECIALTIES.get(b, ()) if s != weapon_specialty]
    chosen = [(weapon_broad, weapon_specialty), *_sample(roller, choices, SPECIALTY_COUNT - 1)]
    specialties = [SpecialtySkill(broad=b, name=s, rank=roller.die(3)) for b, s in chosen]
    return broad, specialties


def random_sheet(roller: Roller, *, npc: bool = False) -> AlternitySheet:
    sheet = blank_sheet(npc=npc)
    sheet.name = f"{_pick(roller, FIRST)} {_pick(roller, FAMILY)}"
    sheet.profession = _pick(roller, PROFESSIONS[:4])  # Mindwalkers need psionics
    sheet.career = _pick(roller, CAREERS)
    sheet.abilities = random_abilities(roller, sheet.settings)
    name, skill, damage, kind, reach, kg = _pick(roller, SAMPLE_WEAPONS)
    sheet.weapons = [
        Weapon(name=name, skill=skill, damage=damage, kind=kind, range=reach, weight_kg=kg)
    ]
    sheet.broad_skills, sheet.specialty_skills = random_skills(roller, skill)
    armour, li, hi, en, kg = _pick(roller, SAMPLE_ARMOUR)
    sheet.armour = [Armour(name=armour, li=li, hi=hi, en=en, weight_kg=kg)]
    sheet.equipment = [
        Equipment(name=n, weight_kg=w, quantity=q) for n, w, q in _sample(roller, SAMPLE_GEAR, 4)
    ]
    sheet.last_resorts = last_resort_maximum(sheet.abilities[Ability.PERSONALITY])
    return sheet
