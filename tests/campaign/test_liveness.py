"""Liveness is observed: a reader that missed one change is behind for good (Yjs holds
every later change from that writer aside until it comes, and nothing asks again while
the socket is open), so the reader's window stayed deaf while it said "Connected". Each
document's heartbeat compares what the host had with what arrived, and a document that
is behind, or that hears nothing, reconnects by itself."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from pycrdt import Doc, YMessageType, YSyncMessageType

from sheetapp.campaign import guard, ydoc
from sheetapp.campaign.client import (
    BEHIND,
    CONNECTED,
    OFFLINE,
    STALLED,
    CampaignClient,
    MemoryReplicas,
)
from sheetapp.storage.library import LibraryError
from tests.campaign.conftest import (
    ALICE,
    GM,
    Membership,
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
        # a stall is 3 s unheard: well past the host's answer to a heartbeat on a loaded
        # machine, so only the silencing below makes one
        alice = table.client(table.gatekeeper.add(ALICE), heartbeat=(0.5, 3.0))
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
        await eventually(lambda: STALLED in statuses, 30, "the stall to be seen")
        silenced.clear()
        await eventually(lambda: alice.status(NAME) == CONNECTED, 30, "connected again")
        ydoc.write(mine, sheet("Ayla", notes="after the stall"))
        await converged(table.host, [(NAME, mine)])

    run(with_table(tmp_path, test), timeout=60)


class BusyOnce(MemoryReplicas):
    """A replica store that refuses one change, as a library busy in the window's own
    save does ("in use by another program; try again")."""

    def __init__(self) -> None:
        super().__init__()
        self.calls = 0
        self.refuse_at: int | None = None

    def append(self, name: str, update: bytes) -> None:
        self.calls += 1
        if self.calls == self.refuse_at:
            raise LibraryError("library.sqlite3: in use by another program; try again")
        super().append(name, update)


def rebuilt(updates: list[bytes]) -> Doc:
    doc = Doc()
    for update in updates:
        doc.apply_update(update)
    return doc


def test_a_change_the_store_refuses_once_is_stored_later_not_lost(tmp_path: Path) -> None:
    """Found while chasing the deaf window: a change the library could not store at once
    ended the document's connection; the reconnection did not send it again (the document
    had it), so the stored copy stayed put for good: every later change waits on it, and
    the next start opened the document as it was before."""

    async def test(table: Table) -> None:
        alice = table.client(table.gatekeeper.add(ALICE))
        device = table.gatekeeper.add(GM)
        store = BusyOnce()
        gm = CampaignClient(
            Membership(*table.address, device.id, table.gatekeeper.token(device)), store,
            delays=(0.02, 0.2), heartbeat=(0.3, 5.0),
        )
        table.clients.append(gm)
        statuses: list[str] = []
        gm.on_status = lambda name, status: statuses.append(status)
        mine = await alice.open(NAME)
        ydoc.write(mine, sheet("Ayla"))
        theirs = await gm.open(NAME)
        await converged(table.host, [(NAME, mine), (NAME, theirs)])
        store.refuse_at = store.calls + 2
        for n in range(5):
            ydoc.write(mine, sheet("Ayla", notes=f"note {n}"))
            await asyncio.sleep(0.05)
        await eventually(lambda: ydoc.read(theirs).get("notes") == "note 4", 10, "note 4")
        await eventually(
            lambda: ydoc.read(rebuilt(store.updates(NAME))).get("notes") == "note 4", 10,
            "the stored copy to hold every change",
        )
        assert OFFLINE not in statuses  # the connection was not dropped for it

    run(with_table(tmp_path, test), timeout=60)


def test_a_change_lost_on_the_way_to_the_host_is_sent_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The other direction: one of Alice's changes never reaches the host. Every later one
    builds on it, so the host drops them (it will not apply what it cannot check), and her
    save never arrives while her connection stays open. The host's state vector on each
    heartbeat has her client send what it lacks."""
    from sheetapp.campaign import client as client_module

    async def test(table: Table) -> None:
        alice = table.client(table.gatekeeper.add(ALICE), heartbeat=(0.3, 5.0))
        mine = await alice.open(NAME)
        ydoc.write(mine, sheet("Ayla"))
        await converged(table.host, [(NAME, mine)])
        lost: list[bytes] = []
        send = client_module._HostChannel.send

        async def losing(channel, message: bytes) -> None:
            if message[:2] == UPDATE and not lost:
                lost.append(message)
                return
            await send(channel, message)

        monkeypatch.setattr(client_module._HostChannel, "send", losing)
        for n in range(5):
            ydoc.write(mine, sheet("Ayla", notes=f"note {n}"))
            await asyncio.sleep(0.05)
        assert lost
        await converged(table.host, [(NAME, mine)], timeout=10)

    run(with_table(tmp_path, test), timeout=60)


def test_a_broadcast_lagging_one_heartbeat_is_not_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A busy host (one member's flood) delivers changes late, though in order: a reader
    whose changes come up to one heartbeat late is in step, not behind. Marking it behind
    made every reader reconnect at once, adding the load of a full exchange each."""
    lag = 0.5
    send = guard.GuardedChannel.send

    async def lagging(channel: guard.GuardedChannel, message: bytes) -> None:
        if channel._member.id == GM.id and message[:2] == UPDATE:
            loop = asyncio.get_running_loop()
            loop.call_later(lag, lambda: asyncio.ensure_future(send(channel, message)))
            return
        await send(channel, message)

    async def test(table: Table) -> None:
        alice = table.client(table.gatekeeper.add(ALICE))
        gm = table.client(table.gatekeeper.add(GM), heartbeat=(0.4, 5.0))
        statuses: list[str] = []
        gm.on_status = lambda name, status: statuses.append(status)
        mine = await alice.open(NAME)
        ydoc.write(mine, sheet("Ayla"))
        theirs = await gm.open(NAME)
        await converged(table.host, [(NAME, mine), (NAME, theirs)])
        monkeypatch.setattr(guard.GuardedChannel, "send", lagging)
        for n in range(25):  # a change every 0.1 s: some always on the way at a heartbeat
            ydoc.write(mine, sheet("Ayla", notes=f"note {n}"))
            await asyncio.sleep(0.1)
        await eventually(
            lambda: ydoc.read(theirs).get("notes") == "note 24", 20, "the GM to catch up"
        )
        assert BEHIND not in statuses, statuses

    run(with_table(tmp_path, test), timeout=60)


def test_a_change_stored_late_is_stored_once(tmp_path: Path) -> None:
    """The heartbeat's retry stored each waiting change and then all of them merged again:
    the replica grew by what it already held at every refusal."""

    async def test(table: Table) -> None:
        device = table.gatekeeper.add(ALICE)
        store = BusyOnce()
        alice = CampaignClient(
            Membership(*table.address, device.id, table.gatekeeper.token(device)), store,
            delays=(0.02, 0.2), heartbeat=(0.2, 5.0),
        )
        table.clients.append(alice)
        mine = await alice.open(NAME)
        ydoc.write(mine, sheet("Ayla"))
        await converged(table.host, [(NAME, mine)])
        kept = len(store.updates(NAME))
        store.refuse_at = store.calls + 1
        ydoc.write(mine, sheet("Ayla", notes="stored late"))
        await eventually(
            lambda: ydoc.read(rebuilt(store.updates(NAME))).get("notes") == "stored late", 10,
            "the change to be stored",
        )
        await asyncio.sleep(0.6)  # heartbeats that might store it again
        assert len(store.updates(NAME)) == kept + 1

    run(with_table(tmp_path, test), timeout=60)


class AlwaysBusy(MemoryReplicas):
    """A replica store that takes nothing more after ``busy`` is set."""

    busy = False

    def append(self, name: str, update: bytes) -> None:
        if self.busy:
            raise LibraryError("library.sqlite3: in use by another program; try again")
        super().append(name, update)


def test_closing_keeps_the_changes_no_store_took(tmp_path: Path) -> None:
    async def test(table: Table) -> None:
        device = table.gatekeeper.add(ALICE)
        store = AlwaysBusy()
        alice = CampaignClient(
            Membership(*table.address, device.id, table.gatekeeper.token(device)), store,
            delays=(0.02, 0.2),
        )
        mine = await alice.open(NAME)
        ydoc.write(mine, sheet("Ayla"))
        store.busy = True
        ydoc.write(mine, sheet("Ayla", notes="not stored"))
        await alice.close()
        both = rebuilt([*store.updates(NAME), alice.unstored[NAME]])
        assert ydoc.read(both).get("notes") == "not stored"

    run(with_table(tmp_path, test), timeout=60)
