"""Loopback servers for the trust tests: a tiny /join host built on ``handle_join`` (what
the real host calls), and a TLS listener that records every byte a client sends."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

from websockets.asyncio.server import ServerConnection, serve

from sheetapp.campaign.members import Registry, handle_join
from sheetapp.campaign.tls import Identity, server_context


@contextlib.asynccontextmanager
async def join_host(
    registry: Registry, identity: Identity, answer: bytes | None = None
) -> AsyncIterator[int]:
    """A websockets TLS server on 127.0.0.1 answering /join (with ``answer`` instead, for
    a hostile host); yields its port."""

    async def handler(connection: ServerConnection) -> None:
        if connection.request is None or connection.request.path != "/join":
            await connection.close(1008, "only /join here")
            return
        message = await connection.recv()
        await connection.send(answer or handle_join(registry, message))

    async with serve(handler, "127.0.0.1", 0, ssl=server_context(identity)) as server:
        yield next(iter(server.sockets)).getsockname()[1]


@dataclass
class Listener:
    """What clients sent after the TLS handshake, connection by connection."""

    port: int = 0
    received: list[bytes] = field(default_factory=list)


@contextlib.asynccontextmanager
async def recording_tls(identity: Identity) -> AsyncIterator[Listener]:
    """A TLS server (e.g. a man-in-the-middle's) that answers nothing and keeps every
    byte each client sent it."""
    listener = Listener()

    async def handler(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        data = b""
        with contextlib.suppress(OSError, ConnectionError):
            data = await asyncio.wait_for(reader.read(65536), 2)
        listener.received.append(data)
        writer.close()

    server = await asyncio.start_server(handler, "127.0.0.1", 0, ssl=server_context(identity))
    listener.port = server.sockets[0].getsockname()[1]
    async with server:
        yield listener
