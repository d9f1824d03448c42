"""The roster read a page at a time: for any filter and order, the count and the pages agree
with the whole list of keys, the list is in the order asked for, and every order reads one
index (no sort of every row), so 100,000 characters cost a page."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sheetapp.play.batch import generate_npcs, people
from sheetapp.play.support import NpcRequest
from sheetapp.storage.library import Library, RosterQuery, RosterRow, open_library
from sheetapp.storage.library.roster_sql import character_keys_sql
from sheetapp.storage.library.rows import SORT_KEYS
from sheetapp.storage.library.search_text import fold
from sheetapp.systems.registry import system_ids

from .conftest import hero, ticking_clock
from .test_character_rows import three_universe_core

WORDS = [
    *["", "a", "e", "br", "an", "ann", "ada ", "tug pil", "smuggler", "ke ma", "zz"],
    *["o'h", "ель", "брык"],
]


@pytest.fixture(scope="module")
def mixed(tmp_path_factory) -> Iterator[Library]:
    """NPCs of every system, a core of three characters, a player's character, some in
    the trash (one emptied from it), some tagged or in a campaign: more rows than a page."""
    path = tmp_path_factory.mktemp("pages") / "library.sqlite3"
    library = open_library(path, clock=ticking_clock())
    ids = []
    for n, system in enumerate(system_ids()):
        ids += library.add_many(generate_npcs(NpcRequest(system), 14, seed=n))
    ids.append(library.add(three_universe_core(), tags=["crew"], campaign="Harbour"))
    ids.append(library.add(hero(5, "Елена Брык")))
    library.add_tags(ids[::7], ["watch"])
    library.move_to_campaign(ids[::5], "Harbour")
    library.delete(ids[3::11])
    library.empty_trash()
    library.delete(ids[5::13])
    yield library
    library.close()


queries = st.builds(
    RosterQuery,
    text=st.sampled_from(WORDS),
    system=st.sampled_from([None, *system_ids()]),
    campaign=st.sampled_from([None, "", "Harbour"]),
    tag=st.sampled_from([None, "watch", "crew"]),
    npc=st.sampled_from([None, True, False]),
    sort=st.sampled_from(SORT_KEYS),
    descending=st.booleans(),
)


@settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(query=queries, size=st.integers(1, 30))
def test_the_count_and_the_pages_are_the_whole_list(mixed: Library, query, size) -> None:
    keys = mixed.character_keys(query)
    assert mixed.count_roster(query) == len(keys)
    pages = [mixed.character_page(query, at, size) for at in range(0, len(keys) + size, size)]
    assert [key for page in pages for key in page] == keys


def sort_value(row: RosterRow, sort: str) -> object:
    """The value a sort orders by first, as SQLite compares it (NOCASE folds ASCII)."""
    return {
        "name": fold(row.name),
        "system": row.system,
        "setting": row.setting.lower(),
        "kind": row.npc,
        "campaign": row.campaign.lower(),
        "updated": row.updated,
        "id": row.id,
        "player": row.player.lower(),
        "profession": row.profession.lower(),
        "status": row.status,
        "xp": -1e18 if row.xp is None else row.xp,
    }[sort]


@pytest.mark.parametrize("descending", [False, True])
@pytest.mark.parametrize("sort", SORT_KEYS)
def test_every_order_lists_the_rows_in_that_order(mixed: Library, sort, descending) -> None:
    query = RosterQuery(sort=sort, descending=descending)
    rows = mixed.character_rows(mixed.character_keys(query))
    assert len(rows) == mixed.count_roster()
    values = [sort_value(r, sort) for r in rows]
    assert values == sorted(values, reverse=descending)
    assert not [r for r in rows if r.trashed is not None]


@pytest.mark.parametrize("sort", SORT_KEYS)
def test_every_order_reads_one_index(mixed: Library, sort) -> None:
    for descending in (False, True):
        sql, params = character_keys_sql(RosterQuery(sort=sort, descending=descending), 500, 50)
        plan = " | ".join(r[3] for r in mixed._db.execute(f"EXPLAIN QUERY PLAN {sql}", params))
        assert "TEMP B-TREE" not in plan, plan  # no sort of every row for one page
        assert "INTEGER PRIMARY KEY" not in plan, plan  # no sheet looked up per row
        assert "SCAN sheets USING INDEX sheets_trashed" in plan, plan  # the trash: small


def test_a_save_moves_the_character_in_the_order_of_saves(mixed: Library) -> None:
    query = RosterQuery(sort="updated", descending=True)
    last = mixed.character_keys(query)[-1]
    sheet = mixed.load(last[0])
    people(sheet)[0].name += " the Younger"
    mixed.save(last[0], sheet)
    assert mixed.character_page(query, 0, 1)[0][0] == last[0]


def test_an_npc_made_a_player_character_leaves_the_npc_filter(tmp_path) -> None:
    with open_library(tmp_path / "library.sqlite3") as library:
        sheet_id = library.add(three_universe_core())
        npcs = RosterQuery(npc=True)
        assert library.count_roster(npcs) == 0  # Wolfgang's core: his characters
        core = library.load(sheet_id)
        core.core = None  # no Player Core: the characters are NPCs
        library.save(sheet_id, core)
        assert library.count_roster(npcs) == 3
        assert len(library.character_page(npcs, 0, 10)) == 3


def test_a_version_7_library_gets_its_characters_sheet_columns(tmp_path) -> None:
    path = tmp_path / "library.sqlite3"
    with open_library(path) as library:
        library.add(three_universe_core())
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("UPDATE characters SET system = '', npc = 1, updated = 0")
    for name in [r[0] for r in db.execute("SELECT name FROM sqlite_schema WHERE type='index'")]:
        if name.startswith("characters_by_") or name == "sheets_trashed":
            db.execute(f"DROP INDEX {name}")
    db.execute("DROP TABLE character_names")
    for name in [r[0] for r in db.execute("SELECT name FROM sqlite_schema WHERE type='trigger'")]:
        db.execute(f"DROP TRIGGER {name}")
    for column in ("system", "npc", "updated", "campaign"):
        db.execute(f"ALTER TABLE characters DROP COLUMN {column}")
    db.execute("PRAGMA user_version = 7")
    db.close()
    with open_library(path) as library:
        assert library.upgraded == (8, 9)
        assert library.check() == []
        assert library.count_roster(RosterQuery(system="amazing-engine", npc=False)) == 3
        assert library.count_roster(RosterQuery(text="arro")) == 1  # Kess Marrow, by piece
        updated = library.row(1).updated
        assert [r.updated for r in library.character_rows(library.character_keys())] == [
            updated
        ] * 3


def _groups_by_order(library: Library) -> list[tuple[str, str]]:
    """(group, name) of every row in the roster's group order."""
    query = RosterQuery(sort="campaign")
    return [(r.campaign, r.name) for r in library.character_rows(library.character_keys(query))]


def test_the_group_order_follows_every_change_of_group(tmp_path) -> None:
    with open_library(tmp_path / "library.sqlite3") as library:
        core = library.add(three_universe_core(), campaign="Harbour")
        npc = library.add(hero(3, "Ada Vell"))
        assert [g for g, _ in _groups_by_order(library)] == ["", "Harbour", "Harbour", "Harbour"]
        kess = next(k for k in library.character_keys() if k[0] == core and k[1] == 1)
        library.move_characters([kess], "Anchorage")  # one character of the core alone
        rows = _groups_by_order(library)
        assert rows[:2] == [("", "Ada Vell"), ("Anchorage", library.character_rows([kess])[0].name)]
        library.rename_campaign("Anchorage", "Zenith")  # her own group renamed
        assert _groups_by_order(library)[-1][0] == "Zenith"
        library.move_to_campaign([core], "Bay")  # the whole core moved: hers goes too
        library.move_to_campaign([npc], "Abbey")
        assert [g for g, _ in _groups_by_order(library)] == ["Abbey", "Bay", "Bay", "Bay"]
        sheet = library.load(core)
        people(sheet)[0].name += " the Younger"
        library.save(core, sheet)  # a save writes the character rows again
        assert [g for g, _ in _groups_by_order(library)] == ["Abbey", "Bay", "Bay", "Bay"]
        assert library.count_roster(RosterQuery(campaign="Bay", sort="campaign")) == 3


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(query=queries, picks=st.lists(st.integers(0, 80), min_size=1, max_size=20))
def test_the_places_of_a_selection_are_its_rows_in_the_whole_list(
    mixed: Library, query, picks
) -> None:
    everyone = mixed.character_keys(RosterQuery())
    sheet_ids = {everyone[p % len(everyone)][0] for p in picks}
    expected = [
        (n, *key) for n, key in enumerate(mixed.character_keys(query)) if key[0] in sheet_ids
    ]
    assert mixed.character_places(query, sheet_ids) == expected
