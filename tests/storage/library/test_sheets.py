"""Storing sheets: what goes in comes back, every save is a revision, any revision returns."""

from __future__ import annotations

import json

import pytest

from sheetapp.storage.document import dumps
from sheetapp.storage.library import LibraryError, open_library

from .conftest import hero, npc


def test_a_sheet_comes_back_equal_and_its_row_comes_from_the_plugin(lib) -> None:
    sheet = npc(1, "Brannoc Vey")
    sheet_id = lib.add(sheet, campaign="The  Long Night ", tags=["guard", " act 1 "])
    assert dumps(lib.load(sheet_id)) == dumps(sheet)
    row = lib.row(sheet_id)
    assert (row.name, row.system, row.setting, row.npc) == (
        "Brannoc Vey",
        "amazing-engine",
        "generic",
        True,
    )
    assert row.campaign == "The Long Night"  # spaces tidied as a person means them
    assert row.tags == ("act 1", "guard")
    assert lib.row(lib.add(hero(2, "Mira"))).npc is False


def test_every_save_keeps_a_revision_and_any_can_be_restored(lib) -> None:
    sheet = npc(3, "Old Name")
    sheet_id = lib.add(sheet, note="first")
    renamed = sheet.model_copy(deep=True)
    renamed.characters[0].name = "New Name"
    assert lib.save(sheet_id, renamed, note="renamed") == 2
    assert lib.save(sheet_id, renamed) == 2  # nothing changed: no empty revision
    history = lib.revisions(sheet_id)
    assert [(r.number, r.note, r.current) for r in history] == [
        (2, "renamed", True),
        (1, "first", False),
    ]
    assert history[0].saved > history[1].saved and history[0].size > 0
    assert lib.row(sheet_id).name == "New Name"
    assert lib.load(sheet_id, 1).characters[0].name == "Old Name"

    assert lib.restore(sheet_id, 1) == 3  # restoring is itself a revision...
    assert lib.load(sheet_id).characters[0].name == "Old Name"
    assert lib.row(sheet_id).name == "Old Name"  # ...and the roster follows it
    assert lib.revisions(sheet_id)[0].note == "restored revision 1"
    assert lib.load(sheet_id, 2).characters[0].name == "New Name"  # nothing was lost
    assert lib.restore(sheet_id, 3) == 3  # already current


def test_restored_revision_is_found_by_search_again(lib) -> None:
    sheet_id = lib.add(npc(4, "Tamsin", notes="carries a lantern"))
    changed = lib.load(sheet_id)
    changed.characters[0].notes = "carries a crossbow"
    lib.save(sheet_id, changed)
    assert [r.id for r in lib.search("lantern")] == []
    lib.restore(sheet_id, 1)
    assert [r.id for r in lib.search("lantern")] == [sheet_id]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda lib: lib.load(99), "no sheet 99"),
        (lambda lib: lib.revisions(99), "no sheet 99"),
        (lambda lib: lib.restore(1, 7), "no revision 7"),
        (lambda lib: lib.load(1, 7), "no revision 7"),
        (lambda lib: lib.save(99, npc(1)), "no sheet 99"),
        (lambda lib: lib.add_tags([1], [""]), "a tag is 1 to 100 characters"),
        (lambda lib: lib.add_tags([1], "goblin"), "a list of words"),
        (lambda lib: lib.move_to_campaign([1], "x" * 201), "at most 200"),
        (lambda lib: lib.set_damage_taken(1, {"body": -1}), "never negative"),
    ],
)
def test_bad_requests_are_refused_with_a_reason_and_change_nothing(lib, call, message) -> None:
    lib.add(npc(5, "Kept"))
    before = (lib.roster(), lib.revisions(1), lib.damage_taken(1))
    with pytest.raises(LibraryError, match=message):
        call(lib)
    assert (lib.roster(), lib.revisions(1), lib.damage_taken(1)) == before


def test_duplicate_copies_document_campaign_and_tags_but_not_history(lib) -> None:
    original = lib.add(npc(6, "Twin"), campaign="Harbour", tags=["smuggler"])
    lib.save(original, npc(7, "Twin"))
    copy = lib.duplicate(original)
    assert copy != original
    assert lib.document(copy) == lib.document(original)
    row = lib.row(copy)
    assert (row.name, row.campaign, row.tags) == ("Twin", "Harbour", ("smuggler",))
    assert [r.note for r in lib.revisions(copy)] == [f"copy of sheet {original}"]


def test_campaigns_and_tags_are_library_data_and_leave_the_sheet_alone(lib) -> None:
    a, b, c = (lib.add(npc(s, n)) for s, n in ((1, "A"), (2, "B"), (3, "C")))
    document = lib.document(a)
    lib.move_to_campaign([a, b], "Harbour")
    lib.add_tags([a, c], ["thug", "Act 2"])
    lib.remove_tags([a], ["thug"])
    lib.set_tags(b, ["witness"])
    assert lib.campaigns() == ["Harbour"]
    assert lib.tags() == ["Act 2", "thug", "witness"]
    assert [(r.id, r.campaign, r.tags) for r in lib.roster()] == [
        (a, "Harbour", ("Act 2",)),
        (b, "Harbour", ("witness",)),
        (c, "", ("Act 2", "thug")),
    ]
    assert lib.document(a) == document
    assert [r.number for r in lib.revisions(a)] == [1]
    lib.move_to_campaign([a, b], "")
    assert lib.campaigns() == []


def test_two_connections_see_each_others_commits(library_path, lib) -> None:
    sheet_id = lib.add(npc(8, "Shared"))
    with open_library(library_path) as other:
        assert [r.name for r in other.roster()] == ["Shared"]
        other.move_to_campaign([sheet_id], "Elsewhere")
    assert lib.row(sheet_id).campaign == "Elsewhere"


def test_data_version_tells_a_view_that_another_program_changed_the_library(
    library_path, lib
) -> None:
    sheet_id = lib.add(npc(9, "Watched"))
    seen = lib.data_version()
    lib.move_to_campaign([sheet_id], "Own change")
    assert lib.data_version() == seen  # our own commits: the view knows already
    with open_library(library_path) as other:
        other.add_tags([sheet_id], ["from the command line"])
    assert lib.data_version() != seen


def test_add_many_commits_in_batches_and_reports_each(lib) -> None:
    heard: list[list[int]] = []
    ids = lib.add_many((npc(s) for s in range(7)), tags=["batch"], batch=3, committed=heard.append)
    assert [len(b) for b in heard] == [3, 3, 1]
    assert [i for b in heard for i in b] == ids
    assert lib.count() == 7 and lib.tags() == ["batch"]


def test_play_state_is_kept_apart_from_the_sheet(lib) -> None:
    sheet_id = lib.add(npc(9, "Hurt"))
    document = lib.document(sheet_id)
    lib.set_damage_taken(sheet_id, {"stamina": 6, "body": 0})
    assert lib.damage_taken(sheet_id) == {"stamina": 6}
    assert lib.document(sheet_id) == document
    assert [r.number for r in lib.revisions(sheet_id)] == [1]


def test_encounters_are_saved_listed_and_deleted(lib) -> None:
    first = lib.save_encounter("Ambush", {"round": 1})
    second = lib.save_encounter("Bridge", {"round": 0})
    lib.save_encounter("Ambush at the ford", {"round": 2}, first)
    assert [(e.id, e.name) for e in lib.encounters()] == [
        (first, "Ambush at the ford"),
        (second, "Bridge"),
    ]
    assert json.loads(lib.encounter_text(first)) == {"round": 2}
    lib.delete_encounter(second)
    assert [e.id for e in lib.encounters()] == [first]
    with pytest.raises(LibraryError, match="no encounter"):
        lib.encounter_text(second)
