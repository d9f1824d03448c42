"""The library's view of a record: its roster row, the wounds track, no initiative."""

from __future__ import annotations

from sheetapp.dice import Roller
from sheetapp.systems.forgotten_futures.generation import random_sheet
from sheetapp.systems.forgotten_futures.plugin import PLUGIN
from sheetapp.systems.plugin import NewOptions, Track


def test_roster_row_names_the_character_and_finds_its_words() -> None:
    sheet = random_sheet(Roller(3))
    sheet.player = "Marcus"
    info = PLUGIN.roster(sheet)
    assert info.name == sheet.name and not info.npc and info.setting == ""
    for word in ("Marcus", sheet.profession, sheet.skills[-1].name):
        assert word in info.text


def test_npcs_are_marked() -> None:
    npc = PLUGIN.new(NewOptions(random=True, seed=5, npc=True))
    assert PLUGIN.roster(npc).npc


def test_the_wounds_record_is_the_track_and_there_is_no_initiative() -> None:
    sheet = random_sheet(Roller(4))
    assert PLUGIN.tracks(sheet) == [Track("wounds", "Wounds B F I I C", 5)]
    assert PLUGIN.initiative_modifier(sheet) is None
