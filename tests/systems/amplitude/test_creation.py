"""The guided creation's builder: a character from the player's choices."""

from __future__ import annotations

from sheetapp.systems.amplitude import rules
from sheetapp.systems.amplitude.creation import CharacterChoices, build_character
from sheetapp.systems.amplitude.model import Skill, Tool, Weapon


def test_default_choices_give_the_texts_standard_human_unwounded():
    sheet = build_character(CharacterChoices())
    assert (sheet.thresholds.minor, sheet.thresholds.moderate, sheet.thresholds.major) == (1, 4, 8)
    assert (sheet.wound, sheet.momentum, sheet.misfortune, sheet.misfortune_owed) == (
        "unwounded",
        0,
        0,
        0,
    )
    assert {f.code for f in rules.check(sheet)} == {"amp.name.missing", "amp.skills.none"}


def test_a_character_from_choices_is_clean_when_gear_names_its_skills():
    choices = CharacterChoices(
        name=" Kit Varga ",
        skills=[Skill(name="Firearms", ob=3), Skill(name="Medicine", ob=1)],
        defensive_bonus=2,
        weapons=[Weapon(name="Pistol", power=1, skill="Firearms")],
        tools=[Tool(name="Trauma kit", quality=2, skill="Medicine")],
        thresholds=(2, 5, 9),
        momentum=2,
    )
    sheet = build_character(choices)
    assert sheet.name == "Kit Varga"
    assert rules.check(sheet) == []
    choices.thresholds = (4, 4, 9)
    assert "amp.thresholds.order" in {f.code for f in rules.check(build_character(choices))}


# What a new character starts without: a type tag, wounds and misfortune.
PLAY_STATE = {"system", "wound", "misfortune", "misfortune_owed"}


def test_the_choices_cover_every_field_of_the_sheet_but_the_play_state():
    from dataclasses import fields

    from sheetapp.systems.amplitude.model import AmplitudeSheet

    chosen = {f.name for f in fields(CharacterChoices)}
    assert chosen | PLAY_STATE == set(AmplitudeSheet.model_fields)
    assert not chosen & PLAY_STATE
