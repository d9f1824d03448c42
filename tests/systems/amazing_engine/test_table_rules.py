"""Rules of the System Guide a sheet and the table use beyond checks and damage: taxing
Fitness to lift, the sighting range, prepared actions. Numbers from the text."""

from __future__ import annotations

import json

from sheetapp.storage.document import loads
from sheetapp.systems.amazing_engine import experience
from sheetapp.systems.amazing_engine.combat import beats_prepared_action, target_areas
from sheetapp.systems.amazing_engine.figures import character_figures
from sheetapp.systems.amazing_engine.lifting import hold_lift, taxed_lift
from sheetapp.systems.amazing_engine.names import Attribute

from . import wolfgang


def test_taxing_fitness_lifts_more_until_a_failed_willpower_check_costs_one_fatigue() -> None:
    # The carrying table reads Fitness 21 as 21 / 42 / 63 kg. Taxing is in steps of 5 and
    # at most doubles, so 100 XP buys 20 (41): 41 / 82 / 123 kg; 12 XP buys only 10.
    lift = taxed_lift(21, 46, 100)
    assert (lift.tax, lift.fitness) == (20, 41)
    assert (lift.limits.unhindered, lift.limits.slowed, lift.limits.walk_only) == (41, 82, 123)
    assert taxed_lift(21, 46, 12).tax == 10
    assert taxed_lift(21, 46, 0).tax == 0
    # The lift holds while Willpower checks succeed; a failure costs 1 point of fatigue,
    # and the Willpower check may be taxed as well.
    assert [hold_lift(roll, 46) for roll in (1, 46, 47, 94, 95)] == [0, 0, 1, 1, 1]
    assert hold_lift(50, 46, tax=5) == 0


def test_the_sheet_shows_the_heaviest_lift_the_character_s_xp_buys() -> None:
    sheet = loads(json.dumps(wolfgang.document()))
    sheet = experience.award(sheet, 0, to_character=100, to_core=0)
    character = sheet.characters[0]
    fitness = character.attributes[Attribute.FITNESS]
    figures = character_figures(character)
    assert figures.lift.tax == min(fitness // 5 * 5, 100)
    assert figures.lift.limits.walk_only == 3 * (fitness + figures.lift.tax)
    assert figures.lift.hold_chance == min(character.attributes[Attribute.WILLPOWER], 94)


def test_beyond_the_sighting_range_of_50_yards_only_general_areas() -> None:
    assert target_areas(45) == ("general", "non_vital", "vital")
    assert target_areas(45.72) == ("general", "non_vital", "vital")  # 50 yards exactly
    assert target_areas(46) == ("general",)


def test_a_prepared_action_is_beaten_by_a_reflexes_check() -> None:
    # Reflexes 37 (the initiative example's score): 37 or under acts first, 38 is too slow,
    # unless the GM's modifier helps; 95-00 always fails.
    assert beats_prepared_action(37, 37)
    assert not beats_prepared_action(38, 37)
    assert beats_prepared_action(38, 37, modifier=1)
    assert not beats_prepared_action(95, 120)
    sheet = loads(json.dumps(wolfgang.document()))
    reflexes = sheet.characters[0].attributes[Attribute.REFLEXES]
    assert character_figures(sheet.characters[0]).prepared_chance == min(reflexes, 94)
