"""Who is connected, as the host tells every member on its ``/presence`` socket.

Presence is not a shared document: it changes with every laptop lid, and nothing of it is
worth keeping or merging. The host sends ``{"connected": [member ids]}`` when it changes;
a member listens and reconnects with a growing delay while the host is away.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable

from sheetapp.campaign import wire
from sheetapp.campaign.client import Membership, dial
from sheetapp.campaign.retry import Backoff, keep_connected

MAX_PRESENCE = 64 * 1024  # ids of a few hundred members at most


def watch_presence(
    membership: Membership, seen: Callable[[list[str]], None]
) -> asyncio.Task[None]:
    """Call ``seen(member ids)`` with each list the host sends, until the task is cancelled
    or the host refuses this device (revoked). An empty list is reported while offline."""
    return asyncio.ensure_future(_watch(membership, seen))


async def _watch(membership: Membership, seen: Callable[[list[str]], None]) -> None:
    async def attempt(connected: Callable[[], None]) -> None:
        async with dial(membership, wire.PRESENCE_PATH, max_size=MAX_PRESENCE) as connection:
            connected()
            async for message in connection:
                ids = _ids(message)
                if ids is not None:
                    seen(ids)

    await keep_connected(
        attempt,
        what="presence",
        backoff=Backoff(),
        offline=lambda: seen([]),
        refused=lambda _reason: seen([]),
    )


def _ids(message: str | bytes) -> list[str] | None:
    """The member ids of one message; None for anything else (the host is trusted, but a
    damaged frame must not stop the list)."""
    with contextlib.suppress(ValueError, RecursionError):
        data = json.loads(message)
        if isinstance(data, dict) and isinstance(data.get("connected"), list):
            return [i for i in data["connected"] if isinstance(i, str)]
    return None
