"""Host and clients on loopback: edits reach every reader, offline edits merge on return."""

from __future__ import annotations

import asyncio
from http import HTTPStatus
from pathlib import Path

from websockets.asyncio.server import serve

from sheetapp.campaign import ydoc
from sheetapp.campaign.client import CampaignClient, MemoryReplicas
from tests.campaign.conftest import (
    ALICE,
    GM,
    Membership,
    Table,
    ayla_in_step,
    converged,
    eventually,
    run,
    sheet,
    with_table,
)


def test_a_players_edit_reaches_the_gm_over_tls(tmp_path: Path, certificate) -> None:
    async def test(table: Table) -> None:
        alice = table.client(table.gatekeeper.add(ALICE), certificate.client)
        gm = table.client(table.gatekeeper.add(GM), certificate.client)
        seen: list[str] = []
        gm.on_remote_change = lambda name, doc: seen.append(name)
        mine = await alice.open("character:a1")
        ydoc.write(mine, sheet("Ayla"))
        theirs = await gm.open("character:a1")
        await converged(table.host, [("character:a1", mine), ("character:a1", theirs)])
        ydoc.write(mine, sheet("Ayla the Bold"))
        await eventually(lambda: ydoc.read(theirs).get("name") == "Ayla the Bold")
        assert "character:a1" in seen
        assert alice.status("character:a1") == "connected"

    run(with_table(tmp_path, test, ssl_context=certificate.server))


def skill(name: str) -> dict[str, object]:
    return {"id": name.lower(), "name": name, "attribute": None, "rating": 1, "note": ""}


def test_a_device_offline_for_many_edits_rejoins_and_merges(tmp_path: Path) -> None:
    async def test(table: Table) -> None:
        laptop_device, tablet_device = table.gatekeeper.add(ALICE), table.gatekeeper.add(ALICE)
        laptop, tablet = table.client(laptop_device), table.client(tablet_device)
        doc = await laptop.open("character:a1")
        ydoc.write(doc, sheet("Ayla"))
        await converged(table.host, [("character:a1", doc)])
        await laptop.close()

        # the laptop starts again with the host out of reach and works from its replica
        away = Table(tmp_path / "nowhere", table.gatekeeper)
        away.address = ("127.0.0.1", 9)  # discard: nothing listens there
        offline = away.client(laptop_device)
        offline.replicas = laptop.replicas
        doc = await offline.open("character:a1", wait=0.3)
        assert ydoc.read(doc) == sheet("Ayla") and offline.status("character:a1") == "offline"
        for n in range(30):
            data = ydoc.read(doc)
            data["skills"] = [*data["skills"], skill(f"Laptop{n}")]
            ydoc.write(doc, data)
        await offline.close()

        # meanwhile the tablet changed other fields on the host
        other = await tablet.open("character:a1")
        for n in range(20):
            ydoc.write(other, {**ydoc.read(other), "concept": f"scout {n}", "notes": "x" * n})

        back = table.client(laptop_device)
        back.replicas = laptop.replicas
        doc = await back.open("character:a1")
        await converged(table.host, [("character:a1", doc), ("character:a1", other)])
        merged = ydoc.read(table.host.doc("character:a1"))
        assert [row["name"] for row in merged["skills"]] == [f"Laptop{n}" for n in range(30)]
        assert (merged["concept"], merged["notes"]) == ("scout 19", "x" * 19)

    run(with_table(tmp_path, test))


def test_edits_made_while_disconnected_sync_on_reconnect(tmp_path: Path) -> None:
    async def test(table: Table) -> None:
        alice = table.client(table.gatekeeper.add(ALICE))
        gm = table.client(table.gatekeeper.add(GM))
        mine = await alice.open("character:a1")
        ydoc.write(mine, sheet("Ayla"))
        theirs = await gm.open("character:a1")
        await table.host.stop()
        await eventually(lambda: alice.status("character:a1") == "offline")
        ydoc.write(mine, sheet("Ayla", notes="written while the host was down"))
        await table.start(table.address[1])
        await converged(table.host, [("character:a1", mine), ("character:a1", theirs)])
        assert ydoc.read(theirs)["notes"] == "written while the host was down"

    run(with_table(tmp_path, test))


def test_devices_opening_a_new_document_at_once_all_sync(tmp_path: Path) -> None:
    """A room started twice waited forever for its own lock: the later devices never synced
    and the host could not stop."""

    async def test(table: Table) -> None:
        devices = [table.client(table.gatekeeper.add(ALICE)) for _ in range(3)]
        docs = await asyncio.gather(*(client.open("character:a1", wait=2) for client in devices))
        ydoc.write(docs[0], sheet("Ayla"))
        await converged(table.host, [("character:a1", doc) for doc in docs])

    run(with_table(tmp_path, test))


def test_a_host_that_is_shutting_down_is_retried_not_taken_as_a_refusal(tmp_path: Path) -> None:
    """A handshake answered 503 during a restart once made the client give up for good."""

    async def test() -> None:
        def busy(connection, request):
            return connection.respond(HTTPStatus.SERVICE_UNAVAILABLE, "shutting down\n")

        async with serve(lambda connection: None, "127.0.0.1", 0, process_request=busy) as server:
            port = server.sockets[0].getsockname()[1]
            membership = Membership("127.0.0.1", port, "d", "t")
            client = CampaignClient(membership, MemoryReplicas(), delays=(0.01, 0.02))
            await client.open("campaign", wait=0.3)
            assert client.status("campaign") == "offline"
            await client.close()

    run(test())


def test_a_reader_sends_nothing_back_for_what_it_receives(tmp_path: Path, monkeypatch) -> None:
    """A change from the host is not sent back to it: the host would check it again for
    every reader, on every edit. What a reader sends on connecting is its own exchange."""
    from sheetapp.campaign import guard

    sent: list[str] = []
    judge = guard.GuardedChannel._update

    def recorded(channel: guard.GuardedChannel, payload: bytes) -> guard.Verdict:
        sent.append(channel._member.name)
        return judge(channel, payload)

    monkeypatch.setattr(guard.GuardedChannel, "_update", recorded)

    async def test(table: Table) -> None:
        _alice, mine, _gm, theirs = await ayla_in_step(table)
        await asyncio.sleep(0.1)
        sent.clear()
        for n in range(5):
            ydoc.write(mine, sheet("Ayla", notes=f"{n}"))
            await eventually(lambda n=n: ydoc.read(theirs).get("notes") == f"{n}")
        await asyncio.sleep(0.1)
        assert sent == ["Alice"] * 5

    run(with_table(tmp_path, test))


def test_a_change_made_on_hearing_of_a_remote_one_reaches_the_host(tmp_path: Path) -> None:
    """``on_remote_change`` may write (a client that fills in a field when another device
    changes the sheet): that write is this machine's own, not an echo of the host's."""

    async def test(table: Table) -> None:
        _laptop, mine, tablet, _theirs = await ayla_in_step(table, reader=ALICE)

        def answer(name: str, doc) -> None:
            if ydoc.read(doc).get("notes") == "asked":
                ydoc.write(doc, {**ydoc.read(doc), "concept": "answered"})

        tablet.on_remote_change = answer
        ydoc.write(mine, {**ydoc.read(mine), "notes": "asked"})
        await eventually(lambda: ydoc.read(mine).get("concept") == "answered", 5,
                         "the answer on the laptop")

    run(with_table(tmp_path, test))
