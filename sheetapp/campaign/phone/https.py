"""A small HTTP/1.1 server on asyncio streams, over the host's TLS, for the phone page.

The page asks for a handful of files and a JSON API: a full web framework would be a new
dependency for that, and the websocket library's own HTTP reader takes only GET. This one
reads one request at a time per connection (keep-alive, so a phone polling every second
reuses its TLS session), bounded everywhere a peer could make it hold memory or time:
the request head, the body, the time to send either, the connections held.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import ssl
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from http import HTTPStatus

log = logging.getLogger(__name__)

MAX_HEAD = 16 * 1024  # request line and headers
MAX_BODY = 64 * 1024  # a note is the largest thing the page sends
READ_TIMEOUT_S = 30.0  # a request's head or body that takes longer is dropped
IDLE_TIMEOUT_S = 60.0  # a kept-alive connection that asks nothing for this long is closed
MAX_CONNECTIONS = 256
# one address holds at most this many (a phone's browser opens about six to one host): a
# peer on the network holding idle connections shuts out itself, not every phone
MAX_CONNECTIONS_PER_ADDRESS = 16


class BadRequest(Exception):
    """Not an HTTP request this server takes; the message says why."""


@dataclass(frozen=True)
class Request:
    method: str
    path: str  # without the query
    query: str
    headers: dict[str, str]  # names lower-cased
    body: bytes
    peer: str


@dataclass
class Response:
    status: HTTPStatus
    body: bytes = b""
    content_type: str = "text/plain; charset=utf-8"
    headers: dict[str, str] = field(default_factory=dict)


Handler = Callable[[Request], Awaitable[Response]]

# Every answer: nothing framed, sniffed or sent elsewhere; no referrer leaves the page.
SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
    ),
    "Strict-Transport-Security": "max-age=31536000",
}


class HttpsServer:
    """Serves ``handler`` at ``start(bind, port)`` until ``stop``."""

    def __init__(self, handler: Handler, ssl_context: ssl.SSLContext | None) -> None:
        self._handler = handler
        self._ssl = ssl_context
        self._server: asyncio.Server | None = None
        self._open: set[asyncio.StreamWriter] = set()
        # each connection's task: a stop cancels them, so an answer still being made (a
        # long poll waits 20 s) ends with the server instead of running on without it
        self._serving: set[asyncio.Task[None]] = set()
        self._per_address: dict[str, int] = {}

    async def start(self, bind: str, port: int) -> tuple[str, int]:
        try:
            self._server = await asyncio.start_server(
                self._serve, bind, port, ssl=self._ssl, ssl_handshake_timeout=READ_TIMEOUT_S
            )
        except OSError as exc:
            raise OSError(f"cannot listen on {bind}:{port}: {exc.strerror or exc}") from None
        address = self._server.sockets[0].getsockname()
        return address[0], address[1]

    async def stop(self) -> None:
        if self._server is None:
            return
        self._server.close()
        for writer in list(self._open):
            writer.transport.abort()
        serving = list(self._serving)
        for task in serving:
            task.cancel()
        await asyncio.gather(*serving, return_exceptions=True)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._server.wait_closed(), 5)
        self._server = None

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        peer = writer.get_extra_info("peername")
        source = str(peer[0]) if peer else ""
        held = self._per_address.get(source, 0)
        if len(self._open) >= MAX_CONNECTIONS or held >= MAX_CONNECTIONS_PER_ADDRESS:
            writer.transport.abort()
            return
        self._open.add(writer)
        self._per_address[source] = held + 1
        task = asyncio.current_task()
        if task is not None:
            self._serving.add(task)
        try:
            while True:
                try:
                    request = await _read(reader, source)
                except (TimeoutError, asyncio.IncompleteReadError, ConnectionError, ssl.SSLError):
                    return
                except BadRequest as exc:
                    await _write(writer, Response(HTTPStatus.BAD_REQUEST, f"{exc}\n".encode()),
                                 keep=False)
                    return
                if request is None:
                    return
                try:
                    response = await self._handler(request)
                except Exception:  # one broken answer costs this request, never the server
                    log.exception("phone page: answering %s %s", request.method, request.path)
                    response = Response(HTTPStatus.INTERNAL_SERVER_ERROR, b"the host failed\n")
                keep = request.headers.get("connection", "").lower() != "close"
                await _write(writer, response, keep=keep)
                if not keep:
                    return
        except (ConnectionError, ssl.SSLError):
            return
        except asyncio.CancelledError:  # the server stopping: this connection ends here
            return
        finally:
            if task is not None:
                self._serving.discard(task)
            self._open.discard(writer)
            left = self._per_address.pop(source) - 1
            if left:
                self._per_address[source] = left
            writer.close()


async def _read(reader: asyncio.StreamReader, peer: str) -> Request | None:
    """The next request on the connection, None when the peer closed it between requests."""
    try:
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), IDLE_TIMEOUT_S)
    except asyncio.IncompleteReadError as exc:
        if not exc.partial:
            return None
        raise
    except asyncio.LimitOverrunError:
        raise BadRequest("the request's head is too long") from None
    if len(head) > MAX_HEAD:
        raise BadRequest("the request's head is too long")
    try:
        lines = head.decode("latin-1").split("\r\n")
        method, target, version = lines[0].split(" ")
    except ValueError:
        raise BadRequest("not an HTTP request line") from None
    if not version.startswith("HTTP/1."):
        raise BadRequest("only HTTP/1.x is spoken here")
    headers: dict[str, str] = {}
    for line in lines[1:]:
        if not line:
            continue
        name, sep, value = line.partition(":")
        if not sep:
            raise BadRequest("a header without a colon")
        headers[name.strip().lower()] = value.strip()
    if "transfer-encoding" in headers:
        raise BadRequest("chunked bodies are not taken; send a Content-Length")
    try:
        length = int(headers.get("content-length", "0"))
    except ValueError:
        raise BadRequest("Content-Length is not a number") from None
    if not 0 <= length <= MAX_BODY:
        raise BadRequest(f"a body is at most {MAX_BODY // 1024} KiB")
    body = await asyncio.wait_for(reader.readexactly(length), READ_TIMEOUT_S) if length else b""
    path, _, query = target.partition("?")
    return Request(method.upper(), path, query, headers, body, peer)


async def _write(writer: asyncio.StreamWriter, response: Response, *, keep: bool) -> None:
    status = response.status
    headers = {
        "Content-Type": response.content_type,
        "Content-Length": str(len(response.body)),
        "Connection": "keep-alive" if keep else "close",
        **SECURITY_HEADERS,
        **response.headers,
    }
    head = f"HTTP/1.1 {status.value} {status.phrase}\r\n" + "".join(
        f"{name}: {value}\r\n" for name, value in headers.items()
    )
    writer.write(head.encode("latin-1") + b"\r\n" + response.body)
    await asyncio.wait_for(writer.drain(), READ_TIMEOUT_S)
