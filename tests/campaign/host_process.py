"""A campaign host in its own process, for tests that kill it: ``python -m
tests.campaign.host_process <directory> <port>`` prints its port once it listens.

Its registry holds the conftest's GM, Alice and Bob with one device each, made in the same
order as a test's own ``MemoryGatekeeper`` makes them, so ids and tokens match.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from sheetapp.campaign.contracts import Device
from sheetapp.campaign.host import CampaignHost, serve_forever
from tests.campaign.conftest import ALICE, BOB, GM, MemoryGatekeeper

ROOT = Path(__file__).resolve().parents[2]


async def start_host(directory: Path, port: int) -> tuple[asyncio.subprocess.Process, int]:
    """This module's host started on ``directory`` (``port`` 0: any), and its port."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.campaign.host_process", str(directory), str(port),
        cwd=ROOT, stdout=asyncio.subprocess.PIPE,
    )
    assert process.stdout is not None
    line = await asyncio.wait_for(process.stdout.readline(), 20)
    return process, int(line)


def gatekeeper() -> tuple[MemoryGatekeeper, Device, Device, Device]:
    """The registry, the GM's device, Alice's and Bob's."""
    keeper = MemoryGatekeeper()
    return keeper, keeper.add(GM), keeper.add(ALICE), keeper.add(BOB)


if __name__ == "__main__":
    directory, port = sys.argv[1], int(sys.argv[2])
    host = CampaignHost(directory, gatekeeper()[0])
    serve_forever(host, "127.0.0.1", port, ready=lambda _, bound: print(bound, flush=True))
