"""The host, not the clients, holds the line: what a player may not write is refused and
changes nothing anywhere; unknown, bad and revoked devices are refused at the handshake; a
connection sending garbage is closed without the host or anyone else noticing."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest
from pycrdt import Doc, create_update_message
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from sheetapp.campaign import wire, ydoc
from sheetapp.campaign.contracts import Device
from tests.campaign.conftest import (
    ALICE,
    BOB,
    GM,
    Table,
    ayla_in_step,
    converged,
    eventually,
    run,
    sheet,
    with_table,
)

LIMIT = 64 * 1024


def raw(table: Table, name: str, authorization: str | None) -> connect:
    headers = {"Authorization": authorization} if authorization else {}
    host, port = table.address
    return connect(
        f"ws://{host}:{port}/doc/{name}",
        additional_headers=headers,
        proxy=None,
        max_size=None,
        compression=None,
    )


def credentials(table: Table, device: Device) -> str:
    return wire.authorization(device.id, table.gatekeeper.token(device))


async def closed_code(connection: ClientConnection) -> int | None:
    with pytest.raises(ConnectionClosed):
        while True:
            await asyncio.wait_for(connection.recv(), 5)
    return connection.close_code


async def gm_with_npc(table: Table) -> Doc:
    gm = table.client(table.gatekeeper.add(GM))
    npc = await gm.open("npc:n1")
    ydoc.write(npc, sheet("Grendel", npc=True))
    await converged(table.host, [("npc:n1", npc)])
    return npc


async def bobs_character(table: Table) -> Doc:
    bob = table.client(table.gatekeeper.add(BOB))
    character = await bob.open("character:b1")
    ydoc.write(character, sheet("Grendel"))
    await converged(table.host, [("character:b1", character)])
    return character


@pytest.mark.parametrize(
    ("name", "made_by"), [("npc:n1", gm_with_npc), ("character:b1", bobs_character)]
)
def test_a_player_cannot_change_what_is_only_shown_to_them(
    tmp_path: Path, name: str, made_by
) -> None:
    """Revealed, a GM's NPC or another player's character is readable, never writable."""

    async def test(table: Table) -> None:
        original = await made_by(table)
        await table.host.set_revealed(name, True)
        refused: list[str] = []
        alice_device = table.gatekeeper.add(ALICE)
        alice = table.client(alice_device, on_refused=lambda _, why: refused.append(why))
        onlooker = table.client(table.gatekeeper.add(BOB))
        alices, others = await alice.open(name), await onlooker.open(name)
        await converged(table.host, [(name, alices), (name, others)])
        ydoc.write(alices, sheet("Grendel the Tame"))
        await eventually(lambda: refused, what="the refusal notice")
        await asyncio.sleep(0.1)
        for doc in (table.host.doc(name), others, original):
            assert ydoc.read(doc)["name"] == "Grendel"
        (refusal,) = table.host.refusals()
        assert (refusal.document, refusal.device, refusal.member) == (
            name,
            alice_device.id,
            ALICE.id,
        )

    run(with_table(tmp_path, test))


def test_a_player_cannot_open_anothers_character_or_make_an_npc(tmp_path: Path) -> None:
    async def test(table: Table) -> None:
        bob = table.client(table.gatekeeper.add(BOB))
        ydoc.write(await bob.open("character:b1"), sheet("Brakk"))
        alice = table.client(table.gatekeeper.add(ALICE))
        await alice.open("character:b1", wait=1)
        await alice.open("npc:mine", wait=1)
        assert alice.status("character:b1") == "refused: character:b1 is not shared with you"
        assert alice.status("npc:mine") == "refused: only the GM creates npc documents"
        assert {doc.name for doc in table.host.documents()} == {"campaign", "character:b1"}

    run(with_table(tmp_path, test))


def test_a_player_cannot_forge_the_campaigns_list_of_documents(tmp_path: Path) -> None:
    async def test(table: Table) -> None:
        await gm_with_npc(table)
        alice_device = table.gatekeeper.add(ALICE)
        async with raw(table, "campaign", credentials(table, alice_device)) as connection:
            forged = Doc()
            ydoc.write(forged, {"npc:n1": {"kind": "npc", "revealed": True}}, root="documents")
            await connection.send(create_update_message(forged.get_update()))
            await eventually(lambda: table.host.refusals(), what="the refusal")
        assert "npc:n1" not in ydoc.read(table.host.doc("campaign"), root="documents")

    run(with_table(tmp_path, test))


@pytest.mark.parametrize("authorization", [None, "Device nobody nothing", "Bearer x", "Device"])
def test_a_connection_without_a_valid_token_is_refused_at_the_handshake(
    tmp_path: Path, authorization: str | None
) -> None:
    async def test(table: Table) -> None:
        with pytest.raises(InvalidStatus) as refused:
            async with raw(table, "campaign", authorization):
                pass
        assert refused.value.response.status_code == 401

    run(with_table(tmp_path, test))


@pytest.mark.parametrize("from_thread", [False, True])
def test_a_revoked_device_is_cut_off_and_cannot_come_back(
    tmp_path: Path, from_thread: bool
) -> None:
    """The registry calls ``drop_device`` from whichever thread revoked (the UI's)."""

    async def test(table: Table) -> None:
        device = table.gatekeeper.add(ALICE)
        alice = table.client(device)
        doc = await alice.open("character:a1")
        ydoc.write(doc, sheet("Ayla"))
        await converged(table.host, [("character:a1", doc)])
        assert table.host.presence() == [ALICE.id]
        table.gatekeeper.revoked.add(device.id)
        if from_thread:
            revoking = threading.Thread(target=table.host.drop_device, args=(device.id,))
            revoking.start()
            revoking.join()
        else:
            table.host.drop_device(device.id)
        await eventually(lambda: alice.status("character:a1").startswith("refused"))
        assert alice.status("character:a1") == "refused: unknown or revoked device"
        assert table.host.presence() == []

    run(with_table(tmp_path, test))


@pytest.mark.parametrize(
    "frame",
    [
        "hello",  # a text frame
        b"\x00",  # too short
        b"\x09\x00\x01\x00",  # no such message type
        b"\x00\x07\x01\x00",  # no such sync message type
        b"\x00\x02\x05\xff\xff",  # an update that does not decode
        b"\x00\x00\x03\xff\xff\xff",  # a state vector that does not decode
    ],
)
def test_a_malformed_frame_closes_only_its_connection(tmp_path: Path, frame: bytes | str) -> None:
    async def test(table: Table) -> None:
        device = table.gatekeeper.add(ALICE)
        alice = table.client(device)
        doc = await alice.open("character:a1")
        async with raw(table, "character:a1", credentials(table, device)) as connection:
            await connection.send(frame)
            assert await closed_code(connection) == 1008
        ydoc.write(doc, sheet("Still here"))
        await converged(table.host, [("character:a1", doc)])

    run(with_table(tmp_path, test))


def test_an_oversized_frame_closes_only_its_connection(tmp_path: Path) -> None:
    async def test(table: Table) -> None:
        device = table.gatekeeper.add(ALICE)
        alice = table.client(device)
        doc = await alice.open("character:a1")
        async with raw(table, "character:a1", credentials(table, device)) as connection:
            await connection.send(b"\x00\x02" + b"\x00" * LIMIT)
            assert await closed_code(connection) == 1009
        ydoc.write(doc, sheet("Still here"))
        await converged(table.host, [("character:a1", doc)])
        assert alice.status("character:a1") == "connected"

    # a small limit, so the whole frame sits in the socket buffers when the host closes
    run(with_table(tmp_path, test, max_frame=LIMIT))


def test_an_invalid_sheet_is_refused_and_recorded_with_its_sender(tmp_path: Path) -> None:
    async def test(table: Table) -> None:
        alice, mine, _gm, theirs = await ayla_in_step(table)
        ydoc.write(mine, sheet("Ayla", lethal_damage="lots"))
        await eventually(lambda: table.host.refusals(), what="the refusal")
        (refusal,) = table.host.refusals()
        assert refusal.device == alice.membership.device_id and refusal.member == ALICE.id
        assert "lethal_damage" in refusal.reason
        await asyncio.sleep(0.1)
        assert ydoc.read(table.host.doc("character:a1")) == sheet("Ayla")
        assert ydoc.read(theirs) == sheet("Ayla")

    run(with_table(tmp_path, test))


def test_a_refused_change_is_taken_back_and_the_writer_rejoins_everyone(tmp_path: Path) -> None:
    """The sender's copy held the refused change for good: it never again matched the
    host's, and every reconnection sent the change again to be refused again."""

    async def test(table: Table) -> None:
        alice = table.client(table.gatekeeper.add(ALICE))
        gm = table.client(table.gatekeeper.add(GM))
        mine = await alice.open("character:a1")
        ydoc.write(mine, sheet("Ayla", skills=[]))
        theirs = await gm.open("character:a1")
        await converged(table.host, [("character:a1", mine), ("character:a1", theirs)])
        ydoc.write(mine, sheet("Ayla", lethal_damage="lots", skills=[{"name": "Dodge"}]))
        await converged(table.host, [("character:a1", mine), ("character:a1", theirs)])
        assert ydoc.read(mine) == sheet("Ayla", skills=[])
        ydoc.write(mine, sheet("Ayla", notes="after the refusal"))
        await converged(table.host, [("character:a1", mine), ("character:a1", theirs)])
        assert ydoc.read(theirs)["notes"] == "after the refusal"
        await alice.disconnect("character:a1")
        await eventually(lambda: alice.status("character:a1") == "connected")
        await asyncio.sleep(0.1)
        assert len(table.host.refusals()) == 1
        assert mine.get_state() == table.host.doc("character:a1").get_state()

    run(with_table(tmp_path, test))
