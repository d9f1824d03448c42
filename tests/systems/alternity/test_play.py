"""Play on a sheet: each operation returns a new sheet and leaves the old one as it was."""

from __future__ import annotations

import pytest

from sheetapp.systems.alternity.model import AlternitySheet, Damage
from sheetapp.systems.alternity.names import Ability, Degree, Track
from sheetapp.systems.alternity.play import (
    check_result,
    heal_track,
    scene_ends,
    spend_last_resort,
    take_damage,
)

D = Degree


def hero(**damage: int) -> AlternitySheet:
    return AlternitySheet(abilities={Ability.CONSTITUTION: 10}, damage=Damage(**damage))


def test_taking_wound_damage_marks_secondary_stun_and_keeps_the_old_sheet() -> None:
    sheet = hero()
    after, hit = take_damage(sheet, Track.WOUND, 5)
    assert (after.damage.wound, after.damage.stun) == (5, 2)
    assert hit.marked == {Track.STUN: 2, Track.WOUND: 5, Track.MORTAL: 0}
    assert sheet.damage == Damage()


def test_suffocation_spills_one_for_one() -> None:
    after, _ = take_damage(hero(stun=9), "suffocation", 3)
    assert (after.damage.stun, after.damage.wound) == (10, 2)


@pytest.mark.parametrize(
    ("degree", "mortal"), [(D.CRITICAL_FAILURE, 3), (D.FAILURE, 2), (D.GOOD, 1)]
)
def test_a_dying_check_worsens_on_a_failure(degree: Degree, mortal: int) -> None:
    after = check_result(hero(mortal=1), "dying", degree)
    assert after.damage.mortal == mortal
    assert after.damage.wound == 0  # not an attack: no secondary damage


@pytest.mark.parametrize(
    ("degree", "fatigue"), [(D.CRITICAL_FAILURE, 2), (D.FAILURE, 1), (D.ORDINARY, 0)]
)
def test_a_fatigue_check_costs_fatigue_on_a_failure(degree: Degree, fatigue: int) -> None:
    assert check_result(hero(), "fatigue", degree).damage.fatigue == fatigue


@pytest.mark.parametrize(
    ("degree", "stun", "awake"),
    [(D.FAILURE, 10, False), (D.ORDINARY, 8, True), (D.GOOD, 6, True), (D.AMAZING, 4, True)],
)
def test_coming_round_from_a_knockout(degree: Degree, stun: int, awake: bool) -> None:
    after = check_result(hero(stun=10, unconscious=True), "stun_recovery", degree)
    assert after.damage.stun == stun
    assert after.damage.unconscious is not awake


def test_recovery_never_goes_below_no_damage() -> None:
    assert check_result(hero(stun=1), "stun_recovery", D.AMAZING).damage.stun == 0
    assert check_result(hero(fatigue=3), "fatigue_recovery", D.AMAZING).damage.fatigue == 0
    assert check_result(hero(fatigue=3), "fatigue_recovery", D.FAILURE).damage.fatigue == 2


def test_a_scene_ends_and_healing() -> None:
    sheet = hero(stun=4, wound=3)
    assert scene_ends(sheet).damage == Damage(wound=3)
    assert heal_track(sheet, Track.WOUND, 2).damage.wound == 1


def test_spending_last_resorts() -> None:
    sheet = AlternitySheet(last_resorts=1)
    assert spend_last_resort(sheet).last_resorts == 0
    with pytest.raises(ValueError, match="only 0"):
        spend_last_resort(spend_last_resort(sheet))


def test_check_options_list_every_skill_untrained_abilities_and_the_action_check() -> None:
    from sheetapp.dice import Roller
    from sheetapp.systems.alternity.generation import random_sheet
    from sheetapp.systems.alternity.play import check_options

    sheet = random_sheet(Roller(8))
    options = {o.label: o for o in check_options(sheet)}
    assert "Action check" in options
    first = sheet.specialty_skills[0]
    option = options[f"{first.broad}-{first.name}"]
    ability = option.ability
    assert ability is not None
    assert option.score == sheet.abilities[ability] + first.rank
    strength = options["Strength, untrained"]
    assert (strength.score, strength.step) == (sheet.abilities[Ability.STRENGTH] // 2, 1)


def test_a_planned_check_adds_modifiers_and_the_heros_state() -> None:
    from sheetapp.systems.alternity.checks import check_odds
    from sheetapp.systems.alternity.model import Equipment
    from sheetapp.systems.alternity.play import plan_check

    sheet = AlternitySheet(
        abilities={Ability.CONSTITUTION: 10, Ability.STRENGTH: 10},
        damage=Damage(mortal=1),
        equipment=[Equipment(name="Pack", weight_kg=35)],  # up to 4 x Strength: +1
    )
    plan = plan_check(sheet, 12, -2, Ability.STRENGTH, [("Tough", 2), ("Aimed", -1)])
    # -d6, +2, -1, then dazed +1 (one mortal box) and encumbered +1 (a Strength skill)
    assert plan.step == 1 and plan.die == "+d4" and plan.base_die == "-d6"
    assert plan.odds == check_odds(12, 1)
    assert plan_check(sheet, 12, -2, Ability.WILL).step == -1  # no load penalty on Will
    assert plan_check(sheet, 12, -5, None, [("Easy", -2)]).step == -5  # never past -d20
