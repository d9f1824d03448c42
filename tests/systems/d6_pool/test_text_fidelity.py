"""Rules of the d6 text the sheet missed or printed wrongly (issue #17's d6 pool defects)."""

from __future__ import annotations

from sheetapp.systems.d6_pool.figures import pool_figures, sheet_figures, shown_chance
from sheetapp.systems.d6_pool.model import Trait
from sheetapp.systems.d6_pool.pools import Pool, skill_pool
from sheetapp.systems.d6_pool.rules import check
from sheetapp.systems.d6_pool.summary import describe

from .sheets import finished


def _swimming(sheet):
    return next(s for s in sheet.skills if s.name == "Swimming")


def test_aquatic_adds_its_rating_to_swimming_but_not_to_the_breath() -> None:
    sheet = finished()
    before = skill_pool(sheet, _swimming(sheet)).dice  # Stamina 3 + Swimming 4
    sheet.traits.append(Trait(name="Aquatic", rating=2, in_play=True))
    assert skill_pool(sheet, _swimming(sheet)).dice == before + 2 == 9
    f = sheet_figures(sheet)
    assert f["breath_turns"] == 7 and f["breathes_water"] is True  # Stamina + Swimming only


def test_missing_every_limb_zeroes_strength_and_dexterity_pools() -> None:
    sheet = finished()
    sheet.traits.append(Trait(name="Missing Limb", kind="negative", rating=6, all_limbs=True))
    f = sheet_figures(sheet)
    dodge = f["skills"][0]["pool"]
    assert dodge["dice"] == 0 and "every limb" in dodge["blocked"]
    assert f["initiative_pool"] == 0 and f["unskilled"]["strength"] == 0
    assert all(w["attack_pool"]["dice"] == 0 and w["damage_pool"]["dice"] == 0
               for w in f["weapons"])  # fmt: skip
    mechanics = f["skills"][3]["pool"]  # Intelligence is untouched
    assert mechanics["dice"] == 10 and not mechanics["blocked"]
    assert not [x for x in check(sheet) if x.code.startswith("d6.traits.all_limbs")]


def test_every_limb_is_missing_limb_at_six() -> None:
    sheet = finished()
    sheet.traits.append(Trait(name="Missing Limb", kind="negative", rating=3, all_limbs=True))
    sheet.traits.append(Trait(name="Rage", kind="negative", rating=1, all_limbs=True))
    codes = {x.code: x.path for x in check(sheet)}
    assert codes["d6.traits.all_limbs_rating"] == "traits[2].rating"
    assert codes["d6.traits.all_limbs"] == "traits[3].all_limbs"


def test_a_one_die_pool_marks_the_difficulties_it_is_short_of() -> None:
    # The text: more successes needed than dice means every die must succeed, so one die
    # has a third at difficulty 1, 2 and 3. The sheet said "at least 2 successes" for it.
    one = pool_figures(Pool(1))
    assert [shown_chance(one, k) for k in (1, 2, 3)] == ["33%", "33%*", "33%*"]
    three = pool_figures(Pool(3))
    assert "*" not in "".join(shown_chance(three, k) for k in (1, 2, 3))
    assert "diff. 2 " in describe(finished())
