"""Rules of the d6 text the sheet missed or printed wrongly (issue #17's d6 pool defects)."""

from __future__ import annotations

from sheetapp.systems.d6_pool.catalog import EQUIPMENT, item_line
from sheetapp.systems.d6_pool.figures import pool_figures, sheet_figures, shown_chance
from sheetapp.systems.d6_pool.gear_rules import damage_needed
from sheetapp.systems.d6_pool.model import Trait
from sheetapp.systems.d6_pool.names import Attribute
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
    assert f.breath_turns == 7 and f.breathes_water is True  # Stamina + Swimming only


def test_missing_every_limb_zeroes_strength_and_dexterity_pools() -> None:
    sheet = finished()
    sheet.traits.append(Trait(name="Missing Limb", kind="negative", rating=6, all_limbs=True))
    f = sheet_figures(sheet)
    dodge = f.skills[0].pool
    assert dodge.dice == 0 and "every limb" in dodge.blocked
    assert f.initiative_pool == 0 and f.unskilled["strength"] == 0
    assert all(w.attack_pool.dice == 0 and w.damage_pool.dice == 0
               for w in f.weapons)  # fmt: skip
    mechanics = f.skills[3].pool  # Intelligence is untouched
    assert mechanics.dice == 10 and not mechanics.blocked
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


def _with(*names: str):
    sheet = finished()
    sheet.equipment = [
        item_line(s) for s in EQUIPMENT if s.name in names
    ]
    return sheet


def test_the_buster_sword_wants_strength_3_and_cuts_armour_by_3() -> None:
    sheet = _with("Buster Sword")
    sheet.attributes[Attribute.STRENGTH] = 2
    (sword,) = sheet_figures(sheet).weapons
    # Dexterity 4 + Melee 2, less 2 for the point of Strength short
    assert sword.attack_pool.dice == 4 and "Strength short" in sword.attack_pool.explain
    assert damage_needed(sheet.equipment[0], stamina=3, armour=4) == 4  # 3 + (4 - 3)
    assert damage_needed(sheet.equipment[0], stamina=3, armour=1) == 3  # never below 0 armour


def test_shotguns_double_armour_and_take_no_armour_piercing_rounds() -> None:
    sheet = _with("Double Barreled Shotgun")
    gun = sheet.equipment[0]
    assert damage_needed(gun, stamina=3, armour=2) == 7
    gun.armour_piercing = True
    assert "d6.equipment.armour_piercing" in {x.code for x in check(sheet)}


def test_armour_piercing_rounds_take_the_damage_off_stamina_and_armour() -> None:
    sheet = _with(".38 Special Revolver, AP rounds")
    assert damage_needed(sheet.equipment[0], stamina=3, armour=2) == 3  # 3 + 2 - 2


def test_the_m16_sap_and_potion_do_what_the_text_says() -> None:
    sheet = _with("M16 Assault Rifle", "Sap", "Potion of Fire-Breathing")
    f = sheet_figures(sheet)
    m16, sap = f.weapons
    assert m16.rules == ["a dodge loses the attack's successes"]
    assert sap.fixed_damage == 3 and not sap.lethal  # Strength 3, non-lethal
    assert f.granted == []  # not drunk yet
    next(i for i in sheet.equipment if i.name.startswith("Potion")).equipped = True
    (fire,) = sheet_figures(sheet).granted
    # Dexterity 4 + Ranged 3 + Fire Breathing 3
    assert (fire.name, fire.rating, fire.pool.dice) == ("Fire Breathing", 3, 10)
    assert not [x for x in check(sheet) if x.severity.name in ("ERROR", "WARNING")
                and x.path.startswith("equipment")]  # fmt: skip
