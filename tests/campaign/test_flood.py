"""One member's flood slows that member only: while Alice sends 5,000 edits as fast as her
socket takes them, Bob's edit reaches the GM within 2 s and a new connection syncs within
3 s; and every one of her edits still arrives. The host runs in its own process, as
``campaign serve`` does, and so does the flood."""

from __future__ import annotations

import asyncio
import signal
import sys
import time
from pathlib import Path

from sheetapp.campaign import ydoc
from sheetapp.campaign.client import CampaignClient, MemoryReplicas
from tests.campaign.conftest import Membership, eventually, run, sheet
from tests.campaign.host_process import ROOT, gatekeeper, start_host

FLOOD = 5000


async def start_flood(port: int, device: str, token: str, name: str):
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.campaign.flood_process", str(port), device, token, name,
        str(FLOOD), cwd=ROOT, stdout=asyncio.subprocess.PIPE,
    )
    assert process.stdout is not None
    assert await asyncio.wait_for(process.stdout.readline(), 30) == b"flooding\n"
    return process


async def scenario(directory: Path) -> None:
    keeper, gm_device, alice_device, bob_device = gatekeeper()
    host, port = await start_host(directory, 0)

    def client(device) -> CampaignClient:
        membership = Membership("127.0.0.1", port, device.id, keeper.token(device))
        return CampaignClient(membership, MemoryReplicas(), delays=(0.05, 0.5))

    gm, bob, late = client(gm_device), client(bob_device), client(gm_device)
    flood = None
    try:
        bobs = await bob.open("character:b1", wait=20)
        ydoc.write(bobs, sheet("Bram"))
        seen_by_gm = await gm.open("character:b1", wait=20)
        await eventually(lambda: ydoc.read(seen_by_gm).get("name") == "Bram", 20, "Bram")
        flood = await start_flood(port, alice_device.id, keeper.token(alice_device),
                                  "character:a1")

        ydoc.write(bobs, sheet("Bram", notes="during the flood"))
        began = time.monotonic()
        await eventually(
            lambda: ydoc.read(seen_by_gm).get("notes") == "during the flood", 20,
            "Bob's edit to reach the GM",
        )
        reached = time.monotonic() - began

        began = time.monotonic()
        fresh = await late.open("character:b1", wait=20)
        await late.synced("character:b1")
        synced = time.monotonic() - began
        assert ydoc.read(fresh).get("notes") == "during the flood"
        alices = await gm.open("character:a1", wait=20)
        flooding = ydoc.read(alices).get("name") != f"Ayla {FLOOD - 1}"

        assert reached < 2.0, f"Bob's edit took {reached:.1f} s to reach the GM"
        assert synced < 3.0, f"a new connection took {synced:.1f} s to sync"
        assert flooding, "the flood was over before Bob's edit was measured"

        await eventually(
            lambda: ydoc.read(alices).get("name") == f"Ayla {FLOOD - 1}", 120,
            "the whole flood to reach the GM",
        )
    finally:
        for member in (gm, bob, late):
            await member.close()
        for process in (flood, host):
            if process is not None:
                process.send_signal(signal.SIGTERM)
                await process.wait()


def test_one_members_flood_does_not_stall_the_others(tmp_path: Path) -> None:
    run(scenario(tmp_path), timeout=180)
