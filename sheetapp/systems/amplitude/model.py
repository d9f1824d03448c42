"""The Amplitude Engine sheet: one character (or vehicle) as a player writes it down.

The text leaves character creation open, so the sheet holds what play needs: skills with
their Offensive Bonus, the Defensive Bonus, weapons and tools with the Amp they add, the
resilience thresholds (1 / 4 / 8 by default), where the character stands on the wound
track, Thematic Momentum and the compounding-misfortune streak. Everything derived (the
wound penalty, what a hit would do, odds) is computed by the rules, never stored.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from sheetapp.systems.amplitude.names import DEFAULT_THRESHOLDS, SYSTEM_ID, WoundLevel
from sheetapp.systems.sheet_model import LongText, Score, SheetModel, ShortText

__all__ = ["SYSTEM_ID", "AmplitudeSheet", "Skill", "Thresholds", "Tool", "Weapon"]


class Skill(SheetModel):
    name: ShortText = ""
    ob: Score = 0  # Offensive Bonus: columns to the left before the dice
    notes: ShortText = ""


class Weapon(SheetModel):
    name: ShortText = ""
    power: Score = 0  # Weapon Quality/Power, added to Amp: +0 improvised to +6 and beyond
    skill: ShortText = ""  # the skill it is used with, by name
    notes: ShortText = ""


class Tool(SheetModel):
    name: ShortText = ""
    quality: Score = 0  # added to the Amp of skills it serves; negative when inadequate
    skill: ShortText = ""
    notes: ShortText = ""


class Thresholds(SheetModel):
    """The QO a hit needs to inflict each wound (a standard human: 1, 4, 8)."""

    minor: Score = DEFAULT_THRESHOLDS[0]
    moderate: Score = DEFAULT_THRESHOLDS[1]
    major: Score = DEFAULT_THRESHOLDS[2]


class AmplitudeSheet(SheetModel):
    system: Literal["amplitude"] = SYSTEM_ID
    name: ShortText = ""
    player: ShortText = ""
    concept: ShortText = ""
    npc: bool = False
    defensive_bonus: Score = 0  # DB: columns an attacker's roll moves to the right
    defence_notes: ShortText = ""  # what the DB comes from: armour, shield, cover, agility
    skills: list[Skill] = Field(default_factory=list, max_length=1000)
    weapons: list[Weapon] = Field(default_factory=list, max_length=1000)
    tools: list[Tool] = Field(default_factory=list, max_length=1000)
    thresholds: Thresholds = Field(default_factory=Thresholds)
    wound: WoundLevel = "unwounded"
    momentum: Score = 0  # Thematic Momentum points in hand
    misfortune: Score = 0  # negative Player's Total Roll dice in a row
    misfortune_owed: Score = 0  # consequences the streak triggered, not yet chosen
    notes: LongText = ""
