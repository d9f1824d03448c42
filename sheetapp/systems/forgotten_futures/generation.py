"""Making records: a blank one to fill in, or a complete character at random.

A random character is made the way a player would: a profession, characteristics bought
within the points, the profession's skills with one to three points each, a few points
saved as bonus, weapons the character can use, and languages for a Linguist. Everything
random goes through an injected Roller, so a seed reproduces a character.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from sheetapp.dice import Roller
from sheetapp.systems.draws import distinct, pick
from sheetapp.systems.forgotten_futures.catalog import (
    ARMOUR,
    WEAPONS,
    armour_line,
    skill_info,
    weapon_line,
)
from sheetapp.systems.forgotten_futures.model import ForgottenFuturesSheet, Skill, Weapon
from sheetapp.systems.forgotten_futures.names import (
    CHARACTERISTIC_COST,
    CREATION_POINTS_PER_SKILL,
    DEFAULT_CHARACTER_POINTS,
    FREE_SKILLS,
    REFEREE_ONLY,
    Characteristic,
)
from sheetapp.systems.forgotten_futures.ratings import scores, start_value


@dataclass(frozen=True)
class Profession:
    name: str
    skills: tuple[str, ...]  # in the order points go to them
    weapons: tuple[str, ...]
    kit: str
    armour: str = ""


PROFESSIONS: tuple[Profession, ...] = (
    Profession(
        "Consulting detective",
        ("Detective", "Psychology", "Marksman", "Thief"),
        ("Small handgun",),
        "magnifying lens, notebook, dark lantern",
    ),
    Profession(
        "Aeronaut",
        ("Pilot", "Mechanic", "Morse Code", "Marksman"),
        ("Big handgun",),
        "flying coat, goggles, aneroid barometer",
    ),
    Profession(
        "Army surgeon",
        ("Doctor", "First Aid", "Riding", "Marksman"),
        ("Big handgun",),
        "medical bag, field dressings, laudanum",
    ),
    Profession(
        "Engineer",
        ("Mechanic", "Scientist", "Babbage Engine", "Driving"),
        ("Club",),
        "tool roll, slide rule, oil can",
    ),
    Profession(
        "Journalist",
        ("Linguist", "Detective", "Psychology", "Business"),
        ("Small handgun",),
        "notebook, pencils, press card, camera",
    ),
    Profession(
        "Officer of Marines",
        ("Marksman", "Military Arms", "Melee Weapon", "Riding"),
        ("Sword", "Big rifle"),
        "field glasses, compass, dress uniform",
        armour="Steel helmet",
    ),
    Profession(
        "Music-hall artiste",
        ("Actor", "Artist", "Athlete", "Psychology"),
        ("Dagger",),
        "costume trunk, greasepaint, sheet music",
    ),
    Profession(
        "Spiritualist",
        ("Medium", "Psychology", "Actor", "Artist"),
        (),
        "planchette, candles, a trumpet for seances",
    ),
    Profession(
        "Gentleman cracksman",
        ("Thief", "Athlete", "Actor", "Melee Weapon"),
        ("Dagger",),
        "lock picks, rope ladder, evening dress",
    ),
    Profession(
        "Explorer",
        ("Athlete", "Riding", "Linguist", "Marksman"),
        ("Big rifle", "Dagger"),
        "tent, sextant, quinine, pith helmet",
    ),
    Profession(
        "Natural philosopher",
        ("Scientist", "Babbage Engine", "Linguist", "Mechanic"),
        (),
        "laboratory notebooks, spectroscope, galvanic battery",
    ),
    Profession(
        "Financier",
        ("Business", "Psychology", "Linguist", "Driving"),
        ("Small handgun",),
        "cheque book, motor car, club membership",
    ),
)

_FIRST_NAMES = {
    "Male": ("Algernon", "Bertram", "Cuthbert", "Edmund", "Horace", "Jasper", "Percival", "Silas"),
    "Female": (
        "Adelaide",
        "Beatrice",
        "Constance",
        "Edith",
        "Harriet",
        "Lavinia",
        "Mabel",
        "Ottoline",
    ),
}
_TITLES = {
    "Male": ("Mr", "Dr", "Professor", "Captain", "Sir", "Colonel", "Lord"),
    "Female": ("Miss", "Mrs", "Dr", "Professor", "Lady", "Dame"),
}
_SURNAMES = (
    "Ashcombe", "Blackwood", "Carstairs", "Fenwick", "Grimsby", "Hartley", "Lockhart",
    "Merriweather", "Pemberton", "Quatermain-Smythe", "Rowntree", "Thistlewood", "Vane",
)  # fmt: skip
_LANGUAGES = (
    "French", "German", "Italian", "Latin", "Greek", "Russian", "Arabic", "Hindustani",
    "Mandarin", "Spanish", "Swahili", "Japanese",
)  # fmt: skip
# Characteristic values as a player picks them: mostly average, sometimes better.
_VALUES = (2, 3, 3, 4, 4, 4, 5, 5, 6)
_MOST_ON_CHARACTERISTICS = 14  # leave at least 7 points for skills


def _free_skills() -> list[Skill]:
    out = []
    for name in FREE_SKILLS:
        info = skill_info(name)
        if info is not None:
            out.append(Skill(name=info.name, base=info.base, points=0))
    return out


def blank_sheet(*, npc: bool = False) -> ForgottenFuturesSheet:
    """An empty record with the two skills every character has."""
    return ForgottenFuturesSheet(npc=npc, skills=_free_skills())


def random_name(roller: Roller, sex: str) -> str:
    """A name with a title, as the stories give them (any title for a sex we have none for)."""
    if sex not in _TITLES:
        sex = pick(roller, ("Male", "Female"))
    return (
        f"{pick(roller, _TITLES[sex])} {pick(roller, _FIRST_NAMES[sex])} {pick(roller, _SURNAMES)}"
    )


def random_sheet(
    roller: Roller,
    *,
    npc: bool = False,
    profession: Profession | None = None,
    ranges: Mapping[Characteristic, tuple[int, int]] | None = None,
) -> ForgottenFuturesSheet:
    """A complete character, valid by the rules, with 21 points: of ``profession`` (else one
    at random) and with each characteristic in ``ranges`` within its range (1 to 7). Ranges
    that cost more than the usual share of the points raise the character points by as
    much, so the skills keep theirs; a 7 comes with the referee's leave ticked."""
    profession = profession or pick(roller, PROFESSIONS)
    sex = pick(roller, ("Male", "Female"))
    name = random_name(roller, sex)
    characteristics = _characteristics(roller, ranges or {})
    spent = sum(CHARACTERISTIC_COST[v] for v in characteristics.values())
    allowed = DEFAULT_CHARACTER_POINTS + max(spent - _MOST_ON_CHARACTERISTICS, 0)
    budget = allowed - spent
    saved = roller.die(4) - 1  # 0..3 points kept back as bonus
    skills = _free_skills()
    for skill_name in profession.skills:
        room = budget - saved
        if room <= 0:
            break
        info = skill_info(skill_name)
        if info is None:
            continue
        points = min(roller.die(CREATION_POINTS_PER_SKILL), room)
        skills.append(Skill(name=info.name, base=info.base, points=points))
        budget -= points
    # what is left beyond the savings goes on Brawling, then Stealth, then the first skills
    for skill in skills:
        extra = min(budget - saved, CREATION_POINTS_PER_SKILL - skill.points)
        if extra > 0:
            skill.points += extra
            budget -= extra
    sheet = ForgottenFuturesSheet(
        name=name,
        profession=profession.name,
        sex=sex,
        age=str(20 + roller.die(6) + roller.die(6) + 3 * roller.die(6)),
        npc=npc,
        characteristics=characteristics,
        skills=skills,
        native_language="English",
        equipment=profession.kit,
    )
    if allowed != DEFAULT_CHARACTER_POINTS:
        sheet.settings.character_points = allowed
    if REFEREE_ONLY in characteristics.values():
        sheet.settings.allow_seven = True
    sheet.weapons = _weapons(profession, {s.name for s in skills})
    sheet.armour = [armour_line(a) for a in ARMOUR if a.name == profession.armour]
    linguist = next((s for s in skills if s.name == "Linguist"), None)
    start = start_value(linguist, scores(sheet)) if linguist is not None else None
    if start is not None:
        sheet.languages = distinct(roller, _LANGUAGES, math.ceil(start / 2))
    return sheet


def _characteristics(
    roller: Roller, ranges: Mapping[Characteristic, tuple[int, int]]
) -> dict[Characteristic, int]:
    """Values as a player picks them within the usual share of the points; with ranges
    asked, those evenly within their range and the rest as usual, whatever they cost (the
    character points then grow to pay for them)."""
    if ranges:
        return {
            c: pick(roller, range(ranges[c][0], ranges[c][1] + 1))
            if c in ranges
            else pick(roller, _VALUES)
            for c in Characteristic
        }
    while True:
        picked = {c: pick(roller, _VALUES) for c in Characteristic}
        if sum(CHARACTERISTIC_COST[v] for v in picked.values()) <= _MOST_ON_CHARACTERISTICS:
            return picked


def _weapons(profession: Profession, skills: set[str]) -> list[Weapon]:
    wanted = ["Fist", *profession.weapons]
    return [
        weapon_line(info)
        for info in WEAPONS
        if info.name in wanted and (not info.skill or info.skill in skills)
    ]
