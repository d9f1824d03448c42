"""The synopsis's rules for temporary skills, explosives by distance, machine guns on several
targets and non-combat injuries, from its own numbers."""

from __future__ import annotations

from fractions import Fraction

import pytest

from sheetapp.dice import dice_sum
from sheetapp.systems.forgotten_futures.catalog import WEAPONS
from sheetapp.systems.forgotten_futures.effect_changes import blast_dice, machine_gun_effect
from sheetapp.systems.forgotten_futures.figures import sheet_figures
from sheetapp.systems.forgotten_futures.hazards import HAZARDS, hazard, hazard_effect
from sheetapp.systems.forgotten_futures.model import ForgottenFuturesSheet, Skill
from sheetapp.systems.forgotten_futures.odds import attack_odds, column_chances
from sheetapp.systems.forgotten_futures.plugin import PLUGIN
from sheetapp.systems.forgotten_futures.table import needed


def test_a_temporary_skill_is_used_at_its_lowest_rating_against_double_the_difficulty() -> None:
    sheet = ForgottenFuturesSheet(
        characteristics={"body": 3, "mind": 5, "soul": 4},
        skills=[Skill(name="Marksman", base="M", points=2)],
    )
    temporary = {t.name: t for t in sheet_figures(sheet).temporary_skills}
    assert "Marksman" not in temporary  # the character has it
    # Mechanic rests on MIND 5: used for now at 6, against 6 doubled to 12 (7 + 6 - 12 = 1,
    # read as 2: only a 2 succeeds where there is any chance).
    assert (temporary["Mechanic"].rating, temporary["Mechanic"].needed_vs_default) == (6, 2)
    # Stealth (B/2 = 2) is on every sheet in play, but an empty sheet lacks it: 3 vs 12.
    assert temporary["Stealth"].rating == 3 and temporary["Stealth"].needed_vs_default is None
    assert needed(6, 12) == 2


def test_explosives_lose_a_d6_of_effect_for_each_radius_further_out() -> None:
    grenade = next(w for w in WEAPONS if w.name == "Hand grenade")  # 10 ft, Effect 10
    assert grenade.effect == "10"
    assert [blast_dice(10, feet) for feet in (5, 10, 15, 20, 25, 30, 31)] == [0, 0, 1, 1, 2, 2, 3]
    # Two rings out, Effect 10 - 2D6 against BODY 3: each column weighted by the 2D6.
    odds = attack_odds(6, 6, effect=10, body=3, blast_dice=2)
    expected = {c: Fraction(0) for c in "ABC"}
    for off, chance in dice_sum(2, 6).pmf().items():
        for column, p in column_chances(10 - off, 3).items():
            expected[column] += chance * p
    assert dict(odds.columns) == expected
    assert odds.no_damage == dice_sum(2, 6).at_least(10)  # Effect 0 or less: nothing
    assert PLUGIN.odds({"attack": 6, "defence": 6, "effect": 10, "body": 3, "blast": 2})[
        "C"
    ] == pytest.approx(float(expected["C"]))


def test_a_machine_gun_on_more_than_one_target_loses_two_effect() -> None:
    machine_gun = next(w for w in WEAPONS if w.name == "Machine gun")
    effect = int(machine_gun.effect)
    assert machine_gun_effect(effect, 1) == effect
    assert machine_gun_effect(effect, 2) == machine_gun_effect(effect, 6) == effect - 2
    assert "more than one target" in machine_gun.notes


@pytest.mark.parametrize(
    ("key", "amount", "belt", "effect"),
    [
        ("fall", 1, False, 2),  # tripping to the ground: Effect 2
        ("fall", 2000, False, 20),  # 20,000 ft: Effect 20, the most
        ("fall", 3, False, 4),
        ("car_crash", 30, False, 4),
        ("car_crash", 30, True, 2),
        ("car_crash", 55, True, 3),  # 6 halved, rounded up
        ("run_over", 20, False, 6),
        ("run_over", 90, False, 10),  # at most 10
        ("chloroform", 1, False, 6),
        ("chloroform", 4, False, 9),
        ("chlorine", 3, False, 9),
        ("petrol_bomb", 2, False, 10),
        ("volcano", 3, False, 40),
        ("mains_240", 1, False, 8),
        ("vacuum", 15, False, 9),
        ("drowning", 40, False, 3),
    ],
)
def test_non_combat_injuries_by_their_table(key: str, amount: int, belt: bool, effect: int):
    assert hazard_effect(key, amount, belt=belt) == effect


def test_non_combat_injuries_keep_the_table_s_damage_and_automatic_kills() -> None:
    assert hazard("fall").columns == ("B", "I", "C/K")
    assert hazard("cattle_fence").columns == ("-", "B", "F")
    assert hazard("cyanide").columns == ("C", "K", "K")
    assert hazard_effect("gas_chamber") is None and hazard_effect("electric_chair") is None
    assert len(HAZARDS) == 26  # every line of the synopsis's table
    with pytest.raises(ValueError, match="no non-combat injury"):
        hazard("lightning")


def test_hit_locations_change_the_attack_and_the_effect() -> None:
    from sheetapp.systems.forgotten_futures.effect_changes import aimed_attack_change
    from sheetapp.systems.forgotten_futures.modifiers import modified_attack

    # Aimed: head -2 to hit, +2 Effect; arms and legs -1 and -1; torso no change.
    assert [aimed_attack_change(p) for p in ("head", "arms", "torso", "legs")] == [-2, -1, 0, -1]
    assert modified_attack(5, (), aimed=-2) == 3 and modified_attack(1, (), aimed=-2) == 1
    aimed = attack_odds(3, 6, effect=6, body=3, location="head")
    assert dict(aimed.columns) == column_chances(8, 3) and aimed.damage_needed == needed(8, 3)
    # Random: 2D6 picks head on 2, arms on 3-4, torso on 5-9, legs on 10-12.
    two = dice_sum(2, 6)
    weights = {2: two.probability(2), -1: two.probability(3) + two.probability(4)}
    weights[-1] += sum((two.probability(r) for r in (10, 11, 12)), Fraction(0))
    weights[0] = 1 - weights[2] - weights[-1]
    random_hit = attack_odds(5, 6, effect=6, body=3, location="random")
    for column in "ABC":
        assert random_hit.columns[column] == sum(
            (p * column_chances(6 + change, 3)[column] for change, p in weights.items()),
            Fraction(0),
        )
