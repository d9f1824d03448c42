"""Comparing change marks tells what another connection changed, kind by kind: what the
app's views hear when the command line or another window wrote to the library."""

from __future__ import annotations

from sheetapp.storage.library import Library, open_library
from sheetapp.storage.library.changes import LibraryChanges

from .conftest import npc


def changes_made(lib: Library, write) -> LibraryChanges:
    """What ``write`` (given a second connection) changed, as ``lib`` finds it."""
    before = lib.change_marks()
    with open_library(lib.path) as other:
        write(other)
    return lib.change_marks().since(before)


def test_each_kind_of_change_is_told_apart(lib: Library) -> None:
    first, second = lib.add(npc(1, "Ada")), lib.add(npc(2, "Bo"))
    assert changes_made(lib, lambda o: o.add(npc(3, "Cy"))) == LibraryChanges(
        added=(3,), outside=True
    )
    renamed = npc(1, "Adalind")
    assert changes_made(lib, lambda o: o.save(first, renamed)).changed == (first,)
    assert changes_made(lib, lambda o: o.add_tags([first, second], ["watch"])).filed == (
        first,
        second,
    )
    assert changes_made(lib, lambda o: o.move_to_campaign([second], "Coast")).filed == (second,)
    assert changes_made(lib, lambda o: o.delete([second])).trashed == (second,)
    assert changes_made(lib, lambda o: o.untrash([second])).untrashed == (second,)
    hurt = changes_made(lib, lambda o: o.set_damage_taken(first, {"stamina": 3}))
    assert hurt.play and not hurt.touched()
    assert changes_made(lib, lambda o: o.save_encounter("Fight", {"name": "Fight"})).play


def test_nothing_written_is_nothing_changed(lib: Library) -> None:
    lib.add(npc(1, "Ada"))
    found = changes_made(lib, lambda o: o.roster())
    assert not found and not found.roster()


def test_a_sheet_added_and_trashed_meanwhile_is_told_as_trashed(lib: Library) -> None:
    def add_and_trash(other: Library) -> None:
        other.delete([other.add(npc(1, "Ada"))])

    assert changes_made(lib, add_and_trash).trashed == (1,)


def test_marks_of_some_sheets_cover_only_those(lib: Library) -> None:
    ids = [lib.add(npc(i, f"N{i}")) for i in range(1, 4)]
    assert set(lib.change_marks(ids[1:]).sheets) == set(ids[1:])
