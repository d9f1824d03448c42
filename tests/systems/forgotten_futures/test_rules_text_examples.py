"""Every worked number of the Forgotten Futures rules synopsis, as a test of the backend.

The two tables are copied from the text as printed (the dash is None), so a change to the
formula that builds them cannot pass unnoticed.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from sheetapp.systems.forgotten_futures import experience
from sheetapp.systems.forgotten_futures.bases import base_value
from sheetapp.systems.forgotten_futures.catalog import SKILLS, WEAPONS, skill_info
from sheetapp.systems.forgotten_futures.effect import work_out
from sheetapp.systems.forgotten_futures.figures import BonusFigures, sheet_figures
from sheetapp.systems.forgotten_futures.model import (
    BonusEntry,
    ForgottenFuturesSheet,
    Skill,
    Wounds,
)
from sheetapp.systems.forgotten_futures.names import (
    CHARACTERISTIC_COST,
    DEFAULT_CHARACTER_POINTS,
    DEFAULT_DEFENCE,
)
from sheetapp.systems.forgotten_futures.odds import column_chances, success_chance
from sheetapp.systems.forgotten_futures.points import creation_bonus, spending
from sheetapp.systems.forgotten_futures.table import column_ranges, needed
from sheetapp.systems.forgotten_futures.wounds import LEVELS, body_penalty

_ = None
# Attacking 1..10 (rows) against defending 1..18 (columns), as printed.
ATTACK_TABLE = [
    [7, 6, 5, 4, 3, 2, 2, 2, _, _, _, _, _, _, _, _, _, _],
    [8, 7, 6, 5, 4, 3, 2, 2, 2, _, _, _, _, _, _, _, _, _],
    [9, 8, 7, 6, 5, 4, 3, 2, 2, 2, _, _, _, _, _, _, _, _],
    [10, 9, 8, 7, 6, 5, 4, 3, 2, 2, 2, _, _, _, _, _, _, _],
    [11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 2, 2, _, _, _, _, _, _],
    [11, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 2, 2, _, _, _, _, _],
    [11, 11, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 2, 2, _, _, _, _],
    [11, 11, 11, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 2, 2, _, _, _],
    [11, 11, 11, 11, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 2, 2, _, _],
    [11, 11, 11, 11, 11, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 2, 2, _],
]

# Roll needed: (column A rolls, column B rolls, column C rolls), as printed.
DAMAGE_COLUMNS = {
    2: ((3, 12), (2, 2), None),
    3: ((4, 12), (2, 3), None),
    4: ((5, 12), (3, 4), (2, 2)),
    5: ((6, 12), (3, 5), (2, 2)),
    6: ((7, 12), (4, 6), (2, 3)),
    7: ((8, 12), (4, 7), (2, 3)),
    8: ((9, 12), (5, 8), (2, 4)),
    9: ((10, 12), (5, 9), (2, 4)),
    10: ((11, 12), (6, 10), (2, 5)),
    11: ((12, 12), (6, 11), (2, 5)),
}


def sheet(body: int = 3, mind: int = 3, soul: int = 3, **kw) -> ForgottenFuturesSheet:
    return ForgottenFuturesSheet(characteristics={"body": body, "mind": mind, "soul": soul}, **kw)


# --- character points -----------------------------------------------------------------------


def test_characteristics_cost_as_the_price_list_says() -> None:
    assert CHARACTERISTIC_COST == {1: 0, 2: 2, 3: 3, 4: 5, 5: 7, 6: 10, 7: 14}
    assert DEFAULT_CHARACTER_POINTS == 21


def test_seven_needs_the_referees_leave() -> None:
    from sheetapp.systems.forgotten_futures.rules import check

    seven = sheet(body=7)
    assert "ff.characteristic.seven" in [f.code for f in check(seven)]
    seven.settings.allow_seven = True
    assert "ff.characteristic.seven" not in [f.code for f in check(seven)]
    assert spending(seven).characteristics == 14 + 3 + 3


def test_saved_points_are_doubled_as_bonus_points() -> None:
    record = sheet(4, 4, 3, skills=[Skill(name="Actor", base="AvM&S", points=2)])
    assert spending(record).spent == 5 + 5 + 3 + 2
    assert spending(record).saved == 6
    assert creation_bonus(record) == 12
    assert sheet_figures(record).bonus == BonusFigures(at_creation=12, balance=12, ledger=[])


# --- skills ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("points", "rating"), [(1, 4), (2, 5), (3, 6)])
def test_actor_with_mind_3_and_soul_3(points: int, rating: int) -> None:
    record = sheet(mind=3, soul=3, skills=[Skill(name="Actor", base="AvM&S", points=points)])
    assert sheet_figures(record).skills[0].rating == rating


def test_the_skill_list_bases() -> None:
    bases = {s.name: s.base for s in SKILLS}
    assert bases == {
        "Actor": "AvM&S",
        "Artist": "AvM&S",
        "Athlete": "B",
        "Babbage Engine": "M",
        "Brawling": "B",
        "Business": "M",
        "Detective": "AvM&S",
        "Doctor": "M/2",
        "Driving": "AvB&M",
        "First Aid": "M",
        "Linguist": "M",
        "Marksman": "M",
        "Martial Arts": "AvB&S/2",
        "Mechanic": "M",
        "Medium": "S/2",
        "Melee Weapon": "AvB&M",
        "Military Arms": "M",
        "Morse Code": "M",
        "Pilot": "AvB&M/2",
        "Psychology": "AvM&S",
        "Riding": "AvB&S",
        "Scientist": "M",
        "Stealth": "B/2",
        "Thief": "AvB&M/2",
    }
    assert {s.name for s in SKILLS if s.free} == {"Brawling", "Stealth"}
    assert skill_info("doctor") is not None and not skill_info("doctor").learnable_in_play


@pytest.mark.parametrize(
    ("base", "values", "expected"),
    [
        ("AvM&S", {"mind": 3, "soul": 4}, 4),  # average, rounded up
        ("M/2", {"mind": 5}, 3),  # half, rounded up
        ("AvB&S/2", {"body": 4, "soul": 5}, 3),  # (4 + 5) / 4 = 2.25, up to 3
        ("AvB&M/2", {"body": 4, "mind": 4}, 2),  # exactly 2
        ("S/2", {"soul": 1}, 1),
    ],
)
def test_averages_and_halves_round_up(base: str, values: dict, expected: int) -> None:
    assert base_value(base, values) == expected


def test_brawling_and_stealth_come_free_at_base() -> None:
    from sheetapp.systems.forgotten_futures.generation import blank_sheet

    record = blank_sheet()
    record.characteristics = {"body": 5, "mind": 3, "soul": 3}
    f = sheet_figures(record)
    assert [(s.name, s.rating) for s in f.skills] == [("Brawling", 5), ("Stealth", 3)]
    assert f.points.skills == 0


def test_linguist_5_begins_with_3_languages() -> None:
    record = sheet(mind=4, skills=[Skill(name="Linguist", base="M", points=1)])
    assert sheet_figures(record).languages.allowed == 3


# --- attack versus defence -------------------------------------------------------------------


@pytest.mark.parametrize("attack", range(1, 11))
def test_attack_versus_defence_table(attack: int) -> None:
    assert [needed(attack, d) for d in range(1, 19)] == ATTACK_TABLE[attack - 1]


def test_two_always_succeeds_and_twelve_always_fails() -> None:
    assert success_chance(1, 8) == Fraction(1, 36)  # only the 2
    assert success_chance(10, 1) == Fraction(35, 36)  # all but the 12
    assert success_chance(1, 9) == 0  # the dash


def test_no_better_defence_means_six() -> None:
    assert DEFAULT_DEFENCE == 6
    record = sheet(mind=4, skills=[Skill(name="Marksman", base="M", points=2)])
    assert sheet_figures(record).skills[0].needed_vs_default == needed(6, 6) == 7


def test_a_huge_effect_harms_unless_a_12_is_rolled() -> None:
    assert needed(15, 4) == 11  # a disintegrator against an ordinary man
    assert needed(40, 6) == 11


# --- damage ----------------------------------------------------------------------------------


@pytest.mark.parametrize("target", sorted(DAMAGE_COLUMNS))
def test_damage_columns(target: int) -> None:
    a, b, c = DAMAGE_COLUMNS[target]
    assert column_ranges(target) == {"A": a, "B": b, "C": c}


def test_damage_column_chances_follow_the_table() -> None:
    # Effect 4 against BODY 3 needs 8: A on 9-12, B on 5-8, C on 2-4
    assert needed(4, 3) == 8
    assert column_chances(4, 3) == {
        "A": Fraction(10, 36),
        "B": Fraction(20, 36),
        "C": Fraction(6, 36),
    }
    # with no chance of success the Effect roll still does column A damage
    assert column_chances(1, 12) == {"A": 1, "B": 0, "C": 0}


def test_weapon_effects_from_body_and_skill() -> None:
    values = {"body": 4, "mind": 5, "soul": 3}
    club = next(w for w in WEAPONS if w.name == "Club")
    sword = next(w for w in WEAPONS if w.name == "Sword")
    assert work_out(club.effect, values, {}).value == 5  # BODY + 1
    assert work_out(sword.effect, values, {"melee weapon": 6}).value == 7  # Melee + 1
    assert work_out("Melee/2", values, {"melee weapon": 5}).value == 3


# --- wounds ----------------------------------------------------------------------------------


def test_wound_penalties_and_the_minimum_of_1() -> None:
    assert body_penalty(Wounds(bruised=True)) == 0
    assert body_penalty(Wounds(flesh_wound=True)) == -1
    assert body_penalty(Wounds(injury=True)) == -2
    assert body_penalty(Wounds(injury=True, second_injury=True)) == -4
    assert body_penalty(Wounds(critical=True)) is None  # unconscious: no figure applies
    record = sheet(body=3, skills=[Skill(name="Athlete", base="B", points=2)])
    record.wounds = Wounds(injury=True, second_injury=True)
    f = sheet_figures(record)
    assert f.characteristics_now["body"] == 1  # 3 - 4, but never below 1
    assert f.skills[0].rating_now == 1  # Athlete 5 - 4
    record.wounds = Wounds(injury=True)
    assert sheet_figures(record).skills[0].rating_now == 3


def test_wound_recovery_difficulties() -> None:
    assert [(w.name, w.penalty, w.difficulty) for w in LEVELS] == [
        ("Bruised", 0, 2),
        ("Flesh wound", -1, 4),
        ("Injury", -2, 6),
        ("2+ injuries", -4, 8),
        ("Critical", None, 8),
        ("Knocked out", 0, 4),
    ]


# --- improving and adding skills -------------------------------------------------------------


def test_raising_linguist_4_to_5_costs_5_bonus_points() -> None:
    record = sheet(mind=3, skills=[Skill(name="Linguist", base="M", points=1)])
    record.bonus_ledger = [BonusEntry(kind="award", amount=20)]
    before = sheet_figures(record).bonus.balance
    attempt = experience.improvement(record, 0)
    assert (attempt.rating, attempt.cost) == (4, 5)
    after = experience.improve_skill(record, 0, 2)
    f = sheet_figures(after)
    assert f.bonus.balance == before - 5
    assert f.skills[0].rating == 5


def test_adding_a_skill_rated_5_costs_10() -> None:
    # Scientist rests on MIND: MIND 4 starts it at 5 (one above its base)
    record = sheet(mind=4, bonus_ledger=[BonusEntry(kind="award", amount=30)])
    attempt = experience.learning(record, "Scientist")
    assert (attempt.rating, attempt.cost) == (5, 10)
    after = experience.add_skill(record, "Scientist", 3)
    assert [(s.name, s.rating) for s in sheet_figures(after).skills] == [("Scientist", 5)]


def test_a_12_means_never() -> None:
    record = sheet(mind=6, skills=[Skill(name="Marksman", base="M", points=1)])
    record.bonus_ledger = [BonusEntry(kind="award", amount=50)]
    peaked = experience.improve_skill(record, 0, 12, adventure="The Lost Valley")
    assert sheet_figures(peaked).skills[0].peaked
    assert sheet_figures(peaked).skills[0].rating == 7  # points lost, no gain
    with pytest.raises(experience.BonusRefused, match="never"):
        experience.improve_skill(peaked, 0, 2, adventure="Another")
    never = experience.add_skill(record, "Mechanic", 12)
    assert sheet_figures(never).never_learnable == ["mechanic"]
    with pytest.raises(experience.BonusRefused, match="never be learned"):
        experience.add_skill(never, "Mechanic", 2)
