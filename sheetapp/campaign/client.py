"""A member's side of the campaign: each shared document a ``pycrdt.Doc`` kept in sync
with the host while there is a connection, and kept whole on this machine when there is not.

Every change to a document, made here or received, is handed to the ``ReplicaStore`` as it
happens, so the app can be closed offline and start again with everything; on reconnect the
Yjs sync exchange sends the host what it lacks (edits made offline) and takes what this
machine lacks. Connections are retried with a growing delay, so a host that restarts or a
laptop that sleeps costs nothing but the wait. A handshake the host refuses (revoked
device, a document no longer shared) is not retried: the status says why.

Liveness is observed, not assumed from an open socket. Every ``HEARTBEAT_S`` each
document's connection sends the host its state vector (a Yjs sync step 1); the host
answers with what this machine lacks. That answer is held back, not applied: what it
named must arrive through the ordinary stream of changes within two heartbeats (one is
the lag of a busy broadcast: a flood's must not make every reader reconnect at once).
If it has not, the document is behind (a change was missed, and Yjs holds every later
change from that writer aside until it comes), and it reconnects, which exchanges
everything. A connection that has not heard the host for ``STALL_S`` is stalled and is
remade too. ``status`` says which: ``connected`` only while the document is in step.

Callbacks run on the client's event loop; the Qt side marshals them to its thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import ssl
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from pycrdt import (
    Doc,
    Provider,
    TransactionEvent,
    YMessageType,
    YSyncMessageType,
    create_sync_message,
    merge_updates,
    read_message,
)
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from sheetapp.campaign import gate, wire, ydoc
from sheetapp.campaign.contracts import Kind
from sheetapp.campaign.retry import FIRST_DELAY, LONGEST_DELAY, Backoff, Final, keep_connected
from sheetapp.campaign.tls import TlsError, fingerprint, first_contact
from sheetapp.campaign.updates import EMPTY_UPDATE, uncovered
from sheetapp.campaign.wire import certificate_changed

log = logging.getLogger(__name__)

CONNECTING = "connecting"
CONNECTED = "connected"  # and in step with the host
OFFLINE = "offline"
REFUSED = "refused"
BEHIND = "behind"  # a change the host named two heartbeats ago has not arrived: reconnecting
STALLED = "stalled"  # nothing heard from the host for STALL_S: reconnecting
HEARTBEAT_S = 5.0  # how often a document asks the host what it lacks
STALL_S = 20.0  # the host answers every heartbeat: this long unheard, the connection is dead


class Membership(Protocol):
    """What the client needs of ``sheetapp.campaign.membership.Membership``."""

    host: str
    port: int
    device_id: str
    token: str
    fingerprint: str  # of the pinned certificate ("" where a test gives no TLS)

    def ssl_context(self) -> ssl.SSLContext | None: ...


class ReplicaStore(Protocol):
    """This machine's copy of each shared document, as the Yjs updates that made it."""

    def updates(self, name: str) -> list[bytes]: ...

    def append(self, name: str, update: bytes) -> None: ...


class MemoryReplicas:
    """A ``ReplicaStore`` in memory, for tools that keep no library (and for tests)."""

    def __init__(self) -> None:
        self._updates: dict[str, list[bytes]] = {}

    def updates(self, name: str) -> list[bytes]:
        return list(self._updates.get(name, []))

    def append(self, name: str, update: bytes) -> None:
        self._updates.setdefault(name, []).append(update)


@dataclass
class _Shared:
    """One open document: its state, its connection's state, its sync task."""

    doc: Doc
    status: str = CONNECTING
    synced: asyncio.Event = field(default_factory=asyncio.Event)
    receiving: bool = False  # the provider is applying a frame from the host
    changed: bool = False  # ... and it changed the document
    echoes: list[bytes] = field(default_factory=list)  # updates that came from the host
    task: asyncio.Task[None] | None = None
    connection: ClientConnection | None = None
    restore: asyncio.Task[None] | None = None  # reconnecting after taking a change back
    heard: float = 0.0  # the loop's time of the last frame from the host
    owed: bytes | None = None  # the host's answer to the last heartbeat: what we lacked
    late: bytes | None = None  # an answer not held one heartbeat on: behind at the next
    host_state: bytes | None = None  # the host's state vector, as it last said it
    unstored: list[bytes] = field(default_factory=list)  # changes the store refused so far


class CampaignClient:
    """Opens a campaign's documents for one device of one member."""

    def __init__(
        self,
        membership: Membership,
        replicas: ReplicaStore,
        *,
        on_remote_change: Callable[[str, Doc], None] | None = None,
        on_status: Callable[[str, str], None] | None = None,
        on_refused: Callable[[str, str], None] | None = None,
        delays: tuple[float, float] = (FIRST_DELAY, LONGEST_DELAY),
        heartbeat: tuple[float, float] = (HEARTBEAT_S, STALL_S),
    ) -> None:
        self.membership = membership
        self.replicas = replicas
        self.on_remote_change = on_remote_change
        self.on_status = on_status
        self.on_refused = on_refused
        self._delays = delays
        self._heartbeat, self._stall = heartbeat
        self._open: dict[str, _Shared] = {}
        self._closing = False
        self.unstored: dict[str, bytes] = {}  # after close: changes no store took

    async def open(self, name: str, *, wait: float = 5.0) -> Doc:
        """The document, with everything this machine has of it, kept in sync from now on.
        Waits up to ``wait`` seconds for the first exchange with the host; offline, the
        local copy is returned after that and syncs once the host answers."""
        if name in self._open:
            return self._open[name].doc
        doc = Doc()
        for update in self.replicas.updates(name):
            doc.apply_update(update)
        shared = _Shared(doc)
        self._open[name] = shared
        doc.observe(lambda event: self._changed(name, shared, event))
        shared.task = asyncio.create_task(self._keep(name, shared))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._settled(shared), wait)
        return doc

    def status(self, name: str) -> str:
        """``connecting``, ``connected`` (and in step), ``behind``, ``stalled``,
        ``offline`` or ``refused: <reason>``."""
        return self._open[name].status

    def opened(self) -> list[str]:
        """The documents open here, in the order they were opened."""
        return list(self._open)

    def doc(self, name: str) -> Doc:
        """An open document (``KeyError`` for one not opened)."""
        return self._open[name].doc

    def last_heard(self, name: str) -> float:
        """The event loop's time of the last frame from the host on this document (0:
        none yet)."""
        return self._open[name].heard

    async def synced(self, name: str) -> None:
        """Wait until the current connection has had the host's first answer."""
        await self._open[name].synced.wait()

    async def exchange(self, name: str) -> None:
        """Make a new connection and wait for its first exchange: from then on the host
        holds everything this document held when this was called (the exchange sends what
        the host lacks, whatever the old connection had still to send)."""
        shared = self._open[name]
        old = shared.connection
        await self.disconnect(name)
        while shared.connection is old or not shared.synced.is_set():
            if shared.status.startswith(REFUSED):
                raise ConnectionError(f"{name}: {shared.status}")
            await asyncio.sleep(0.02)

    async def host_holds(self, name: str, *, wait: float = 10.0) -> bool:
        """Whether the host's copy of the document holds everything this one holds,
        asked again until ``wait`` seconds have passed. An exchange alone does not say it:
        the host answers this machine's state before it has applied what this machine
        sent (which may wait on the member's budget). A fresh connection's first message
        from the host is its state vector, taken after everything it received before."""
        shared = self._open[name]
        loop = asyncio.get_running_loop()
        deadline = loop.time() + wait
        state = shared.host_state  # a connection's first word: enough when it covers all
        while True:
            if state is not None and not uncovered(shared.doc.get_update(), state):
                shared.host_state = state
                return True
            if loop.time() >= deadline:
                return False
            await asyncio.sleep(0.1)
            state = await self._host_state(name, max(deadline - loop.time(), 1.0))

    async def _host_state(self, name: str, timeout: float) -> bytes | None:
        """The host's state vector of ``name`` now (None: no answer within ``timeout``)."""
        try:
            async with asyncio.timeout(timeout), self._connect(name) as connection:
                async for frame in connection:
                    if isinstance(frame, bytes) and frame[:2] == _STEP1:
                        return read_message(frame[2:])
        except (OSError, TimeoutError, ConnectionClosed, InvalidStatus):
            pass
        return None

    async def disconnect(self, name: str) -> None:
        """Drop the current connection, as a network failure would (it reconnects)."""
        shared = self._open.get(name)
        if shared is not None and shared.connection is not None:
            await shared.connection.close()

    async def close(self) -> None:
        """Stop syncing every document; what they hold is in the replica store, or, for
        a change the store still refuses (after a last try), in ``unstored`` by document,
        said in the log: never dropped unsaid. The client is done after this (open a new
        one to sync again)."""
        self._closing = True
        tasks = [
            task
            for shared in self._open.values()
            for task in (shared.task, shared.restore)
            if task is not None
        ]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        for name, shared in self._open.items():
            if not self._flush(name, shared):
                self.unstored[name] = merge_updates(*shared.unstored)
                log.error("%s: changes not stored on this machine at close", name)
        self._open.clear()

    # -- inside -------------------------------------------------------------------------

    async def _settled(self, shared: _Shared) -> None:
        while not shared.synced.is_set() and not shared.status.startswith(REFUSED):
            await asyncio.sleep(0.02)

    def _changed(self, name: str, shared: _Shared, event: TransactionEvent) -> None:
        if event.update != EMPTY_UPDATE:
            self._store(name, shared, event.update)
            shared.changed = shared.changed or shared.receiving
            if shared.receiving:
                shared.echoes.append(event.update)

    def _store(self, name: str, shared: _Shared, update: bytes) -> None:
        """Keep ``update`` in the replica store; one the store refuses now (the library
        busy in another thread) waits with any before it, stored at the next change or
        heartbeat. Raising here would end the sync of the document, over and over, while
        the document is fine."""
        shared.unstored.append(update)
        self._flush(name, shared)

    def _flush(self, name: str, shared: _Shared) -> bool:
        """Store the changes waiting, as one (merged), once; whether none waits now."""
        if not shared.unstored:
            return True
        waiting = shared.unstored[0] if len(shared.unstored) == 1 else merge_updates(
            *shared.unstored
        )
        try:
            self.replicas.append(name, waiting)
        except Exception as exc:
            log.warning("%s: a change is not stored yet: %s", name, exc)
            shared.unstored[:] = [waiting]  # merged once, not again at every try
            return False
        shared.unstored.clear()
        return True

    def _received(self, name: str, shared: _Shared) -> None:
        """The provider finished applying the last frame from the host. Told after the
        flags are down: a change the callback makes is this machine's, and goes to the host."""
        changed = shared.changed
        shared.receiving = shared.changed = False
        if changed and self.on_remote_change is not None:
            self.on_remote_change(name, shared.doc)

    async def _keep(self, name: str, shared: _Shared) -> None:
        async def attempt(connected: Callable[[], None]) -> None:
            try:
                await self._session(name, shared)
            except ssl.SSLCertVerificationError:
                await _same_certificate(self.membership)
                raise
            connected()  # a session that ended by itself: the next wait starts short

        def offline() -> None:
            shared.synced.clear()
            shared.connection = None
            self._set_status(name, shared, OFFLINE)

        await keep_connected(
            attempt,
            what=name,
            backoff=Backoff(*self._delays, spread=0.5),
            offline=offline,
            refused=lambda reason: self._set_status(name, shared, f"{REFUSED}: {reason}"),
            running=lambda: not self._closing,
        )

    def _connect(self, name: str) -> connect:
        return dial(self.membership, wire.DOC_PREFIX + name, max_size=wire.CLIENT_MAX_FRAME)


    async def _session(self, name: str, shared: _Shared) -> None:
        async with self._connect(name) as connection:
            shared.connection = connection
            shared.echoes.clear()  # a new provider sends only changes made from now on
            channel = _HostChannel(connection, name, self, shared)
            async with Provider(shared.doc, channel, log=log) as provider:
                waiting = asyncio.create_task(provider.synced.wait())
                closed = asyncio.create_task(connection.wait_closed())
                await asyncio.wait({waiting, closed}, return_when=asyncio.FIRST_COMPLETED)
                if waiting.done():
                    shared.synced.set()
                    self._set_status(name, shared, CONNECTED)
                    beating = asyncio.create_task(self._beat(name, shared, connection))
                    try:
                        await closed
                    finally:
                        beating.cancel()
                        with contextlib.suppress(asyncio.CancelledError):
                            await beating
                waiting.cancel()

    async def _beat(self, name: str, shared: _Shared, connection: ClientConnection) -> None:
        """The heartbeat of one connection (see the module's docstring)."""
        loop = asyncio.get_running_loop()
        shared.owed = shared.late = None
        while True:
            await asyncio.sleep(self._heartbeat)
            self._flush(name, shared)
            if loop.time() - shared.heard > self._stall:
                log.warning("%s: nothing from the host for %.0f s; reconnecting", name,
                            loop.time() - shared.heard)
                self._set_status(name, shared, STALLED)
                break
            owed, shared.owed = shared.owed, None
            state = shared.doc.get_state()
            if shared.late is not None and uncovered(shared.late, state):
                log.warning("%s: behind the host (a change did not arrive); reconnecting", name)
                self._set_status(name, shared, BEHIND)
                break
            shared.late = owed if owed is not None and uncovered(owed, state) else None
            if shared.status in (BEHIND, STALLED):
                self._set_status(name, shared, CONNECTED)
            with contextlib.suppress(ConnectionClosed):
                await connection.send(create_sync_message(shared.doc))
        await _dropped(connection)

    def _set_status(self, name: str, shared: _Shared, status: str) -> None:
        if shared.status != status:
            shared.status = status
            if self.on_status is not None:
                self.on_status(name, status)

    def _refused(self, name: str, refusal: wire.Refusal) -> None:
        """The host refused a change from here. Taken back when this member may write the
        document (the change was invalid); a reader's copy keeps it, since taking it back
        would be a write too (the app does not let a reader edit)."""
        log.warning("%s: the host refused a change: %s", name, refusal.reason)
        if self.on_refused is not None:
            self.on_refused(name, refusal.reason)
        shared = self._open.get(name)
        if refusal.writer and shared is not None and refusal.state:
            take_back(shared.doc, wire.kind_of(name), refusal.state, refusal.update)
            if self.on_remote_change is not None:
                self.on_remote_change(name, shared.doc)
            # the refused change's undo depends on it, which the host lacks: only a full
            # exchange (on reconnecting) hands the host both, and they change nothing
            shared.restore = asyncio.create_task(self.disconnect(name))


async def _dropped(connection: ClientConnection) -> None:
    """Close a connection the host may no longer answer on: politely if it does, at once
    if it does not (the closing handshake would wait for it)."""
    try:
        await asyncio.wait_for(connection.close(), 2)
    except (TimeoutError, ConnectionClosed):
        connection.transport.abort()


async def _same_certificate(membership: Membership) -> None:
    """Raise ``Final`` when the host shows another certificate than the pinned one: a
    host whose folder was replaced, or someone in between. Said as such, with both
    fingerprints, instead of "offline": no retry can fix it, and no token was sent."""
    try:
        der = await first_contact(membership.host, membership.port, timeout=5)
    except TlsError:
        return  # gone again meanwhile: offline, tried again later
    shown = fingerprint(der)
    if membership.fingerprint and shown != membership.fingerprint:
        raise Final(certificate_changed(membership.fingerprint, shown))


def take_back(doc: Doc, kind: Kind | None, state: bytes, refused: bytes) -> None:
    """Write the host's values back over every part of ``doc`` that the ``refused`` update
    changed (``state``: the host's document when it refused), and leave the rest alone:
    edits others made since, which ``doc`` may already hold, and this machine's own.

    A Yjs change cannot be unapplied; this is a new change that undoes it."""
    host = Doc()
    host.apply_update(state)
    attempted = Doc()
    attempted.apply_update(state)
    with contextlib.suppress(Exception):  # it did not decode: nothing of it reached here
        attempted.apply_update(refused)
    for root in gate.ROOTS[kind] if kind else ():
        if root == gate.REQUESTS:
            was, wanted = (ydoc.read_rows(d, root=root) for d in (attempted, host))
            if was != wanted:
                ydoc.write_rows(doc, wanted, root=root)
        else:
            mine, was, wanted = (ydoc.read(d, root=root) for d in (doc, attempted, host))
            ydoc.write(doc, _revert(mine, was, wanted), root=root)


def _revert(mine: Any, attempted: Any, host: Any) -> Any:
    """``mine`` with the host's value wherever ``attempted`` differs from ``host``."""
    if attempted == host:
        return mine
    if isinstance(mine, dict) and isinstance(attempted, dict) and isinstance(host, dict):
        merged = {}
        for key in {*mine, *host}:
            value = _revert(mine.get(key, _GONE), attempted.get(key, _GONE), host.get(key, _GONE))
            if value is not _GONE:
                merged[key] = value
        return merged
    return host


_GONE = object()  # a key one side does not have


class _HostChannel:
    """The ``pycrdt.Channel`` a provider syncs through: marks frames that carry changes
    from the host and takes the host's refusal notices out of the stream."""

    def __init__(
        self, connection: ClientConnection, name: str, client: CampaignClient, shared: _Shared
    ) -> None:
        self._connection = connection
        self._name = name
        self._client = client
        self._shared = shared

    @property
    def path(self) -> str:
        return self._name

    def __aiter__(self) -> _HostChannel:
        return self

    async def __anext__(self) -> bytes:
        return await self.recv()

    async def send(self, message: bytes) -> None:
        """Everything but the host's own changes coming back: the provider sends every
        change of the document, and one applied from the host would only make the host
        check again, for every reader, what it already holds (Yjs's own providers do not
        send a change back to where it came from)."""
        if message[:2] == bytes([YMessageType.SYNC, YSyncMessageType.SYNC_UPDATE]):
            echoes = self._shared.echoes
            update = read_message(message[2:])
            if update in echoes:
                echoes.remove(update)
                return
        with contextlib.suppress(ConnectionClosed):
            await self._connection.send(message)

    async def recv(self) -> bytes:
        self._client._received(self._name, self._shared)
        while True:
            try:
                frame = await self._connection.recv()
            except ConnectionClosed:
                raise StopAsyncIteration from None
            if not isinstance(frame, bytes) or not frame:
                continue
            self._shared.heard = asyncio.get_running_loop().time()
            if frame[0] == wire.REFUSED:
                self._client._refused(self._name, wire.parse_refused(frame))
                continue
            if frame[:2] == _STEP1:
                self._shared.host_state = read_message(frame[2:])
            if self._shared.synced.is_set() and frame[:2] == _STEP2:
                # the answer to a heartbeat: held until the next one checks it arrived
                self._shared.owed = read_message(frame[2:])
                continue
            self._shared.receiving = frame[0] == YMessageType.SYNC and frame[1:2] in (
                bytes([YSyncMessageType.SYNC_STEP2]),
                bytes([YSyncMessageType.SYNC_UPDATE]),
            )
            return frame


_STEP1 = bytes([YMessageType.SYNC, YSyncMessageType.SYNC_STEP1])
_STEP2 = bytes([YMessageType.SYNC, YSyncMessageType.SYNC_STEP2])


def dial(membership: Membership, path: str, *, max_size: int) -> connect:
    """A connection to ``path`` on the member's host as this device: pinned TLS (plain
    only where a test gives no context), never through a proxy, no compression (a small
    frame must not inflate into a huge one)."""
    context = membership.ssl_context()
    scheme = "wss" if context is not None else "ws"
    host = f"[{membership.host}]" if ":" in membership.host else membership.host
    return connect(
        f"{scheme}://{host}:{membership.port}{path}",
        additional_headers={
            "Authorization": wire.authorization(membership.device_id, membership.token)
        },
        ssl=context,
        proxy=None,
        compression=None,
        max_size=max_size,
        open_timeout=5,
    )
