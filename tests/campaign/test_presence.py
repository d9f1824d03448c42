"""The presence watcher outlives a host that hangs up mid-handshake (the GM quitting):
it reports nobody connected and tries again, instead of ending for good."""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass

from sheetapp.campaign.presence import watch_presence


@dataclass
class Dialled:
    host: str
    port: int
    device_id: str = "d1"
    token: str = "t1"

    def ssl_context(self) -> None:
        return None


def test_a_host_hanging_up_mid_handshake_is_retried() -> None:
    async def scenario() -> tuple[int, list[list[str]]]:
        accepted = 0

        async def hang_up(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            nonlocal accepted
            accepted += 1
            await reader.read(10)  # the start of the HTTP upgrade, then no answer at all
            writer.close()

        server = await asyncio.start_server(hang_up, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        seen: list[list[str]] = []
        task = watch_presence(Dialled("127.0.0.1", port), seen.append)
        for _ in range(100):
            if accepted >= 3:
                break
            await asyncio.sleep(0.05)
        done = task.done()
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        server.close()
        await server.wait_closed()
        assert not done, "the watcher ended instead of trying again"
        return accepted, seen

    accepted, seen = asyncio.run(scenario())
    assert accepted >= 3
    assert seen and all(ids == [] for ids in seen)
