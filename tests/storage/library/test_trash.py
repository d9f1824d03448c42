"""Deleting goes to a trash; only emptying it deletes, and ids are never handed out twice."""

from __future__ import annotations

import pytest

from sheetapp.storage.library import LibraryError, RosterQuery

from .conftest import npc


def test_deleted_sheets_leave_roster_and_search_and_come_back_whole(lib) -> None:
    keep = lib.add(npc(1, "Keeper"))
    gone = lib.add(npc(2, "Goner", notes="owes money"), campaign="Harbour", tags=["debtor"])
    lib.save(gone, npc(3, "Goner", notes="owes money"))
    lib.set_damage_taken(gone, {"body": 2})
    lib.delete([gone])
    assert [r.id for r in lib.roster()] == [keep]
    assert lib.search("money") == [] and lib.roster(RosterQuery(text="gone")) == []
    assert lib.campaigns() == [] and lib.count() == 1
    (trashed,) = lib.trash()
    assert (trashed.id, trashed.name, trashed.trashed is not None) == (gone, "Goner", True)
    with pytest.raises(LibraryError, match="in the trash"):
        lib.save(gone, npc(4))
    lib.untrash([gone])
    row = lib.row(gone)
    assert (row.trashed, row.campaign, row.tags) == (None, "Harbour", ("debtor",))
    assert [r.number for r in lib.revisions(gone)] == [2, 1]
    assert lib.damage_taken(gone) == {"body": 2}
    assert [r.id for r in lib.search("money")] == [gone]


def test_emptying_the_trash_deletes_for_good_and_ids_stay_unique(lib) -> None:
    first = lib.add(npc(1, "First"))
    last = lib.add(npc(2, "Last", notes="whistles"))
    lib.set_damage_taken(last, {"stamina": 3})
    lib.delete([last])
    assert lib.empty_trash() == 1
    assert lib.trash() == [] and lib.empty_trash() == 0
    with pytest.raises(LibraryError, match=f"no sheet {last}"):
        lib.load(last)
    counts = [
        lib._db.execute(f"SELECT count(*) FROM {table} WHERE {column} = ?", (last,)).fetchone()[0]
        for table, column in (
            ("revisions", "sheet_id"),
            ("damage", "sheet_id"),
            ("search", "rowid"),
        )
    ]
    assert counts == [0, 0, 0]
    newer = lib.add(npc(3, "Newer"))
    assert newer not in (first, last)  # an old encounter naming `last` cannot find `newer`
    assert lib.check() == []
