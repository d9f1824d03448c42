"""New sheets: blank with the text's defaults, or a random character from a stock concept.

Everything random goes through an injected Roller, so a seed reproduces a character. A
random character is always valid: thresholds rise, powers stay on the printed scale,
every weapon and tool names one of the character's skills.
"""

from __future__ import annotations

from sheetapp.dice import Roller
from sheetapp.systems.amplitude.archetypes import (
    ARCHETYPES,
    FAMILY_NAMES,
    GIVEN_NAMES,
    Archetype,
)
from sheetapp.systems.amplitude.model import AmplitudeSheet, Skill, Thresholds, Tool, Weapon
from sheetapp.systems.draws import pick

NPC_SKILLS = 2  # a non-player character keeps its concept's first skills only


def blank_sheet(*, npc: bool = False) -> AmplitudeSheet:
    """An empty sheet: default thresholds 1 / 4 / 8, unwounded, counters at 0."""
    return AmplitudeSheet(npc=npc)


def random_name(roller: Roller) -> str:
    return f"{pick(roller, GIVEN_NAMES)} {pick(roller, FAMILY_NAMES)}"


def random_sheet(
    roller: Roller, *, npc: bool = False, archetype: Archetype | None = None
) -> AmplitudeSheet:
    """A character from ``archetype`` (else one of the stock concepts at random)."""
    archetype = archetype or pick(roller, ARCHETYPES)
    skill_names = archetype.skills[:NPC_SKILLS] if npc else archetype.skills
    # The concept's own skill is its best: +2 to +4; the rest +0 to +3.
    skills = [
        Skill(name=name, ob=roller.die(3) + 1 if i == 0 else roller.die(4) - 1)
        for i, name in enumerate(skill_names)
    ]
    known = set(skill_names)
    weapons = [
        Weapon(name=name, power=power, skill=skill)
        for name, power, skill in archetype.weapons
        if skill in known
    ]
    tools = [
        Tool(name=name, quality=quality, skill=skill)
        for name, quality, skill in archetype.tools
        if skill in known
    ]
    tough = roller.die(3) == 3  # one in three is a little harder to wound
    thresholds = Thresholds(minor=2, moderate=5, major=9) if tough else Thresholds()
    return AmplitudeSheet(
        name=random_name(roller),
        concept=archetype.concept,
        npc=npc,
        defensive_bonus=roller.die(4) - 1,
        skills=skills,
        weapons=weapons,
        tools=tools,
        thresholds=thresholds,
        momentum=0 if npc else roller.die(3),
    )
