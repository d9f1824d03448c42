"""Alternity heroes in the Foundry system ``alternity-v2`` (shantoki/alternity-rpg at
cf7b36cd3c1c23a2f87286328d21eb464caa43e2): its actor sheet shows the hero of
``flags["alternity-v2"].characterState`` (src/data/alternity-actor-data.js,
AlternityCharacterState), so that is what must carry the hero there and back."""

from __future__ import annotations

import copy
import json

import pytest

from sheetapp.interop import foundry
from sheetapp.systems.alternity.figures import sheet_figures
from sheetapp.systems.alternity.model import AlternitySheet, BroadSkill, SpecialtySkill, Weapon
from sheetapp.systems.alternity.names import ABBREVIATIONS, Ability
from tests.interop import foundry_models as models
from tests.interop.conftest import SEEDS, sheet_of

# SKILL_DEFINITIONS (id: ability, parent) for the skills the tests below use, as written at
# the commit above; AlternityCharacterState.getSkillScores gives a skill with a rank its
# ability score plus the rank as the Ordinary score.
DEFINITIONS = {"dex-pistol": ("DEX", "dex-ranged-mod"), "str-blade": ("STR", "str-melee"),
               "con-endurance": ("CON", "con-stamina"), "str-athletics": ("STR", None)}


def state_of(actor: dict) -> dict:
    return actor["flags"]["alternity-v2"]["characterState"]


def as_made_in_foundry(actor: dict) -> dict:
    """The actor without our copy of the sheet, as Foundry exports one made there."""
    other = copy.deepcopy(actor)
    del other["flags"]["sheetapp"]
    for item in other["items"]:
        item["flags"] = {}
    return other


@pytest.mark.parametrize("seed", SEEDS)
def test_the_character_state_round_trips(seed):
    sheet = sheet_of("alternity", seed)
    actor = foundry.to_actor(sheet)
    back = foundry.from_actor(as_made_in_foundry(actor), "hero.json")
    assert not back.ours
    again = state_of(foundry.to_actor(back.sheet))
    first = state_of(actor)
    assert {k: v for k, v in again.items() if k != "actorId"} == \
        {k: v for k, v in first.items() if k != "actorId"}
    assert (back.sheet.abilities, back.sheet.profession, back.sheet.career, back.sheet.level,
            back.sheet.species) == (sheet.abilities, sheet.profession, sheet.career,
                                    sheet.level, sheet.species)
    assert {(s.broad, s.name.casefold(), s.rank) for s in back.sheet.specialty_skills} == \
        {(s.broad, s.name.casefold(), s.rank) for s in sheet.specialty_skills}
    assert [(w.name, w.skill, w.accuracy, w.range) for w in back.sheet.weapons] == \
        [(w.name, w.skill, w.accuracy, w.range) for w in sheet.weapons]
    assert [(a.name, a.carried) for a in back.sheet.armour] == \
        [(a.name, a.carried) for a in sheet.armour]


@pytest.mark.parametrize("seed", SEEDS)
def test_the_state_holds_the_hero_by_the_systems_own_ids(seed):
    sheet = sheet_of("alternity", seed)
    state = state_of(foundry.to_actor(sheet))
    assert state["abilityScores"] == {ABBREVIATIONS[a]: v for a, v in sheet.abilities.items()}
    assert state["profession"] == sheet.profession and state["career"] == sheet.career
    ranked = {s: e["rank"] for s, e in state["skills"].items() if e["rank"]}
    assert len(ranked) + len(state["customSkills"]) >= len(sheet.specialty_skills) > 0
    assert set(state["skills"]) <= models.SKILL_IDS
    worn = next(a for a in sheet.armour if a.carried)
    assert state["armor"] == {"li": worn.li, "hi": worn.hi, "en": worn.en}


def test_a_score_the_system_computes_is_ours():
    """Where its skill list links the same ability, the system's sheet shows our score."""
    sheet = AlternitySheet(
        abilities={Ability.STRENGTH: 11, Ability.DEXTERITY: 12, Ability.CONSTITUTION: 9,
                   Ability.INTELLIGENCE: 10, Ability.WILL: 9, Ability.PERSONALITY: 9},
        broad_skills=[BroadSkill(name="Modern Ranged Weapons", ability=Ability.DEXTERITY),
                      BroadSkill(name="Melee Weapons", ability=Ability.STRENGTH),
                      BroadSkill(name="Stamina", ability=Ability.CONSTITUTION)],
        specialty_skills=[SpecialtySkill(broad="Modern Ranged Weapons", name="pistol", rank=3),
                          SpecialtySkill(broad="Melee Weapons", name="blade", rank=1),
                          SpecialtySkill(broad="Stamina", name="endurance", rank=2)],
    )
    state = state_of(foundry.to_actor(sheet))
    ours = {(s.broad, s.name): s.score.ordinary for s in sheet_figures(sheet).specialty_skills}
    for skill, (broad, name) in {"dex-pistol": ("Modern Ranged Weapons", "pistol"),
                                 "str-blade": ("Melee Weapons", "blade"),
                                 "con-endurance": ("Stamina", "endurance")}.items():
        ability = DEFINITIONS[skill][0]
        theirs = state["abilityScores"][ability] + state["skills"][skill]["rank"]
        assert theirs == ours[(broad, name)], skill
        assert DEFINITIONS[skill][1] in state["skills"]  # its broad skill is there too


@pytest.mark.parametrize(("skill", "range_", "kind", "expected"), [
    ("Melee Weapons-blade", "personal", "LI/O", ("Melee", "str", "Slashing", "str-blade")),
    ("Melee Weapons-bludgeon", "personal", "LI/O", ("Melee", "str", "Impact", "str-bludgeon")),
    ("Modern Ranged Weapons-pistol", "10/20/40", "HI/O", ("Ranged", "dex", "Ballistic",
                                                          "dex-pistol")),
    ("Modern Ranged Weapons-rifle", "50/100/200", "En/G", ("Ranged", "dex", "Energy",
                                                           "dex-rifle")),
    ("Primitive Ranged Weapons-crossbow", "20/40/80", "LI/O", ("Ranged", "dex", "Piercing",
                                                               "dex-crossbow")),
    ("Heavy Weapons-direct fire", "100/200/400", "HI/G", ("Heavy", "dex", "Ballistic",
                                                          "str-direct-fire")),
    ("Athletics-throw", "5/10/15", "LI/O", ("Thrown", "str", "Impact", "str-throw")),
])
def test_weapons_keep_their_real_type_ability_damage_type_and_skill(skill, range_, kind,
                                                                     expected):
    sheet = sheet_of("alternity", 1).model_copy(update={"weapons": [
        Weapon(name="Test", skill=skill, damage="d4w/d6w/d4m", kind=kind, range=range_)]})
    weapon = next(i for i in foundry.to_actor(sheet)["items"] if i["type"] == "weapon")
    system = weapon["system"]
    assert (system["weaponType"], system["attackAbility"], system["damageType"],
            system["requiredSkill"]) == expected
    short = int(range_.split("/")[0]) if "/" in range_ else 0
    assert system["range"]["short"] == short


def _foundry_made() -> dict:
    """An actor made and saved in Foundry: its state lists every skill the system knows
    (AlternityCharacterState.serialize), most at rank 0; its items have no flags of ours."""
    skills = {skill: {"rank": 0} for skill in models.SKILL_IDS}
    skills.update({"dex-pistol": {"rank": 3}, "str-athletics": {"rank": 2},
                   "int-firstaid": {"rank": 1}})
    return {
        "_id": "a1b2c3d4e5f6g7h8", "name": "Vex Morrow", "type": "character",
        "img": "icons/svg/mystery-man.svg",
        "system": {"abilities": {"str": 1, "dex": 2, "con": 0, "int": 1, "wil": 0, "per": 0},
                   "details": {"species": "Fraal", "career": "Explorer", "focus": "Scout",
                               "level": 4, "xp": 0, "xpToNextLevel": 1000},
                   "biography": "<p>Born on Bluefall.</p>"},
        "items": [
            {"_id": "i1", "name": "Vibroblade", "type": "weapon", "flags": {},
             "system": {"weaponType": "Melee", "damageFormula": "1d6+1",
                        "damageCategory": "wound", "requiredSkill": "str-blade",
                        "attackBonus": 1, "range": {"short": 0, "medium": 0, "long": 0},
                        "isEquipped": True, "quantity": 1, "weight": 1.5}},
            {"_id": "i2", "name": "Battle Vest", "type": "armor", "flags": {},
             "system": {"isEquipped": True, "weight": 4}},
            {"_id": "i3", "name": "Medkit", "type": "personalEquipment", "flags": {},
             "system": {"mass": 1, "quantity": 2, "isEquipped": True}},
            {"_id": "i4", "name": "Adrenaline", "type": "effect", "flags": {}, "system": {}},
        ],
        "flags": {"alternity-v2": {"characterState": {
            "actorId": "a1b2c3d4e5f6g7h8", "abilitySets": [], "specialRules": [],
            "durability": {"stun": 2, "stunMax": 10, "wound": 1, "woundMax": 10, "mortal": 0,
                           "mortalMax": 5},
            "abilityScores": {"STR": 11, "DEX": 12, "CON": 10, "INT": 11, "WIL": 9, "PER": 7},
            "skills": skills,
            "customSkills": [{"id": "custom-Zk3", "name": "Xenolinguistics", "ability": "INT",
                              "isSpecialty": False, "rank": 0}],
            "woundLevel": "Wounded", "profession": "Free Agent", "career": "Scout",
            "background": "Born on Bluefall.", "actionsPerRound": 2,
            "armor": {"li": "d6-1", "hi": "d4", "en": "d4-1"},
        }}},
        "_stats": {"coreVersion": "13.348", "systemId": "alternity-v2", "systemVersion": "1.0.1"},
    }


def test_an_actor_made_in_foundry_comes_in_from_its_character_state():
    back = foundry.from_actor(json.loads(json.dumps(_foundry_made())), "vex.json")
    sheet = back.sheet
    assert (sheet.name, sheet.species, sheet.profession, sheet.career, sheet.level) == (
        "Vex Morrow", "Fraal", "Free Agent", "Scout", 4)
    assert sheet.abilities[Ability.DEXTERITY] == 12 and sheet.abilities[Ability.PERSONALITY] == 7
    assert {(s.broad, s.name, s.rank) for s in sheet.specialty_skills} == {
        ("Modern Ranged Weapons", "pistol", 3), ("Knowledge", "first aid", 1)}
    assert {b.name for b in sheet.broad_skills} == {
        "Modern Ranged Weapons", "Knowledge", "Athletics", "Xenolinguistics"}
    assert (sheet.damage.stun, sheet.damage.wound) == (2, 1)
    assert sheet.background == "Born on Bluefall." and sheet.notes == ""
    blade = sheet.weapons[0]
    assert (blade.name, blade.skill, blade.accuracy, blade.range) == (
        "Vibroblade", "Melee Weapons-blade", 1, "personal")
    assert blade.damage.startswith("d6+1w")
    assert (sheet.armour[0].name, sheet.armour[0].li) == ("Battle Vest", "d6-1")
    assert (sheet.equipment[0].name, sheet.equipment[0].quantity) == ("Medkit", 2)
    assert back.left_out == ("rank 2 of the broad skill Athletics", "effect Adrenaline")


def test_a_skill_item_the_character_state_does_not_list_is_named_when_left_out():
    """Skill items duplicate the state's skills; one the state lacks was not read from it."""
    actor = _foundry_made()
    actor["items"].append({"_id": "i5", "name": "Astrogation", "type": "skill", "flags": {},
                           "system": {"skillId": "custom-Astro", "rank": 2}})
    actor["items"].append({"_id": "i6", "name": "Modern Ranged Weapons: pistol",
                           "type": "skill", "flags": {}, "system": {"skillId": "dex-pistol"}})
    back = foundry.from_actor(json.loads(json.dumps(actor)), "vex.json")
    assert "skill Astrogation" in back.left_out
    assert not any("pistol" in item for item in back.left_out)  # read from the state


def test_an_npc_goes_out_as_the_systems_npc_and_comes_back_as_one():
    sheet = sheet_of("alternity", 2, npc=True)
    actor = foundry.to_actor(sheet)
    assert (actor["type"], actor["prototypeToken"]["actorLink"]) == ("npc", False)
    back = foundry.from_actor(as_made_in_foundry(actor), "npc.json")
    assert back.sheet.npc and back.sheet.abilities == sheet.abilities
