"""One member's flood slows that member only: while Alice sends 5,000 edits as fast as her
socket takes them, Bob's edit reaches the GM, and a new connection syncs, while her flood is
still arriving and in about the time the same steps take with no flood; and every one of
her edits still arrives. The host runs in its own process, as ``campaign serve`` does, and
so does the flood.

The bounds are the same measurement made without the flood, in the same test, times a
generous factor, plus a few seconds: a loaded machine slows both alike. The stall this
guards against cost 25-30 s."""

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
SLACK_S, FACTOR = 5.0, 20  # a bound is SLACK_S + FACTOR x the same step with no flood


async def reach_and_join(bob_doc, gm_doc, newcomer: CampaignClient, notes: str):
    """Seconds until Bob's edit ``notes`` reaches the GM, then until a new connection
    (``newcomer``'s) has synced Bob's document, holding that edit."""
    ydoc.write(bob_doc, sheet("Bram", notes=notes))
    began = time.monotonic()
    await eventually(
        lambda: ydoc.read(gm_doc).get("notes") == notes, 60, "Bob's edit to reach the GM"
    )
    reached = time.monotonic() - began
    began = time.monotonic()
    fresh = await newcomer.open("character:b1", wait=60)
    await newcomer.synced("character:b1")
    synced = time.monotonic() - began
    assert ydoc.read(fresh).get("notes") == notes
    return reached, synced


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

    gm, bob, early, late = (client(gm_device), client(bob_device), client(gm_device),
                            client(gm_device))
    flood = None
    try:
        bobs = await bob.open("character:b1", wait=20)
        ydoc.write(bobs, sheet("Bram"))
        seen_by_gm = await gm.open("character:b1", wait=20)
        await eventually(lambda: ydoc.read(seen_by_gm).get("name") == "Bram", 20, "Bram")
        quiet = await reach_and_join(bobs, seen_by_gm, early, "with no flood")
        flood = await start_flood(port, alice_device.id, keeper.token(alice_device),
                                  "character:a1")
        loud = await reach_and_join(bobs, seen_by_gm, late, "during the flood")
        alices = await gm.open("character:a1", wait=20)
        flooding = ydoc.read(alices).get("name") != f"Ayla {FLOOD - 1}"

        print(f"no flood: reach {quiet[0]:.2f} s, sync {quiet[1]:.2f} s; "
              f"flood: reach {loud[0]:.2f} s, sync {loud[1]:.2f} s")
        assert flooding, "the flood was over before Bob's edit was measured"
        for what, alone, during in zip(("Bob's edit to reach the GM",
                                        "a new connection to sync"), quiet, loud, strict=True):
            assert during < SLACK_S + FACTOR * alone, (
                f"{what} took {during:.1f} s during the flood, {alone:.2f} s without"
            )

        await eventually(
            lambda: ydoc.read(alices).get("name") == f"Ayla {FLOOD - 1}", 120,
            "the whole flood to reach the GM",
        )
    finally:
        for member in (gm, bob, early, late):
            await member.close()
        for process in (flood, host):
            if process is not None:
                process.send_signal(signal.SIGTERM)
                await process.wait()


def test_one_members_flood_does_not_stall_the_others(tmp_path: Path) -> None:
    run(scenario(tmp_path), timeout=300)
