"""The one reconnect loop the client and the presence watcher share: waits that double up to
a ceiling and start short again after a connection that worked, a final refusal that stops
it with the host's reason, any other failure retried."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable

import pytest
from websockets.datastructures import Headers
from websockets.exceptions import InvalidMessage, InvalidStatus
from websockets.http11 import Response

from sheetapp.campaign import retry
from sheetapp.campaign.retry import Backoff, keep_connected


def refusal(status: int, body: bytes = b"") -> InvalidStatus:
    return InvalidStatus(Response(status, "", Headers(), body))


def test_waits_double_up_to_the_longest_and_start_again_after_a_reset() -> None:
    backoff = Backoff(0.1, 0.5)
    assert [backoff.next() for _ in range(5)] == [0.1, 0.2, 0.4, 0.5, 0.5]
    backoff.reset()
    assert backoff.next() == 0.1


def test_a_spread_only_ever_shortens_a_wait_and_by_at_most_its_fraction() -> None:
    backoff = Backoff(1.0, 1.0, spread=0.5, rng=random.Random(7))
    waits = [backoff.next() for _ in range(200)]
    assert all(0.5 <= w <= 1.0 for w in waits) and len(set(waits)) > 100


def run_loop(
    outcomes: list[BaseException | None], monkeypatch, *, connects: frozenset[int] = frozenset()
) -> tuple[list[str], list[float]]:
    """Drive ``keep_connected`` through ``outcomes`` (None: a connection that ended by
    itself; ``connects``: the tries that call ``connected()`` before failing); then stop.
    What it reported and every wait it asked for."""
    events: list[str] = []
    waits: list[float] = []
    tries = iter(enumerate(outcomes))

    async def no_wait(seconds: float) -> None:
        waits.append(seconds)

    monkeypatch.setattr(retry.asyncio, "sleep", no_wait)

    async def attempt(connected: Callable[[], None]) -> None:
        number, outcome = next(tries)
        events.append(f"try {number}")
        if number in connects:
            connected()
        if outcome is not None:
            raise outcome

    asyncio.run(
        keep_connected(
            attempt,
            what="test",
            backoff=Backoff(0.1, 0.4),
            offline=lambda: events.append("offline"),
            refused=lambda reason: events.append(f"refused: {reason}"),
            running=lambda: len(events) < 2 * len(outcomes),
        )
    )
    return events, waits


@pytest.mark.parametrize("status", [401, 403, 404])
def test_a_final_refusal_stops_with_the_hosts_reason(status, monkeypatch) -> None:
    events, waits = run_loop(
        [OSError("down"), refusal(status, b" device revoked \n"), None], monkeypatch
    )
    assert events == ["try 0", "offline", "try 1", "refused: device revoked"]
    assert waits == [0.1]


def test_a_refusal_without_a_reason_says_refused(monkeypatch) -> None:
    assert run_loop([refusal(403)], monkeypatch)[0] == ["try 0", "refused: refused"]


def test_anything_else_is_a_failed_try_and_the_waits_grow(monkeypatch) -> None:
    failures = [
        refusal(503),
        OSError("refused"),
        TimeoutError(),
        InvalidMessage("hung up mid-handshake"),
        ValueError("a handshake gone wrong"),
    ]
    events, waits = run_loop(failures, monkeypatch)
    assert events == [e for n in range(5) for e in (f"try {n}", "offline")]
    assert waits == [0.1, 0.2, 0.4, 0.4, 0.4]


def test_a_connection_that_worked_starts_the_waits_short_again(monkeypatch) -> None:
    # tries 0-1 fail, 2 connects then drops, 3 fails, 4 ends without having connected
    outcomes = [OSError(), OSError(), OSError("dropped"), OSError(), None]
    _events, waits = run_loop(outcomes, monkeypatch, connects=frozenset({2}))
    assert waits == [0.1, 0.2, 0.1, 0.2, 0.4]


def test_it_stops_when_its_owner_closes(monkeypatch) -> None:
    events, waits = run_loop([], monkeypatch)
    assert events == [] and waits == []
