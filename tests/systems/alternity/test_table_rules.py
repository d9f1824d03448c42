"""Rules of the excerpt's table play not tied to one check of the sheet: impact damage from
falls (the impact table, cell by cell), surprise, and the growing penalty of a series of
fatigue checks."""

from __future__ import annotations

import pytest

from sheetapp.systems.alternity.checks import check_odds
from sheetapp.systems.alternity.figures import sheet_figures
from sheetapp.systems.alternity.impact import fall_grade, impact_damage
from sheetapp.systems.alternity.model import AlternitySheet, BroadSkill, SpecialtySkill
from sheetapp.systems.alternity.modifiers import common_modifiers
from sheetapp.systems.alternity.names import Ability, Degree, Track
from sheetapp.systems.alternity.play import plan_check
from sheetapp.systems.alternity.surprise import is_surprised, surprise_check

# The impact table as printed: rows by result, columns Ex, S, M, L, T.
PRINTED = """
critical_failure d4w d8w d12+4w d20+8w 2d20+8m
failure d4s d6w d10w d12+6w d20+8m
marginal 1s d4w d8w d12+4w d12+8m
ordinary - 1s d6w d10w d12+6m
good - - d4w d8w d8+6m
amazing - - - d6w d6+4m
"""
GRADES = ("extremely_short", "short", "medium", "long", "terminal")
TRACK = {"s": Track.STUN, "w": Track.WOUND, "m": Track.MORTAL}


def printed_cells():
    for line in PRINTED.strip().splitlines():
        row, *cells = line.split()
        for grade, cell in zip(GRADES, cells, strict=True):
            yield row, grade, cell


@pytest.mark.parametrize(("row", "grade", "cell"), list(printed_cells()))
def test_every_cell_of_the_impact_table(row: str, grade: str, cell: str) -> None:
    impact = impact_damage(row, grade)
    if cell == "-":
        assert impact is None
    else:
        assert impact is not None and (impact.dice, impact.track) == (cell[:-1], TRACK[cell[-1]])


def test_fall_distances_and_gravity_pick_the_column() -> None:
    # Ex under 3 m, S 3-10, M 11-30, L 31-60, T over 60; gravity moves one grade.
    assert [fall_grade(m) for m in (0, 2, 3, 10, 11, 30, 31, 60, 61, 20000)] == [
        "extremely_short", "extremely_short", "short", "short", "medium", "medium",
        "long", "long", "terminal", "terminal",
    ]
    assert fall_grade(15, gravity=-1) == "short" and fall_grade(15, gravity=1) == "long"
    assert fall_grade(1, gravity=-1) == "extremely_short"
    with pytest.raises(ValueError, match="not a fall"):
        fall_grade(-1)
    assert impact_damage(Degree.ORDINARY, fall_grade(20)).dice == "d6"


def hero() -> AlternitySheet:
    return AlternitySheet(
        abilities={Ability.WILL: 11, Ability.CONSTITUTION: 10},
        broad_skills=[BroadSkill(name="Awareness", ability=Ability.WILL)],
        specialty_skills=[SpecialtySkill(broad="Awareness", name="intuition", rank=2)],
    )


def test_surprise_is_an_awareness_check_and_any_success_avoids_it() -> None:
    assert [is_surprised(d) for d in Degree] == [True, True, False, False, False]
    unprepared = surprise_check(hero())
    # Awareness-intuition: Will 11 + rank 2, +d0.
    assert (unprepared.label, unprepared.score, unprepared.step) == ("Awareness-intuition", 13, 0)
    assert unprepared.odds == check_odds(13, 0)
    # Prepared: Awareness-perception (not taken: the broad skill, +d4) with -1..-3 steps.
    prepared = [surprise_check(hero(), prepared=n) for n in (1, 2, 3)]
    assert [(p.score, p.step) for p in prepared] == [(11, 0), (11, -1), (11, -2)]
    figures = sheet_figures(hero()).surprise
    assert figures.unprepared_chance == pytest.approx(unprepared.not_surprised)
    assert figures.prepared_chances == pytest.approx([p.not_surprised for p in prepared])
    # Without Awareness, Will untrained: half, +d4.
    bare = AlternitySheet(abilities={Ability.WILL: 11})
    assert (surprise_check(bare).score, surprise_check(bare).step) == (5, 1)
    with pytest.raises(ValueError, match="preparedness"):
        surprise_check(hero(), prepared=4)


def test_each_later_fatigue_check_of_an_activity_takes_one_more_step() -> None:
    series = {name: steps for group, name, steps in common_modifiers() if group == "Series"}
    assert series == {f"Fatigue or breath check no. {n}": n - 1 for n in range(2, 7)}
    sheet = AlternitySheet(abilities={Ability.CONSTITUTION: 10})
    third = plan_check(sheet, 10, 0, Ability.CONSTITUTION, [("no. 3", 2)])
    assert third.die == "+d6" and third.odds == check_odds(10, 2)


def test_a_high_risk_parachute_jump_lands_as_a_fall_by_its_daredevil_result() -> None:
    from sheetapp.systems.alternity.impact import parachute_grade

    landed = {d: parachute_grade(d, "long") for d in Degree}
    assert landed == {
        Degree.CRITICAL_FAILURE: "long",  # the chute does not open: the whole distance
        Degree.FAILURE: "short",
        Degree.ORDINARY: "extremely_short",
        Degree.GOOD: None,
        Degree.AMAZING: None,
    }


def test_overland_paces_from_the_table_slowed_by_the_load() -> None:
    from sheetapp.systems.alternity.model import Equipment

    sheet = AlternitySheet(abilities={Ability.STRENGTH: 12})
    paces = sheet_figures(sheet).movement.overland
    assert [(p.pace, p.km_per_hour, p.hours_per_fatigue_check) for p in paces] == [
        ("stroll", 1.5, None),
        ("march", 3.0, 8),
        ("forced march", 4.5, 1),
    ]
    sheet.equipment = [Equipment(name="Kit", weight_kg=48)]  # Grimes: STR x 4, 75%
    assert [p.km_per_hour for p in sheet_figures(sheet).movement.overland] == [1.125, 2.25, 3.375]
