"""Who is connected, as the host tells every member on its ``/presence`` socket.

Presence is not a shared document: it changes with every laptop lid, and nothing of it is
worth keeping or merging. The host sends ``{"connected": [member ids]}`` when it changes;
a member listens and reconnects with a growing delay while the host is away.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable

from websockets.exceptions import InvalidStatus, WebSocketException

from sheetapp.campaign import wire
from sheetapp.campaign.client import (
    FINAL_REFUSALS,
    FIRST_DELAY,
    LONGEST_DELAY,
    Membership,
    dial,
)

log = logging.getLogger(__name__)

MAX_PRESENCE = 64 * 1024  # ids of a few hundred members at most


def watch_presence(
    membership: Membership, seen: Callable[[list[str]], None]
) -> asyncio.Task[None]:
    """Call ``seen(member ids)`` with each list the host sends, until the task is cancelled
    or the host refuses this device (revoked). An empty list is reported while offline."""
    return asyncio.ensure_future(_watch(membership, seen))


async def _watch(membership: Membership, seen: Callable[[list[str]], None]) -> None:
    delay = FIRST_DELAY
    while True:
        try:
            async with dial(membership, wire.PRESENCE_PATH, max_size=MAX_PRESENCE) as connection:
                delay = FIRST_DELAY
                async for message in connection:
                    ids = _ids(message)
                    if ids is not None:
                        seen(ids)
        except InvalidStatus as exc:
            if exc.response.status_code in FINAL_REFUSALS:
                seen([])
                return
        except (OSError, TimeoutError, WebSocketException) as exc:
            # a host closing mid-handshake (the GM quitting) raises InvalidMessage & co.
            log.debug("presence: no connection (%s: %s)", type(exc).__name__, exc)
        seen([])
        await asyncio.sleep(delay)
        delay = min(delay * 2, LONGEST_DELAY)


def _ids(message: str | bytes) -> list[str] | None:
    """The member ids of one message; None for anything else (the host is trusted, but a
    damaged frame must not stop the list)."""
    with contextlib.suppress(ValueError, RecursionError):
        data = json.loads(message)
        if isinstance(data, dict) and isinstance(data.get("connected"), list):
            return [i for i in data["connected"] if isinstance(i, str)]
    return None
