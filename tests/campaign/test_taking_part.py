"""A terminal's sync says "in step" only once the host holds what this machine sent: the
host answers a new connection's exchange before it has applied this machine's own changes
(they may wait on the member's budget), and closing the terminal then would leave them
only here."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from pathlib import Path

import pytest
from pycrdt import YMessageType, YSyncMessageType

from sheetapp.campaign import guard, ydoc
from sheetapp.campaign.membership import Membership
from sheetapp.campaign.shelf import Shelf
from sheetapp.campaign.taking_part import TakingPart
from sheetapp.storage.library import open_library
from sheetapp.systems.plugin import NewOptions
from sheetapp.systems.registry import get_system
from tests.campaign.conftest import ALICE, Table, run, with_table

SENT = {bytes([YMessageType.SYNC, kind]) for kind in (
    YSyncMessageType.SYNC_STEP2, YSyncMessageType.SYNC_UPDATE)}


@dataclass(frozen=True)
class PlainMembership(Membership):
    """A membership on the test's host, which speaks without TLS."""

    def ssl_context(self) -> None:  # type: ignore[override]
        return None


def test_sync_returns_once_the_host_holds_what_it_sent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    recv = guard.GuardedChannel.recv

    async def slow_to_apply(channel: guard.GuardedChannel) -> bytes:
        frame = await recv(channel)
        if channel._member.id == ALICE.id and frame[:2] in SENT:
            await asyncio.sleep(1.5)  # her budget spent: her changes wait at the host
        return frame

    async def test(table: Table) -> None:
        device = table.gatekeeper.add(ALICE)
        joined = PlainMembership(
            "camp-1", "Harbour Nights", *table.address, "", "", ALICE, device.id,
            table.gatekeeper.token(device),
        )
        with open_library(tmp_path / "library.sqlite3") as library:
            hero = get_system("d6-pool").new(NewOptions(random=True, seed=3))
            hero.name = "Ayla"
            name, _doc = Shelf(library).share(
                library.add(hero), joined.campaign_id, "character", ALICE.id
            )
            monkeypatch.setattr(guard.GuardedChannel, "recv", slow_to_apply)
            part = TakingPart(joined, library, lambda _line: None)
            try:
                await part.sync()
                held = table.host.doc(name)
                assert held is not None and ydoc.read(held).get("name") == "Ayla"
                assert part.out_of_step() == []
            finally:
                await part.close()

    run(with_table(tmp_path, test), timeout=60)
