"""The host's check of one update: valid sheets pass, anything that would leave a document
nobody can open is refused with a one-line reason, and the live document never changes."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from pycrdt import Array, Doc, Map

from sheetapp.campaign import gate, ydoc
from sheetapp.campaign.contracts import Kind
from tests.campaign.conftest import changes, sheet


def check(update: bytes, current: Doc, kind: Kind) -> str | None:
    """None when the gate lets a writer's ``update`` to ``current`` pass; why not else."""
    return gate.RoomGate(current).judge(update, kind, writer=True).reason or None


def waits(update: bytes, current: Doc) -> bool:
    verdict = gate.RoomGate(current).judge(update, Kind.PACK, writer=False)
    return verdict.outcome is gate.Outcome.WAITS


def update_of(base: Doc, edit) -> bytes:
    """The update ``edit`` makes on a copy of ``base``."""
    copy = Doc()
    copy.apply_update(base.get_update())
    state = copy.get_state()
    edit(copy)
    return copy.get_update(state)


def with_sheet(data: dict[str, Any]) -> Doc:
    doc = Doc()
    ydoc.write(doc, data)
    return doc


def test_a_valid_edit_passes_and_the_document_is_untouched() -> None:
    doc = with_sheet(sheet("Ayla"))
    update = update_of(doc, lambda copy: ydoc.write(copy, sheet("Ayla", notes="brave")))
    assert check(update, doc, Kind.CHARACTER) is None
    assert ydoc.read(doc)["notes"] == ""


def test_the_first_sheet_of_an_empty_document_passes() -> None:
    update = update_of(Doc(), lambda copy: ydoc.write(copy, sheet("Ayla")))
    assert check(update, Doc(), Kind.NPC) is None


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"player": 7}, "player"),
        ({"lethal_damage": "a lot"}, "lethal_damage"),
        ({"system": "chess"}, "chess"),
        ({"skills": [{"name": "Dodge", "colour": "red"}]}, "skills"),
        ({"format_version": 99}, "newer"),
    ],
)
def test_a_sheet_its_model_refuses_is_refused(change: dict[str, Any], says: str) -> None:
    doc = with_sheet(sheet("Ayla"))
    update = update_of(doc, lambda copy: ydoc.write(copy, sheet("Ayla", **change)))
    reason = check(update, doc, Kind.CHARACTER)
    assert reason is not None and says in reason and "\n" not in reason
    assert ydoc.read(doc) == sheet("Ayla")


def test_emptying_a_sheet_is_refused() -> None:
    doc = with_sheet(sheet("Ayla"))
    update = update_of(doc, lambda copy: ydoc.write(copy, {}))
    assert check(update, doc, Kind.CHARACTER) is not None


def test_roots_a_kind_does_not_have_are_refused() -> None:
    doc = with_sheet(sheet("Ayla"))

    def stray(copy: Doc) -> None:
        copy["graffiti"] = Map({"x": 1})

    assert "graffiti" in check(update_of(doc, stray), doc, Kind.CHARACTER)


@pytest.mark.parametrize(
    ("play", "ok"),
    [({"damage": {"body": 2}}, True), ({"damage": {"body": -1}}, False), ({"mood": 1}, False)],
)
def test_play_state_is_checked_for_shape(play: dict[str, Any], ok: bool) -> None:
    doc = with_sheet(sheet("Ayla"))
    update = update_of(doc, lambda copy: ydoc.write(copy, play, root=ydoc.PLAY))
    assert (check(update, doc, Kind.CHARACTER) is None) is ok


def test_requests_must_be_a_list_of_requests() -> None:
    good = update_of(Doc(), lambda copy: copy.__setitem__("requests", Array([Map({"a": 1})])))
    bad = update_of(Doc(), lambda copy: copy.__setitem__("requests", Array([3])))
    assert check(good, Doc(), Kind.REQUESTS) is None
    assert check(bad, Doc(), Kind.REQUESTS) is not None


def test_only_the_host_lists_the_campaigns_documents() -> None:
    doc = Doc()
    ydoc.write(doc, {"npc:x": {"kind": "npc"}}, root=gate.DOCUMENTS)
    forged = update_of(doc, lambda copy: ydoc.write(copy, {}, root=gate.DOCUMENTS))
    revealed = update_of(doc, lambda copy: ydoc.write(copy, {"npc:x": True}, root="revealed"))
    assert check(forged, doc, Kind.CAMPAIGN) is not None
    assert check(revealed, doc, Kind.CAMPAIGN) is None  # the GM's to write


def test_only_the_host_writes_the_settings() -> None:
    """The registry keeps them; the host publishes them whoever hosts (the app or
    ``campaign serve``), so no client writes them, not even the GM's."""
    doc = Doc()
    ydoc.write(doc, {"requests": "ask"}, root=gate.SETTINGS)
    forged = update_of(doc, lambda copy: ydoc.write(copy, {"requests": "at_once"},
                                                    root=gate.SETTINGS))
    assert check(forged, doc, Kind.CAMPAIGN) == (
        "settings: only the host lists the campaign's settings"
    )


def test_only_the_host_lists_the_members() -> None:
    """Names and roles every member reads come from the host's registry; a client renaming
    a member (or making itself a GM on paper) is refused."""
    doc = Doc()
    ydoc.write(doc, {"m1": {"name": "Ana", "role": "player"}}, root=gate.MEMBERS)
    forged = update_of(
        doc, lambda copy: ydoc.write(copy, {"m1": {"name": "Ana", "role": "gm"}}, root="members")
    )
    assert check(forged, doc, Kind.CAMPAIGN) == (
        "members: only the host lists the campaign's members"
    )


def test_only_the_host_says_where_its_phone_page_listens() -> None:
    """Every member's app pairs a phone at the port the host names; a client naming
    another (a page of its own) is refused."""
    doc = Doc()
    ydoc.write(doc, {"port": 47475}, root=gate.PHONE_PAGE)
    forged = update_of(doc, lambda copy: ydoc.write(copy, {"port": 8443}, root="phone_page"))
    assert check(forged, doc, Kind.CAMPAIGN) == (
        "phone_page: only the host lists the campaign's phone page"
    )


def test_bytes_that_are_no_update_are_refused() -> None:
    assert check(b"\x07garbage", Doc(), Kind.CHARACTER).startswith("not a Yjs update")


def test_an_update_already_held_changes_nothing() -> None:
    doc = with_sheet(sheet("Ayla"))
    assert not changes(doc.get_update(), doc)
    edit = update_of(doc, lambda copy: ydoc.write(copy, sheet("Ayla", notes="x")))
    assert changes(edit, doc)


def test_an_update_building_on_changes_the_host_lacks_waits() -> None:
    """Yjs keeps such an update aside and applies it, unchecked, once the rest arrives:
    an invalid sheet got into the host that way."""
    host = with_sheet(sheet("Ayla"))
    client = Doc()
    client.apply_update(host.get_update())
    before = client.get_state()
    ydoc.write(client, sheet("Ayla", notes="1"))
    first = client.get_update(before)
    middle = client.get_state()
    ydoc.write(client, sheet("Ayla", notes="1", player=7))
    second = client.get_update(middle)
    assert waits(second, host)
    host.apply_update(first)
    assert not waits(second, host)


# A table's history as steps: (writer, what) with what one of "set", "delete", "push"
# (the writer's news to the host) and "pull" (the host's news to the writer).
steps = st.lists(
    st.tuples(st.integers(0, 1), st.sampled_from(["set", "delete", "push", "pull"])),
    max_size=24,
)
ECHOED = [  # found by the fuzzer: the reader's echo was once refused as a write
    (0, "set"), (1, "pull"), (0, "delete"), (0, "push"), (0, "set"), (1, "pull"),
    (0, "delete"), (0, "push"), (1, "set"), (1, "push"), (0, "pull"), (0, "delete"),
    (0, "push"), (1, "pull"),
]


def play(history: list[tuple[int, str]]) -> tuple[Doc, list[Doc]]:
    """The host and its two writers after ``history``, every writer's news pushed at the
    end, so the host holds everything."""
    host, writers = Doc(), [Doc(), Doc()]
    for index, (who, what) in enumerate(history):
        writer = writers[who]
        values = writer.get("sheet", type=Map)
        if what == "set":
            values["k"] = index
        elif what == "delete" and "k" in values:
            del values["k"]
        elif what == "push":
            host.apply_update(writer.get_update(host.get_state()))
        elif what == "pull":
            writer.apply_update(host.get_update(writer.get_state()))
    for writer in writers:
        host.apply_update(writer.get_update(host.get_state()))
    return host, writers


@example(ECHOED)
@given(steps)
def test_what_the_host_already_holds_never_counts_as_a_change(history) -> None:
    """Every client sends back what it got; however the host's blocks are cut, a copy of
    what it holds (a reader's, or a writer's own) is no write, and a reader is not refused
    for it."""
    host, writers = play(history)
    reader = Doc()
    reader.apply_update(host.get_update())
    for copy in [reader, *writers]:
        assert not changes(copy.get_update(), host)


@given(steps, st.integers(0, 1), st.booleans())
def test_a_new_item_or_deletion_always_counts_as_a_change(history, who, delete) -> None:
    host, writers = play(history)
    writer = writers[who]
    writer.apply_update(host.get_update(writer.get_state()))
    values = writer.get("sheet", type=Map)
    before = writer.get_state()
    if delete and "k" in values:
        del values["k"]
        news = writer.get_update()  # a deletion moves no state vector: send the whole
    else:
        values["k"] = "new"
        news = writer.get_update(before)
    assert changes(news, host)
