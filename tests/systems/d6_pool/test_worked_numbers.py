"""Every number the rules text works out, checked against the backend."""

from __future__ import annotations

from fractions import Fraction

import pytest

from sheetapp.dice import success_pool
from sheetapp.systems.d6_pool import catalog
from sheetapp.systems.d6_pool.costs import PURCHASE_COST, raise_cost
from sheetapp.systems.d6_pool.creation import attribute_points, budget
from sheetapp.systems.d6_pool.derived import Harm, damage_dealt, health
from sheetapp.systems.d6_pool.figures import HealingFigures, MoveFigures, sheet_figures
from sheetapp.systems.d6_pool.model import ExtraAttribute, Skill, Trait
from sheetapp.systems.d6_pool.names import Attribute
from sheetapp.systems.d6_pool.odds import pool_odds
from sheetapp.systems.d6_pool.pools import skill_pool, trait_pool, unskilled_pool

from .sheets import finished


def test_a_die_of_5_or_6_succeeds_a_third_of_the_time() -> None:
    assert pool_odds(1, 1).success == Fraction(1, 3)
    assert pool_odds(3, 1).distribution == success_pool(3)


def test_each_step_of_the_target_number_moves_a_die_by_about_16_percent() -> None:
    for target in range(2, 7):
        lower = pool_odds(1, 1, target=target - 1).success
        assert lower - pool_odds(1, 1, target=target).success == Fraction(1, 6)  # 16.7%


def test_more_successes_needed_than_dice_means_every_die_must_succeed() -> None:
    assert pool_odds(2, 5).success == Fraction(1, 9)
    assert pool_odds(2, 5).needed == 2
    assert pool_odds(4, 9).success == pool_odds(4, 4).success == Fraction(1, 81)


def test_zero_dice_never_succeed() -> None:
    assert pool_odds(0, 1).success == 0
    assert pool_odds(0, 1, target=1).success == 0


@pytest.mark.parametrize(
    ("sides", "target", "shown"),
    [(4, 4, 25), (8, 7, 25), (10, 8, 30), (12, 9, 33), (20, 15, 30), (24, 17, 33), (30, 21, 33)],
)
def test_the_other_dice_the_text_lists_have_its_odds(sides: int, target: int, shown: int) -> None:
    chance = success_pool(1, sides=sides, success_on=target).probability(1)
    assert round(chance * 100) == shown


def test_d100_at_70_is_31_percent_which_the_text_rounds_to_30() -> None:
    chance = success_pool(1, sides=100, success_on=70).probability(1)
    assert chance == Fraction(31, 100)


def test_health_is_twice_stamina() -> None:
    assert health(3) == 6
    assert sheet_figures(finished()).health == 6


def test_attributes_share_the_6d6_roll_and_gm_attributes_add_1d6_each() -> None:
    sheet = finished()
    assert attribute_points(sheet).rolled == 22 == attribute_points(sheet).assigned
    sheet.extra_attributes = [
        ExtraAttribute(name="Sanity", score=4, roll=5),
        ExtraAttribute(name="Luck", score=3, player_controlled=False),  # preset: no dice
    ]
    points = attribute_points(sheet)
    assert (points.rolled, points.assigned, points.left) == (27, 26, 1)


def test_skill_points_are_intelligence_wisdom_charisma_and_leftover_traits_buy_skills() -> None:
    spent = budget(finished())
    assert spent.skill_points == 5 + 4 + 3
    assert spent.trait_points == 6 + 2  # a negative trait adds its rating
    assert spent.traits_spent == 5
    assert spent.skills_spent == 15
    assert spent.from_traits == 3
    assert spent.skill_points_left == 0


def test_pools_are_attribute_plus_skill_and_half_the_attribute_unskilled() -> None:
    sheet = finished()
    ranged = skill_pool(sheet, sheet.skills[1])
    assert ranged is not None and ranged.dice == 4 + 3
    mechanics = skill_pool(sheet, sheet.skills[3])  # Int 5 + 4 + the toolbox's +1
    assert mechanics is not None and mechanics.dice == 10
    assert "Mechanic's Toolbox +1" in mechanics.explain()
    assert unskilled_pool(sheet, Attribute.DEXTERITY).dice == 2
    assert unskilled_pool(sheet, Attribute.STRENGTH).dice == 1  # 3 halved, rounded down


def test_fire_breathing_is_dexterity_plus_ranged_plus_the_trait() -> None:
    sheet = finished()
    pool = trait_pool(sheet, sheet.traits[0])
    assert pool is not None and pool.dice == 4 + 3 + 5


def test_missing_limb_takes_its_rating_off_strength_and_dexterity_pools() -> None:
    sheet = finished()
    sheet.traits.append(Trait(name="Missing Limb", kind="negative", rating=3))
    ranged = skill_pool(sheet, sheet.skills[1])
    assert ranged is not None and ranged.dice == 4 + 3 - 3
    swimming = skill_pool(sheet, sheet.skills[4])  # Stamina: untouched
    assert swimming is not None and swimming.dice == 3 + 4
    sheet.traits[-1].rating = 6
    assert unskilled_pool(sheet, Attribute.DEXTERITY).dice == 0  # never below 0


def test_combat_figures() -> None:
    f = sheet_figures(finished())
    assert f.initiative_pool == 4 + 2  # Dexterity + Dodge
    assert f.dodge_needed == 2  # attackers need the Dodge rating in successes
    assert f.move == MoveFigures(feet=12, metres=4)  # 3 x Dexterity feet, or Dexterity metres
    assert f.armour == 1 and f.damage_needed == 3 + 1  # Stamina + Armour
    sword, revolver = f.weapons
    assert sword.attack_pool.dice == 4 + 2  # Dexterity + Melee
    assert sword.damage_pool.dice == 3 + 3  # Strength + damage rating
    assert revolver.attack_pool.dice == 4 + 3  # Dexterity + Ranged
    assert revolver.damage_pool.dice == 4 + 2  # Dexterity + damage rating
    assert f.breath_turns == 3 + 4  # Stamina + Swimming


def test_without_dodge_attackers_need_half_dexterity() -> None:
    sheet = finished()
    sheet.skills = [s for s in sheet.skills if s.name != "Dodge"]
    f = sheet_figures(sheet)
    assert f.dodge_needed == 2 and f.initiative_pool == 2


def test_damage_is_one_at_the_threshold_and_one_more_per_success_above() -> None:
    assert [damage_dealt(s, 4) for s in range(8)] == [0, 0, 0, 0, 1, 2, 3, 4]


def test_damage_thresholds_at_zero_health_and_minus_stamina() -> None:
    # Stamina 3: health 6, the worst at -3.
    nonlethal = [Harm(0, d, 6, 3).state for d in range(11)]
    assert (
        nonlethal
        == ["unhurt", *["hurt"] * 5, "helpless", "helpless", "helpless"] + ["unconscious"] * 2
    )
    lethal = [Harm(d, 0, 6, 3).state for d in (5, 6, 8, 9)]
    assert lethal == ["hurt", "incapacitated", "incapacitated", "dead"]


def test_both_kinds_of_damage_count_down_one_health() -> None:
    # Health is the damage a character can take: 4 lethal and 3 non-lethal of 6 is down.
    # Before, each kind had its own 6 and this character was only "wounded".
    harm = Harm(4, 3, 6, 3)
    assert (harm.left, harm.state) == (-1, "helpless")
    f = sheet_figures(finished().model_copy(update={"lethal_damage": 4, "nonlethal_damage": 3}))
    assert (f.damage.left, f.damage.state) == (-1, "helpless")
    # Unconscious at minus Stamina whatever the mix; dead only when lethal alone gets there.
    assert Harm(5, 4, 6, 3).state == "unconscious" and Harm(9, 1, 6, 3).state == "dead"


def test_healing_rates() -> None:
    f = sheet_figures(finished())
    assert f.healing == HealingFigures(nonlethal_per_day=3, lethal_per_week=1)  # 3 // 2


def test_advancement_costs_the_square_of_each_new_rating() -> None:
    assert raise_cost(3, 4) == 16
    assert raise_cost(3, 5) == 41  # 4 x 4 + 5 x 5
    assert PURCHASE_COST == {"new_skill": 4, "new_trait": 6}


def test_sample_equipment_has_the_texts_ratings() -> None:
    ratings = {e.name: (e.attack, e.damage, e.bonus) for e in catalog.EQUIPMENT}
    assert ratings[".22 Caliber Rifle"] == ("ranged", 1, None)
    assert ratings[".38 Special Revolver"] == ("ranged", 2, None)
    assert ratings["Buster Sword"] == ("melee", 10, None)
    assert ratings["Colt M1911A .45 Pistol"] == ("ranged", 3, None)
    assert ratings["Dagger"] == ("melee", 1, None)
    assert ratings["Double Barreled Shotgun"] == ("ranged", 5, None)
    assert ratings["Long Sword"] == ("melee", 5, None)
    assert ratings["M16 Assault Rifle"] == ("ranged", 3, None)
    assert ratings["Short Sword"] == ("melee", 3, None)
    assert ratings["Wrench"] == ("melee", 1, None)
    assert ratings["Mechanic's Toolbox"] == ("", None, 1)


def test_a_skill_without_attribute_has_no_pool() -> None:
    sheet = finished()
    sheet.skills.append(Skill(name="Lore", rating=2))
    assert sheet_figures(sheet).skills[-1].pool is None
