"""Every worked example of the System Guide, as a test of the rules backend."""

from __future__ import annotations

import json

import pytest

from sheetapp.dice import percentile_outcome
from sheetapp.findings import Severity
from sheetapp.storage.document import loads
from sheetapp.systems.amazing_engine import experience
from sheetapp.systems.amazing_engine.catalog import builtin_universes
from sheetapp.systems.amazing_engine.chances import check_odds, max_tax, skill_chance
from sheetapp.systems.amazing_engine.combat import advantage, attack_outcome, initiative
from sheetapp.systems.amazing_engine.derived import (
    attack_chances,
    carry_limits,
    initiative_modifier,
    movement,
)
from sheetapp.systems.amazing_engine.figures import sheet_figures
from sheetapp.systems.amazing_engine.generation import (
    add_character,
    from_core_from_rolls,
    prime_from_rolls,
)
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet, Character, Skill
from sheetapp.systems.amazing_engine.names import Attribute, Pool
from sheetapp.systems.amazing_engine.rules import check
from sheetapp.systems.amazing_engine.universe import SkillGroup, SkillNode, Universe

from . import wolfgang


def load_doc(doc: dict) -> AmazingEngineSheet:
    sheet = loads(json.dumps(doc))
    assert isinstance(sheet, AmazingEngineSheet)
    return sheet


def errors(sheet: AmazingEngineSheet) -> list:
    return [f for f in check(sheet) if f.severity is Severity.ERROR]


# --- Wolfgang's core and prime character ----------------------------------------------------


def test_wolfgangs_prime_character_and_core_validate_and_rate_his_pool_dice() -> None:
    sheet = load_doc(wolfgang.document())
    assert errors(sheet) == []
    core = sheet_figures(sheet).core
    assert core.dice == wolfgang.POOL_DICE
    assert core.ranks == wolfgang.RANKS


def test_building_the_prime_character_from_his_rolls_gives_the_printed_scores() -> None:
    generic = builtin_universes()["generic"]
    record = wolfgang.PRIME_CREATION
    character = prime_from_rolls(
        generic,
        four_dice=[Attribute(a) for a in record["four_dice"]],
        rolls={Attribute(a): n for a, n in record["rolls"].items()},
        rank_points={Attribute(a): n for a, n in record["rank_points"].items()},
    )
    assert {a.value: n for a, n in character.attributes.items()} == wolfgang.PRIME_FINAL


def test_rolls_after_rank_points_are_the_printed_interim_sheet() -> None:
    # Before rank points his sheet shows Fitness 16, Willpower 7, Charm 17 ...
    rolls = wolfgang.PRIME_CREATION["rolls"]
    assert (rolls["fitness"], rolls["willpower"], rolls["charm"]) == (16, 7, 17)
    sheet = load_doc(wolfgang.document())
    sheet.characters[0].creation.rank_points = {}
    sheet.characters[0].attributes = {Attribute(a): n for a, n in rolls.items()}
    codes = {f.code for f in check(sheet)}
    assert "ae.rank_points.unspent" in codes  # an unfinished sheet: warnings, not errors
    assert errors(sheet) == []


# --- Wolfgang's second character, from the core --------------------------------------------


def test_the_printed_smuggler_is_flagged_where_the_text_contradicts_itself() -> None:
    sheet = load_doc(wolfgang.document(smuggler=wolfgang.SMUGGLER_PRINTED))
    found = errors(sheet)
    assert [(f.code, f.path) for f in found] == [
        ("ae.attributes.mismatch", "characters[1].attributes.willpower")
    ]
    assert "17 + 5 rank points = 22" in found[0].message


def test_the_smuggler_with_willpower_22_is_valid_and_places_seven_free_dice() -> None:
    corrected = {**wolfgang.SMUGGLER_PRINTED, "willpower": 22}
    sheet = load_doc(wolfgang.document(smuggler=corrected))
    assert errors(sheet) == []
    assert not [f for f in check(sheet) if f.code.startswith("ae.from_core")]


def test_building_the_smuggler_from_core_and_rolls_gives_willpower_22() -> None:
    generic = builtin_universes()["generic"]
    record = wolfgang.SMUGGLER_CREATION
    character = from_core_from_rolls(
        generic,
        dice={Attribute(a): n for a, n in record["dice"].items()},
        rolls={Attribute(a): n for a, n in record["rolls"].items()},
        rank_points={Attribute(a): n for a, n in record["rank_points"].items()},
    )
    assert character.attributes[Attribute.WILLPOWER] == 22
    assert character.attributes[Attribute.POSITION] == 40


def test_pool_dice_are_not_recomputed_from_later_characters() -> None:
    corrected = {**wolfgang.SMUGGLER_PRINTED, "willpower": 22}
    sheet = load_doc(wolfgang.document(smuggler=corrected))
    assert sheet_figures(sheet).core.dice == wolfgang.POOL_DICE


def test_a_free_die_too_many_is_an_error_and_one_too_few_a_warning() -> None:
    doc = wolfgang.document(smuggler={**wolfgang.SMUGGLER_PRINTED, "willpower": 22})
    doc["characters"][1]["creation"] = {
        **wolfgang.SMUGGLER_CREATION,
        "dice": {**wolfgang.SMUGGLER_CREATION["dice"], "learning": 4},
    }
    codes = {(f.severity, f.code) for f in check(load_doc(doc))}
    assert (Severity.ERROR, "ae.from_core.free_dice") in codes
    doc["characters"][1]["creation"]["dice"]["learning"] = 2
    codes = {(f.severity, f.code) for f in check(load_doc(doc))}
    assert (Severity.WARNING, "ae.from_core.pool_unplaced") in codes


# --- skill checks -----------------------------------------------------------------------------

# A test universe shaped like the examples' skills, with the -5 specialty penalty the
# magic-glyph example uses.
LEO_WORLD = Universe(
    id="leo",
    name="Leo's world",
    specialty_penalty=5,
    skill_groups=(
        SkillGroup(
            name="Magic",
            skills=(
                SkillNode(
                    name="Glyph Analysis",
                    attribute=Attribute.LEARNING,
                    children=(SkillNode(name="Protection Glyph", attribute=Attribute.LEARNING),),
                ),
            ),
        ),
        SkillGroup(
            name="Swordplay", skills=(SkillNode(name="Fencing", attribute=Attribute.REFLEXES),)
        ),
        SkillGroup(
            name="Vehicles", skills=(SkillNode(name="Flying Carpet", attribute=Attribute.REFLEXES),)
        ),
    ),
)


def leo() -> Character:
    return Character(
        name="Leo",
        attributes={Attribute(a): n for a, n in wolfgang.PRIME_FINAL.items()},
        skills=[
            Skill(group="Magic", path=["Glyph Analysis"], attribute=Attribute.LEARNING),
            Skill(group="Vehicles", path=["Flying Carpet"], attribute=Attribute.REFLEXES),
        ],
    )


def test_flying_carpet_checks_succeed_at_21_and_fail_at_57_with_minus_10() -> None:
    chance = skill_chance(leo(), LEO_WORLD, "Vehicles", ("Flying Carpet",))
    assert chance.value == 36
    assert percentile_outcome(21, chance.value) == "success"
    harder = skill_chance(leo(), LEO_WORLD, "Vehicles", ("Flying Carpet",), modifier=-10)
    assert harder.value == 26
    assert percentile_outcome(57, harder.value) == "failure"


def test_unskilled_fencing_uses_half_reflexes() -> None:
    assert skill_chance(leo(), LEO_WORLD, "Swordplay", ("Fencing",)).value == 18


def test_glyph_specialty_not_known_costs_5_then_15_with_the_action_penalty() -> None:
    path = ("Glyph Analysis", "Protection Glyph")
    spotting = skill_chance(leo(), LEO_WORLD, "Magic", path)
    assert spotting.value == 18
    assert percentile_outcome(12, spotting.value) == "success"
    dispelling = skill_chance(leo(), LEO_WORLD, "Magic", path, modifier=-10)
    assert dispelling.value == 8
    assert percentile_outcome(4, dispelling.value) == "success"


def test_an_unskilled_learning_skill_cannot_be_attempted() -> None:
    lost = leo()
    lost.skills = []
    chance = skill_chance(lost, LEO_WORLD, "Magic", ("Glyph Analysis",))
    assert not chance.possible
    assert chance.effective == 0


def test_a_missing_specialty_costs_the_default_10_per_level() -> None:
    generic = builtin_universes()["generic"]
    arves = Character(
        attributes={a: 40 for a in Attribute},
        skills=[Skill(group="Medicine", path=["General medicine"], attribute=Attribute.LEARNING)],
    )
    chance = skill_chance(
        arves, generic, "Medicine", ("General medicine", "Pharmacology", "Toxicology")
    )
    assert chance.value == 40 - 20


def test_a_known_enhancement_adds_10_once_and_a_missing_one_costs_nothing() -> None:
    generic = builtin_universes()["generic"]
    path = ("Blades", "Fencing", "Sabre")
    fencer = Character(
        attributes={a: 40 for a in Attribute},
        skills=[
            Skill(group="Melee", path=["Blades"], attribute=Attribute.REFLEXES),
            Skill(group="Melee", path=["Blades", "Fencing"], attribute=Attribute.REFLEXES),
        ],
    )
    assert skill_chance(fencer, generic, "Melee", path).value == 40
    fencer.skills.append(
        Skill(group="Melee", path=list(path), attribute=Attribute.REFLEXES, enhancement=True)
    )
    assert skill_chance(fencer, generic, "Melee", path).value == 50


def test_rolls_of_95_to_100_always_fail_and_the_best_chance_is_94() -> None:
    assert percentile_outcome(95, 150) == "failure"
    assert check_odds(150).as_floats()["success"] == pytest.approx(0.94)


# --- margins ----------------------------------------------------------------------------------


def test_the_forgery_margin_example() -> None:
    assert percentile_outcome(40, 45, success_margin=1) == "critical_success"
    assert percentile_outcome(29, 45, success_margin=1) == "success"
    assert percentile_outcome(46, 45, success_margin=1) == "failure"
    odds = check_odds(45, success_margin=1).as_floats()
    # 01, 10, 11, 20, 21, 30, 31, 40, 41: nine rolls of 45 end in 0 or 1
    assert odds["critical_success"] == pytest.approx(0.09)


def test_the_pit_jump_example() -> None:
    assert percentile_outcome(17, 54) == "success"
    assert percentile_outcome(69, 71) == "success"
    assert percentile_outcome(93, 51) == "failure"


# --- experience -------------------------------------------------------------------------------


def test_an_award_of_75_splits_50_to_the_character_and_25_to_the_core() -> None:
    sheet = load_doc(wolfgang.document())
    after = experience.award(sheet, 0, to_character=50, to_core=25)
    figures = sheet_figures(after)
    assert figures.characters[0].xp == 50
    assert figures.core.xp == 25
    assert sheet_figures(sheet).core.xp == 0  # operations leave the old sheet alone
    assert errors(after) == []


def test_taxing_half_willpower_46_allows_at_most_20() -> None:
    chance = 46 // 2
    assert max_tax(chance, 100) == 20
    sheet = load_doc(wolfgang.document())
    sheet = experience.award(sheet, 0, to_character=100, to_core=0)
    with pytest.raises(experience.XpRefused, match="double"):
        experience.tax(sheet, 0, 25, chance=chance)
    taxed = experience.tax(sheet, 0, 20, chance=chance)
    assert chance + 20 == 43
    assert percentile_outcome(32, chance + 20) == "success"
    assert experience.character_balance(taxed, 0) == 80


def test_taxing_in_steps_other_than_5_is_refused_and_reported() -> None:
    sheet = experience.award(load_doc(wolfgang.document()), 0, to_character=100, to_core=0)
    with pytest.raises(experience.XpRefused, match="steps of 5"):
        experience.tax(sheet, 0, 7, chance=40)
    sheet.characters[0].xp_ledger.append(
        sheet.characters[0].xp_ledger[0].model_copy(update={"kind": "tax", "amount": -7})
    )
    assert "ae.xp.tax_step" in {f.code for f in check(sheet)}


def test_improving_an_attribute_costs_5_a_point_and_stops_at_90() -> None:
    sheet = experience.award(load_doc(wolfgang.document()), 0, to_character=60, to_core=0)
    better = experience.improve_attribute(sheet, 0, Attribute.WILLPOWER, 10)
    assert better.characters[0].attributes[Attribute.WILLPOWER] == 22
    assert experience.character_balance(better, 0) == 10
    assert errors(better) == []  # bought points are not a mismatch with the creation record
    with pytest.raises(experience.XpRefused):
        experience.improve_attribute(better, 0, Attribute.WILLPOWER, 3)  # 15 XP, 10 held
    rich = experience.award(better, 0, to_character=1000, to_core=0)
    with pytest.raises(experience.XpRefused, match="90"):
        experience.improve_attribute(rich, 0, Attribute.CHARM, 59)


def test_core_xp_buys_pool_dice_at_100_for_later_characters_only() -> None:
    sheet = experience.award(load_doc(wolfgang.document()), 0, to_character=0, to_core=250)
    bought = experience.buy_pool_die(sheet, Pool.SPIRIT, 2)
    figures = sheet_figures(bought)
    assert figures.core.dice["spirit"] == 6
    assert figures.core.xp == 50
    assert figures.characters[0].attributes == wolfgang.PRIME_FINAL
    with pytest.raises(experience.XpRefused):
        experience.buy_pool_die(bought, Pool.SPIRIT)


def test_transfer_withdraws_from_the_core_and_death_loses_only_the_characters_xp() -> None:
    sheet = load_doc(wolfgang.document())
    sheet = experience.award(sheet, 0, to_character=0, to_core=60)  # Leo's adventures
    captain = load_doc(wolfgang.document(smuggler={**wolfgang.SMUGGLER_PRINTED, "willpower": 22}))
    sheet = add_character(experience.retire(sheet, 0), captain.characters[1])
    sheet = experience.transfer(sheet, 1, 30)  # at the captain's making
    sheet = experience.award(sheet, 1, to_character=40, to_core=0)
    assert experience.core_balance(sheet) == 30
    assert experience.character_balance(sheet, 1) == 70
    dead = experience.mark_dead(sheet, 1)
    assert experience.character_balance(dead, 1) == 0
    assert experience.core_balance(dead) == 30
    assert errors(dead) == []
    with pytest.raises(experience.XpRefused):
        experience.transfer(dead, 1, 10)  # a dead character takes no more


def test_a_dead_character_frees_its_universe() -> None:
    doc = wolfgang.document(smuggler={**wolfgang.SMUGGLER_PRINTED, "willpower": 22})
    doc["characters"][0]["status"] = "active"
    assert "ae.characters.same_universe" in {f.code for f in check(load_doc(doc))}
    doc["characters"][0]["status"] = "dead"
    assert "ae.characters.same_universe" not in {f.code for f in check(load_doc(doc))}


# --- movement, carrying and combat ------------------------------------------------------------


def test_movement_for_fitness_32_and_the_unfit() -> None:
    m = movement(32)
    assert (m.walk, m.run, m.sprint, m.run_minutes, m.sprint_turns) == (15, 32, 64, 32, 3)
    assert movement(14).run == 15
    assert (movement(7).run, movement(7).sprint) == (0, 0)


def test_fitness_21_carries_21_kg_freely() -> None:
    limits = carry_limits(21)
    assert (limits.unhindered, limits.slowed, limits.walk_only) == (21, 42, 63)


def test_initiative_examples() -> None:
    assert initiative_modifier(37) == 3
    assert initiative(5, 56) == 10
    assert initiative(9, 62) > initiative(5, 56)  # the bugs act first


def test_target_areas() -> None:
    chances = attack_chances(62)
    assert (chances.general, chances.non_vital, chances.vital) == (62, 31, 7)


def test_the_stalkers_attacks() -> None:
    assert [attack_outcome(r, 62, 4) for r in (83, 17, 23)] == ["miss", "stamina", "body"]


def test_the_advantage_example_and_the_surprise_table() -> None:
    assert advantage(18, 37, 83, 73) == "player_advantage"
    assert advantage(18, 37, 97, 73) == "player_surprise"
    assert advantage(97, 37, 10, 73) == "npc_surprise"
    assert advantage(97, 37, 99, 73) == "none"
    assert advantage(50, 37, 83, 73) == "none"
