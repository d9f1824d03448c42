"""A universe's gear catalogue: packs declare weapons, armour and equipment; professions name
their starting gear; generated characters carry it, and its weight counts towards the load."""

from __future__ import annotations

import pytest

from sheetapp.dice import Roller
from sheetapp.findings import Severity, has_errors
from sheetapp.systems.amazing_engine import rules
from sheetapp.systems.amazing_engine.catalog import (
    builtin_universes,
    reload_catalogue,
    user_pack_folder,
)
from sheetapp.systems.amazing_engine.figures import character_figures
from sheetapp.systems.amazing_engine.generation import (
    prime_from_rolls,
    random_npc_sheet,
    random_prime_sheet,
)
from sheetapp.systems.amazing_engine.kit import add_gear, profession_kit
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet, Character, Core, Equipment
from sheetapp.systems.amazing_engine.names import Attribute, Pool
from sheetapp.systems.amazing_engine.packs import parse_pack
from sheetapp.systems.amazing_engine.pool_dice import computed_pool_dice

PACK = """
id = "kit-test"
name = "Kit test"

[[professions]]
id = "soldier"
name = "Soldier"
groups = ["Arms"]
gear = ["Carbine", "Helmet", "Canteen"]

[[professions]]
id = "clerk"
name = "Clerk"
groups = ["Arms"]
gear = ["Ledger"]

[[skill_groups]]
name = "Arms"
skills = [{ name = "Shooting", attribute = "reflexes" }]

[[weapons]]
name = "Carbine"
damage = "2d6"
lethality = 6
weight_kg = 3.5

[[armour]]
name = "Helmet"
reduces = 2
weight_kg = 1.5

[[equipment]]
name = "Canteen"
weight_kg = 1.0

[[equipment]]
name = "Ledger"
weight_kg = 0.5
"""


def universe(text: str = PACK):
    report = parse_pack(text, "kit.toml")
    assert report.usable, [str(p) for p in report.problems]
    return report.universe


def test_the_system_guide_revolver_ships_with_its_damage_and_lethality() -> None:
    revolver = builtin_universes()["generic"].gear_item("Service revolver")
    assert (revolver.damage, revolver.lethality) == ("2d6", 5)


@pytest.mark.parametrize("universe_id", ["generic", "verdigris", "drift-salvage"])
def test_every_shipped_universe_arms_some_profession(universe_id: str) -> None:
    shipped = builtin_universes()[universe_id]
    assert shipped.weapons and shipped.equipment and shipped.armour
    armed = [p for p in shipped.professions if any(
        shipped.gear_item(n) in shipped.weapons for n in p.gear
    )]
    assert armed
    for profession in shipped.professions:
        assert len(profession_kit(shipped, profession.id)) == len(profession.gear)


def test_a_generated_soldier_carries_the_professions_gear() -> None:
    kit = universe()
    for seed in range(20):
        sheet = random_npc_sheet(Roller(seed), kit)
        character = sheet.characters[0]
        if character.profession != "soldier":
            continue
        assert [w.name for w in character.weapons] == ["Carbine"]
        assert (character.weapons[0].damage, character.weapons[0].lethality) == ("2d6", 6)
        assert [e.name for e in character.equipment] == ["Helmet", "Canteen"]
        assert "a hit loses 2 damage" in character.equipment[0].notes
        assert character_figures(character).load_kg == 6.0
        break
    else:
        pytest.fail("no soldier in twenty seeds")


def test_a_generic_soldier_pc_gets_weapons_too() -> None:
    generic = builtin_universes()["generic"]
    for seed in range(40):
        character = random_prime_sheet(Roller(seed), generic).characters[0]
        if character.profession == "soldier":
            assert "Rifle" in [w.name for w in character.weapons]
            return
    pytest.fail("no soldier in forty seeds")


def test_weapon_weight_counts_towards_the_load() -> None:
    character = Character(attributes={Attribute.FITNESS: 5})
    add_gear(character, [universe().gear_item("Carbine")])
    character.equipment.append(Equipment(name="Pack", weight_kg=2.0))
    figures = character_figures(character)
    assert figures.load_kg == 5.5
    assert figures.load_status == "slowed"


def problems(text: str) -> list[tuple[str, str]]:
    return [(p.code, p.message) for p in parse_pack(text, "kit.toml").problems
            if p.severity is Severity.ERROR]


def test_a_profession_naming_gear_the_catalogue_lacks_gets_a_hint() -> None:
    found = problems(PACK.replace('"Canteen"]', '"Canten"]'))
    assert ("pack.profession.unknown_gear",) == tuple(c for c, _ in found)
    assert "did you mean 'Canteen'?" in found[0][1]


def test_damage_that_is_not_dice_and_twice_named_items_are_errors() -> None:
    text = PACK.replace('damage = "2d6"', 'damage = "2d6/6"').replace(
        'name = "Ledger"', 'name = "Carbine"'
    )
    codes = sorted(c for c, _ in problems(text))
    assert "pack.gear.damage" in codes and "pack.gear.duplicate" in codes


def test_lethality_outside_one_to_ten_is_refused_at_its_line() -> None:
    report = parse_pack(PACK.replace("lethality = 6", "lethality = 12"), "kit.toml")
    assert not report.usable
    assert report.problems[0].line == PACK.splitlines().index("lethality = 6") + 1


SPECIES_PACK = PACK + """
[[species]]
id = "human"
name = "Human"

[[species]]
id = "ogre"
name = "Ogre"
modifiers = { fitness = 10, learning = -5 }
"""


def test_a_species_modifiers_join_the_base_adjustment_and_the_rules_agree() -> None:
    user_pack_folder().mkdir(parents=True, exist_ok=True)
    (user_pack_folder() / "kit.toml").write_text(SPECIES_PACK, encoding="utf-8")
    pack = reload_catalogue().universes["kit-test"]
    rolls = dict.fromkeys(Attribute, 20)
    points = {Attribute.FITNESS: 15, Attribute.LEARNING: 10, Attribute.PSYCHE: 5}
    made = {
        species: prime_from_rolls(
            pack, four_dice=list(Attribute)[:4], rolls=rolls, rank_points=points,
            species=species,
        )
        for species in ("human", "ogre")
    }
    assert made["ogre"].attributes[Attribute.FITNESS] == 45  # 20 + 15 + 10
    assert made["ogre"].attributes[Attribute.LEARNING] == 25  # 20 + 10 - 5
    assert made["human"].attributes[Attribute.FITNESS] == 35
    ranks = {Pool.PHYSIQUE: 1, Pool.INTELLECT: 2, Pool.SPIRIT: 3, Pool.INFLUENCE: 4}
    sheets = {
        s: AmazingEngineSheet(core=Core(ranks=ranks), characters=[c]) for s, c in made.items()
    }
    codes = [f.code for f in rules.check(sheets["ogre"]) if f.code == "ae.attributes.mismatch"]
    assert codes == []
    # Pool dice are rated before any adjustment: the species changes nothing there.
    assert computed_pool_dice(sheets["ogre"]) == computed_pool_dice(sheets["human"])
    # A character whose species changes after making shows the mismatch.
    sheets["ogre"].characters[0].species = "human"
    assert has_errors(rules.check(sheets["ogre"]))
