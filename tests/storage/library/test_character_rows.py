"""A row per character, each with its own columns and its own search words: an Amazing
Engine core's characters are found, sorted and listed one by one, not as their core."""

from __future__ import annotations

import pytest

from sheetapp.dice import Roller
from sheetapp.storage.library import Library, RosterQuery
from sheetapp.systems.amazing_engine.catalog import builtin_universes
from sheetapp.systems.amazing_engine.generation import random_npc_sheet, random_prime_sheet
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet, CharacterXpEntry

from .conftest import npc


def three_universe_core() -> AmazingEngineSheet:
    """Wolfgang's core: a prime in Verdigris, a smuggler in Drift Salvage (retired) and a
    tug pilot in Generic, each with its own notes, profession and XP."""
    universes = builtin_universes()
    core = random_prime_sheet(Roller(11), universes["verdigris"], player="Wolfgang")
    prime = core.characters[0]
    prime.name, prime.profession, prime.notes = "Kess Marrow", "Alchemist", "owes the guild"
    smuggler = prime.model_copy(
        update={
            "id": "smuggler",
            "name": "Quillon Vey",
            "universe": "drift-salvage",
            "profession": "Smuggler",
            "status": "retired",
            "notes": "hides cargo in the bilge",
            "skills": [],
            "xp_ledger": [CharacterXpEntry(kind="award", amount=12)],
        },
        deep=True,
    )
    pilot = prime.model_copy(
        update={
            "id": "pilot",
            "name": "Tomas Reed",
            "universe": "generic",
            "profession": "Tug pilot",
            "notes": "flies the tug",
            "skills": [],
            "xp_ledger": [CharacterXpEntry(kind="award", amount=30)],
        },
        deep=True,
    )
    core.characters += [smuggler, pilot]
    return core


@pytest.fixture
def core_id(lib) -> int:
    lib.add(npc(3, "Ada Quill"))
    return lib.add(three_universe_core(), tags=["crew"])


def test_a_core_with_three_characters_gives_three_rows_with_their_own_columns(
    lib, core_id
) -> None:
    rows = {r.name: r for r in lib.roster() if r.id == core_id}
    assert sorted(rows) == ["Kess Marrow", "Quillon Vey", "Tomas Reed"]
    assert [rows[n].setting for n in sorted(rows)] == ["verdigris", "drift-salvage", "generic"]
    assert [rows[n].profession for n in sorted(rows)] == ["Alchemist", "Smuggler", "Tug pilot"]
    assert [rows[n].status for n in sorted(rows)] == ["active", "retired", "active"]
    assert rows["Quillon Vey"].xp == 12 and rows["Tomas Reed"].xp == 30
    assert {r.player for r in rows.values()} == {"Wolfgang"}
    assert [rows[n].character for n in sorted(rows)] == [0, 1, 2]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Smuggler", ["Quillon Vey"]),  # a later character's profession
        ("bilge", ["Quillon Vey"]),  # its own notes
        ("tug pil", ["Tomas Reed"]),  # not Kess, whose core holds Tomas
        ("owes guild", ["Kess Marrow"]),
        ("Wolfgang", ["Kess Marrow", "Quillon Vey", "Tomas Reed"]),  # the core's player
        ("crew", ["Kess Marrow", "Quillon Vey", "Tomas Reed"]),  # the core's tag
    ],
)
def test_search_finds_a_character_by_its_own_words(lib, core_id, text, expected) -> None:
    assert sorted(r.name for r in lib.search(text)) == expected
    assert sorted(r.name for r in lib.roster(RosterQuery(text=text))) == expected


def test_the_search_row_says_which_character_it_is(lib, core_id) -> None:
    (row,) = lib.search("Smuggler")
    assert (row.id, row.character, row.profession) == (core_id, 1, "Smuggler")
    assert row.as_dict()["character"] == 1 and row.as_dict()["status"] == "retired"


def test_a_new_tag_reaches_every_character_of_the_core(lib, core_id) -> None:
    lib.add_tags([core_id], ["harbour"])
    assert len(lib.search("harbour")) == 3
    lib.remove_tags([core_id], ["harbour"])
    assert lib.search("harbour") == []


def test_a_saved_change_is_found_and_the_old_words_are_not(lib, core_id) -> None:
    core = three_universe_core()
    core.characters[2].profession = "Salvager"
    lib.save(core_id, core)
    assert [r.name for r in lib.search("salvager")] == ["Tomas Reed"]
    assert lib.search("pilot") == []


def test_emptying_the_trash_forgets_the_characters_search_rows(lib, core_id) -> None:
    lib.delete([core_id])
    assert lib.search("Smuggler") == []
    lib.empty_trash()
    assert lib.check() == []


@pytest.mark.parametrize("key", ["player", "profession", "status", "xp", "setting"])
def test_sorting_by_a_character_column(lib, core_id, key) -> None:
    up = [r for r in lib.roster(RosterQuery(sort=key)) if r.id == core_id]
    values = [getattr(r, key) for r in up]
    assert values == sorted(values, key=lambda v: (v is not None, v))
    down = lib.roster(RosterQuery(sort=key, descending=True))
    assert [(r.id, r.character) for r in down] == [
        (r.id, r.character) for r in reversed(lib.roster(RosterQuery(sort=key)))
    ]


def test_sorting_by_profession_and_xp_orders_the_characters(lib, core_id) -> None:
    by_profession = [r.profession for r in lib.roster(RosterQuery(sort="profession"))]
    assert by_profession == sorted(by_profession, key=str.casefold)
    assert [p for p in by_profession if p in ("Alchemist", "Smuggler", "Tug pilot")] == [
        "Alchemist",
        "Smuggler",
        "Tug pilot",
    ]
    by_xp = [r.name for r in lib.roster(RosterQuery(sort="xp", descending=True))]
    assert by_xp[0] == "Tomas Reed"


def test_the_sheets_of_a_universe_are_found_by_any_of_their_characters(lib: Library) -> None:
    """A changed universe pack reads the sheets holding a character of it, no others; a
    core is found by its second character's universe too, and the trash is left out."""
    core = lib.add(three_universe_core())
    drifter = lib.add(random_npc_sheet(Roller(3), builtin_universes()["drift-salvage"]))
    trashed = lib.add(random_npc_sheet(Roller(4), builtin_universes()["drift-salvage"]))
    lib.add(random_npc_sheet(Roller(5), builtin_universes()["verdigris"]))
    lib.delete([trashed])
    assert lib.sheets_in_setting("amazing-engine", "drift-salvage") == [core, drifter]
    assert lib.sheets_in_setting("amazing-engine", "moonwell") == []
