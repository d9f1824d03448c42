"""A new character from a player's choices: what the guided creation builds.

The text has no character creation: it fixes how OB, DB, weapon power, tool quality and the
resilience thresholds are used in play, and leaves every number a character starts with to
the GM. So the choices are plain values and the builder only turns them into a sheet that
starts play unwounded with no misfortune owed; ``rules.check`` says what the text fixes.
The wizard and the tests both call :func:`build_character`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sheetapp.systems.amplitude.model import AmplitudeSheet, Skill, Thresholds, Tool, Weapon
from sheetapp.systems.amplitude.names import DEFAULT_THRESHOLDS


@dataclass
class CharacterChoices:
    """Everything a player decides for a new character, in the order the wizard asks: every
    field of the sheet but the play state it starts without (wounds, misfortune)."""

    name: str = ""
    player: str = ""
    concept: str = ""
    npc: bool = False
    skills: list[Skill] = field(default_factory=list)
    defensive_bonus: int = 0
    defence_notes: str = ""
    weapons: list[Weapon] = field(default_factory=list)
    tools: list[Tool] = field(default_factory=list)
    thresholds: tuple[int, int, int] = DEFAULT_THRESHOLDS
    momentum: int = 0
    notes: str = ""


def build_character(choices: CharacterChoices) -> AmplitudeSheet:
    """The character the choices describe, unwounded and with a clean misfortune streak."""
    minor, moderate, major = choices.thresholds
    return AmplitudeSheet(
        name=choices.name.strip(),
        player=choices.player.strip(),
        concept=choices.concept.strip(),
        npc=choices.npc,
        skills=[s.model_copy() for s in choices.skills],
        defensive_bonus=choices.defensive_bonus,
        defence_notes=choices.defence_notes.strip(),
        weapons=[w.model_copy() for w in choices.weapons],
        tools=[t.model_copy() for t in choices.tools],
        thresholds=Thresholds(minor=minor, moderate=moderate, major=major),
        momentum=choices.momentum,
        notes=choices.notes,
    )
