"""The budgets of ``limits.py`` hold at the host, each refusal naming the limit: documents
per member, members per campaign, the size of a document."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from pycrdt import Doc
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from sheetapp.campaign import wire, ydoc
from sheetapp.campaign.contracts import Kind, Refused
from sheetapp.campaign.gate import Outcome, RoomGate
from sheetapp.campaign.limits import DEFAULT, Limits
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


def test_the_hosts_limits_bound_the_members_its_registry_takes(tmp_path: Path) -> None:
    """One ``Limits`` for the whole campaign: a host made for a table of three takes no
    fourth member (the registry once read only the module's default)."""
    from sheetapp.campaign.hosting import create_host
    from sheetapp.campaign.serving import HostedCampaign

    folder = create_host("Iron Road", "Mara", folder=tmp_path / "camp")
    hosted = HostedCampaign(folder, announce=None, limits=Limits(members=3))
    registry = hosted.registry
    assert hosted.host.limits.members == 3
    for n in range(2):
        registry.redeem(registry.invite(f"Player {n}"), "laptop")
    with pytest.raises(RegistryError, match="full: it takes 3 members"):
        registry.invite("One too many")


def test_connections_past_a_members_caps_are_refused_and_others_get_in(
    tmp_path: Path,
) -> None:
    """A script opening sockets in a loop gets the caps' worth: per document on one
    device, then per member; each refusal (429) names the limit, and the next member
    connects as ever."""
    limits = Limits(connections_per_member=4, connections_per_document=2)

    async def test(table: Table) -> None:
        alice = table.gatekeeper.add(ALICE)
        header = {"Authorization": wire.authorization(alice.id, table.gatekeeper.token(alice))}
        host, port = table.address
        held = []

        async def dial(name: str):
            made = connect(f"ws://{host}:{port}{wire.DOC_PREFIX}{name}",
                           additional_headers=header)
            connection = await made
            held.append(connection)

        try:
            for _ in range(2):
                await dial("character:a1")
            with pytest.raises(InvalidStatus) as refused:
                await dial("character:a1")
            assert refused.value.response.status_code == 429
            assert b"2 connections to character:a1" in refused.value.response.body
            for name in ("character:a2", "character:a3"):
                await dial(name)
            with pytest.raises(InvalidStatus) as refused:
                await dial("character:a4")
            assert refused.value.response.status_code == 429
            assert b"4 connections" in refused.value.response.body
            gm = table.client(table.gatekeeper.add(GM))
            await gm.open("character:a1", wait=20)
            assert gm.status("character:a1") == "connected"
            await held.pop().close()  # one gone: room for one more, once the host saw it
            for _ in range(100):
                try:
                    await dial("character:a4")
                    break
                except InvalidStatus:
                    await asyncio.sleep(0.05)
            assert len(held) == 4
        finally:
            for connection in held:
                await connection.close()

    run(with_table(tmp_path, test, limits=limits), timeout=60)


def test_a_connection_that_reads_nothing_is_cut_and_the_others_carry_on(
    tmp_path: Path,
) -> None:
    """A device connected and reading nothing had the room queue every change for it in
    the host's memory (5 MiB for 600 edits): past the backlog limit it is cut, and the
    member who reads goes on getting every change."""
    limits = Limits(send_backlog_bytes=512 * 1024)
    page = "x" * 64000  # 150 edits: more than loopback's socket buffers take

    async def test(table: Table) -> None:
        alice = table.client(table.gatekeeper.add(ALICE))
        gm = table.client(table.gatekeeper.add(GM))
        asleep = table.gatekeeper.add(GM, "tablet")
        mine = await alice.open("character:a1")
        ydoc.write(mine, sheet("Ayla"))
        theirs = await gm.open("character:a1")
        host, port = table.address
        header = {"Authorization": wire.authorization(asleep.id, table.gatekeeper.token(asleep))}
        quiet = await connect(f"ws://{host}:{port}{wire.DOC_PREFIX}character:a1",
                              additional_headers=header, max_queue=1)
        try:
            await eventually(lambda: asleep.id in {
                d.id for d in table.host._connections.values()}, 10, "the tablet connected")
            for n in range(150):
                ydoc.write(mine, sheet("Ayla", notes=f"{n} {page}"))
                await asyncio.sleep(0)
            await eventually(lambda: asleep.id not in {
                d.id for d in table.host._connections.values()}, 30, "the tablet cut")
            await eventually(
                lambda: ydoc.read(theirs).get("notes") == f"149 {page}", 30, "the GM's copy"
            )
        finally:
            quiet.transport.abort()

    run(with_table(tmp_path, test, limits=limits), timeout=90)
