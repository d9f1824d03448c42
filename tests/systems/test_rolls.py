"""Every system's rolls from the sheet: seeded rolls land on each named result as often as
the exact odds the sheet shows say, specific seeds give specific results, and the check a
sheet's row rolls is the one its figures show."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction

import pytest

from sheetapp.dice import Roller
from sheetapp.systems.alternity import rolls as alternity
from sheetapp.systems.alternity.checks import check_odds as alternity_odds
from sheetapp.systems.amazing_engine import rolls as amazing
from sheetapp.systems.amazing_engine.catalog import builtin_universes
from sheetapp.systems.amazing_engine.figures import AREAS
from sheetapp.systems.amplitude import rolls as amplitude
from sheetapp.systems.amplitude.odds import action_odds
from sheetapp.systems.d6_pool import rolls as d6
from sheetapp.systems.d6_pool.odds import pool_odds
from sheetapp.systems.forgotten_futures import rolls as ff
from sheetapp.systems.forgotten_futures.odds import attack_odds
from sheetapp.systems.rolls import Check, Reading, TakesMargins, Unrollable, odds_summary

CHECKS: dict[str, Check] = {
    "AE 45 with S1 F8": amazing.PercentileCheck("Pick locks", 45, 1, 8),
    "AE 97 (95-00 fail)": amazing.PercentileCheck("Climb", 97),
    "AE pistol, lethality 4": amazing.AttackCheck("Pistol", 62, 4, "1d8"),
    "d6 pool of 5": d6.PoolCheck("Dexterity + Ranged", 5),
    "d6 pool of 1": d6.PoolCheck("Half Wisdom", 1),
    "d6 Phobia 3 needing 2": d6.NeededCheck("Phobia: stand firm", 3, 2),
    "d6 Defend 1 die vs skill 3 (every die)": d6.NeededCheck("Defend vs skill 3", 1, 3),
    "AE pistol at a vital area": amazing.AttackCheck("Pistol", 7, 4, "1d8", "vital"),
    "Alternity 13 at +d4": alternity.SituationCheck("Vehicle op-land", 13, 1),
    "Alternity 9 at -d6": alternity.SituationCheck("Acrobatics-dodge", 9, -2),
    "Alternity 14 at +3d20": alternity.SituationCheck("Demolitions-disarm", 14, 7),
    "Alternity 30 at +d0 (cannot fail)": alternity.SituationCheck("Easy", 30, 0),
    "Alternity crossbow": alternity.SituationCheck("Crossbow", 12, 0, ("d4w", "d6w", "d4m")),
    "Amplitude OB 2 vs DB 1, Amp 4, wounded": amplitude.ActionCheck(
        "Brawl", ob=2, db=1, amp=4, modifier=-1
    ),
    "Amplitude OB 6, Amp 9": amplitude.ActionCheck("Blast", ob=6, db=0, amp=9),
    "Amplitude major wound's action check": amplitude.NeededCheck(
        amplitude.ActionCheck("Action check", ob=0, db=0, amp=5, modifier=-4), 5
    ),
    "FF 5 against 6": ff.TableCheck("Pilot", 5, 6),
    "FF damage 5 against BODY 3": ff.DamageCheck("Sword", 5, 3),
    "FF attack, armour, pulling punches": ff.AttackCheck(
        "Attack", 6, 6, ff.DamageCheck("Attack", 6, 4, armour=1, limit="limited")
    ),
}
ROLLS = 12_000


@pytest.mark.parametrize("name", CHECKS)
def test_seeded_rolls_land_on_each_result_as_often_as_its_exact_odds(name: str) -> None:
    check = CHECKS[name]
    odds = check.odds()
    assert sum(odds.values()) == 1
    roller = Roller(20261126)
    seen = Counter(check.roll(roller).outcome for _ in range(ROLLS))
    assert set(seen) <= {k for k, p in odds.items() if p}  # nothing the odds call impossible
    for outcome, p in odds.items():
        spread = math.sqrt(float(p * (1 - p)) / ROLLS)
        assert abs(seen[outcome] / ROLLS - float(p)) <= 4.5 * spread + 1 / ROLLS, (outcome, p)


def test_the_odds_are_the_ones_the_sheets_already_show() -> None:
    """The checks take their odds from the odds modules the sheets print from."""
    pick = amazing.PercentileCheck("Pick locks", 45, 1, 8).odds()
    assert pick["Critical success"] == Fraction(9, 100) and pick["Failure"] + pick[
        "Critical failure"
    ] == Fraction(55, 100)
    pool = d6.PoolCheck("Pool", 3).odds()
    assert pool["2 successes"] + pool["3 successes"] == pool_odds(3, 2).success
    situation = alternity.SituationCheck("Skill", 13, 1).odds()
    assert situation["Good success"] == alternity_odds(13, 1).good
    action = amplitude.ActionCheck("Brawl", ob=2, db=1, amp=4).odds()
    exact = action_odds(ob=2, db=1, amp=4)
    assert action["U (unconscious)"] == exact.cells["U"]
    assert action["Automatic failure"] == exact.auto_fail
    assert action["QO 5"] == exact.cells["5"]
    attack = ff.AttackCheck("Attack", 5, 6, ff.DamageCheck("Attack", 6, 3)).odds()
    chances = attack_odds(5, 6, effect=6, body=3)
    assert attack["Miss"] == 1 - chances.success
    assert attack["Hit, column C"] == chances.success * chances.columns["C"]


def results(check: Check, seed: int, times: int = 3) -> list[str]:
    roller = Roller(seed)
    return [check.roll(roller).result for _ in range(times)]


def test_every_system_s_checks_have_the_one_shape() -> None:
    assert all(isinstance(check, Check) for check in CHECKS.values())
    assert isinstance(CHECKS["AE 45 with S1 F8"], TakesMargins)
    assert not isinstance(CHECKS["d6 pool of 5"], TakesMargins)


def test_specific_seeds_give_specific_named_results() -> None:
    # Seed 2026 rolls d100 16, 41, 65: 41 ends in 1, within S1.
    assert results(CHECKS["AE 45 with S1 F8"], 2026) == [
        "Success by 29",
        "Critical success by 4",
        "Failure by 20",
    ]
    assert results(CHECKS["d6 pool of 5"], 2026, 1) == ["3 successes: meets difficulty 3 or less"]
    assert results(CHECKS["Alternity 13 at +d4"], 2026) == [
        "Ordinary success",
        "Failure",
        "Ordinary success",
    ]
    assert results(CHECKS["Amplitude OB 2 vs DB 1, Amp 4, wounded"], 2026) == [
        "QO 6",
        "U (unconscious)",
        "0 (no effect)",
    ]
    assert results(CHECKS["FF 5 against 6"], 2026) == ["Success by 2", "Failure", "Failure"]


def test_readings_name_the_result_as_the_rules_do() -> None:
    pick = amazing.PercentileCheck("Pick locks", 45)
    assert pick.read(45).result == "Success" and pick.read(96).result == "Failure by 51"
    assert pick.with_margins(1, 8).read(40).result == "Critical success by 5"
    assert pick.with_margins(1, 8).read(58).result == "Critical failure by 13"
    assert amazing.PercentileCheck("Easy", 120).read(97).result == "Failure"
    assert "95-00 always fail" in amazing.PercentileCheck("Easy", 120).read(97).detail

    pool = d6.PoolCheck("Pool", 2)
    assert pool.read([5, 6]).result == "2 successes, every die: meets any difficulty"
    assert pool.read([5, 1]).result == "1 success: meets difficulty 1"

    never_fails = alternity.SituationCheck("Easy", 30, 0)
    assert never_fails.read(20, []).result == "Ordinary success, and bad luck"
    saved = alternity.SituationCheck("Tough", 5, 4)  # +d12: a 1 still succeeds
    assert saved.read(1, [11]).result == "Ordinary success"

    blast = amplitude.ActionCheck("Blast", ob=6, db=0, amp=9)
    assert blast.read([1, 1, 0, 0], [0, 0, 0, 0]).result == "K (killed)"
    assert "column +6" in blast.read([1, 1, 0, 0], [0, 0, 0, 0]).detail

    sword = ff.DamageCheck("Sword", 5, 3, armour=5)
    assert sword.read([1, 1]).result == "No damage (armour)"
    assert ff.TableCheck("Hopeless", 1, 9).read([1, 1]).result == "Failure"


def test_a_reading_keeps_the_dice_the_result_and_what_it_was_read_against() -> None:
    reading = Reading("d100: 16", "Success by 29", "Success", "at or under 45")
    assert reading.text() == "d100: 16 (at or under 45) → Success by 29"
    assert odds_summary({"Success": Fraction(999, 1000), "Failure": Fraction(1, 1000)}) == (
        "Success >99% · Failure <1%"
    )


# --- from the sheet: the check a row rolls is the one its figures show ---------------------


def test_an_amazing_engine_skill_rolls_at_the_chance_the_sheet_shows() -> None:
    from sheetapp.systems.amazing_engine.catalog import builtin_universes
    from sheetapp.systems.amazing_engine.chances import skill_chance
    from sheetapp.systems.amazing_engine.generation import random_prime_sheet

    universe = builtin_universes()["generic"]
    character = random_prime_sheet(Roller(11), universe).characters[0]
    skill = character.skills[0]
    check = amazing.skill_check(character, universe, skill.group, tuple(skill.path))
    assert isinstance(check, amazing.PercentileCheck)
    chance = skill_chance(character, universe, skill.group, tuple(skill.path))
    assert check.chance == chance.effective and check.name == " > ".join(skill.path)


def test_an_amazing_engine_weapon_attacks_with_reflexes_at_each_area() -> None:
    """The core rules: every attack's chance is Reflexes (half at non-vital, a tenth rounded
    up at vital), whatever skill the weapon row names."""
    from sheetapp.systems.amazing_engine.generation import random_prime_sheet
    from sheetapp.systems.amazing_engine.model import Weapon
    from sheetapp.systems.amazing_engine.names import Attribute

    universe = builtin_universes()["generic"]
    character = random_prime_sheet(Roller(11), universe).characters[0]
    character.attributes[Attribute.REFLEXES] = 62
    rifle = Weapon(name="Rifle", skill=character.skills[0].name, lethality=4, damage="2d6")
    checks = {area: amazing.weapon_check(character, rifle, area) for area in AREAS}
    assert [c.chance for c in checks.values()] == [62, 31, 7]
    assert checks["vital"].name == "Rifle (vital)"
    # The System Guide's example at 62 and lethality 4: 17 to stamina, 23 to body.
    general = checks["general"]
    assert general.read(17).result == "Hit to stamina: 2d6 damage"
    assert general.read(23).result == "Hit to body: 2d6 damage"
    # ones 1-4 among 1..62: a 0 counts as 10 at lethality (only lethality 10 takes it)
    assert general.odds()["Hit to body"] == Fraction(26, 100)
    assert general.read(23).detail == "at or under 62; to body on a ones digit 1–4 (a 0 counts 10)"
    # vital: lethality 4 + 3 = 7, hits 1..7 all end in 1..7
    assert checks["vital"].odds()["Hit to body"] == Fraction(7, 100)
    assert all(sum(c.odds().values()) == 1 for c in checks.values())
    bow = Weapon(name="Bow", skill="Archery")
    assert amazing.weapon_check(character, bow).chance == 62  # the skill named plays no part
    del character.attributes[Attribute.REFLEXES]
    blank = amazing.weapon_check(character, bow)
    assert isinstance(blank, Unrollable) and "Reflexes" in blank.reason


def test_an_alternity_weapon_reads_the_damage_of_its_degree() -> None:
    from sheetapp.systems.alternity.derived import weapon_skill
    from sheetapp.systems.alternity.generation import random_sheet

    sheet = random_sheet(Roller(1))
    check = alternity.weapon_check(sheet, 0)
    score = weapon_skill(sheet, sheet.weapons[0])
    assert isinstance(check, alternity.SituationCheck) and score is not None
    assert check.score == score.score and check.damage == ("d4w", "d6w", "d4m")
    assert check.read(1, []).result == "Amazing success: damage d4m"
    assert check.read(19, []).result == "Failure"
    sheet.weapons[0].accuracy = 2  # two steps worse: +d6
    assert alternity.weapon_check(sheet, 0).step == check.step + 2


def test_a_d6_row_rolls_the_pool_its_row_shows() -> None:
    from sheetapp.systems.d6_pool.figures import sheet_figures
    from sheetapp.systems.d6_pool.generation import random_sheet

    sheet = random_sheet(Roller(4))
    figures = sheet_figures(sheet)
    for row, skill in enumerate(figures.skills):
        check = d6.skill_check(sheet, row)
        if skill.pool is None or skill.pool.dice == 0:
            assert isinstance(check, Unrollable)
        else:
            assert isinstance(check, d6.PoolCheck) and check.dice == skill.pool.dice
    sheet.traits[0].kind = "negative"
    assert isinstance(d6.trait_check(sheet, 0), Unrollable)
    sheet.traits, sheet.equipment = [], []
    sheet.attributes["dexterity"] = 5
    unskilled = d6.unskilled_check(sheet, "dexterity")
    assert isinstance(unskilled, d6.PoolCheck) and unskilled.dice == 2
    sheet.attributes["dexterity"] = 1
    assert isinstance(d6.unskilled_check(sheet, "dexterity"), Unrollable)


def test_an_alternity_row_rolls_at_its_score_with_its_die() -> None:
    from sheetapp.systems.alternity.derived import specialty_figure
    from sheetapp.systems.alternity.generation import random_sheet

    sheet = random_sheet(Roller(9))
    check = alternity.specialty_check(sheet, 0)
    figure = specialty_figure(sheet, sheet.specialty_skills[0])
    assert isinstance(check, alternity.SituationCheck) and figure is not None
    assert (check.score, check.step) == (figure.score, figure.step)


def test_an_amplitude_row_rolls_its_ob_and_a_wounded_one_cannot_act_when_out() -> None:
    from sheetapp.systems.amplitude.generation import random_sheet

    sheet = random_sheet(Roller(3))
    check = amplitude.skill_check(sheet, 0)
    assert isinstance(check, amplitude.ActionCheck)
    assert (check.ob, check.db, check.amp) == (sheet.skills[0].ob, 0, amplitude.STANDARD_AMP)
    sheet.wound = "incapacitated"
    assert isinstance(amplitude.skill_check(sheet, 0), Unrollable)
    assert isinstance(amplitude.major_wound_check(sheet), Unrollable)
    sheet.wound = "major"
    major = amplitude.major_wound_check(sheet)
    assert isinstance(major, amplitude.NeededCheck)
    assert major.odds()["Passed"] == Fraction(47, 729)  # the odds module's own example


def test_a_forgotten_futures_skill_rolls_as_its_vs_6_column_reads() -> None:
    from sheetapp.systems.forgotten_futures.figures import sheet_figures
    from sheetapp.systems.forgotten_futures.generation import random_sheet
    from sheetapp.systems.forgotten_futures.names import Characteristic
    from sheetapp.systems.forgotten_futures.table import needed

    sheet = random_sheet(Roller(5))
    skill = sheet_figures(sheet).skills[0]
    check = ff.skill_check(sheet, 0)
    assert isinstance(check, ff.TableCheck)
    assert needed(check.attack, check.defence) == skill.needed_vs_default
    body = ff.characteristic_check(sheet, Characteristic.BODY)
    assert isinstance(body, ff.TableCheck) and body.name == "BODY"
    assert (body.attack, body.defence) == (sheet_figures(sheet).characteristics_now["body"], 6)
