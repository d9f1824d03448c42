"""One client's connection to one document's room, filtered before the room sees a frame.

``YRoom`` applies every sync frame it reads and its ``on_message`` hook is not told which
connection a frame came from, so the host's checks sit here, between the websocket and the
room: per connection we know the device, its member and the document. A frame the sender
may not write, or that would leave an invalid document, is dropped and recorded; a frame
that is not the Yjs protocol at all closes this connection (1008) and no other.

The time the host spends on each frame of this connection, judging it here and applying
it in the room, is charged to the sender's ``CpuBudget``; a member in debt is not read
from until it is paid, which slows that member and no one else. The other way, a
connection that stops reading (a laptop asleep mid-session, a frozen app) would have the
room queue every change for it, in the host's memory, for as long as the socket stays
open: past ``backlog`` bytes queued it is cut, and the client's reconnection exchanges
everything at once.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from enum import Enum

from pycrdt import (
    Decoder,
    Doc,
    YMessageType,
    YSyncMessageType,
    create_sync_message,
    read_message,
)
from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from sheetapp.campaign.budget import CpuBudget, Meter
from sheetapp.campaign.contracts import Device, SharedDocument
from sheetapp.campaign.gate import Outcome, RoomGate
from sheetapp.campaign.policy import may_write
from sheetapp.campaign.wire import Refusal, refused_frame

log = logging.getLogger(__name__)

POLICY_VIOLATION = 1008


class Verdict(Enum):
    PASS = "pass"
    DROP = "drop"


class Malformed(Exception):
    """Not a frame of the Yjs sync protocol; the message says what is wrong."""


class GuardedChannel:
    """A ``pycrdt.Channel`` over a websocket that lets through only what the sender may
    send. ``shared`` is asked for the document's current record at every frame, so a
    change of owner or a reveal takes effect at once; ``gate`` holds the room's checks
    (``current`` is the room's live document); ``refuse`` records a refusal; ``budget``
    is the sender's share of the host's time."""

    def __init__(
        self,
        websocket: ServerConnection,
        device: Device,
        shared: Callable[[], SharedDocument],
        gate: RoomGate,
        current: Doc,
        refuse: Callable[[str], None],
        budget: CpuBudget,
        backlog: int | None = None,
    ) -> None:
        self._websocket = websocket
        self._backlog = backlog
        self._device = device
        self._member = device.member
        self._notices: list[Refusal] = []
        self._shared = shared
        self._gate = gate
        self._current = current
        self._refuse = refuse
        self._budget = budget
        self._meter = Meter()  # running from a frame handed to the room until the next recv
        self._asked = 0  # the client's state vectors so far: its first, then heartbeats
        self._replies: list[bytes] = []  # frames of the host's own, sent by recv

    @property
    def path(self) -> str:
        return self._shared().name

    def __aiter__(self) -> GuardedChannel:
        return self

    async def __anext__(self) -> bytes:
        return await self.recv()

    async def send(self, message: bytes) -> None:
        """Rooms broadcast from their own tasks: a peer that has gone must not fail them,
        and one that reads nothing must not hold the host's memory (see the module)."""
        transport = self._websocket.transport
        if self._backlog is not None and transport.get_write_buffer_size() > self._backlog:
            if not transport.is_closing():
                log.warning(
                    "%s: device %s reads nothing (over %d KiB queued); connection cut",
                    self.path, self._device.id, self._backlog // 1024,
                )
                transport.abort()
            return
        try:
            await self._websocket.send(message)
        except ConnectionClosed:
            pass

    async def recv(self) -> bytes:
        while True:
            self._budget.charge(self._meter.stop())  # the room's work on the last frame
            await self._budget.paid()
            try:
                frame = await self._websocket.recv()
            except ConnectionClosed as closed:
                if closed.rcvd is None and closed.sent is not None and closed.sent.code == 1009:
                    log.warning(
                        "%s: a frame over the size limit from device %s; connection closed",
                        self.path,
                        self._device.id,
                    )
                raise StopAsyncIteration from None
            self._meter.start()
            try:
                verdict = self._judge(frame)
            except Malformed as exc:
                log.warning(
                    "%s: %s from device %s; connection closed", self.path, exc, self._device.id
                )
                await self._websocket.close(POLICY_VIOLATION, str(exc)[:120])
                raise StopAsyncIteration from None
            if self._notices or self._replies:
                self._budget.charge(self._meter.stop())  # not what others do while we send
                while self._notices:
                    await self.send(refused_frame(self._notices.pop(0)))
                while self._replies:
                    await self.send(self._replies.pop(0))
                self._meter.start()
            if verdict is Verdict.PASS:
                return frame

    def _judge(self, frame: bytes | str) -> Verdict:
        if not isinstance(frame, bytes):
            raise Malformed("a text frame")
        if len(frame) < 2:
            raise Malformed("a frame too short to be a Yjs message")
        if frame[0] == YMessageType.AWARENESS:
            return Verdict.DROP  # presence has its own socket; nobody relays cursors
        if frame[0] != YMessageType.SYNC:
            raise Malformed(f"an unknown message type {frame[0]}")
        try:
            payload = read_message(frame[2:])
        except Exception:
            raise Malformed("a truncated sync message") from None
        if payload is None:
            raise Malformed("a sync message without its content")
        if frame[1] == YSyncMessageType.SYNC_STEP1:
            return self._state_vector(payload)
        if frame[1] not in (YSyncMessageType.SYNC_STEP2, YSyncMessageType.SYNC_UPDATE):
            raise Malformed(f"an unknown sync message type {frame[1]}")
        return self._update(payload)

    def _state_vector(self, payload: bytes) -> Verdict:
        """Read through, not used: the room answers it (a pair of numbers per client)."""
        reading = Decoder(payload)
        try:
            for _ in range(2 * reading.read_var_uint()):
                reading.read_var_uint()
        except Exception:
            raise Malformed("a state vector that does not decode") from None
        if reading.length:
            raise Malformed("a state vector that does not decode")
        self._asked += 1
        if self._asked > 1 and may_write(self._member, self._shared()):
            # A heartbeat: the room answers with what the client lacks; to a writer the
            # host's own state vector goes with it, so the client answers with what the
            # host lacks (a change of theirs lost on the way would otherwise wait for the
            # next reconnection, and every later one with it). A reader has nothing to add.
            self._replies.append(create_sync_message(self._current))
        return Verdict.PASS

    def _update(self, payload: bytes) -> Verdict:
        shared = self._shared()
        judged = self._gate.judge(
            payload,
            shared.kind,
            writer=may_write(self._member, shared),
            member=self._member,
            owner=shared.owner,
        )
        outcome = judged.outcome
        if outcome is Outcome.MALFORMED:
            raise Malformed("an update that does not decode")
        if outcome is Outcome.SAME:
            return Verdict.DROP  # what every client sends back on connecting: nothing new
        if outcome is Outcome.WAITS:
            log.info("%s: an update from device %s waits on others; dropped", self.path,
                     self._device.id)
            return Verdict.DROP
        if outcome is Outcome.FORBIDDEN:
            self._refused(Refusal(f"{self._member.name} may not change {shared.name}", False))
            return Verdict.DROP
        if outcome is Outcome.INVALID:
            # sent before any later broadcast: the state is all the client has had from here
            self._refused(Refusal(judged.reason, True, self._current.get_update(), payload))
            return Verdict.DROP
        return Verdict.PASS

    def _refused(self, refusal: Refusal) -> None:
        self._refuse(refusal.reason)
        self._notices.append(refusal)  # sent by recv, which may await
