"""A member's share of the host's time, as a token bucket of CPU seconds.

The host runs one event loop for every member: without a budget, a member sending
thousands of edits has the loop to themselves while everyone else's edits and new
connections wait behind them. Each member's connections draw on one ``CpuBudget``; the
time the loop spends on a frame (checking it, applying it, committing it) is charged
after the fact, and a member in debt waits before their next frame is read. Waiting
stops reading that member's socket, so TCP slows their client and nobody else's.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable


class CpuBudget:
    """``rate`` seconds of host time per second, at most ``burst`` saved up.

    ``clock`` is the wall clock the bucket refills by (injectable for tests)."""

    def __init__(
        self, rate: float, burst: float, *, clock: Callable[[], float] = time.monotonic
    ) -> None:
        if rate <= 0 or burst <= 0:
            raise ValueError("a budget needs a positive rate and burst")
        self.rate, self.burst = rate, burst
        self._clock = clock
        self._tokens = burst
        self._at = clock()

    def charge(self, seconds: float) -> None:
        """Spend ``seconds`` of host time (may go into debt)."""
        self._refill()
        self._tokens -= seconds

    def wait(self) -> float:
        """How long the member must wait before the host reads their next frame (0: now)."""
        self._refill()
        return 0.0 if self._tokens >= 0 else -self._tokens / self.rate

    async def paid(self) -> None:
        """Return once the member is out of debt; always after letting the loop run the
        others once (a socket with frames waiting would otherwise be read on and on)."""
        await asyncio.sleep(0)
        while (delay := self.wait()) > 0:
            await asyncio.sleep(delay)

    def _refill(self) -> None:
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + (now - self._at) * self.rate)
        self._at = now


class Meter:
    """The CPU time this thread spends between two readings: the host's loop thread, so
    time other threads (the disk writer, another process) use is not charged to anyone."""

    def __init__(self) -> None:
        self._at: float | None = None

    def start(self) -> None:
        self._at = time.thread_time()

    def stop(self) -> float:
        """Seconds since ``start`` (0 when not started)."""
        at, self._at = self._at, None
        return 0.0 if at is None else time.thread_time() - at
