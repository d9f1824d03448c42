"""Shared sheets in the library (schema 5): links, each document's Y updates, refusals,
and how they live through an upgrade, the trash, a rebuild and ``library check``."""

from __future__ import annotations

import sqlite3

import pytest
from pycrdt import Doc, Map

from sheetapp.storage.library import SCHEMA_VERSION, LibraryError, open_library
from sheetapp.storage.library.shared import COMPACT_AFTER, MAX_REJECTED_BYTES, MAX_UPDATE_BYTES

from .conftest import npc
from .test_migrations import old_library


def edits(count: int) -> tuple[Doc, list[bytes]]:
    """A document and the ``count`` updates that made it, one key each."""
    doc = Doc()
    sheet = doc.get("sheet", type=Map)
    found = []
    for n in range(count):
        before = doc.get_state()
        sheet[f"k{n}"] = n
        found.append(doc.get_update(before))
    return doc, found


def rebuilt(updates: list[bytes]) -> dict:
    doc = Doc()
    for update in updates:
        doc.apply_update(update)
    return doc.get("sheet", type=Map).to_py()


def test_a_schema_4_library_upgrades_to_shared_tables_and_checks_clean(tmp_path) -> None:
    path = tmp_path / "library.sqlite3"
    old_library(path, 4)
    with open_library(path) as lib:
        assert lib.upgraded == tuple(range(5, SCHEMA_VERSION + 1))
        assert lib.document_for(1) is None
        link = lib.link(1, "character:abc", "camp-1", "character", "m-ana")
        assert link.synced == 2  # sheet 1 is at its second revision
        lib.append_update("camp-1", "character:abc", edits(1)[1][0])
        lib.record_rejection("camp-1", "character:abc", "bad", sender_name="Ana")
        assert lib.check()[1:] == []  # only the unknown system of sheet 3, as before
    with open_library(path) as again:
        assert again.upgraded == ()
        assert again.sheet_for("character:abc") == link


def test_a_sheet_shares_one_document_and_a_document_one_sheet(lib) -> None:
    first, second = lib.add(npc(1)), lib.add(npc(2))
    lib.link(first, "character:a", "camp", "character", "m1")
    with pytest.raises(LibraryError, match="already shares the document character:a"):
        lib.link(first, "character:b", "camp", "character", "m1")
    with pytest.raises(LibraryError, match="already shares the document character:a"):
        lib.link(second, "character:a", "camp", "character", "m1")
    with pytest.raises(LibraryError, match="no sheet 99"):
        lib.link(99, "character:c", "camp", "character", "m1")
    lib.link(second, "npc:b", "camp", "npc", "gm")
    lib.link(lib.add(npc(3)), "character:z", "other", "character", "m2")
    assert [k.name for k in lib.shared_sheets("camp")] == ["character:a", "npc:b"]
    assert lib.sheet_for("npc:b").sheet_id == second
    lib.unlink(first)
    assert lib.document_for(first) is None
    assert [k.name for k in lib.shared_sheets("camp")] == ["npc:b"]


def test_updates_come_back_in_order_and_are_merged_past_the_bound(lib) -> None:
    doc, updates = edits(COMPACT_AFTER + 5)
    for update in updates[:COMPACT_AFTER]:
        lib.append_update("camp", "character:a", update)
    assert lib.updates("camp", "character:a") == updates[:COMPACT_AFTER]
    for update in updates[COMPACT_AFTER:]:
        lib.append_update("camp", "character:a", update)
    kept = lib.updates("camp", "character:a")
    assert len(kept) == 5  # one merged, then the four appended after it
    assert rebuilt(kept) == doc.get("sheet", type=Map).to_py()
    # The same name in another campaign is another document ("campaign" is in every one).
    assert lib.updates("other", "character:a") == []


def test_what_is_not_a_y_update_is_refused_and_nothing_kept(lib) -> None:
    for bad, message in (
        (b"garbage", "not a Y update"),
        (b"\0" * (MAX_UPDATE_BYTES + 1), "more than"),
        ("text", "an update is bytes"),
    ):
        with pytest.raises(LibraryError, match=message):
            lib.append_update("camp", "character:a", bad)  # type: ignore[arg-type]
    assert lib.updates("camp", "character:a") == []


def test_rejections_keep_who_when_why_and_small_updates(lib) -> None:
    small = edits(1)[1][0]
    lib.record_rejection(
        "camp",
        "character:a",
        "attributes: not\na number",
        sender_id="m1",
        sender_name="Ana",
        update=small,
    )
    lib.record_rejection(
        "camp", "npc:b", "x", sender_name="Bo", update=b"\1" * (MAX_REJECTED_BYTES + 1)
    )
    newest, oldest = lib.rejections("camp")
    assert (oldest.sender_id, oldest.sender_name, oldest.reason) == (
        "m1",
        "Ana",
        "attributes: not a number",
    )
    assert oldest.data == small and oldest.at > 0
    assert newest.data is None and newest.size == MAX_REJECTED_BYTES + 1
    assert [r.name for r in lib.rejections("camp", "character:a")] == ["character:a"]


def test_a_trashed_sheet_keeps_its_link_and_emptying_the_trash_drops_it(lib) -> None:
    sheet_id, other = lib.add(npc(1)), lib.add(npc(2))
    lib.link(sheet_id, "character:a", "camp", "character", "m1")
    lib.link(other, "character:b", "camp", "character", "m1")
    for name in ("character:a", "character:b"):
        lib.append_update("camp", name, edits(1)[1][0])
        lib.record_rejection("camp", name, "bad")
    lib.delete([sheet_id])
    assert lib.document_for(sheet_id) is not None
    lib.untrash([sheet_id])
    assert lib.sheet_for("character:a").sheet_id == sheet_id
    lib.delete([sheet_id])
    assert lib.empty_trash() == 1
    assert lib.sheet_for("character:a") is None
    assert lib.updates("camp", "character:a") == []
    assert lib.rejections("camp", "character:a") == []
    assert len(lib.updates("camp", "character:b")) == 1  # the other sheet's are kept
    assert lib.check() == []


def test_forgetting_a_campaign_keeps_its_sheets_and_drops_all_it_kept(lib) -> None:
    left, other = lib.add(npc(1)), lib.add(npc(2))
    lib.link(left, "character:a", "camp", "character", "m1")
    lib.link(other, "character:b", "elsewhere", "character", "m1")
    update = edits(1)[1][0]
    for campaign, name in (("camp", "character:a"), ("camp", "campaign"),
                           ("camp", "requests:a"), ("elsewhere", "character:b")):
        lib.append_update(campaign, name, update)
        lib.record_rejection(campaign, name, "bad")
    kept = lib.document(left)
    assert lib.forget_campaign("camp") == [left]
    assert lib.document_for(left) is None and lib.document(left) == kept
    assert all(lib.updates("camp", n) == [] for n in ("character:a", "campaign", "requests:a"))
    assert lib.rejections("camp") == [] and lib.shared_sheets("camp") == []
    assert lib.sheet_for("character:b").sheet_id == other  # another campaign is untouched
    assert len(lib.updates("elsewhere", "character:b")) == len(lib.rejections("elsewhere")) == 1
    assert lib.forget_campaign("camp") == [] and lib.check() == []


def test_a_rebuilt_library_keeps_its_shared_sheets(library_path) -> None:
    update = edits(1)[1][0]
    with open_library(library_path) as lib:
        sheet_id = lib.add(npc(1))
        lib.link(sheet_id, "character:a", "camp", "character", "m1")
        lib.append_update("camp", "character:a", update)
        lib.record_rejection("camp", "character:a", "bad", sender_name="Ana")
    db = sqlite3.connect(library_path)
    db.execute("CREATE VIEW odd AS SELECT 1")  # damage: something sheetapp did not make
    db.close()
    with open_library(library_path) as lib:
        assert lib.damage_report is not None and lib.damage_report.action == "rebuilt"
        assert lib.sheet_for("character:a").sheet_id == sheet_id
        assert lib.updates("camp", "character:a") == [update]
        assert [r.sender_name for r in lib.rejections("camp")] == ["Ana"]
        assert lib.check() == []


def test_rows_another_program_left_are_left_out_and_reported(library_path) -> None:
    doc, good = edits(COMPACT_AFTER + 1)
    with open_library(library_path) as lib:
        lib.append_update("camp", "character:a", good[0])
    db = sqlite3.connect(library_path)
    db.executemany(
        "INSERT INTO shared_updates (campaign, name, data) VALUES ('camp', 'character:a', ?)",
        [(b"garbage",), ("text",), (12,)],
    )
    db.commit()
    db.close()
    with open_library(library_path) as lib:
        assert lib.updates("camp", "character:a") == good[:1]
        assert lib.check() == [
            "shared document character:a (campaign camp): 3 kept updates are not Y updates "
            "(left out)"
        ]
        for update in good[1:]:  # past the bound: the good ones are merged, the rest kept
            lib.append_update("camp", "character:a", update)
        assert rebuilt(lib.updates("camp", "character:a")) == doc.get("sheet", type=Map).to_py()
        assert len(lib.updates("camp", "character:a")) < 10  # merged, the bad rows aside
        assert "3 kept updates" in lib.check()[0]
