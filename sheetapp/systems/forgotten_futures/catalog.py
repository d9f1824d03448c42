"""The skill list, and the weapons and armour a player may copy onto the record.

Numbers and codes follow the rules synopsis; the short descriptions are our own wording.
A referee may allow other skills: a sheet may hold any name with any base, and the rules
only remark on it.
"""

from __future__ import annotations

from dataclasses import dataclass

from sheetapp.systems.forgotten_futures.bases import Base
from sheetapp.systems.forgotten_futures.model import Armour, Weapon


@dataclass(frozen=True)
class SkillInfo:
    name: str
    base: Base
    about: str
    free: bool = False  # held at base value without spending points
    learnable_in_play: bool = True


SKILLS: tuple[SkillInfo, ...] = (
    SkillInfo("Actor", "AvM&S", "performing on any stage"),
    SkillInfo("Artist", "AvM&S", "any art or craft of making pictures and objects"),
    SkillInfo("Athlete", "B", "trained running, swimming, climbing and sport"),
    SkillInfo("Babbage Engine", "M", "calculating engines, automata and their kin"),
    SkillInfo("Brawling", "B", "fists, grappling and whatever comes to hand", free=True),
    SkillInfo("Business", "M", "money, organisation, people and politics"),
    SkillInfo("Detective", "AvM&S", "spotting the small detail others miss"),
    SkillInfo(
        "Doctor",
        "M/2",
        "medicine and surgery, with a licence; not learned in play unless years pass",
        learnable_in_play=False,
    ),
    SkillInfo("Driving", "AvB&M", "anything that runs on the ground"),
    SkillInfo("First Aid", "M", "stopping a wound from growing worse"),
    SkillInfo("Linguist", "M", "learning languages; starts with half the rating (round up)"),
    SkillInfo("Marksman", "M", "guns, bows and thrown weapons aimed by hand"),
    SkillInfo("Martial Arts", "AvB&S/2", "oriental and other fighting arts; several attacks"),
    SkillInfo("Mechanic", "M", "engineering, repair and machine work"),
    SkillInfo("Medium", "S/2", "true contact with the spirit world, where it exists"),
    SkillInfo("Melee Weapon", "AvB&M", "swords, clubs, knives and other hand weapons"),
    SkillInfo("Military Arms", "M", "field guns, mortars and explosives"),
    SkillInfo("Morse Code", "M", "telegraphy and its equipment"),
    SkillInfo("Pilot", "AvB&M/2", "airships, aircraft, submersibles and other hard craft"),
    SkillInfo("Psychology", "AvM&S", "reading people, calming them, catching lies"),
    SkillInfo("Riding", "AvB&S", "riding and training animals"),
    SkillInfo("Scientist", "M", "every science at once"),
    SkillInfo("Stealth", "B/2", "hiding, sneaking and camouflage", free=True),
    SkillInfo("Thief", "AvB&M/2", "pockets, locks and forgery"),
)

_BY_NAME = {s.name.casefold(): s for s in SKILLS}


def skill_info(name: str) -> SkillInfo | None:
    """The listed skill of this name (any case), or None for one the referee allowed."""
    return _BY_NAME.get(name.strip().casefold())


@dataclass(frozen=True)
class WeaponInfo:
    name: str
    multiple: bool
    effect: str
    a: str
    b: str
    c: str
    notes: str = ""
    skill: str = ""  # the skill that usually makes the attack roll


SHOT = "Marksman"
ARTS = "Martial Arts"
MILITARY = "Military Arms"
NO_PULL = "no pulled punches"
AUTOMATIC = "-2 Effect on more than one target; no pulled punches"
AREA = "-1D6 Effect per radius further out; no pulled punches"

WEAPONS: tuple[WeaponInfo, ...] = (
    WeaponInfo("Fist", False, "BODY", "B", "B", "KO", skill="Brawling"),
    WeaponInfo("Kick", False, "BODY", "B", "B", "F", skill="Brawling"),
    WeaponInfo("Wrestling", False, "BODY", "B", "KO", "KO/I", skill="Brawling"),
    WeaponInfo("Club", True, "BODY+1", "B", "F", "KO/K", "2 targets within 5 ft", "Melee Weapon"),
    WeaponInfo("Spear", False, "Melee", "F", "I", "C/K", skill="Melee Weapon"),
    WeaponInfo("Axe", False, "BODY+2", "F", "I", "C/K", skill="Melee Weapon"),
    WeaponInfo("Sword", True, "Melee+1", "F", "I", "C/K", "2 targets within 5 ft", "Melee Weapon"),
    WeaponInfo("Dagger", False, "Melee+1", "F", "I", "I/K", skill="Melee Weapon"),
    WeaponInfo("Whip", False, "Melee/2", "B", "B", "F", skill="Melee Weapon"),
    WeaponInfo("Chair", False, "Brawl", "B", "F", "I/KO", skill="Brawling"),
    WeaponInfo("Broken bottle", False, "Brawl+1", "F", "F", "I", skill="Brawling"),
    WeaponInfo("Staff", True, "Melee+2", "F", "I", "KO/C", "3 targets within 5 ft", "Melee Weapon"),
    WeaponInfo(
        "Nunchuks", True, "M. Arts", "B", "F", "KO/K", "Martial Arts only; 2 targets", ARTS
    ),
    WeaponInfo("Thrown spear", False, "Melee", "F", "I", "C/K", skill="Marksman"),
    WeaponInfo("Thrown axe", False, "BODY+1", "F", "I", "C/K", skill="Marksman"),
    WeaponInfo("Thrown dagger", False, "Melee", "F", "I", "I", skill="Marksman"),
    WeaponInfo("Thrown shuriken", True, "M. Arts", "B", "F", "F", "3 targets", "Martial Arts"),
    WeaponInfo("Thrown boomerang", False, "Marksman", "B", "F", "KO/I", skill="Marksman"),
    WeaponInfo("Thrown cricket ball", False, "Marksman", "B", "F", "KO/I", skill="Marksman"),
    WeaponInfo("Longbow", False, "BODY+1", "F", "I", "C/K", skill="Marksman"),
    WeaponInfo("Crossbow", False, "7", "F", "I", "C/K", skill="Marksman"),
    WeaponInfo("Small handgun", True, "4", "F", "F", "I/C", "2 shots", "Marksman"),
    WeaponInfo("Big handgun", True, "6", "F", "I", "C/K", "2 shots", "Marksman"),
    WeaponInfo("Huge handgun", True, "8", "I", "I", "C/K", "2 shots", "Marksman"),
    WeaponInfo("Small rifle", False, "5", "F", "F", "I/C", skill="Marksman"),
    WeaponInfo("Big rifle", False, "7", "F", "I", "C/K", skill="Marksman"),
    WeaponInfo("Huge rifle", False, "9", "I", "C", "K", skill="Marksman"),
    WeaponInfo("Small shotgun", True, "4", "F", "I", "I", "one barrel; no pulled punches", SHOT),
    WeaponInfo("Small shotgun, both barrels", False, "8", "I", "I", "C", NO_PULL, SHOT),
    WeaponInfo("Large shotgun", True, "7", "F", "I", "C/K", "one barrel; no pulled punches", SHOT),
    WeaponInfo("Large shotgun, both barrels", False, "14", "I", "C", "K", NO_PULL, SHOT),
    WeaponInfo("Machine pistol", True, "7", "F", "I", "C/K", AUTOMATIC, "Marksman"),
    WeaponInfo("Submachine gun", True, "9", "F", "I", "C/K", AUTOMATIC, "Marksman"),
    WeaponInfo("Machine gun", True, "11", "F", "I", "C/K", AUTOMATIC, "Military Arms"),
    WeaponInfo("Harpoon", False, "15", "I", "C", "C/K", "non-explosive", "Marksman"),
    WeaponInfo("Explosive harpoon", False, "25", "C", "C", "K", skill="Marksman"),
    WeaponInfo("Stun grenade", True, "8", "B", "KO", "I+KO", "6 ft radius; " + AREA, MILITARY),
    WeaponInfo("Hand grenade", True, "10", "F", "I", "C/K", "10 ft radius; " + AREA, MILITARY),
    WeaponInfo(
        "Dynamite", True, "10", "F", "I", "C/K", "10 ft radius; +2 Effect a stick; " + AREA,
        MILITARY,
    ),
)


@dataclass(frozen=True)
class ArmourInfo:
    name: str
    reduction: int  # taken off the Effect of the attacks it stops
    against: str
    covers: str


ARMOUR: tuple[ArmourInfo, ...] = (
    ArmourInfo("Bulletproof vest", 4, "projectiles and blades", "torso"),
    ArmourInfo("Kevlar body armour", 6, "projectiles and blades", "torso"),
    ArmourInfo("Plate mail", 4, "melee weapons", "body, arms, legs"),
    ArmourInfo("Motorbike leathers", 2, "impact weapons", "torso, arms, legs"),
    ArmourInfo("Steel helmet", 3, "all attacks", "head"),
    ArmourInfo("Crash helmet", 2, "impacts", "head"),
)


def weapon_line(info: WeaponInfo) -> Weapon:
    """A weapon of the list as a line of the record, to edit from there."""
    return Weapon(
        name=info.name,
        multiple=info.multiple,
        effect=info.effect,
        a=info.a,
        b=info.b,
        c=info.c,
        notes=info.notes,
    )


def armour_line(info: ArmourInfo) -> Armour:
    """Armour of the list as a line of the record."""
    return Armour(
        name=info.name, reduction=info.reduction, against=info.against, covers=info.covers
    )
