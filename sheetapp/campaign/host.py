"""The campaign host: one websocket server, one Yjs room per shared document, and the
checks that make roles hold even against a modified client.

Wire (see ``wire.py``):

* ``/join``: one JSON message in, one out, handled by the ``join_handler`` it is given
  (the registry's ``handle_join``); no Authorization needed, nothing else served.
* ``/doc/<name>`` with ``Authorization: Device <id> <token>``: 401 unless the gatekeeper
  knows the device, 403 unless its member may read the document, 404 for a name no document
  can have. A document is created by the first member allowed to open it (``character:<id>``
  by anyone, who then owns it; ``npc:``, ``encounter:``, ``pack:`` by the GM;
  ``requests:<id>`` by the GM or the owner of ``character:<id>``, which must exist).
* ``/presence`` (authenticated): the host sends ``{"connected": [member ids]}`` on connect
  and whenever it changes.

Every frame passes a ``GuardedChannel`` before its room, which judges it with the room's
``RoomGate`` and charges the time it costs to the sender's ``CpuBudget`` (``limits.py``).
Each accepted change is committed to ``host.sqlite3`` from the room document's observer,
which runs inside the change and before the room's broadcast task can send it, so what any
client got is in the database; a document's updates are merged into one while serving,
every ``Limits.compact_after`` of them.
"""

from __future__ import annotations

import asyncio
import json
import logging
import signal
import sqlite3
from collections import Counter
from collections.abc import Callable, Coroutine, Iterable
from dataclasses import replace
from functools import partial
from http import HTTPStatus
from pathlib import Path
from ssl import SSLContext
from typing import Any, Protocol
from weakref import WeakKeyDictionary

from pycrdt import Doc, Map, Subscription, TransactionEvent
from pycrdt.websocket import WebsocketServer, YRoom
from pydantic import BaseModel
from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from sheetapp.campaign import heap, wire, ydoc
from sheetapp.campaign.budget import CpuBudget
from sheetapp.campaign.contracts import (
    Device,
    Gatekeeper,
    Kind,
    Member,
    Refused,
    Role,
    SharedDocument,
)
from sheetapp.campaign.gate import DOCUMENTS, MEMBERS, PHONE_PAGE, REVEALED, SETTINGS, RoomGate
from sheetapp.campaign.guard import POLICY_VIOLATION, GuardedChannel
from sheetapp.campaign.host_store import HostStore, Refusal
from sheetapp.campaign.limits import DEFAULT, Limits
from sheetapp.campaign.policy import GM_DOCUMENTS, may_read
from sheetapp.campaign.updates import EMPTY_UPDATE
from sheetapp.file_reasons import os_reason
from sheetapp.i18n import _
from sheetapp.storage.document import DocumentError, loads

log = logging.getLogger(__name__)

HOST_DB = "host.sqlite3"
ROOM_IDLE_S = 30.0  # a document's room closes this long after its last reader left
LISTEN_BACKLOG = 4096  # connections waiting to be accepted (the system may cap it lower)
RELEASE_AFTER_S = 1.0  # closed rooms' memory goes back to the system this long after
JoinHandler = Callable[[bytes, str], bytes]  # the message, the address it came from


class CampaignHost:
    """Serves one campaign from ``directory`` (which holds ``host.sqlite3``)."""

    def __init__(
        self,
        directory: Path | str,
        gatekeeper: Gatekeeper,
        ssl_context: SSLContext | None = None,
        *,
        join_handler: JoinHandler | None = None,
        max_frame: int = wire.MAX_FRAME,
        on_refused: Callable[[Refusal], None] | None = None,
        on_presence: Callable[[list[str]], None] | None = None,
        limits: Limits = DEFAULT,
        room_idle: float = ROOM_IDLE_S,
    ) -> None:
        self._directory = Path(directory)
        self.limits = limits
        self._room_idle = room_idle
        self._gatekeeper = gatekeeper
        self._ssl = ssl_context
        self._join = join_handler
        self._max_frame = max_frame
        self._on_refused = on_refused
        self._on_presence = on_presence
        self._store: HostStore | None = None
        self._rooms: WebsocketServer | None = None
        self._rooms_task: asyncio.Future[None] | None = None
        self._server: Server | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        # who passed the handshake, until their handler starts (weak: a handshake can
        # still fail after process_request, and then no handler ever takes its entry)
        self._admitted: WeakKeyDictionary[ServerConnection, tuple[Device, str]] = (
            WeakKeyDictionary()
        )
        self._connections: dict[ServerConnection, Device] = {}
        self._watchers: set[ServerConnection] = set()
        self._documents: dict[str, SharedDocument] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._opening = asyncio.Lock()
        self._gates: dict[str, RoomGate] = {}
        # each open room's commit observer: yrs holds it (and through it the document)
        # until it is unobserved, whatever Python's garbage collector sees
        self._commits: dict[str, Subscription] = {}
        self._reveals: Subscription | None = None  # the campaign document's, likewise
        # open connections by member id and by (device id, document name)
        self._held: Counter[str | tuple[str, str]] = Counter()
        self._attached: dict[str, int] = {}  # connections serving (or about to) per room
        self._budgets: dict[str, CpuBudget] = {}  # by member id: shared by their connections
        self._release: asyncio.TimerHandle | None = None  # memory handed back after rooms close

    # -- life ---------------------------------------------------------------------------

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> tuple[str, int]:
        """Listen on ``host:port`` (0: any free port); returns where it listens."""
        self._directory.mkdir(parents=True, exist_ok=True)
        self._loop = asyncio.get_running_loop()
        self._store = HostStore(self._directory / HOST_DB)
        self._documents = {doc.name: doc for doc in self._store.documents()}
        self._rooms = WebsocketServer(rooms_ready=True, auto_clean_rooms=False, log=log)
        self._rooms_task = asyncio.ensure_future(self._rooms.start())
        await self._rooms.started.wait()
        if wire.CAMPAIGN not in self._documents:
            self._add(SharedDocument(wire.CAMPAIGN, Kind.CAMPAIGN, owner=""))
        campaign = (await self._room(wire.CAMPAIGN)).ydoc
        self._reveals = campaign.observe(lambda _unused: self._spawn(self._apply_reveals()))
        try:
            self._server = await serve(
                self._handle,
                host,
                port,
                ssl=self._ssl,
                process_request=self._admit,
                max_size=self._max_frame,
                compression=None,  # no inflating a small frame into a huge one
                server_header=None,
                logger=log,
                # a table joining opens a connection per document at once: with the
                # default 100 waiting to be accepted, the rest were dropped and dialled
                # again after the kernel's 1, 3, 7 s retries
                backlog=LISTEN_BACKLOG,
            )
        except OSError as exc:  # the port is taken, the address is not this machine's
            await self.stop()
            raise OSError(f"cannot listen on {host}:{port}: {os_reason(exc)}") from None
        address = self._server.sockets[0].getsockname()
        return address[0], address[1]

    async def stop(self) -> None:
        """Close every connection and the database; what was accepted is already on disk."""
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
            self._server = None
        for task in list(self._tasks):
            task.cancel()
        if self._release is not None:
            self._release.cancel()
            self._release = None
        if self._rooms is not None:
            campaign = self._rooms.rooms.get(wire.CAMPAIGN)
            if campaign is not None and self._reveals is not None:
                campaign.ydoc.unobserve(self._reveals)
            self._reveals = None
            for name, commit in self._commits.items():
                room = self._rooms.rooms.get(name)
                if room is not None:
                    room.ydoc.unobserve(commit)
            for gate in self._gates.values():
                gate.close()
            self._commits.clear()
            self._gates.clear()
            await self._rooms.stop()
            await self._rooms_task
            self._rooms = None
        if self._store is not None:
            self._store.close()
            self._store = None

    # -- what the app and the verbs ask -------------------------------------------------

    def documents(self) -> list[SharedDocument]:
        return sorted(self._documents.values(), key=lambda doc: doc.name)

    def doc(self, name: str) -> Doc | None:
        """The room's document (the live state every client converges to), if open."""
        room = self._rooms.rooms.get(name) if self._rooms else None
        return room.ydoc if room else None

    def refusals(self) -> list[Refusal]:
        return self._require_store().refusals()

    def presence(self) -> list[str]:
        """Ids of the members with at least one open connection."""
        return sorted({device.member.id for device in self._connections.values()})

    def drop_device(self, device_id: str) -> None:
        """Close that device's connections now (after a revoke). Safe from any thread: the
        registry may call it from the UI's."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(lambda: self._spawn(self._drop(device_id)))

    def publish_members(self, members: Iterable[Member]) -> None:
        """List the members (id, name, role) in the campaign document, where every member
        reads who is who. Only the host writes the list: it keeps the registry. Call it on
        the host's loop (after start, and after each join)."""
        listing = {m.id: {"name": m.name, "role": m.role.value} for m in members}
        ydoc.write(self._campaign(), listing, root=MEMBERS)

    def publish_settings(self, settings: dict[str, str]) -> None:
        """Write the campaign's settings (whether the GM's requests wait for the player)
        where every member reads them. Only the host writes them, from the registry that
        keeps them, so they reach the players whether the GM's app or ``campaign serve``
        hosts. Call it on the host's loop."""
        ydoc.write(self._campaign(), settings, root=SETTINGS)

    def publish_phone_page(self, port: int) -> None:
        """Say where the phone page beside this host listens (0: it is not served), where
        every member's app reads it: a host on another port than the campaign's own (or
        on any free one) has its page elsewhere than the usual port + 1. Call it on the
        host's loop."""
        ydoc.write(self._campaign(), {"port": port}, root=PHONE_PAGE)

    async def set_revealed(self, name: str, revealed: bool) -> None:
        """Open a document to every player, read-only, or close it again (players' open
        connections to it are closed; they are refused from then on). The same as the
        GM's client setting ``revealed[name]`` in the campaign document, which is where
        the choice is kept."""
        if name not in self._documents:
            raise Refused(_("{name} is not a document of this campaign").format(name=name))
        campaign = self._campaign()
        campaign.get(REVEALED, type=Map)[name] = revealed
        await self._apply_reveals()

    async def _apply_reveals(self) -> None:
        """Make the documents table follow the campaign document's ``revealed`` map."""
        for name, revealed in ydoc.read(self._campaign(), root=REVEALED).items():
            doc = self._documents.get(name)
            if doc is None or doc.revealed == revealed:
                continue
            self._add(replace(doc, revealed=revealed))
            if not revealed:
                await self._close_readers(name)

    async def _close_readers(self, name: str) -> None:
        for connection, device in list(self._connections.items()):
            if connection.request and connection.request.path == wire.DOC_PREFIX + name:
                if not may_read(device.member, self._documents[name]):
                    await connection.close(POLICY_VIOLATION, "no longer shared with you")

    def _campaign(self) -> Doc:
        campaign = self.doc(wire.CAMPAIGN)
        if campaign is None:
            raise RuntimeError("the campaign host is not running")
        return campaign

    # -- handshake ----------------------------------------------------------------------

    async def _admit(self, connection: ServerConnection, request: Request) -> Response | None:
        path = request.path
        if path == wire.JOIN_PATH:
            return None
        if path != wire.PRESENCE_PATH and not path.startswith(wire.DOC_PREFIX):
            return _refuse(connection, HTTPStatus.NOT_FOUND, "no such place on this host")
        credentials = wire.parse_authorization(request.headers.get("Authorization"))
        # the registry reads (and notes when the device was last seen) on the disk: off
        # the loop, which serves every other member meanwhile
        device = (
            await asyncio.to_thread(self._gatekeeper.authenticate, *credentials)
            if credentials
            else None
        )
        if device is None:
            return _refuse(connection, HTTPStatus.UNAUTHORIZED, "unknown or revoked device")
        if path == wire.PRESENCE_PATH:
            return self._admit_as(connection, device, "")
        name = path.removeprefix(wire.DOC_PREFIX)
        kind = wire.kind_of(name)
        if kind is None:
            return _refuse(connection, HTTPStatus.NOT_FOUND, f"no document can be called {name}")
        shared = self._documents.get(name) or self._create(name, kind, device)
        if isinstance(shared, str):
            return _refuse(connection, HTTPStatus.FORBIDDEN, shared)
        if not may_read(device.member, shared):
            return _refuse(connection, HTTPStatus.FORBIDDEN, f"{name} is not shared with you")
        return self._admit_as(connection, device, name)

    def _admit_as(
        self, connection: ServerConnection, device: Device, name: str
    ) -> Response | None:
        """Let ``device`` in to ``name`` ("" the presence) unless its member holds as many
        connections as ``Limits`` allows: 429 with the limit named, tried again later."""
        member, limits = device.member, self.limits
        held = self._held[member.id] + sum(
            1 for admitted, _unused in self._admitted.values() if admitted.member.id == member.id
        )
        if held >= limits.connections_per_member:
            return _refuse(
                connection,
                HTTPStatus.TOO_MANY_REQUESTS,
                f"{member.name} holds {limits.connections_per_member} connections to this "
                "campaign, the most a member may",
            )
        same = self._held[device.id, name] + sum(
            1 for admitted, held_name in self._admitted.values()
            if admitted.id == device.id and held_name == name
        )
        if same >= limits.connections_per_document:
            return _refuse(
                connection,
                HTTPStatus.TOO_MANY_REQUESTS,
                f"this device holds {limits.connections_per_document} connections to "
                f"{name or 'the presence list'}, the most one device may",
            )
        self._admitted[connection] = (device, name)
        return None

    def _create(self, name: str, kind: Kind, device: Device) -> SharedDocument | str:
        """The new document's record, or why this member may not create it."""
        member = device.member
        if kind in GM_DOCUMENTS and member.role is not Role.GM:
            return f"only the GM creates {kind.value} documents"
        owner, subject = member.id, ""
        if kind is not Kind.REQUESTS and self._owned(member.id) >= self.limits.documents_per_member:
            return (
                f"{member.name} has {self.limits.documents_per_member} documents in this "
                "campaign, the most a member may have"
            )
        if kind is Kind.REQUESTS:
            subject = wire.subject_of(name)
            character = self._documents.get(subject)
            if character is None:
                return f"{subject} is not shared in this campaign"
            if member.role is not Role.GM and character.owner != member.id:
                return f"{subject} is not yours"
            owner = character.owner
        # The GM may have revealed it before it reached the host (both sent at once).
        revealed = ydoc.read(self._campaign(), root=REVEALED).get(name) is True
        shared = SharedDocument(name, kind, owner, subject=subject, revealed=revealed)
        self._add(shared)
        return shared

    def _owned(self, member_id: str) -> int:
        """The documents a member made (a character's requests are the character's)."""
        return sum(
            1
            for doc in self._documents.values()
            if doc.owner == member_id and doc.kind not in (Kind.REQUESTS, Kind.CAMPAIGN)
        )

    def _add(self, shared: SharedDocument) -> None:
        """Record a document and list it in the campaign document (a GM document only once
        revealed: the list is read by every player)."""
        self._require_store().put_document(shared)
        self._documents[shared.name] = shared
        campaign = self.doc(wire.CAMPAIGN)
        if campaign is not None:
            ydoc.write(campaign, self._listing(), root=DOCUMENTS)

    def _listing(self) -> dict[str, dict[str, object]]:
        return {
            doc.name: {"kind": doc.kind.value, "owner": doc.owner, "subject": doc.subject,
                       "title": doc.title, "revealed": doc.revealed}
            for doc in self._documents.values()
            if doc.kind is not Kind.CAMPAIGN and (doc.kind not in GM_DOCUMENTS or doc.revealed)
        }

    # -- connections --------------------------------------------------------------------

    async def _handle(self, connection: ServerConnection) -> None:
        if connection.request is not None and connection.request.path == wire.JOIN_PATH:
            await self._answer_join(connection)
            return
        device, name = self._admitted.pop(connection)
        self._connections[connection] = device
        held = (device.member.id, (device.id, name))
        self._held.update(held)
        self._presence_changed()
        try:
            if not name:
                await self._watch_presence(connection)
                return
            room, gate = await self._attach(name)
            try:
                await room.ydoc_observed.wait()
                channel = GuardedChannel(
                    connection,
                    device,
                    partial(self._documents.__getitem__, name),
                    gate,
                    room.ydoc,
                    partial(self._refused, name, device),
                    self.budget(device.member.id),
                    self.limits.send_backlog_bytes,
                )
                await room.serve(channel)
            finally:
                self._detach(name)
        finally:
            del self._connections[connection]
            for key in held:  # no key left behind per past device
                self._held[key] -= 1
                if not self._held[key]:
                    del self._held[key]
            self._watchers.discard(connection)
            self._presence_changed()

    async def _answer_join(self, connection: ServerConnection) -> None:
        try:
            message = await asyncio.wait_for(connection.recv(), timeout=30)
        except (ConnectionClosed, TimeoutError):
            return
        raw = message.encode("utf-8") if isinstance(message, str) else message
        if self._join is None:
            reply = json.dumps({"refused": "this host takes no new members"}).encode()
        else:
            source = connection.remote_address[0] if connection.remote_address else ""
            reply = self._join(raw, str(source))
        try:
            await connection.send(reply.decode("utf-8"))
        except ConnectionClosed:
            pass

    async def _watch_presence(self, connection: ServerConnection) -> None:
        self._watchers.add(connection)
        await self._send_presence(connection)
        try:
            async for _unused in connection:
                pass  # nothing to say back; reading keeps the close handshake flowing
        except ConnectionClosed:
            pass

    def _presence_changed(self) -> None:
        if self._on_presence is not None:
            self._on_presence(self.presence())
        for watcher in list(self._watchers):
            self._spawn(self._send_presence(watcher))

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` beside the caller, holding it so the loop cannot drop it."""
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _send_presence(self, watcher: ServerConnection) -> None:
        try:
            await watcher.send(json.dumps({"connected": self.presence()}))
        except ConnectionClosed:
            pass

    async def _drop(self, device_id: str) -> None:
        for connection, device in list(self._connections.items()):
            if device.id == device_id:
                await connection.close(POLICY_VIOLATION, "device revoked")

    async def _close_when_idle(self, name: str) -> None:
        """Close a document's room once nobody has read it for ``room_idle`` seconds: a
        table that played 300 sheets and left gives their memory back (the room opens
        again from the database at the next connection). The campaign's stays open: the
        host writes the members and settings there."""
        await asyncio.sleep(self._room_idle)
        async with self._opening:
            rooms = self._rooms
            room = rooms.rooms.get(name) if rooms is not None else None
            if rooms is None or room is None or room.clients or self._attached.get(name):
                return
            await rooms.delete_room(name=name)
            # YRoom.stop leaves the stream its document's observer fed open (a
            # ResourceWarning once collected); nothing writes to it after the stop
            room._update_send_stream.close()
            room.ydoc.unobserve(self._commits.pop(name))
            self._gates.pop(name).close()
            self._release_soon()

    def _release_soon(self) -> None:
        """Once the rooms closing now have closed (a table leaves all at once), hand
        their memory back to the system, once for all of them."""
        if self._release is None and self._loop is not None:
            self._release = self._loop.call_later(RELEASE_AFTER_S, self._released)

    def _released(self) -> None:
        self._release = None
        heap.release()

    def rooms_open(self) -> list[str]:
        """The documents whose rooms are open (in memory) now."""
        return sorted(self._rooms.rooms) if self._rooms is not None else []

    def budget(self, member_id: str) -> CpuBudget:
        """The member's share of the host's time: their connections draw on it, and so
        does the phone page's work for their phones (one loop serves both)."""
        budget = self._budgets.get(member_id)
        if budget is None:
            limits = self.limits
            budget = self._budgets[member_id] = CpuBudget(limits.cpu_share, limits.cpu_burst)
        return budget

    def _refused(self, name: str, device: Device, reason: str) -> None:
        refusal = self._require_store().refuse(name, device.id, device.member.id, reason)
        log.warning("%s: refused an update from device %s: %s", name, device.id, reason)
        if self._on_refused is not None:
            self._on_refused(refusal)

    async def _attach(self, name: str) -> tuple[YRoom, RoomGate]:
        """The document's room and gate for a connection that will serve on it, counted
        as attached in the same locked step that finds or opens the room: the idle closer
        takes the same lock and leaves a room alone while anything is attached, so a
        connection never finds its room stopped (or its gate gone) between here and
        joining the room's clients. ``_detach`` when the connection ends."""
        async with self._opening:
            room = await self._open_room(name)
            self._attached[name] = self._attached.get(name, 0) + 1
            return room, self._gates[name]

    def _detach(self, name: str) -> None:
        left = self._attached.pop(name, 1) - 1
        if left:
            self._attached[name] = left
        elif name != wire.CAMPAIGN:
            self._spawn(self._close_when_idle(name))

    async def _room(self, name: str) -> YRoom:
        """The document's running room, loaded from the database the first time."""
        async with self._opening:
            room = await self._open_room(name)
        # A room sends on what it applies only once a task of its own observes the
        # document; an edit applied before that would reach no reader.
        await room.ydoc_observed.wait()
        return room

    async def _open_room(self, name: str) -> YRoom:
        """Under ``_opening``: ``WebsocketServer.get_room`` called twice before a new room
        has started starts it twice, and the second start waits forever on the first
        one's lock. The stored updates are replayed in a thread: a document of thousands
        of rows costs the loop (every other member) nothing meanwhile."""
        assert self._rooms is not None
        if name not in self._rooms.rooms:
            store = self._require_store()
            updates = store.updates(name)
            doc, merged = await asyncio.to_thread(
                _replayed, updates, len(updates) > self.limits.compact_after
            )
            if merged is not None:
                store.compact(name, merged)
                updates = updates[-1:]
            subject = (
                partial(self._sheet_of, wire.subject_of(name))
                if wire.kind_of(name) is Kind.REQUESTS
                else None
            )
            gate = self._gates[name] = RoomGate(
                doc, self.limits.document_bytes, subject=subject
            )
            commit = _Commit(store, name, doc, gate, self.limits, len(updates))
            self._commits[name] = doc.observe(commit)
            self._rooms.rooms[name] = YRoom(
                ready=True, ydoc=doc, log=log, exception_handler=_logged
            )
        room = self._rooms.rooms[name]
        await self._rooms.start_room(room)
        return room

    def _sheet_of(self, character: str) -> BaseModel | None:
        """The character's sheet as the host holds it, for the rules' bounds of a request
        made for it (None: no valid sheet yet). From its room when open, else from the
        database (a request is rare; its character is nearly always open)."""
        doc = self.doc(character)
        if doc is None:
            doc = _replayed(self._require_store().updates(character), False)[0]
        data = ydoc.read(doc)
        try:
            return loads(json.dumps(data, ensure_ascii=False)) if data else None
        except DocumentError:
            return None

    def _require_store(self) -> HostStore:
        if self._store is None:
            raise RuntimeError("the campaign host is not running")
        return self._store


class _Commit:
    """The room document's observer: each change to the database and to the gate's
    scratch copy; every ``compact_after`` updates, the document's rows merged into one
    (the whole document is encoded then: amortised, a few microseconds an update)."""

    def __init__(
        self, store: HostStore, name: str, doc: Doc, gate: RoomGate, limits: Limits, kept: int
    ) -> None:
        self._store, self._name, self._doc, self._gate = store, name, doc, gate
        self._compact_after, self._kept = limits.compact_after, kept

    def __call__(self, event: TransactionEvent) -> None:
        update = event.update
        if update == EMPTY_UPDATE:  # a client sending back what the room already had
            return
        self._gate.follow(update)
        self._store.append(self._name, update)
        self._kept += 1
        if self._kept == self._compact_after + 1:
            # not inside the change: the document cannot be read while it is being written
            asyncio.get_running_loop().call_soon(self._compact)

    def _compact(self) -> None:
        """Every row so far becomes one: the document holds all of them (and any that
        came since this was scheduled)."""
        try:
            self._store.compact(self._name, self._doc.get_update())
        except sqlite3.Error as exc:  # the host stopped meanwhile: a start merges them
            log.info("%s: history not merged: %s", self._name, exc)
            return
        self._kept = 1


def _replayed(updates: list[bytes], merge: bool) -> tuple[Doc, bytes | None]:
    """A document made of ``updates``, and their merge when ``merge`` (its whole state)."""
    doc = Doc()
    for update in updates:
        doc.apply_update(update)
    return doc, doc.get_update() if merge else None


def _refuse(connection: ServerConnection, status: HTTPStatus, reason: str) -> Response:
    return connection.respond(status, reason + "\n")


def _logged(exception: Exception, logger: logging.Logger) -> bool:
    logger.warning("campaign room: %s: %s", type(exception).__name__, exception)
    return True


class Serves(Protocol):
    """What ``serve_forever`` runs: a ``CampaignHost``, or one wired to its folder
    (``serving.HostedCampaign``)."""

    async def start(self, host: str, port: int) -> tuple[str, int]: ...

    async def stop(self) -> None: ...


def serve_forever(
    served: Serves,
    address: str = "0.0.0.0",
    port: int = 0,
    *,
    ready: Callable[[str, int], None] | None = None,
) -> None:
    """Run ``served`` until SIGINT or SIGTERM: blocking, no Qt. ``ready`` is told where it
    listens once it does. ``OSError`` when it cannot. ``sheetapp campaign serve`` runs its
    ``HostedCampaign`` here (``serving.serve_until_signalled``); tests and bench/ a bare
    host."""

    async def main() -> None:
        stopping = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signum, stopping.set)
        where = await served.start(address, port)
        try:
            if ready is not None:
                ready(*where)
            await stopping.wait()
        finally:
            await served.stop()

    asyncio.run(main())
