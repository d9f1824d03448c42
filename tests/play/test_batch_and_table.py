"""Batch work and table play over a real library file."""

from __future__ import annotations

import pytest

from sheetapp.dice import Roller
from sheetapp.play import encounter as enc
from sheetapp.play.batch import award_xp, generate_into
from sheetapp.play.damage import DamageError
from sheetapp.play.encounter import Combatant, Encounter, EncounterError
from sheetapp.play.support import NpcRequest, XpAward
from sheetapp.play.table import Table
from sheetapp.storage.library import open_library
from sheetapp.systems.amazing_engine import experience
from sheetapp.systems.amazing_engine.catalog import builtin_universes
from sheetapp.systems.amazing_engine.generation import random_prime_sheet
from sheetapp.systems.plugin import RequestError

from .conftest import character


@pytest.fixture
def lib(tmp_path):
    library = open_library(tmp_path / "library.sqlite3")
    yield library
    library.close()


def test_generated_npcs_land_in_the_library_in_committed_batches(lib) -> None:
    heard: list[int] = []
    ids = generate_into(
        lib,
        NpcRequest("amazing-engine", profession="soldier", names="starlane"),
        600,
        seed=2,
        campaign="Station 9",
        tags=["crew"],
        committed=lambda batch: heard.append(len(batch)),
    )
    assert len(ids) == 600 and heard == [250, 250, 100]
    rows = lib.rows(ids)
    assert {(r.campaign, r.tags, r.npc) for r in rows} == {("Station 9", ("crew",), True)}
    assert lib.revisions(ids[0])[0].note == "generated (seed 2)"
    assert lib.load(ids[-1]).characters[0].profession == "soldier"


def test_a_refused_request_stores_nothing(lib) -> None:
    with pytest.raises(RequestError, match="profession"):
        generate_into(lib, NpcRequest("amazing-engine", profession="pirate"), 10)
    assert lib.count() == 0


def test_a_group_award_saves_each_sheet_and_reports_who_could_not_take_it(lib) -> None:
    hero = random_prime_sheet(Roller(1), builtin_universes()["generic"], player="Ana")
    dead = experience.mark_dead(character("Fallen"), 0)
    ids = [lib.add(hero), lib.add(character("Guard")), lib.add(dead)]
    report = award_xp(lib, ids[:2], XpAward(75, core=25, note="the bridge"))
    assert report.awarded == [ids[0]]
    assert report.refused == [(ids[1], "this character has no Player Core to take XP")]
    saved = lib.load(ids[0])
    assert experience.character_balance(saved, 0) == 75
    assert experience.core_balance(saved) == 25
    assert lib.revisions(ids[0])[0].note == "award 75 XP (+25 to the core): the bridge"
    assert [r.number for r in lib.revisions(ids[1])] == [1]  # untouched

    report = award_xp(lib, [*ids[1:], 99], XpAward(10))
    assert report.awarded == [ids[1]]
    assert report.refused == [
        (ids[2], "Fallen is dead; no XP"),
        (99, "there is no sheet 99 in the library"),
    ]


def test_damage_is_stored_apart_and_follows_the_systems_rules(lib) -> None:
    sheet_id = lib.add(character("Trooper", willpower=20, reflexes=30, fitness=35))
    table = Table(lib)
    document = lib.document(sheet_id)
    assert [(t.key, t.maximum, t.current) for t in table.tracks(sheet_id)] == [
        ("stamina", 25, 25),
        ("body", 7, 7),
    ]
    assert table.hurt(sheet_id, "stamina", 6).tracks[0].current == 19
    hit = table.hurt(sheet_id, "stamina", 30)
    assert (hit.absorbed, hit.ignored) == (19, 11)
    assert table.condition(sheet_id) == "unconscious"
    assert table.hurt(sheet_id, "stamina", 2).track == "body"  # stamina gone: body takes it
    assert lib.damage_taken(sheet_id) == {"stamina": 25, "body": 2}
    assert [t.current for t in table.heal(sheet_id, "stamina", 5)] == [5, 5]
    assert lib.document(sheet_id) == document  # the sheet itself never changed
    with pytest.raises(DamageError, match="no track 'wounds'"):
        table.hurt(sheet_id, "wounds", 1)
    table.recover(sheet_id)
    assert table.condition(sheet_id) == "" and lib.damage_taken(sheet_id) == {}


def test_an_encounter_of_library_sheets(lib) -> None:
    table = Table(lib)
    squad = lib.add(character("Anthony", reflexes=56, psyche=37))
    bug = lib.add(character("Stalker", reflexes=62, psyche=73))
    fight = Encounter(name="Acey-Two")
    fight = table.join(fight, squad, "squad")
    fight = table.join(fight, bug, "stalkers")
    fight = table.join(fight, bug, "stalkers")  # two of the same sheet
    assert [c.key for c in fight.combatants] == [f"sheet-{squad}", f"sheet-{bug}", f"sheet-{bug}-2"]
    assert [c.modifier for c in fight.combatants] == [5, 6, 6]

    fight = table.check_advantage(fight, "squad", "stalkers", 18, 83)
    assert fight.opening.outcome == "player_advantage" and fight.modifiers() == {}
    fight = table.next_round(fight)
    assert fight.modifiers() == {"squad": 5, "stalkers": -5}

    table.hurt(squad, "body", 50)  # Anthony dies between rounds
    fight = table.next_round(fight, rolls={"stalkers": 4})
    assert fight.combatant(f"sheet-{squad}").out
    assert [r.side for r in fight.rolls] == ["stalkers"]

    saved = table.save(fight)
    assert table.load(saved) == fight
    lib.delete([bug])
    lib.empty_trash()
    refreshed = table.refresh(table.load(saved))
    assert refreshed.combatant(f"sheet-{bug}").out and refreshed.combatant(f"sheet-{bug}-2").out


def test_advantage_needs_a_system_that_has_it(lib) -> None:
    fight = enc.add(Encounter(), Combatant(key="fuse", name="Fuse", side="fuse", modifier=0))
    fight = enc.add(fight, Combatant(key="door", name="Door", side="door", modifier=0))
    with pytest.raises(EncounterError, match="no advantage check"):
        Table(lib).check_advantage(fight, "fuse", "door", 5, 5)
