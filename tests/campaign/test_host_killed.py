"""SIGKILL the host in the middle of a stream of edits: whatever any client had received
from it is in its database, and after a restart on the same folder every edit any client
made arrives everywhere."""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path

from pycrdt import Doc

from sheetapp.campaign import ydoc
from sheetapp.campaign.client import CampaignClient, MemoryReplicas
from sheetapp.campaign.host import HOST_DB
from sheetapp.campaign.host_store import HostStore
from tests.campaign.conftest import Membership, changes, eventually, run, sheet
from tests.campaign.host_process import gatekeeper, start_host

NAME = "character:a1"


def stored(directory: Path) -> Doc:
    """The document as the host's database holds it (the host process is gone)."""
    store = HostStore(directory / HOST_DB)
    doc = Doc()
    for update in store.updates(NAME):
        doc.apply_update(update)
    store.close()
    return doc


def skill(n: int) -> dict[str, object]:
    return {"id": f"s{n}", "name": f"Skill {n}", "attribute": None, "rating": 1, "note": ""}


async def scenario(directory: Path) -> None:
    keeper, gm_device, alice_device, _bob = gatekeeper()
    process, port = await start_host(directory, 0)
    clients = [
        CampaignClient(
            Membership("127.0.0.1", port, device.id, keeper.token(device)),
            MemoryReplicas(),
            delays=(0.05, 0.2),
        )
        for device in (gm_device, alice_device)
    ]
    gm, alice = clients
    try:
        mine = await alice.open(NAME)
        ydoc.write(mine, sheet("Ayla"))
        theirs = await gm.open(NAME)
        for n in range(120):
            data = ydoc.read(mine)
            ydoc.write(mine, {**data, "skills": [*data["skills"], skill(n)]})
            if n == 80:
                os.kill(process.pid, signal.SIGKILL)
                await process.wait()
            await asyncio.sleep(0.01)  # the host keeps up, so the GM is current
        received = len(ydoc.read(theirs).get("skills", []))
        assert received > 10, "the GM should have seen part of the stream before the kill"
        assert not changes(theirs.get_update(), stored(directory)), (
            "the GM had an update the killed host had not committed"
        )

        process, _ = await start_host(directory, port)
        await eventually(
            lambda: len(ydoc.read(theirs).get("skills", [])) == 120, 15, "the GM to catch up"
        )
        assert ydoc.read(theirs) == ydoc.read(mine)
    finally:
        for client in clients:
            await client.close()
        process.send_signal(signal.SIGTERM)
        await process.wait()
    assert ydoc.read(stored(directory)) == ydoc.read(mine)


def test_sigkill_of_the_host_mid_sync_loses_nothing_any_client_had(tmp_path: Path) -> None:
    run(scenario(tmp_path), timeout=60)
