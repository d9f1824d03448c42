"""The budgets of ``limits.py`` hold at the host, each refusal naming the limit: documents
per member, members per campaign, the size of a document."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from pycrdt import Doc

from sheetapp.campaign import wire, ydoc
from sheetapp.campaign.contracts import Kind, Refused
from sheetapp.campaign.gate import Outcome, RoomGate
from sheetapp.campaign.limits import DEFAULT
from sheetapp.campaign.members import Registry, RegistryError
from tests.campaign.conftest import ALICE, GM, Table, eventually, run, sheet, with_table

SPAM = 300


def test_documents_past_a_members_cap_are_refused_with_the_reason(tmp_path: Path) -> None:
    """A player opening 300 ``character:spam-N`` documents gets the cap's worth; the rest
    are refused at the handshake with the limit named, and nobody is shown them."""
    cap = DEFAULT.documents_per_member
    assert cap < SPAM

    async def test(table: Table) -> None:
        alice = table.client(table.gatekeeper.add(ALICE))
        names = [f"character:spam-{n}" for n in range(SPAM)]
        for start in range(0, SPAM, 50):
            await asyncio.gather(*(alice.open(name, wait=20) for name in names[start:start + 50]))
        statuses = [alice.status(name) for name in names]
        refused = [status for status in statuses if status.startswith("refused")]
        assert len(refused) == SPAM - cap
        assert all(f"{cap} documents" in status for status in refused), refused[0]
        owned = [doc for doc in table.host.documents() if doc.owner == ALICE.id]
        assert len(owned) == cap

        gm = table.client(table.gatekeeper.add(GM))
        campaign = await gm.open(wire.CAMPAIGN, wait=20)
        await eventually(
            lambda: len(ydoc.read(campaign, root="documents")) == cap, 20, "the listing"
        )
        # the GM's own documents are counted apart from Alice's
        await gm.open("npc:goblin", wait=20)
        assert gm.status("npc:goblin") == "connected"

    run(with_table(tmp_path, test), timeout=120)


def test_a_campaign_takes_a_bounded_number_of_members(tmp_path: Path) -> None:
    registry = Registry.create(tmp_path / "registry.sqlite3", "Iron Road", "Mara")
    late = registry.invite("Latecomer")  # made while there was room
    for n in range(DEFAULT.members - 1):
        registry.redeem(registry.invite(f"Player {n}"), "laptop")
    with pytest.raises(RegistryError, match=f"full: it takes {DEFAULT.members} members"):
        registry.invite("One too many")
    with pytest.raises(Refused, match="full"):
        registry.redeem(late, "laptop")
    # another device of a member is no new member
    registry.redeem(registry.invite("Player 0"), "tablet")


def test_a_document_past_its_size_limit_is_refused() -> None:
    live = Doc()
    ydoc.write(live, sheet("Ayla"))
    gate = RoomGate(live, max_bytes=4096)
    live.observe(lambda event: gate.follow(event.update))
    small, large = Doc(), Doc()
    small.apply_update(live.get_update())
    large.apply_update(live.get_update())

    def edit(doc: Doc, notes: str) -> bytes:
        state = doc.get_state()
        ydoc.write(doc, sheet("Ayla", notes=notes))
        return doc.get_update(state)

    fits = edit(small, "a short note")
    assert gate.judge(fits, Kind.CHARACTER, writer=True).outcome is Outcome.PASS
    live.apply_update(fits)
    large.apply_update(fits)  # built on it: a concurrent one could lose and leave nothing
    verdict = gate.judge(edit(large, "x" * 8000), Kind.CHARACTER, writer=True)
    assert verdict.outcome is Outcome.INVALID and "4 KiB" in verdict.reason
