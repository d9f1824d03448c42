"""A record built from the choices a player makes with the character points.

The creation wizard and the tests both go through :func:`sheet_from_choices`, so the wizard's
pages show the record the rules check, and a test can build the same record from the same
choices without a window. Skills come from the rules' skill list, each with its listed base:
Brawling, Stealth and any skill the referee makes free are on the record even without
points; any other skill is on it once it has points.

>>> record = sheet_from_choices(FFChoices(skill_points={"Actor": 2}))
>>> [(s.name, s.base, s.points) for s in record.skills]
[('Actor', 'AvM&S', 2), ('Brawling', 'B', 0), ('Stealth', 'B/2', 0)]
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sheetapp.i18n import _
from sheetapp.systems.forgotten_futures.catalog import SKILLS
from sheetapp.systems.forgotten_futures.model import ForgottenFuturesSheet, Settings, Skill
from sheetapp.systems.forgotten_futures.names import (
    DEFAULT_CHARACTER_POINTS,
    FREE_SKILLS,
    Characteristic,
)


@dataclass
class FFChoices:
    """What a player has chosen so far; skills are named as in the skill list."""

    name: str = ""
    player: str = ""
    profession: str = ""
    sex: str = ""
    age: str = ""
    character_points: int = DEFAULT_CHARACTER_POINTS
    allow_seven: bool = False  # the referee's leave for a characteristic of 7
    characteristics: dict[Characteristic, int] = field(default_factory=dict)
    free_skills: list[str] = field(default_factory=list)  # the referee's, besides the two
    skill_points: dict[str, int] = field(default_factory=dict)  # skill -> character points
    native_language: str = ""
    languages: list[str] = field(default_factory=list)  # a Linguist's other languages


def free_for_all(choices: FFChoices) -> set[str]:
    """The skills every character holds at base value: the two the rules give and the
    referee's (names as in the skill list)."""
    return {*FREE_SKILLS, *choices.free_skills}


def sheet_from_choices(choices: FFChoices) -> ForgottenFuturesSheet:
    """The record as chosen so far, its skills in the skill list's order."""
    listed = {s.name for s in SKILLS}
    unknown = sorted({*choices.skill_points, *choices.free_skills} - listed)
    if unknown:
        raise ValueError(_("not in the skill list: {join}").format(join=', '.join(unknown)))
    free = free_for_all(choices)
    skills = [
        Skill(name=s.name, base=s.base, points=choices.skill_points.get(s.name, 0))
        for s in SKILLS
        if s.name in free or choices.skill_points.get(s.name, 0) > 0
    ]
    return ForgottenFuturesSheet(
        name=choices.name,
        player=choices.player,
        profession=choices.profession,
        sex=choices.sex,
        age=choices.age,
        settings=Settings(
            character_points=choices.character_points,
            allow_seven=choices.allow_seven,
            free_skills=[s.name for s in SKILLS if s.name in choices.free_skills],
        ),
        characteristics={
            c: choices.characteristics[c] for c in Characteristic if c in choices.characteristics
        },
        skills=skills,
        native_language=choices.native_language,
        languages=[lang.strip() for lang in choices.languages if lang.strip()],
    )
