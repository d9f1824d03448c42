"""What the library and the table-play view read from an Alternity sheet."""

from __future__ import annotations

from sheetapp.dice import Roller
from sheetapp.systems.alternity.generation import random_sheet
from sheetapp.systems.alternity.model import AlternitySheet, Durability
from sheetapp.systems.alternity.names import Ability
from sheetapp.systems.registry import get_system

PLUGIN = get_system("alternity")


def test_roster_row_and_search_text() -> None:
    sheet = random_sheet(Roller(5), npc=True)
    sheet.campaign = "Verge"
    info = PLUGIN.roster(sheet)
    assert (info.name, info.setting, info.npc) == (sheet.name, "Verge", True)
    assert sheet.weapons[0].name in info.text
    assert sheet.broad_skills[0].name in info.text


def test_tracks_are_stun_wound_mortal_fatigue_with_overrides() -> None:
    sheet = AlternitySheet(abilities={Ability.CONSTITUTION: 11}, durability=Durability(stun=12))
    assert [(t.key, t.label, t.maximum) for t in PLUGIN.tracks(sheet)] == [
        ("stun", "Stun", 12),
        ("wound", "Wound", 11),
        ("mortal", "Mortal", 6),
        ("fatigue", "Fatigue", 6),
    ]
    assert PLUGIN.tracks(AlternitySheet()) == []


def test_no_initiative_modifier_the_action_check_orders_play() -> None:
    sheet = random_sheet(Roller(5))
    assert PLUGIN.initiative_modifier(sheet) is None
    assert PLUGIN.figures(sheet).action_check.ordinary > 0


def test_a_hero_with_strength_but_no_constitution_is_described_without_breath() -> None:
    """Strength gives the throw, Constitution the breath held: an unfinished hero with
    only the first is described (the fuzzer found ``describe`` crashing on it)."""
    text = PLUGIN.describe(AlternitySheet(abilities={Ability.STRENGTH: 10}))
    throw = next(line for line in text.splitlines() if "Throw" in line)
    assert "breath" not in throw
    with_both = PLUGIN.describe(
        AlternitySheet(abilities={Ability.STRENGTH: 10, Ability.CONSTITUTION: 9})
    )
    assert "breath held" in with_both
