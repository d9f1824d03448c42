"""Rules of the synopsis the record left out: the rest of the weapons lists, recovery from
wounds, breath and movement (issue #17's missing Forgotten Futures rules)."""

from __future__ import annotations

import pytest

from sheetapp.systems.forgotten_futures.catalog import WEAPONS
from sheetapp.systems.forgotten_futures.figures import sheet_figures
from sheetapp.systems.forgotten_futures.model import ForgottenFuturesSheet, Skill, Wounds

BY_NAME = {w.name: w for w in WEAPONS}


@pytest.mark.parametrize(
    ("name", "effect", "columns"),
    [
        ("Submachine gun", "9", ("F", "I", "C/K")),
        ("Machine gun", "11", ("F", "I", "C/K")),
        ("Small shotgun", "4", ("F", "I", "I")),
        ("Small shotgun, both barrels", "8", ("I", "I", "C")),
        ("Large shotgun, both barrels", "14", ("I", "C", "K")),
        ("Harpoon", "15", ("I", "C", "C/K")),
        ("Explosive harpoon", "25", ("C", "C", "K")),
        ("Stun grenade", "8", ("B", "KO", "I+KO")),
        ("Dynamite", "10", ("F", "I", "C/K")),
        ("Thrown axe", "BODY+1", ("F", "I", "C/K")),
        ("Thrown shuriken", "M. Arts", ("B", "F", "F")),
        ("Thrown boomerang", "Marksman", ("B", "F", "KO/I")),
        ("Thrown cricket ball", "Marksman", ("B", "F", "KO/I")),
        ("Thrown spear", "Melee", ("F", "I", "C/K")),
    ],
)
def test_the_weapons_lists_are_in_the_catalog(name: str, effect: str, columns: tuple) -> None:
    weapon = BY_NAME[name]
    assert (weapon.effect, (weapon.a, weapon.b, weapon.c)) == (effect, columns)


def _record(**wounds: bool) -> ForgottenFuturesSheet:
    return ForgottenFuturesSheet(
        characteristics={"body": 4, "mind": 5, "soul": 3},
        skills=[
            Skill(name="First Aid", base="M", points=1),  # 6
            Skill(name="Athlete", base="B", points=2),  # 6, 4 less any wound penalty
        ],
        wounds=Wounds(**wounds),
    )


def test_each_wound_has_its_recovery_roll_care_and_risk() -> None:
    f = sheet_figures(_record(bruised=True, flesh_wound=True, injury=True))
    rows = {r.wound: r for r in f.recovery}
    assert list(rows) == ["Bruised", "Flesh wound", "Injury"]
    injury = rows["Injury"]
    # BODY 4 less 2 for the injury: 2 against difficulty 6 needs 3; First Aid 6 needs 7.
    assert (injury.period, injury.difficulty, injury.heal_needed) == ("1 month", 6, 3)
    assert injury.care_needed["first_aid"] == 7 and injury.care_needed["doctor"] is None
    # Untreated: 6 against BODY 2 needs 11 (all but a 12), and the injury turns critical.
    assert injury.worsens_to == "critical" and injury.worsens_chance == 35 / 36
    assert rows["Bruised"].worsens_to == ""


def test_two_injuries_each_heal_at_eight_and_critical_has_no_healing_roll() -> None:
    f = sheet_figures(_record(injury=True, second_injury=True))
    assert [(r.wound, r.difficulty) for r in f.recovery] == [("2+ injuries", 8)] * 2
    (critical,) = sheet_figures(_record(critical=True)).recovery
    assert critical.heal_needed is None and critical.care_needed["first_aid"] == 5


def test_breath_is_body_times_twenty_seconds_and_movement_pushes_with_athlete() -> None:
    f = sheet_figures(_record())
    assert f.breath_seconds == 80
    move = f.movement
    assert (move.walk, move.run, move.push) == (10, 20, 30)
    assert (move.push_with, move.push_needed) == ("Athlete", 7)  # 6 against 6
    hurt = sheet_figures(_record(injury=True, second_injury=True)).movement
    assert hurt.limit == "can barely crawl"
