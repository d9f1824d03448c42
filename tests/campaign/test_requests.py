"""The GM's requests on a player's character: kept in the REQUESTS document, decided once,
and applied through the GM tools as ordinary library revisions (or refused, saying why)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest
from pycrdt import Array, Doc, Map

from sheetapp.campaign import requests as rq
from sheetapp.campaign.contracts import Member, Role
from sheetapp.campaign.requests import Request, RequestRefused
from sheetapp.play.support import gm_support
from sheetapp.play.table import Table
from sheetapp.storage.library import Library, open_library
from sheetapp.systems.plugin import NewOptions
from sheetapp.systems.registry import get_system, system_ids

GM = Member("m-gm", "Vera", Role.GM)


@pytest.fixture
def library(tmp_path) -> Iterator[Library]:
    with open_library(tmp_path / "library.sqlite3") as lib:
        yield lib


def clock():
    ticks = itertools.count(1_800_000_000)
    return lambda: float(next(ticks))


def sheet_of(library: Library, system: str) -> int:
    return library.add(get_system(system).new(NewOptions(random=True, seed=7)))


def notes_of(library: Library, sheet_id: int) -> str:
    sheet = library.load(sheet_id)
    people = getattr(sheet, "characters", None)
    return people[0].notes if people else sheet.notes


def test_requests_are_kept_in_order_and_decided_once() -> None:
    doc, tick = Doc(), clock()
    first = Request.new("xp", GM, amount=5, clock=tick)
    second = Request.new("note", GM, text="Met the Duke", clock=tick)
    rq.add(doc, first)
    rq.add(doc, second)
    with pytest.raises(RequestRefused, match="already in the document"):
        rq.add(doc, first)
    copy = Doc()
    copy.apply_update(doc.get_update())  # as the player's machine receives it
    assert rq.pending(copy) == [first, second]
    declined = rq.decide(copy, second.id, False, clock=tick)
    assert (declined.state, declined.decided_at) == ("declined", 1_800_000_002.0)
    assert rq.pending(copy) == [first]
    assert rq.requests(copy)[1] == declined
    with pytest.raises(RequestRefused, match="Note from GM Vera was already declined"):
        rq.decide(copy, second.id, True)
    with pytest.raises(RequestRefused, match="no request nope"):
        rq.decide(copy, "nope", True)


def test_entries_that_are_not_requests_are_left_out() -> None:
    doc = Doc()
    good = Request.new("damage", GM, amount=2, track="stamina")
    rq.add(doc, good)
    array = doc.get("requests", type=Array)
    array.append(Map({"id": "x", "kind": "steal", "by_id": "", "by_name": "", "at": 1.0}))
    array.append(
        Map({"id": "y", "kind": "xp", "by_id": "", "by_name": "", "at": 1.0, "amount": -3})
    )
    array.append(Map({"id": "z", "kind": "note", "surprise": True}))
    array.append("not a map")
    assert rq.requests(doc) == [good]


@pytest.mark.parametrize(
    ("kind", "fields", "message"),
    [
        ("xp", {"amount": 0}, "whole number from 1"),
        ("damage", {"amount": 2}, "names the track"),
        ("note", {"text": "  "}, "a note has text"),
        ("fame", {}, "one of xp, damage, heal, note"),
        ("note", {"text": "x" * 3000}, "at most 2000"),
    ],
)
def test_a_request_that_makes_no_sense_is_refused(kind, fields, message) -> None:
    with pytest.raises(RequestRefused, match=message):
        Request.new(kind, GM, **fields)


@pytest.mark.parametrize("system", system_ids())
def test_xp_is_awarded_as_a_revision_or_refused_with_the_systems_reason(library, system):
    sheet_id = sheet_of(library, system)
    request = Request.new("xp", GM, amount=5, text="the bridge")
    support = gm_support(system)
    if support.award_xp is None:
        with pytest.raises(RequestRefused, match="XP 5 from GM Vera: the bridge cannot be"):
            rq.apply(library, sheet_id, request)
        assert len(library.revisions(sheet_id)) == 1
        return
    applied = rq.apply(library, sheet_id, request)
    assert applied.revision == 2
    assert library.revisions(sheet_id)[0].note == "XP 5 from GM Vera: the bridge"
    assert library.load(sheet_id) != library.load(sheet_id, 1)


@pytest.mark.parametrize("system", system_ids())
def test_damage_and_healing_land_on_the_track_through_the_table(library, system) -> None:
    sheet_id = sheet_of(library, system)
    table = Table(library)
    track = next(t for t in table.tracks(sheet_id) if t.maximum >= 2)
    hurt = rq.apply(library, sheet_id, Request.new("damage", GM, amount=2, track=track.key))
    assert hurt.revision is None and hurt.damage_before == {}
    assert hurt.damage_after == library.damage_taken(sheet_id) != {}
    healed = rq.apply(library, sheet_id, Request.new("heal", GM, amount=1, track=track.key))
    assert healed.damage_before == hurt.damage_after
    assert sum(healed.damage_after.values()) < sum(hurt.damage_after.values())
    with pytest.raises(RequestRefused, match="Damage 2 on wings from GM Vera cannot be taken"):
        rq.apply(library, sheet_id, Request.new("damage", GM, amount=2, track="wings"))


@pytest.mark.parametrize("system", system_ids())
def test_a_note_is_added_to_the_sheets_notes_as_a_revision(library, system) -> None:
    sheet_id = sheet_of(library, system)
    before = notes_of(library, sheet_id)
    applied = rq.apply(library, sheet_id, Request.new("note", GM, text="Owes the Duke 40 gp"))
    notes = notes_of(library, sheet_id)
    assert notes.startswith(before.rstrip())
    assert notes.endswith("Owes the Duke 40 gp (Vera, GM)")
    assert library.revisions(sheet_id)[0].note == "Note from GM Vera"
    library.restore(sheet_id, 1)  # undone like any revision
    assert notes_of(library, sheet_id) == before
    assert applied.revision == 2


def test_accepting_applies_then_marks_and_a_refusal_leaves_it_pending(library) -> None:
    sheet_id = sheet_of(library, "alternity")
    doc = Doc()
    xp = Request.new("xp", GM, amount=5)
    note = Request.new("note", GM, text="Promoted")
    rq.add(doc, xp)
    rq.add(doc, note)
    with pytest.raises(RequestRefused, match="no experience rules"):
        rq.accept(doc, library, sheet_id, xp.id)
    applied = rq.accept(doc, library, sheet_id, note.id)
    assert applied.revision == 2
    assert [r.id for r in rq.pending(doc)] == [xp.id]
    with pytest.raises(RequestRefused, match="no pending request"):
        rq.accept(doc, library, sheet_id, note.id)
