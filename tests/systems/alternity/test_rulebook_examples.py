"""Every worked example and table of the Alternity excerpt, as numbers the code must give."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from sheetapp.systems.alternity.checks import check_odds, roll_degree
from sheetapp.systems.alternity.damage import Marks, Maxima, apply_suffocation
from sheetapp.systems.alternity.damage_rating import parse_rating
from sheetapp.systems.alternity.derived import (
    encumbered_resistance,
    load_kg,
    movement_now,
    resistance,
    sheet_encumbrance,
    specialty_figure,
    weapon_skill,
)
from sheetapp.systems.alternity.encumbrance import encumbrance, throw_ranges, throw_step
from sheetapp.systems.alternity.figures import LastResortFigures, sheet_figures
from sheetapp.systems.alternity.last_resort import SpendError, spend
from sheetapp.systems.alternity.model import (
    AlternitySheet,
    Armour,
    BroadSkill,
    Durability,
    Equipment,
    Movement,
    SpecialtySkill,
    Weapon,
)
from sheetapp.systems.alternity.modifiers import ASSIST_STEPS, common_modifiers
from sheetapp.systems.alternity.names import Ability, Degree
from sheetapp.systems.alternity.play import (
    buy_last_resort,
    check_options,
    check_result,
    plan_check,
)
from sheetapp.systems.alternity.recovery import (
    BREATH_DAMAGE,
    FATIGUE_RECOVERED,
    breath_rounds,
    repeated_check_penalty,
)
from sheetapp.systems.alternity.situation import DIFFICULTIES, die_for, shift, step_of

D = Degree


# --- the situation die ---------------------------------------------------------------------


def test_the_ladder_runs_from_minus_d20_to_plus_3d20_in_order() -> None:
    labels = [die_for(step).label for step in range(-5, 8)]
    assert labels == [
        "-d20", "-d12", "-d8", "-d6", "-d4", "+d0",
        "+d4", "+d6", "+d8", "+d12", "+d20", "+2d20", "+3d20",
    ]  # fmt: skip
    assert [step_of(label) for label in labels] == list(range(-5, 8))


def test_named_difficulties_are_steps_from_cakewalk_to_nearly_impossible() -> None:
    assert dict(DIFFICULTIES) == {
        "Cakewalk": -5,
        "Extremely easy": -4,
        "Very easy": -3,
        "Easy": -2,
        "Average": -1,
        "Routine": 0,
        "Challenging": 1,
        "Tough": 2,
        "Formidable": 3,
        "Grueling": 4,
        "Nearly impossible": 5,
    }


def test_mad_dog_needs_13_or_less_on_5d20() -> None:
    # A base of +d4 with a +7 penalty: past +3d20 each step adds a d20.
    step = shift(step_of("+d4"), 7)
    assert die_for(step).label == "+4d20"
    odds = check_odds(13, step)
    # Five dice of at least 1 each total 13 or less in C(13, 5) ways (no die can pass 20).
    assert odds.success == Fraction(comb(13, 5), 20**5)
    assert odds.good == Fraction(comb(6, 5), 20**5)  # 6 or less: 5 ones, or one 2
    assert odds.amazing == 0  # 3 or less cannot be rolled on five dice
    # +4d20 is past +d20: a 1 on the control die saves nothing; a 20 always fails badly.
    assert odds.critical_failure == Fraction(1, 20)


def mad_dog() -> AlternitySheet:
    """Strength 13 and the Athletics broad skill, but no jump specialty."""
    return AlternitySheet(
        name="Mad Dog Morgan",
        abilities={Ability.STRENGTH: 13},
        broad_skills=[BroadSkill(name="Athletics", ability=Ability.STRENGTH)],
    )


def test_mad_dogs_athletics_alone_is_score_13_with_a_base_die_of_plus_d4() -> None:
    # The example's own figures, read off the sheet: the leap calls for a specialty he lacks,
    # so he rolls the broad skill: its ability score, with +d4.
    (athletics,) = [o for o in check_options(mad_dog()) if o.label.startswith("Athletics")]
    assert (athletics.score, die_for(athletics.step).label) == (13, "+d4")
    plan = plan_check(mad_dog(), athletics.score, athletics.step, athletics.ability, [("GM", 7)])
    assert plan.die == "+4d20"  # "13 or less on 5d20"
    assert plan.odds.success == Fraction(comb(13, 5), 20**5)


def test_a_specialty_the_hero_has_rolls_plus_d0_and_its_rank_adds_to_the_score() -> None:
    hero = mad_dog()
    for rank in (0, 1, 3, 6):
        hero.specialty_skills = [SpecialtySkill(broad="Athletics", name="jump", rank=rank)]
        jump = specialty_figure(hero, hero.specialty_skills[0])
        assert jump is not None and (jump.score, jump.die) == (13 + rank, "+d0")
    # A weapon whose specialty the hero lacks attacks with its broad skill, at +d4.
    hero.weapons = [Weapon(name="Knife", skill="Athletics-throw")]
    knife = weapon_skill(hero, hero.weapons[0])
    assert knife is not None and (knife.score, knife.die) == (13, "+d4")


def test_bonuses_stop_at_minus_d20() -> None:
    assert shift(step_of("-d12"), -3) == step_of("-d20")


def test_a_1_on_the_control_die_is_an_ordinary_success_below_plus_d20() -> None:
    # Score 5 with +d12: a control 1 gives totals 2..13; only 2 is Good, the rest Ordinary.
    assert roll_degree(1, 11, 5, step_of("+d12")).degree is D.ORDINARY
    assert roll_degree(1, 1, 5, step_of("+d12")).degree is D.GOOD
    assert roll_degree(1, 11, 5, step_of("+d20")).degree is D.FAILURE
    odds = check_odds(5, step_of("+d12"))
    # control 1: 1/12 Good, 11/12 at least Ordinary; Good overall needs a total of 2.
    assert odds.good == Fraction(1, 20) * Fraction(1, 12)


def test_a_20_on_the_control_die_is_a_critical_failure_when_failure_is_possible() -> None:
    # At 25 with +d6 a total can pass 25 (20 + 6), so every 20 fails badly, even 20 + 1.
    assert roll_degree(20, 1, 25, step_of("+d6")).degree is D.CRITICAL_FAILURE
    assert check_odds(25, step_of("+d6")).critical_failure == Fraction(1, 20)


def test_a_20_that_cannot_fail_is_bad_luck_not_a_failure() -> None:
    outcome = roll_degree(20, -20, 30, step_of("-d20"))
    assert outcome.bad_luck and outcome.degree is D.AMAZING
    assert check_odds(30, step_of("-d20")).critical_failure == 0
    assert check_odds(30, step_of("-d20")).failure == 0


# --- damage by degree ----------------------------------------------------------------------


def test_a_weapon_deals_the_part_of_its_rating_for_the_degree() -> None:
    rating = parse_rating("d4s/d6w/d4m")
    assert str(rating.for_degree(D.AMAZING)) == "d4m"
    assert str(rating.for_degree(D.GOOD)) == "d6w"
    assert str(rating.for_degree(D.ORDINARY)) == "d4s"
    assert rating.for_degree(D.FAILURE) is None


# --- holding breath: Jack at the bottom of the lake ----------------------------------------


def test_jack_holds_his_breath_four_rounds_then_drowns_check_by_check() -> None:
    assert breath_rounds(9) == 4
    # The example's tracks (8 stun, 8 wound, 4 mortal) are what Constitution 8 gives; the
    # sheet keeps them as overrides for his Constitution of 9.
    jack = AlternitySheet(
        name="Jack Everstar",
        abilities={Ability.CONSTITUTION: 9},
        durability=Durability(stun=8, wound=8, mortal=4),
    )
    results = [D.CRITICAL_FAILURE, D.ORDINARY, D.FAILURE]
    assert [repeated_check_penalty(n) for n in (1, 2, 3, 4, 5)] == [0, 1, 2, 3, 4]
    assert [BREATH_DAMAGE[d] for d in results] == [4, 2, 3]
    after = []
    for degree in results:
        jack = check_result(jack, "breath", degree)
        after.append((jack.damage.stun, jack.damage.wound))
    assert after == [(4, 0), (6, 0), (8, 1)]  # the last 2 stun, then 1 wound
    assert jack.damage.unconscious
    # He survives 7 more wound points and 3 of his 4 mortal points, not one more.
    marks = Marks(stun=8, wound=1, unconscious=True)
    alive = apply_suffocation(marks, Maxima(8, 8, 4, 4), 7 + 3).marks
    assert (alive.wound, alive.mortal) == (8, 3)
    assert apply_suffocation(alive, Maxima(8, 8, 4, 4), 1).marks.mortal == 4  # dead


def test_breath_damage_table() -> None:
    assert BREATH_DAMAGE == {
        D.CRITICAL_FAILURE: 4,
        D.FAILURE: 3,
        D.ORDINARY: 2,
        D.GOOD: 1,
        D.AMAZING: 0,
    }


# --- encumbrance: Grimes -------------------------------------------------------------------


def grimes() -> AlternitySheet:
    return AlternitySheet(
        name="Grimes",
        abilities={Ability.STRENGTH: 12, Ability.DEXTERITY: 11},
        armour=[Armour(name="Attack armor", weight_kg=15)],
        weapons=[Weapon(name="Weapons", weight_kg=5)],
        equipment=[
            Equipment(name="Sensors", weight_kg=2),
            Equipment(name="Backpack", weight_kg=26),
        ],
        movement=Movement(sprint=20, run=12, walk=4),
    )


def test_grimes_at_48_kg_is_slowed_and_penalised() -> None:
    sheet = grimes()
    assert load_kg(sheet) == 48
    load = sheet_encumbrance(sheet)
    assert load is not None
    assert (load.multiple, load.movement_percent, load.penalty_steps) == (4, 75, 1)
    # Strength 12 and Dexterity 11 give +1 each; the load takes 1 off both.
    assert resistance(sheet) == {Ability.STRENGTH: 1, Ability.DEXTERITY: 1}
    assert encumbered_resistance(sheet) == {Ability.STRENGTH: 0, Ability.DEXTERITY: 0}
    assert movement_now(sheet)["run"] == 9  # 75% of 12


def test_grimes_without_his_backpack_fights_unhindered() -> None:
    sheet = grimes()
    sheet.equipment[1].carried = False
    assert load_kg(sheet) == 22
    load = sheet_encumbrance(sheet)
    assert load is not None and (load.movement_percent, load.penalty_steps) == (100, 0)


def test_strength_10_carries_20_kg_free() -> None:
    assert encumbrance(20, 10).penalty_steps == 0
    assert encumbrance(20.5, 10).penalty_steps == 1


@pytest.mark.parametrize(
    ("multiple", "percent", "penalty"), [(2, 100, 0), (4, 75, 1), (5, 50, 2), (6, 25, 3)]
)
def test_the_encumbrance_table(multiple: int, percent: int, penalty: int) -> None:
    load = encumbrance(multiple * 10, 10)
    assert (load.movement_percent, load.penalty_steps) == (percent, penalty)
    assert encumbrance(61, 10).overloaded


def test_five_times_strength_turns_a_plus_1_dexterity_modifier_into_minus_1() -> None:
    sheet = AlternitySheet(
        abilities={Ability.STRENGTH: 10, Ability.DEXTERITY: 11},
        equipment=[Equipment(name="Gear", weight_kg=50)],
    )
    assert encumbered_resistance(sheet)[Ability.DEXTERITY] == -1


# --- throwing ------------------------------------------------------------------------------


def test_throwing_ranges_follow_strength() -> None:
    ranges = throw_ranges(11)
    assert (ranges.short, ranges.medium, ranges.long) == (11, 22, 44)
    assert ranges.heavy_limit_kg == 5  # half of 11, rounded down


def test_throw_modifiers_table() -> None:
    assert [throw_step("designed", r) for r in ("short", "medium", "long")] == [-1, 1, 2]
    assert [throw_step("not_designed", r) for r in ("short", "medium", "long")] == [1, 2, 3]
    assert [throw_step("heavy", r) for r in ("short", "medium", "long")] == [4, None, None]


# --- actions and modifiers -----------------------------------------------------------------


def test_assisting_helpers_results() -> None:
    assert ASSIST_STEPS == {
        D.CRITICAL_FAILURE: 2,
        D.FAILURE: 1,
        D.ORDINARY: -1,
        D.GOOD: -2,
        D.AMAZING: -3,
    }


def test_action_modifiers_in_the_quick_list() -> None:
    steps = {name: n for _, name, n in common_modifiers()}
    assert steps["Two actions at once: the main one"] == 2
    assert steps["Two actions at once: the other one"] == 4
    assert steps["Aimed last action"] == -1
    assert steps["Zero gravity"] == 3 and steps["Light gravity"] == 1
    assert (steps["Sprinting"], steps["Running"], steps["Walking"]) == (3, 2, 0)
    assert (steps["Gliding"], steps["Flying"]) == (1, 2)


# --- last resorts --------------------------------------------------------------------------


def test_last_resorts_move_one_grade() -> None:
    assert spend(D.GOOD) is D.AMAZING
    assert spend(D.GOOD, hinder=True) is D.ORDINARY
    assert spend(D.CRITICAL_FAILURE) is D.FAILURE


def test_only_one_point_per_check_but_two_for_a_free_agent() -> None:
    with pytest.raises(SpendError):
        spend(D.FAILURE, points=2)
    assert spend(D.CRITICAL_FAILURE, points=2, free_agent=True) is D.ORDINARY


def test_a_last_resort_cannot_make_the_impossible_succeed() -> None:
    with pytest.raises(SpendError):
        spend(D.FAILURE, success_possible=False)
    assert spend(D.CRITICAL_FAILURE, success_possible=False) is D.FAILURE


def test_stored_skill_points_buy_last_resorts_up_to_the_maximum() -> None:
    # Personality 9: a maximum of 1 (sheetapp's default); the price is the sheet's entry.
    hero = AlternitySheet(
        abilities={Ability.PERSONALITY: 9}, last_resorts=0, skill_points=7, last_resort_cost=3
    )
    hero = buy_last_resort(hero)
    assert (hero.last_resorts, hero.skill_points) == (1, 4)
    with pytest.raises(SpendError, match="already holds 1 of at most 1"):
        buy_last_resort(hero)
    hero.last_resorts_max = 3
    hero = buy_last_resort(hero)
    assert (hero.last_resorts, hero.skill_points) == (2, 1)
    with pytest.raises(SpendError, match="costs 3 skill points and only 1 are stored"):
        buy_last_resort(hero)
    figures = sheet_figures(hero)  # what the form and the printed sheet show
    assert (figures.skill_points, figures.last_resorts) == (
        1,
        LastResortFigures(current=2, maximum=3, cost=3),
    )
    hero.last_resort_cost = None
    with pytest.raises(SpendError, match="costs in skill points"):
        buy_last_resort(hero)


# --- recovery ------------------------------------------------------------------------------


def test_fatigue_recovery_table() -> None:
    assert FATIGUE_RECOVERED == {
        D.CRITICAL_FAILURE: 0,
        D.FAILURE: 1,
        D.ORDINARY: 2,
        D.GOOD: 3,
        D.AMAZING: 4,
    }
