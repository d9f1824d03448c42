"""Liveness is observed: a reader that missed one change is behind for good (Yjs holds
every later change from that writer aside until it comes, and nothing asks again while
the socket is open), so the reader's window stayed deaf while it said "Connected". Each
document's heartbeat compares what the host had with what arrived, and a document that
is behind, or that hears nothing, reconnects by itself."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from pycrdt import YMessageType, YSyncMessageType

from sheetapp.campaign import guard, ydoc
from sheetapp.campaign.client import BEHIND, CONNECTED, STALLED
from tests.campaign.conftest import (
    ALICE,
    GM,
    Table,
    converged,
    eventually,
    run,
    sheet,
    with_table,
)

NAME = "character:a1"
UPDATE = bytes([YMessageType.SYNC, YSyncMessageType.SYNC_UPDATE])


def lose_one_update_to(member_id: str, monkeypatch: pytest.MonkeyPatch) -> list[bytes]:
    """The host loses the next change it broadcasts to ``member_id``'s connections (a
    frame gone between the room and the socket): what was lost."""
    lost: list[bytes] = []
    send = guard.GuardedChannel.send

    async def losing(channel: guard.GuardedChannel, message: bytes) -> None:
        if channel._member.id == member_id and message[:2] == UPDATE and not lost:
            lost.append(message)
            return
        await send(channel, message)

    monkeypatch.setattr(guard.GuardedChannel, "send", losing)
    return lost


def test_a_reader_that_missed_a_change_is_behind_and_catches_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def test(table: Table) -> None:
        alice = table.client(table.gatekeeper.add(ALICE))
        gm = table.client(table.gatekeeper.add(GM), heartbeat=(0.3, 5.0))
        statuses: list[str] = []
        gm.on_status = lambda name, status: statuses.append(status)
        mine = await alice.open(NAME)
        ydoc.write(mine, sheet("Ayla"))
        theirs = await gm.open(NAME)
        await converged(table.host, [(NAME, mine), (NAME, theirs)])

        lost = lose_one_update_to(GM.id, monkeypatch)
        for n in range(5):
            ydoc.write(mine, sheet("Ayla", notes=f"note {n}"))
            await asyncio.sleep(0.05)
        await eventually(lambda: lost, 5, "a change to be lost")
        await asyncio.sleep(0.2)
        assert ydoc.read(theirs).get("notes") != "note 4"  # deaf: the rest waits on it

        await eventually(
            lambda: ydoc.read(theirs).get("notes") == "note 4", 10, "the GM to catch up"
        )
        assert BEHIND in statuses, statuses
        await eventually(lambda: gm.status(NAME) == CONNECTED, 10, "in step again")

    run(with_table(tmp_path, test), timeout=60)


def test_a_connection_that_hears_nothing_is_remade(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The host stops answering on one connection (its frames vanish) while the socket
    stays open: the document says it stalled and reconnects."""

    async def test(table: Table) -> None:
        alice = table.client(table.gatekeeper.add(ALICE), heartbeat=(0.2, 1.0))
        statuses: list[str] = []
        alice.on_status = lambda name, status: statuses.append(status)
        mine = await alice.open(NAME)
        ydoc.write(mine, sheet("Ayla"))
        await converged(table.host, [(NAME, mine)])
        silenced = {True}

        async def silent(channel: guard.GuardedChannel, message: bytes) -> None:
            if not silenced:
                await send(channel, message)

        send = guard.GuardedChannel.send
        monkeypatch.setattr(guard.GuardedChannel, "send", silent)
        await eventually(lambda: STALLED in statuses, 10, "the stall to be seen")
        silenced.clear()
        await eventually(lambda: alice.status(NAME) == CONNECTED, 10, "connected again")
        ydoc.write(mine, sheet("Ayla", notes="after the stall"))
        await converged(table.host, [(NAME, mine)])

    run(with_table(tmp_path, test), timeout=60)
