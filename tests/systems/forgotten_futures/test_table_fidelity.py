"""The attack versus defence table past its edges, and what armour and high Effects do to
the damage columns (issue #17's Forgotten Futures defects)."""

from __future__ import annotations

from fractions import Fraction

from sheetapp.systems.forgotten_futures.modifiers import damage_limit, modified_attack
from sheetapp.systems.forgotten_futures.odds import attack_odds, column_chances, success_chance
from sheetapp.systems.forgotten_futures.plugin import odds
from sheetapp.systems.forgotten_futures.table import needed, quick_table
from tests.systems.monotonicity import assert_monotone_grid

BETTER = {"attack": +1, "defence": -1}


def test_a_stronger_defence_never_helps_at_the_big_number_boundary() -> None:
    # Before: 15 against 18 needed 4, against 19 (both off the table, divided by 2) 5.
    assert success_chance(15, 19) <= success_chance(15, 18)
    assert success_chance(11, 19) <= success_chance(11, 18)
    # A whole-number divisor jumps: 20 against 36 (by 2) has no chance, 20 against 37 (by 3)
    # would have had one.
    assert needed(20, 37) is None and needed(20, 36) is None


def test_the_printed_table_is_unchanged() -> None:
    printed_first_row = [7, 6, 5, 4, 3, 2, 2, 2] + [None] * 10
    assert quick_table()[0] == printed_first_row
    assert quick_table()[9][:7] == [11, 11, 11, 11, 11, 11, 10]


def test_success_never_rises_with_the_defence_on_a_whole_grid() -> None:
    assert_monotone_grid(success_chance, {"attack": (1, 60), "defence": (1, 60)}, BETTER)


def test_an_effect_armour_takes_below_one_does_no_damage() -> None:
    result = attack_odds(5, 6, effect=4, body=3, armour=6)
    assert result.effect == -2 and result.no_damage == 1
    assert set(result.columns.values()) == {0}
    shown = odds({"attack": 5, "defence": 6, "effect": 4, "body": 3, "armour": 6})
    assert shown["no_damage"] == 1.0 and shown["A"] == 0.0


def test_a_very_high_effect_does_maximum_damage_unless_a_twelve() -> None:
    # Explosive harpoon (Effect 25) against BODY 4: column C on every roll but a 12.
    columns = column_chances(25, 4)
    assert columns == {"A": Fraction(1, 36), "B": Fraction(0), "C": Fraction(35, 36)}
    # On the printed table the aid table still holds: needed 11, C on 2-5.
    assert column_chances(10, 1)["C"] == Fraction(10, 36)


def test_pulling_punches_folds_the_columns_and_costs_the_attack() -> None:
    full = column_chances(6, 3)
    limited = column_chances(6, 3, "limited")
    minimal = column_chances(6, 3, "minimal")
    assert limited == {"A": full["A"], "B": full["B"] + full["C"], "C": 0}
    assert minimal == {"A": 1, "B": 0, "C": 0}
    assert modified_attack(5, ["limited"]) == 4 and modified_attack(5, ["minimal"]) == 3
    assert damage_limit(["limited", "minimal"]) == "minimal"


def test_attack_modifiers_stop_at_ten_and_at_one() -> None:
    assert modified_attack(9, ["still", "immobile", "big", "very_close"]) == 10
    assert modified_attack(2, ["target_ducking", "two_targets"]) == 1
    assert modified_attack(12, ["still"]) == 12  # never lowered by a bonus
