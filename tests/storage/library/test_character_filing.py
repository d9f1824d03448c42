"""Tags and groups set on one character of a core belong to that character alone; the
sheet's own apply to all of its characters; a tag or group renamed (or merged) everywhere
in one step; an old library's tags kept on every character."""

from __future__ import annotations

import sqlite3

import pytest

from sheetapp.storage.library import LibraryError, RosterQuery, open_library
from sheetapp.storage.library.documents import encode
from sheetapp.storage.library.reindex import reindex_all
from sheetapp.storage.library.schema import MIGRATIONS, create_v1, statements

from .conftest import npc
from .test_character_rows import three_universe_core

KESS, QUILLON, TOMAS = 0, 1, 2


@pytest.fixture
def core_id(lib) -> int:
    lib.add(npc(3, "Ada Quill"), tags=["dockside"])
    return lib.add(three_universe_core(), tags=["crew"])


def tags_by_name(lib, query: RosterQuery | None = None) -> dict[str, tuple[str, ...]]:
    return {r.name: r.tags for r in lib.roster(query)}


def names(lib, query: RosterQuery) -> list[str]:
    return [r.name for r in lib.roster(query)]


def test_tagging_one_character_of_a_core_tags_it_alone(lib, core_id) -> None:
    lib.tag_characters([(core_id, QUILLON)], add=["smuggler"])
    tags = tags_by_name(lib)
    assert tags["Quillon Vey"] == ("crew", "smuggler")
    assert tags["Kess Marrow"] == tags["Tomas Reed"] == ("crew",)
    assert names(lib, RosterQuery(tag="smuggler")) == ["Quillon Vey"]
    assert [r.name for r in lib.search("smuggler")] == ["Quillon Vey"]
    assert names(lib, RosterQuery(text="smuggler")) == ["Quillon Vey"]
    assert "smuggler" in lib.tags()
    # The sheet file stays one document, untouched by filing.
    assert lib.revisions(core_id)[0].number == 1


def test_a_sheet_tag_taken_off_one_character_stays_on_the_others(lib, core_id) -> None:
    lib.tag_characters([(core_id, KESS)], remove=["crew"])
    assert names(lib, RosterQuery(tag="crew")) == ["Quillon Vey", "Tomas Reed"]
    assert tags_by_name(lib)["Kess Marrow"] == ()
    assert [r.name for r in lib.search("crew")] == ["Quillon Vey", "Tomas Reed"]


def test_a_character_keeps_its_tags_when_its_core_is_reordered(lib, core_id) -> None:
    lib.tag_characters([(core_id, TOMAS)], add=["pilot"])
    sheet = lib.load(core_id)
    sheet.characters.reverse()  # Tomas first now
    lib.save(core_id, sheet)
    assert names(lib, RosterQuery(tag="pilot")) == ["Tomas Reed"]
    assert [r.name for r in lib.search("pilot")] == ["Tomas Reed"]


def test_one_row_sheets_are_tagged_on_the_sheet(lib, core_id) -> None:
    ada = lib.roster(RosterQuery(text="Ada"))[0]
    lib.tag_characters([(ada.id, ada.character)], add=["innkeeper"], remove=["dockside"])
    assert tags_by_name(lib)["Ada Quill"] == ("innkeeper",)
    assert lib.filing([ada.id])[0].tags == ("innkeeper",)


def test_moving_some_characters_files_them_alone_and_all_of_them_moves_the_sheet(
    lib, core_id
) -> None:
    lib.move_characters([(core_id, QUILLON)], "Drift run")
    assert names(lib, RosterQuery(campaign="Drift run")) == ["Quillon Vey"]
    assert names(lib, RosterQuery(campaign="")) == ["Ada Quill", "Kess Marrow", "Tomas Reed"]
    assert lib.campaigns() == ["Drift run"]
    lib.move_characters([(core_id, KESS), (core_id, TOMAS)], "Drift run")
    # Every character in one group: the sheet's group, so characters added later follow.
    assert lib.row(core_id).campaign == "Drift run"
    assert lib.filing([core_id])[0].character_campaigns == ()
    lib.move_to_campaign([core_id], "Verdigris")
    assert names(lib, RosterQuery(campaign="Verdigris")) == [
        "Kess Marrow",
        "Quillon Vey",
        "Tomas Reed",
    ]
    assert lib.campaigns() == ["Verdigris"]


def test_sorting_by_group_reads_each_characters_own(lib, core_id) -> None:
    lib.move_characters([(core_id, TOMAS)], "Alpha")
    lib.move_characters([(core_id, KESS)], "Zulu")
    order = names(lib, RosterQuery(sort="campaign"))
    assert order.index("Tomas Reed") < order.index("Kess Marrow")


def test_filing_read_back_undoes_a_change_exactly(lib, core_id) -> None:
    before = lib.filing([core_id])
    lib.tag_characters([(core_id, KESS)], remove=["crew"], add=["alchemist"])
    lib.move_characters([(core_id, TOMAS)], "Tugs")
    lib.restore_filing(before)
    assert lib.filing([core_id]) == before
    assert names(lib, RosterQuery(tag="crew")) == ["Kess Marrow", "Quillon Vey", "Tomas Reed"]
    assert names(lib, RosterQuery(tag="alchemist")) == []


def test_renaming_a_tag_to_one_that_exists_merges_them(lib, core_id) -> None:
    lib.tag_characters([(core_id, QUILLON)], add=["Crew"])  # typed another way
    changed = lib.rename_tag("Crew", "crew")
    assert changed == [core_id]
    assert tags_by_name(lib)["Quillon Vey"] == ("crew",)
    assert lib.tags() == ["crew", "dockside"]
    lib.rename_tag("crew", "ship's crew")
    assert names(lib, RosterQuery(tag="ship's crew")) == [
        "Kess Marrow",
        "Quillon Vey",
        "Tomas Reed",
    ]
    assert sorted(r.name for r in lib.search("ship")) == [
        "Kess Marrow",
        "Quillon Vey",
        "Tomas Reed",
    ]


def test_renaming_a_group_to_one_that_exists_merges_them(lib, core_id) -> None:
    lib.move_characters([(core_id, QUILLON)], "Drift")
    ada = lib.roster(RosterQuery(text="Ada"))[0].id
    lib.move_to_campaign([ada], "Harbour")
    lib.move_to_campaign([core_id], "Harbour")  # all of them: Quillon comes too
    lib.move_characters([(core_id, QUILLON)], "Drift")
    assert lib.rename_campaign("Drift", "Harbour") == [core_id]
    assert lib.campaigns() == ["Harbour"]
    assert lib.filing([core_id])[0].character_campaigns == ()
    with pytest.raises(LibraryError):
        lib.rename_campaign("", "Harbour")


def test_a_character_the_sheet_lacks_is_refused(lib, core_id) -> None:
    with pytest.raises(LibraryError, match="no character 8"):
        lib.tag_characters([(core_id, 7)], add=["x"])


def test_duplicating_a_core_keeps_each_characters_tags_and_group(lib, core_id) -> None:
    lib.tag_characters([(core_id, QUILLON)], add=["smuggler"])
    lib.move_characters([(core_id, TOMAS)], "Tugs")
    copy = lib.duplicate(core_id)
    rows = {(r.id, r.name): r for r in lib.roster()}
    assert rows[(copy, "Quillon Vey")].tags == ("crew", "smuggler")
    assert rows[(copy, "Tomas Reed")].campaign == "Tugs"
    assert rows[(copy, "Kess Marrow")].tags == ("crew",)


def test_another_programs_character_tag_is_seen_as_a_change(lib, core_id) -> None:
    before = lib.change_marks()
    lib.tag_characters([(core_id, TOMAS)], add=["pilot"])
    assert lib.change_marks().since(before).filed == (core_id,)


def test_a_version_6_library_keeps_its_sheet_tags_on_every_character(tmp_path) -> None:
    path = tmp_path / "library.sqlite3"
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("BEGIN")
    create_v1(db)
    for migration in MIGRATIONS:
        if migration.version <= 6:
            for statement in statements(migration.script):
                db.execute(statement)
            db.execute(f"PRAGMA user_version = {migration.version}")
    db.execute(
        "INSERT INTO sheets (id, system, name, campaign, created, updated) "
        "VALUES (1, 'amazing-engine', 'Kess Marrow', 'Verdigris', 1.7e9, 1.7e9)"
    )
    db.execute(
        "INSERT INTO revisions (sheet_id, number, saved, document) VALUES (1, 1, 1.7e9, ?)",
        (encode(three_universe_core()),),
    )
    db.execute("INSERT INTO tags (sheet_id, tag) VALUES (1, 'crew')")
    reindex_all(db)
    db.execute("COMMIT")
    db.close()
    with open_library(path) as lib:
        assert lib.upgraded == (7, 8, 9)
        assert names(lib, RosterQuery(tag="crew")) == ["Kess Marrow", "Quillon Vey", "Tomas Reed"]
        assert names(lib, RosterQuery(campaign="Verdigris")) == [
            "Kess Marrow",
            "Quillon Vey",
            "Tomas Reed",
        ]
        lib.tag_characters([(1, TOMAS)], remove=["crew"])
        assert names(lib, RosterQuery(tag="crew")) == ["Kess Marrow", "Quillon Vey"]
        assert lib.check() == []


def test_a_sheet_listed_by_a_tag_of_one_of_its_characters(lib, core_id) -> None:
    lib.tag_characters([(core_id, TOMAS)], add=["pilot"])
    assert lib.roster_ids(RosterQuery(tag="pilot")) == [core_id]
    assert lib.row(core_id).tags == ("crew", "pilot")


def test_a_damaged_library_rebuilt_keeps_each_characters_tags_and_group(library_path) -> None:
    with open_library(library_path) as lib:
        core_id = lib.add(three_universe_core(), tags=["crew"])
        lib.tag_characters([(core_id, QUILLON)], add=["smuggler"])
        lib.move_characters([(core_id, TOMAS)], "Tugs")
    with library_path.open("r+b") as handle:
        handle.write(b"this is no db!!\x00")  # a garbled header: the file is rebuilt
    with open_library(library_path) as lib:
        assert lib.damage_report is not None
        assert names(lib, RosterQuery(tag="smuggler")) == ["Quillon Vey"]
        assert names(lib, RosterQuery(campaign="Tugs")) == ["Tomas Reed"]
        assert sorted(r.name for r in lib.search("crew")) == [
            "Kess Marrow",
            "Quillon Vey",
            "Tomas Reed",
        ]
