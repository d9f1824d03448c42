"""At the table an Amazing Engine sheet is played as its active character, not as its
prime (who may have retired or died), and the GM may choose among several active ones."""

from __future__ import annotations

from sheetapp.play.batch import generate_npcs
from sheetapp.play.encounter import Encounter
from sheetapp.play.support import NpcRequest
from sheetapp.play.table import Table
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet
from sheetapp.systems.registry import get_system

from .conftest import BASE


def core_sheet(*statuses: str) -> AmazingEngineSheet:
    """A core whose characters differ in Reflexes (20, 50, 70 ...) and Psyche, one per
    universe, with the given statuses."""
    universes = ["generic", "generic", "verdigris"]
    return AmazingEngineSheet.model_validate(
        {
            "core": {"player": "Wolfgang"},
            "characters": [
                {
                    "name": f"Character {i}",
                    "status": status,
                    "universe": universes[i],
                    "attributes": {**BASE, "reflexes": 20 + 30 * i, "psyche": 10 + 30 * i},
                }
                for i, status in enumerate(statuses)
            ],
        }
    )


def test_a_retired_prime_does_not_stand_for_the_active_character(lib) -> None:
    sheet = core_sheet("retired", "active")
    sheet_id = lib.add(sheet)
    table = Table(lib)
    fight = table.join(Encounter(name="Docks"), sheet_id, "PCs")
    combatant = fight.combatants[0]
    assert (combatant.modifier, combatant.awareness) == (5, 40)  # Reflexes 50, Psyche 40
    assert get_system("amazing-engine").roster(sheet).name == "Character 1"
    stamina = next(t for t in table.tracks(sheet_id) if t.key == "stamina")
    assert stamina.maximum == 40  # ceil((willpower 30 + reflexes 50) / 2)


def test_the_gm_chooses_among_several_active_characters(lib) -> None:
    sheet_id = lib.add(core_sheet("dead", "active", "active"))
    table = Table(lib)
    assert table.characters(sheet_id) == [(1, "Character 1"), (2, "Character 2")]
    fight = table.join(Encounter(name="Docks"), sheet_id, "PCs", character=2)
    assert (fight.combatants[0].character, fight.combatants[0].modifier) == (2, 8)
    assert table.refresh(fight).combatants[0].modifier == 8  # Reflexes 80
    # Each character keeps its own damage.
    full = table.tracks(sheet_id, character=2)[0].maximum
    table.hurt(sheet_id, "stamina", 5, character=2)
    assert table.tracks(sheet_id, character=2)[0].current == full - 5
    assert table.tracks(sheet_id, character=1)[0].current == 40
    assert table.tracks(sheet_id)[0].current == 40  # the first active one by default
    table.recover(sheet_id, character=2)
    assert table.tracks(sheet_id, character=2)[0].current == full


def test_an_attack_roll_decides_stamina_or_body(lib) -> None:
    # The System Guide's stalkers: Reflexes 62, lethality 4; 83 misses, 17 hits stamina,
    # 23 hits body (its 3 is at most 4).
    sheet_id = lib.add(core_sheet("active"))
    table = Table(lib)
    assert table.attack(sheet_id, 83, 62, 4, "general", 6) == ("miss", None)
    where, hit = table.attack(sheet_id, 17, 62, 4, "general", 6)
    assert where == "stamina" and hit is not None and hit.tracks[0].taken == 6
    where, hit = table.attack(sheet_id, 23, 62, 4, "general", 8)
    assert where == "body" and hit is not None and hit.track == "body"
    where, _ = table.attack(sheet_id, 23, 62, 4, "non_vital", 1)  # lethality 2: stamina
    assert where == "stamina"


def test_an_npc_template_copies_the_active_character() -> None:
    template = core_sheet("retired", "active")
    (npc,) = generate_npcs(NpcRequest("amazing-engine", template=template), 1, seed=1)
    assert npc.characters[0].attributes["reflexes"] == 50  # not the retired prime's 20
