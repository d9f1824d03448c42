"""How a sheet appears to the library and the table: its roster row, wound track and
(absent) initiative."""

from __future__ import annotations

from sheetapp.systems.amplitude.model import AmplitudeSheet, Skill, Weapon
from sheetapp.systems.amplitude.plugin import PLUGIN
from sheetapp.systems.plugin import NewOptions


def test_the_roster_row_names_the_character_and_searches_its_gear() -> None:
    sheet = AmplitudeSheet(
        name="Ines Okafor",
        concept="Mercenary",
        npc=True,
        skills=[Skill(name="Firearms")],
        weapons=[Weapon(name="Carbine")],
    )
    info = PLUGIN.roster(sheet)
    assert (info.name, info.setting, info.npc) == ("Ines Okafor", "", True)
    assert {"Mercenary", "Firearms", "Carbine"} <= set(info.text.split())


def test_the_table_counts_down_the_wound_track_and_orders_by_hand() -> None:
    sheet = PLUGIN.new(NewOptions(random=True, seed=3))
    (track,) = PLUGIN.tracks(sheet)
    assert (track.key, track.maximum) == ("wounds", 4)  # minor .. incapacitated
    assert PLUGIN.initiative_modifier(sheet) is None


def test_field_labels_read_like_the_sheet() -> None:
    sheet = AmplitudeSheet(skills=[Skill(name="Stealth")])
    assert PLUGIN.field_label(sheet, "skills[0].ob") == "Skills › Stealth › OB"
    assert PLUGIN.field_label(sheet, "misfortune_owed") == "Misfortune owed"
