"""The phone page's HTTP server under a hostile peer on the network: connections it
holds, heads and bodies it sends slowly or too large, and what it is answered."""

from __future__ import annotations

import asyncio
import contextlib
from http import HTTPStatus

from sheetapp.campaign.phone import https
from sheetapp.campaign.phone.https import HttpsServer, Request, Response
from tests.campaign.conftest import Certificate, run


async def _hello(_request: Request) -> Response:
    return Response(HTTPStatus.OK, b"hello\n")


async def _get(port: int, certificate: Certificate, source: str = "127.0.0.1") -> bytes:
    reader, writer = await asyncio.open_connection(
        "127.0.0.1", port, ssl=certificate.client, server_hostname="localhost",
        local_addr=(source, 0),
    )
    try:
        writer.write(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        return await asyncio.wait_for(reader.read(), 5)
    finally:
        writer.close()


async def _hold(port: int, certificate: Certificate, count: int) -> list[asyncio.StreamWriter]:
    """``count`` connections that finish their handshake and then ask nothing."""
    held = []
    for _ in range(count):
        with contextlib.suppress(ConnectionError, OSError):
            _reader, writer = await asyncio.open_connection(
                "127.0.0.1", port, ssl=certificate.client, server_hostname="localhost",
            )
            held.append(writer)
    return held


def test_one_address_holding_idle_connections_does_not_shut_out_the_other_phones(
    certificate: Certificate,
) -> None:
    async def scenario() -> None:
        server = HttpsServer(_hello, certificate.server)
        _, port = await server.start("127.0.0.1", 0)
        held = await _hold(port, certificate, https.MAX_CONNECTIONS + 8)
        try:
            await asyncio.sleep(0.2)
            # another phone on the network (another address) is answered all the same
            answer = await _get(port, certificate, source="127.0.0.2")
            assert answer.startswith(b"HTTP/1.1 200 OK"), answer
            assert answer.endswith(b"hello\n")
        finally:
            for writer in held:
                writer.close()
            await server.stop()

    run(scenario())


def test_a_stop_ends_the_answers_still_being_made(certificate: Certificate) -> None:
    """A long poll waits for a change; the host stopping ends it with the server, so no
    answer of a stopped host runs on (and reopens what the stop closed)."""
    started, ended = asyncio.Event(), asyncio.Event()

    async def waits(_request: Request) -> Response:
        started.set()
        try:
            await asyncio.sleep(3600)
        finally:
            ended.set()
        return Response(HTTPStatus.OK)

    async def scenario() -> None:
        complaints: list[dict] = []
        asyncio.get_running_loop().set_exception_handler(lambda _loop, c: complaints.append(c))
        server = HttpsServer(waits, certificate.server)
        _, port = await server.start("127.0.0.1", 0)
        asking = asyncio.ensure_future(_get(port, certificate))
        await asyncio.wait_for(started.wait(), 5)
        await asyncio.wait_for(server.stop(), 5)
        assert ended.is_set()
        with contextlib.suppress(ConnectionError, OSError, asyncio.IncompleteReadError):
            await asyncio.wait_for(asking, 5)
        await asyncio.sleep(0.1)
        assert complaints == []  # a stop is no error in the host's log

    run(scenario())
