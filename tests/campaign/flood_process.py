"""A member flooding the host, in its own process so its own work does not slow the test's
clients: ``python -m tests.campaign.flood_process <port> <device> <token> <document>
<count>`` writes a valid sheet into the document, then sends ``count`` one-field edits as
fast as the socket takes them, printing ``flooding`` after the first hundred and ``sent``
once all are written to the socket. It reads (and drops) what the host sends, and stays
connected until killed."""

from __future__ import annotations

import asyncio
import contextlib
import sys

from pycrdt import Doc, create_update_message
from websockets.asyncio.client import connect

from sheetapp.campaign import wire, ydoc
from tests.campaign.conftest import sheet


def played(name: str) -> dict[str, object]:
    """A character as played for a while: sixty skills and two pages of notes."""
    skills = [
        {"id": f"s{n}", "name": f"Skill {n}", "attribute": None, "rating": n % 5, "note": "x" * 40}
        for n in range(60)
    ]
    return sheet(name, skills=skills, notes="A long story. " * 150)


def edits(count: int) -> list[bytes]:
    """The sheet, then ``count`` renames, each one update built on the one before."""
    doc = Doc()
    made: list[bytes] = []
    doc.observe(lambda event: made.append(event.update))
    ydoc.write(doc, played("Ayla"))
    for n in range(count):
        ydoc.write(doc, played(f"Ayla {n}"))
    return made


async def flood(port: int, device: str, token: str, name: str, count: int) -> None:
    updates = edits(count)
    async with connect(
        f"ws://127.0.0.1:{port}{wire.DOC_PREFIX}{name}",
        additional_headers={"Authorization": wire.authorization(device, token)},
        max_size=wire.CLIENT_MAX_FRAME,
    ) as connection:

        async def drain() -> None:
            with contextlib.suppress(Exception):
                async for _ in connection:
                    pass

        reading = asyncio.create_task(drain())
        for n, update in enumerate(updates):
            await connection.send(create_update_message(update))
            if n == 100:
                print("flooding", flush=True)
        print("sent", flush=True)
        await reading


if __name__ == "__main__":
    port, device, token, name, count = sys.argv[1:]
    asyncio.run(flood(int(port), device, token, name, int(count)))
