"""Readings of the text an audit found wrong: taxing up to exactly double, each passage's
reading of a 0 on the ones die, damage written as '2d6/5', and the odds never falling as a
check gets easier."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from sheetapp.dice import percentile_outcome
from sheetapp.storage.document import loads
from sheetapp.systems.amazing_engine import experience
from sheetapp.systems.amazing_engine.catalog import builtin_universes
from sheetapp.systems.amazing_engine.chances import check_odds, max_tax, skill_chance
from sheetapp.systems.amazing_engine.combat import attack_outcome
from sheetapp.systems.amazing_engine.model import Skill, Weapon
from sheetapp.systems.amazing_engine.rules import check
from sheetapp.systems.amazing_engine.universe import Universe

from . import wolfgang


def leo_with_xp(xp: int):
    sheet = loads(json.dumps(wolfgang.document()))
    return experience.award(sheet, 0, to_character=xp, to_core=0)


def test_taxing_may_reach_exactly_double_the_chance() -> None:
    assert max_tax(50, 500) == 50 and max_tax(90, 500) == 90
    taxed = experience.tax(leo_with_xp(100), 0, 50, chance=50)
    assert experience.character_balance(taxed, 0) == 50
    with pytest.raises(experience.XpRefused, match="double"):
        experience.tax(leo_with_xp(100), 0, 55, chance=50)


def test_the_die_s_zero_reads_as_zero_for_margins_and_as_ten_for_lethality() -> None:
    # The worked margin example: chance 45, S1, a roll of 40 is critical (0 is below 1).
    assert percentile_outcome(40, 45, success_margin=1) == "critical_success"
    # The lethality passage pairs 10 with the 0: a hit ending in 0 reaches body only at 10.
    assert attack_outcome(40, 62, 1) == "stamina"
    assert attack_outcome(30, 62, 9) == attack_outcome(60, 62, 9) == "stamina"
    assert attack_outcome(30, 62, 10) == attack_outcome(60, 62, 10) == "body"
    assert attack_outcome(30, 62, 7, "vital") == "body"  # 7 + 3 = 10
    assert attack_outcome(60, 31, 9, "non_vital") == "miss"


def test_damage_written_with_its_lethality_still_has_its_lethality_checked() -> None:
    sheet = loads(json.dumps(wolfgang.document()))
    sheet.characters[0].weapons = [Weapon(name="Revolver", damage="2d6/5", lethality=15)]
    found = {(f.code, f.path) for f in check(sheet)}
    assert ("ae.weapons.damage", "characters[0].weapons[0].damage") in found
    assert ("ae.weapons.lethality", "characters[0].weapons[0].lethality") in found


margins = st.none() | st.integers(0, 9)


@given(st.integers(-50, 150), st.integers(0, 30), margins, margins)
def test_a_better_chance_never_lowers_success(chance, better, s_margin, f_margin) -> None:
    worse = check_odds(chance, success_margin=s_margin, failure_margin=f_margin)
    easier = check_odds(chance + better, success_margin=s_margin, failure_margin=f_margin)
    assert easier.success >= worse.success
    assert easier.critical_success >= worse.critical_success
    assert easier.critical_failure <= worse.critical_failure


@given(st.integers(1, 100), st.integers(-50, 150), st.integers(0, 30), st.integers(-5, 15))
def test_a_better_score_never_turns_a_hit_into_a_miss(roll, chance, better, lethality) -> None:
    before = attack_outcome(roll, chance, lethality)
    after = attack_outcome(roll, chance + better, lethality)
    assert before == "miss" or after == before
    more_lethal = attack_outcome(roll, chance, lethality + 1)
    assert not (before == "body" and more_lethal == "stamina")


def test_free_dice_are_seven_in_every_universe() -> None:
    # The text fixes the free dice; only the cap on one attribute's dice is a universe's.
    assert Universe.model_validate({"id": "old", "name": "Old", "free_dice": 7}).dice_cap == 5
    with pytest.raises(ValidationError, match="free_dice: every later character places 7"):
        Universe.model_validate({"id": "new", "name": "New", "free_dice": 8})


@given(
    st.sampled_from(["Knife fighting", "Blades", "Combination locks", "Documents"]),
    st.integers(0, 90),
    st.integers(0, 40),
    st.integers(-30, 30),
    st.booleans(),
)
def test_a_better_score_or_an_easier_check_never_lowers_a_skill_chance(
    skill, score, better, modifier, known
) -> None:
    generic = builtin_universes()["generic"]
    found = [(g, p) for g, p, _ in generic.walk_skills() if p[-1] == skill]
    group, path = found[0]
    sheet = loads(json.dumps(wolfgang.document()))
    character = sheet.characters[0]
    if known:
        character.skills = [
            Skill.from_tree(group, path[: i + 1], node, "xp")
            for i, node in enumerate(generic.find_skill(group, path) or [])
        ]
    attribute = (generic.find_skill(group, path) or [])[-1].attribute
    low = character.model_copy(update={"attributes": {**character.attributes, attribute: score}})
    high = character.model_copy(
        update={"attributes": {**character.attributes, attribute: score + better}}
    )
    base = skill_chance(low, generic, group, path, modifier=modifier).effective
    assert skill_chance(high, generic, group, path, modifier=modifier).effective >= base
    assert skill_chance(low, generic, group, path, modifier=modifier + better).effective >= base
