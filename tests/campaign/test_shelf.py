"""Library sheets and their shared documents: a change saved on one machine arrives whole
on another as a revision, and a merge that is not a valid sheet changes nothing there but
is recorded with who sent it."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pycrdt import Doc, Map

from sheetapp.campaign.contracts import Kind
from sheetapp.campaign.replicas import LibraryReplicaStore
from sheetapp.campaign.shelf import CampaignRef, Outcome, Shelf
from sheetapp.storage.library import Library, LibraryError, open_library
from sheetapp.systems.plugin import NewOptions
from sheetapp.systems.registry import get_system, system_ids

CAMPAIGN = CampaignRef("camp-1", "Harbour Nights")


def made(system: str, seed: int):
    return get_system(system).new(NewOptions(random=True, seed=seed))


@contextmanager
def two_machines() -> Iterator[tuple[Shelf, Shelf]]:
    with tempfile.TemporaryDirectory() as folder:
        with (
            open_library(Path(folder) / "a.sqlite3") as a,
            open_library(Path(folder) / "b.sqlite3") as b,
        ):
            yield Shelf(a), Shelf(b)


def deliver(update: bytes, shelf: Shelf, name: str, sender: str = "Ana") -> Outcome:
    """What the client does with an update from the campaign: keep it, merge it, tell the
    shelf."""
    LibraryReplicaStore(shelf.library, CAMPAIGN.id).append(name, update)
    doc = shelf.doc(name, campaign=CAMPAIGN.id)
    return shelf.remote_changed(
        name, doc, sender, sender_id="m-ana", update=update, campaign=CAMPAIGN
    )


def everything(library: Library, name: str) -> bytes:
    return b"".join(library.updates(CAMPAIGN.id, name))


def random_damage(data: st.DataObject, sheet) -> dict[str, int]:
    tracks = get_system(sheet.system).tracks(sheet)
    return {t.key: data.draw(st.integers(0, max(t.maximum, 0)), label=t.key) for t in tracks}


@given(st.sampled_from(system_ids()), st.integers(0, 2**20), st.data())
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_a_saved_change_arrives_equal_on_the_other_machine(system, seed, data) -> None:
    with two_machines() as (a, b):
        first = made(system, seed)
        mine = a.library.add(first)
        name, _doc = a.share(mine, CAMPAIGN.id, Kind.CHARACTER, "m-ana")
        (initial,) = a.library.updates(CAMPAIGN.id, name)
        arrived = deliver(initial, b, name)
        assert arrived.status == "added"
        theirs = arrived.sheet_id
        assert b.library.load(theirs) == first
        assert b.library.row(theirs).campaign == CAMPAIGN.name
        assert b.library.document_for(theirs).owner == "m-ana"

        changed = made(system, data.draw(st.integers(0, 2**20), label="other seed"))
        a.library.save(mine, changed)
        damage = {k: v for k, v in random_damage(data, changed).items() if v}
        a.library.set_damage_taken(mine, damage)
        update = a.local_saved(mine)
        assert update is not None or (a.library.load(mine) == first and not damage)
        if update is not None:
            outcome = deliver(update, b, name)
            assert outcome.status in ("saved", "unchanged")
        assert b.library.load(theirs) == a.library.load(mine)
        assert b.library.damage_taken(theirs) == damage
        assert a.local_saved(mine) is None  # nothing more to send

        # And back: the other machine's save reaches the first.
        third = made(system, seed + 1)
        b.library.save(theirs, third)
        back = b.local_saved(theirs)
        if back is not None:
            assert deliver(back, a, name, sender="Bo").status in ("saved", "unchanged")
        assert a.library.load(mine) == b.library.load(theirs)


def test_a_remote_change_is_a_revision_that_can_be_restored() -> None:
    with two_machines() as (a, b):
        mine = a.library.add(made("d6-pool", 1))
        name, _ = a.share(mine, CAMPAIGN.id, "character", "m-ana")
        theirs = deliver(everything(a.library, name), b, name).sheet_id
        renamed = a.library.load(mine)
        renamed.name = "Renamed"
        a.library.save(mine, renamed)
        outcome = deliver(a.local_saved(mine), b, name)
        assert (outcome.status, outcome.revision) == ("saved", 2)
        newest, first = b.library.revisions(theirs)
        assert newest.note == "From Ana (campaign)"
        b.library.restore(theirs, first.number)
        assert b.library.load(theirs).name != "Renamed"


def invalid_update(doc: Doc) -> bytes:
    """A change a model refuses: a key the sheet has no field for."""
    before = doc.get_state()
    doc.get("sheet", type=Map)["bogus"] = 1
    return doc.get_update(before)


@pytest.mark.parametrize("system", system_ids())
def test_an_invalid_merge_keeps_the_last_valid_revision_and_records_who(system) -> None:
    with two_machines() as (a, b):
        mine = a.library.add(made(system, 3))
        name, doc = a.share(mine, CAMPAIGN.id, "character", "m-ana")
        theirs = deliver(everything(a.library, name), b, name).sheet_id
        kept = b.library.load(theirs)
        outcome = deliver(invalid_update(doc), b, name, sender="Mallory")
        assert outcome.status == "rejected" and outcome.sheet_id == theirs
        assert "bogus" in outcome.reason and "\n" not in outcome.reason
        assert b.library.load(theirs) == kept
        assert len(b.library.revisions(theirs)) == 1
        (rejection,) = b.library.rejections(CAMPAIGN.id, name)
        assert (rejection.sender_name, rejection.reason) == ("Mallory", outcome.reason)
        assert rejection.data is not None


def test_damage_that_is_not_a_count_and_a_change_of_system_are_refused() -> None:
    with two_machines() as (a, b):
        mine = a.library.add(made("alternity", 1))
        name, doc = a.share(mine, CAMPAIGN.id, "character", "m-ana")
        theirs = deliver(everything(a.library, name), b, name).sheet_id
        before = doc.get_state()
        doc.get("play", type=Map)["damage"] = Map({"stun": -2})
        outcome = deliver(doc.get_update(before), b, name)
        assert outcome.status == "rejected" and "'stun'" in outcome.reason
        other = Doc()
        from sheetapp.campaign import ydoc

        ydoc.write(
            other,
            {
                "format": "sheetapp",
                "format_version": 1,
                **made("d6-pool", 2).model_dump(mode="json"),
            },
        )
        outcome = b.remote_changed(name, other, "Ana")
        assert outcome.status == "rejected" and "became a 'd6-pool' sheet" in outcome.reason
        assert b.library.row(theirs).system == "alternity"


def test_a_change_to_a_trashed_sheet_waits_and_is_not_undone_by_a_local_save() -> None:
    with two_machines() as (a, b):
        mine = a.library.add(made("amplitude", 1))
        name, _ = a.share(mine, CAMPAIGN.id, "character", "m-ana")
        theirs = deliver(everything(a.library, name), b, name).sheet_id
        b.library.delete([theirs])
        renamed = a.library.load(mine)
        renamed.name = "Renamed"
        a.library.save(mine, renamed)
        assert deliver(a.local_saved(mine), b, name).status == "held"
        b.library.set_damage_taken(theirs, {})  # a local save of play state only
        assert b.local_saved(theirs) is None  # the sheet's old revision is not sent back
        (outcome,) = b.untrash([theirs])
        assert outcome.status == "saved" and b.library.row(theirs).trashed is None
        assert b.library.load(theirs).name == "Renamed"
        assert b.library.revisions(theirs)[0].note == "From the campaign"
        b.library.delete([theirs])
        assert [o.status for o in b.untrash([theirs])] == ["unchanged"]


def test_an_invalid_change_held_in_the_trash_is_refused_once_and_the_sheet_kept() -> None:
    with two_machines() as (a, b):
        mine = a.library.add(made("d6-pool", 5))
        name, doc = a.share(mine, CAMPAIGN.id, "character", "m-ana")
        theirs = deliver(everything(a.library, name), b, name).sheet_id
        kept = b.library.document(theirs)
        b.library.delete([theirs])
        assert deliver(invalid_update(doc), b, name, sender="Mallory").status == "rejected"
        (outcome,) = b.untrash([theirs])
        assert outcome.status == "rejected" and "bogus" in outcome.reason
        assert b.library.document(theirs) == kept and b.library.row(theirs).trashed is None
        (rejection,) = b.library.rejections(CAMPAIGN.id, name)  # the one from Mallory
        assert rejection.sender_name == "Mallory"


def test_what_cannot_be_shared_or_filed_is_refused_in_one_line() -> None:
    with two_machines() as (a, b):
        mine = a.library.add(made("d6-pool", 1))
        with pytest.raises(LibraryError, match="'encounter' documents do not hold a sheet"):
            a.share(mine, CAMPAIGN.id, "encounter", "gm")
        name, doc = a.share(mine, CAMPAIGN.id, "npc", "gm")
        with pytest.raises(LibraryError, match="already shares"):
            a.share(mine, CAMPAIGN.id, "npc", "gm")
        with pytest.raises(LibraryError, match="its campaign is needed"):
            b.remote_changed(name, doc, "Ana")
        assert b.remote_changed("npc:nothing-yet", Doc(), "Ana").status == "waiting"
        unshared = a.library.add(made("d6-pool", 2))
        assert a.local_saved(unshared) is None
        a.library.delete([unshared])
        assert a.untrash([unshared]) == []


@pytest.mark.parametrize("system", system_ids())
def test_a_round_trip_stores_no_revision_equal_to_the_last(system) -> None:
    """Yjs hands a map's keys back in its own order: the same sheet is no new revision."""
    with two_machines() as (a, b):
        mine = a.library.add(made(system, 4))
        name, _ = a.share(mine, CAMPAIGN.id, "character", "m-ana")
        theirs = deliver(everything(a.library, name), b, name).sheet_id
        again = b.remote_changed(name, b.doc(name), "Ana", campaign=CAMPAIGN)
        assert again.status == "unchanged"
        assert len(b.library.revisions(theirs)) == 1
        mine_back = a.remote_changed(name, a.doc(name), "Ana", campaign=CAMPAIGN)
        assert mine_back.status == "unchanged" and len(a.library.revisions(mine)) == 1


def test_an_unsent_local_save_is_merged_with_a_remote_copy_not_overwritten() -> None:
    """One member, two machines: the laptop renames the character offline while the tablet
    changes its concept and sends it. The laptop keeps its name, takes the concept, sends
    its name on, and the merge is one revision; the tablet ends with both."""
    with two_machines() as (laptop, tablet):
        mine = laptop.library.add(made("d6-pool", 1))
        name, _ = laptop.share(mine, CAMPAIGN.id, "character", "m-ana")
        theirs = deliver(everything(laptop.library, name), tablet, name).sheet_id

        offline = laptop.library.load(mine)
        offline.name = "Renamed offline"
        laptop.library.save(mine, offline)  # not sent: the laptop has no connection
        revisions_before = len(laptop.library.revisions(mine))

        elsewhere = tablet.library.load(theirs)
        elsewhere.concept = "Changed on the tablet"
        tablet.library.save(theirs, elsewhere)
        outcome = deliver(tablet.local_saved(theirs), laptop, name)

        kept = laptop.library.load(mine)
        assert (kept.name, kept.concept) == ("Renamed offline", "Changed on the tablet")
        assert outcome.status == "saved"
        assert len(laptop.library.revisions(mine)) == revisions_before + 1
        assert "merged" in laptop.library.revisions(mine)[0].note
        assert outcome.sent is not None  # the offline name goes on to the campaign
        assert laptop.local_saved(mine) is None  # and nothing is left to send
        deliver(outcome.sent, tablet, name, sender="Ana")
        both = tablet.library.load(theirs)
        assert (both.name, both.concept) == ("Renamed offline", "Changed on the tablet")


def test_a_local_save_sent_after_a_remote_change_arrived_keeps_that_change() -> None:
    """The remote copy reached this machine's kept document but not yet its library when
    the person saved: sending the save does not write the old values back over it."""
    with two_machines() as (laptop, tablet):
        mine = laptop.library.add(made("d6-pool", 1))
        name, _ = laptop.share(mine, CAMPAIGN.id, "character", "m-ana")
        theirs = deliver(everything(laptop.library, name), tablet, name).sheet_id
        elsewhere = tablet.library.load(theirs)
        elsewhere.concept = "Changed on the tablet"
        tablet.library.save(theirs, elsewhere)
        LibraryReplicaStore(laptop.library, CAMPAIGN.id).append(name, tablet.local_saved(theirs))

        here = laptop.library.load(mine)
        here.name = "Renamed here"
        laptop.library.save(mine, here)
        laptop.local_saved(mine)
        outcome = laptop.remote_changed(name, laptop.doc(name), "Ana", campaign=CAMPAIGN)
        kept = laptop.library.load(mine)
        assert (kept.name, kept.concept) == ("Renamed here", "Changed on the tablet")
        assert outcome.status == "saved"


@contextmanager
def offline_and_remote(edit_here, edit_there) -> Iterator[tuple[Shelf, int, Outcome]]:
    """The laptop saves ``edit_here`` offline while the tablet's ``edit_there`` arrives:
    the laptop's shelf, its sheet id and what the arrival did."""
    with two_machines() as (laptop, tablet):
        mine = laptop.library.add(made("d6-pool", 1))
        name, _ = laptop.share(mine, CAMPAIGN.id, "character", "m-ana")
        theirs = deliver(everything(laptop.library, name), tablet, name).sheet_id
        offline = laptop.library.load(mine)
        edit_here(offline)
        laptop.library.save(mine, offline)
        elsewhere = tablet.library.load(theirs)
        edit_there(elsewhere)
        tablet.library.save(theirs, elsewhere)
        yield laptop, mine, deliver(tablet.local_saved(theirs), laptop, name, sender="Cat")


def add_skill(name: str):
    from sheetapp.systems.d6_pool.model import Skill

    return lambda sheet: sheet.skills.append(Skill(name=name, attribute="dexterity", rating=2))


def test_items_added_to_one_list_on_both_machines_are_all_kept() -> None:
    """The GM adds a skill while the player, offline, adds another: both stay, on the
    player's machine and (sent on) everywhere."""
    with offline_and_remote(add_skill("Swimming"), add_skill("Climbing")) as (shelf, mine, out):
        names = [skill.name for skill in shelf.library.load(mine).skills]
        assert "Swimming" in names and "Climbing" in names, names
        assert out.sent is not None
        assert "merged" in shelf.library.revisions(mine)[0].note


def test_a_remote_value_the_merge_drops_is_kept_as_a_revision_and_named() -> None:
    """Both machines changed the notes: this machine's stay, the campaign's are a
    revision of their own, and the note of the merge says which field was not taken."""
    def here(sheet):
        sheet.notes = "written offline"

    def there(sheet):
        sheet.notes = "written by the GM"

    with offline_and_remote(here, there) as (shelf, mine, _out):
        library = shelf.library
        assert library.load(mine).notes == "written offline"
        latest = library.revisions(mine)[0]
        assert "notes" in latest.note, latest.note
        kept = [
            r.number for r in library.revisions(mine)
            if json.loads(library.document(mine, r.number)).get("notes") == "written by the GM"
        ]
        assert kept, "the GM's notes are in no revision"
        assert f"revision {kept[0]}" in latest.note, latest.note


def test_a_merge_the_rules_refuse_keeps_both_sheets_and_says_so(monkeypatch) -> None:
    """Two edits valid apart and not together (a rule across fields): this machine's
    sheet stays, the campaign's is a revision of its own, and the note says it was not
    merged and why (it once overwrote the document with the local sheet, noted merged)."""
    from sheetapp.campaign import shelf as shelf_module
    from sheetapp.storage.document import DocumentError

    parse = shelf_module._sheet

    def strict(name, data):
        if data.get("notes") == "written offline" and data.get("concept") == "from the GM":
            raise DocumentError(f"shared sheet {name}: notes and concept disagree")
        return parse(name, data)

    monkeypatch.setattr(shelf_module, "_sheet", strict)

    def here(sheet):
        sheet.notes = "written offline"

    def there(sheet):
        sheet.concept = "from the GM"

    with offline_and_remote(here, there) as (shelf, mine, _out):
        library = shelf.library
        kept = library.load(mine)
        assert (kept.notes, kept.concept) != ("written offline", "from the GM")
        assert kept.notes == "written offline"
        latest = library.revisions(mine)[0]
        assert "not merged (notes and concept disagree)" in latest.note, latest.note
        theirs = [
            r.number for r in library.revisions(mine)
            if json.loads(library.document(mine, r.number)).get("concept") == "from the GM"
        ]
        assert theirs and f"revision {theirs[0]}" in latest.note, latest.note
