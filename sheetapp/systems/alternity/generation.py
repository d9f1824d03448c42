"""New heroes: a blank sheet to fill in, or a complete hero made at random.

A random hero spends the creation budget in force on the six abilities, takes the broad
skills every hero starts with plus a few more, some specialties at ranks 1 to 3, a weapon
it knows how to use, armour and some gear. The gear is sheetapp's own sample kit, not a
list from any book. Every choice goes through the injected Roller, so a seed repeats a hero.
Movement comes from the game master's species table (``species``) when it gives the hero's
species rates; otherwise it stays empty, as the excerpt gives none to invent from.
"""

from __future__ import annotations

from collections.abc import Mapping

from sheetapp.dice import Roller
from sheetapp.systems.alternity.catalog import (
    LINKED,
    SPECIALTIES,
    broad_skill_names,
    default_ability,
)
from sheetapp.systems.alternity.derived import sheet_encumbrance
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
from sheetapp.systems.alternity.species import SpeciesTable, species_table
from sheetapp.systems.draws import distinct, pick

GENERATED_PROFESSIONS = PROFESSIONS[:4]  # Mindwalkers need psionics the generator does not make

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


def blank_sheet(*, npc: bool = False) -> AlternitySheet:
    return AlternitySheet(npc=npc, species="Human")


def random_abilities(
    roller: Roller, settings: Settings, ranges: Mapping[Ability, tuple[int, int]] | None = None
) -> dict[Ability, int]:
    """The budget spread over the six abilities, one point at a time, each within its range
    (``ranges``, else the sheet's lowest to highest).

    Raises ValueError when the ranges cannot hold the budget.
    """
    low, high, budget = settings.ability_min, settings.ability_max, settings.ability_points
    bounds = {a: (ranges or {}).get(a, (low, high)) for a in Ability}
    if not (
        all(lo <= hi for lo, hi in bounds.values())
        and sum(lo for lo, _ in bounds.values()) <= budget <= sum(hi for _, hi in bounds.values())
    ):
        raise ValueError(f"{budget} points cannot be spread over six abilities of {low} to {high}")
    scores = {a: lo for a, (lo, _) in bounds.items()}
    for _ in range(budget - sum(scores.values())):
        room = [a for a in Ability if scores[a] < bounds[a][1]]
        scores[pick(roller, room)] += 1
    return scores


def fitting_settings(ranges: Mapping[Ability, tuple[int, int]]) -> Settings:
    """The sheet's house rules widened just enough for ``ranges``: the lowest and highest
    score allowed cover them, and the budget is the usual one brought within what they
    can hold (a weak or a mighty NPC is then valid as it stands)."""
    usual = Settings()
    low = min([usual.ability_min, *(lo for lo, _ in ranges.values())])
    high = max([usual.ability_max, *(hi for _, hi in ranges.values())])
    bounds = [ranges.get(a, (usual.ability_min, usual.ability_max)) for a in Ability]
    least, most = sum(lo for lo, _ in bounds), sum(hi for _, hi in bounds)
    budget = min(max(usual.ability_points, least), most)
    return Settings(ability_min=low, ability_max=high, ability_points=budget)


def random_skills(
    roller: Roller, weapon_skill: str
) -> tuple[list[BroadSkill], list[SpecialtySkill]]:
    """The starting broad skills, a few more, the weapon's skill, and some specialties."""
    weapon_broad, _, weapon_specialty = weapon_skill.partition("-")
    others = [n for n in broad_skill_names() if n not in STARTING_BROAD and n != "Psionic Skills"]
    names = [*STARTING_BROAD, *distinct(roller, others, EXTRA_BROAD)]
    if weapon_broad not in names:
        names.append(weapon_broad)
    broad = []
    for name in names:
        ability = pick(roller, LINKED[name]) if name in LINKED else default_ability(name)
        broad.append(BroadSkill(name=name, ability=ability or Ability.STRENGTH))
    choices = [(b, s) for b in names for s in SPECIALTIES.get(b, ()) if s != weapon_specialty]
    chosen = [(weapon_broad, weapon_specialty), *distinct(roller, choices, SPECIALTY_COUNT - 1)]
    specialties = [SpecialtySkill(broad=b, name=s, rank=roller.die(3)) for b, s in chosen]
    return broad, specialties


def random_name(roller: Roller) -> str:
    return f"{pick(roller, FIRST)} {pick(roller, FAMILY)}"


def random_sheet(
    roller: Roller,
    *,
    npc: bool = False,
    profession: str | None = None,
    ranges: Mapping[Ability, tuple[int, int]] | None = None,
    species: SpeciesTable | None = None,
) -> AlternitySheet:
    """A complete hero: of ``profession`` (else one the generator makes, at random), with
    each ability of ``ranges`` within its range and the house rules widened to fit, moving
    at the rates ``species`` (else the game master's table) gives the hero's species."""
    sheet = blank_sheet(npc=npc)
    known = (species or species_table()).find(sheet.species)
    if known is not None:
        sheet.movement = known.movement.model_copy()
    sheet.name = random_name(roller)
    sheet.profession = profession or pick(roller, GENERATED_PROFESSIONS)
    sheet.career = pick(roller, CAREERS)
    if ranges:
        sheet.settings = fitting_settings(ranges)
    sheet.abilities = random_abilities(roller, sheet.settings, ranges)
    name, skill, damage, kind, reach, kg = pick(roller, SAMPLE_WEAPONS)
    sheet.weapons = [
        Weapon(name=name, skill=skill, damage=damage, kind=kind, range=reach, weight_kg=kg)
    ]
    sheet.broad_skills, sheet.specialty_skills = random_skills(roller, skill)
    armour, li, hi, en, kg = pick(roller, SAMPLE_ARMOUR)
    sheet.armour = [Armour(name=armour, li=li, hi=hi, en=en, weight_kg=kg)]
    sheet.equipment = [
        Equipment(name=n, weight_kg=w, quantity=q) for n, w, q in distinct(roller, SAMPLE_GEAR, 4)
    ]
    sheet.last_resorts = last_resort_maximum(sheet.abilities[Ability.PERSONALITY])
    _lighten(sheet)
    return sheet


def _lighten(sheet: AlternitySheet) -> None:
    """Leave gear behind, then the armour, then the weapon, until a weak hero can move."""
    for kit in (sheet.equipment, sheet.armour, sheet.weapons):
        while kit and _overloaded(sheet):
            kit.pop()


def _overloaded(sheet: AlternitySheet) -> bool:
    state = sheet_encumbrance(sheet)
    return state is not None and state.overloaded
