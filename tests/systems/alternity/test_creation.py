"""The guided creation's builder: a hero from the player's choices, checked by the rules."""

from __future__ import annotations

from sheetapp.findings import Severity, has_errors
from sheetapp.systems.alternity import rules
from sheetapp.systems.alternity.creation import HeroChoices, build_hero
from sheetapp.systems.alternity.derived import sheet_action_check, track_maxima
from sheetapp.systems.alternity.model import Settings, Weapon
from sheetapp.systems.alternity.names import Ability, Track

A = Ability


def test_default_choices_start_every_hero_with_the_five_broad_skills_and_an_even_budget():
    sheet = build_hero(HeroChoices())
    assert [b.name for b in sheet.broad_skills] == [
        "Athletics",
        "Vehicle Operation",
        "Stamina",
        "Knowledge",
        "Awareness",
    ]
    assert sum(sheet.abilities.values()) == sheet.settings.ability_points
    codes = {f.code for f in rules.check(sheet) if f.severity is not Severity.INFO}
    assert codes == {"alt.name.missing"}


def test_a_hero_from_choices_has_the_scores_the_rules_derive():
    choices = HeroChoices(
        name="Mara Lund",
        abilities={
            A.STRENGTH: 9,
            A.DEXTERITY: 12,
            A.CONSTITUTION: 8,
            A.INTELLIGENCE: 11,
            A.WILL: 9,
            A.PERSONALITY: 11,
        },
        specialty_skills={("Athletics", "jump"): 2},
        action_check_bonus=1,
        durability={Track.MORTAL: 6},
        weapons=[Weapon(name="Knife", skill="Athletics-throw", damage="d4w/d4+1w/d4+2w")],
    )
    sheet = build_hero(choices)
    assert not has_errors(rules.check(sheet))
    assert sheet_action_check(sheet).ordinary == 13  # ceil(23 / 2) + 1
    assert track_maxima(sheet) == {Track.STUN: 8, Track.WOUND: 8, Track.MORTAL: 6, Track.FATIGUE: 4}
    assert sheet.specialty_skills[0].rank == 2
    assert sheet.last_resorts == 1  # the maximum Personality 11 gives


def test_last_resorts_start_at_the_maximum_unless_chosen():
    high = {**HeroChoices().abilities, A.PERSONALITY: 15}
    assert build_hero(HeroChoices(abilities=high)).last_resorts == 3
    assert build_hero(HeroChoices(abilities=high, last_resorts_max=5)).last_resorts == 5
    assert build_hero(HeroChoices(abilities=high, last_resorts=0)).last_resorts == 0


def test_the_game_masters_budget_is_what_the_rules_check_against():
    choices = HeroChoices(settings=Settings(ability_points=66, ability_max=16))
    found = {f.code for f in rules.check(build_hero(choices))}
    assert "alt.abilities.total" in found  # 60 given, 66 in force
    choices.abilities = {**choices.abilities, A.STRENGTH: 16}
    assert "alt.abilities.total" not in {f.code for f in rules.check(build_hero(choices))}


# What a new hero starts without: a type tag, the first level and no damage.
PLAY_STATE = {"system", "level", "damage"}


def test_the_choices_cover_every_field_of_the_sheet_but_the_play_state():
    from dataclasses import fields

    from sheetapp.systems.alternity.model import AlternitySheet

    chosen = {f.name for f in fields(HeroChoices)}
    assert chosen | PLAY_STATE == set(AlternitySheet.model_fields)
    assert not chosen & PLAY_STATE
