"""Staying connected to the host: try, wait a growing delay after each failure, try again,
and stop only when the host refuses this device for good.

A document's sync and the presence list each keep one connection to the host; both must
survive a host that restarts or a laptop that sleeps, and both must stop when the answer can
only be the same (a revoked device, a document no longer shared). One loop here does it for
both, so the two cannot drift apart in what they retry and how long they wait.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable, Callable

from websockets.exceptions import InvalidStatus, WebSocketException

log = logging.getLogger(__name__)

FINAL_REFUSALS = frozenset({401, 403, 404})  # retrying would get the same answer


class Final(Exception):
    """An attempt's end that trying again cannot change (the host shows another
    certificate): the loop ends, ``refused`` is told the message."""
FIRST_DELAY = 0.1
LONGEST_DELAY = 10.0


class Backoff:
    """The waits between tries: ``first``, doubled after each failure up to ``longest``,
    back to ``first`` once a connection worked. ``spread`` takes up to that fraction off
    each wait at random, so many clients of one restarted host do not all call at once."""

    def __init__(
        self,
        first: float = FIRST_DELAY,
        longest: float = LONGEST_DELAY,
        *,
        spread: float = 0.0,
        rng: random.Random | None = None,
    ) -> None:
        self.first, self.longest, self.spread = first, longest, spread
        self._rng = rng if rng is not None else random.Random()
        self._delay = first

    def reset(self) -> None:
        self._delay = self.first

    def next(self) -> float:
        """The wait before the next try; the one after it is longer (up to ``longest``)."""
        wait = self._delay * self._rng.uniform(1.0 - self.spread, 1.0)
        self._delay = min(self._delay * 2, self.longest)
        return wait


async def keep_connected(
    attempt: Callable[[Callable[[], None]], Awaitable[None]],
    *,
    what: str,
    backoff: Backoff,
    offline: Callable[[], None],
    refused: Callable[[str], None],
    running: Callable[[], bool] = lambda: True,
) -> None:
    """Run ``attempt(connected)`` again and again while ``running()``: it makes one
    connection and returns (or raises) when that connection ends, calling ``connected()``
    once it works so the next wait starts short again. After each end, ``offline()`` and a
    wait from ``backoff``. A handshake the host answers with 401, 403 or 404 calls
    ``refused(the host's reason)`` and ends the loop; any other failure is one failed try
    (``what`` names the connection in the log)."""
    while running():
        try:
            await attempt(backoff.reset)
        except Final as exc:
            refused(str(exc))
            return
        except InvalidStatus as exc:
            status = exc.response.status_code
            if status in FINAL_REFUSALS:
                refused(exc.response.body.decode("utf-8", "replace").strip() or "refused")
                return
            log.debug("%s: host answered %s", what, status)  # e.g. 503 while stopping
        except (OSError, TimeoutError, WebSocketException) as exc:
            # a host closing mid-handshake (the GM quitting) raises InvalidMessage & co.
            log.debug("%s: no connection (%s: %s)", what, type(exc).__name__, exc)
        except Exception as exc:  # a handshake gone wrong is a failed attempt
            log.info("%s: connection failed: %s: %s", what, type(exc).__name__, exc)
        offline()
        await asyncio.sleep(backoff.next())
