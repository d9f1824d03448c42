"""A campaign host in its own process, for tests that kill it: ``python -m
tests.campaign.host_process <directory> <port>`` prints its port once it listens.

Its registry holds the conftest's GM and Alice with one device each, made in the same
order as a test's own ``MemoryGatekeeper`` makes them, so ids and tokens match.
"""

from __future__ import annotations

import sys

from sheetapp.campaign.contracts import Device
from sheetapp.campaign.host import CampaignHost, serve_forever
from tests.campaign.conftest import ALICE, GM, MemoryGatekeeper


def gatekeeper() -> tuple[MemoryGatekeeper, Device, Device]:
    """The registry, the GM's device and Alice's."""
    keeper = MemoryGatekeeper()
    return keeper, keeper.add(GM), keeper.add(ALICE)


if __name__ == "__main__":
    directory, port = sys.argv[1], int(sys.argv[2])
    host = CampaignHost(directory, gatekeeper()[0])
    serve_forever(host, "127.0.0.1", port, ready=lambda _, bound: print(bound, flush=True))
