"""The phone page's server: the page's files and its JSON API, beside the campaign host.

A phone cannot run the Yjs sync itself (the page is plain JavaScript, and rules stay in
Python), so each paired phone that is in use has a session here: a ``CampaignClient``
that dials the host on this machine over loopback, pinned to the host's certificate, as
the phone's own device. Everything the phone changes is written into that client's copy
of the member's documents and reaches the host's gate as that device's edit, through the
same checks, limits and budget as an edit from the member's laptop; the host never
hears of the phone otherwise. A revoked phone is refused here (its token no longer
authenticates) and by the host (which closes its session's connections).

API (JSON; every call but ``/api/pair`` carries the phone's ``Authorization: Device``):

* ``GET /api/state?since=N``: the member's characters, party, shown encounter and pending
  requests, as computed here; answered at once when the state is newer than ``N``, else
  when it changes (at most ``LONG_POLL_S`` later).
* ``POST /api/roll`` ``{"character", "check"}``: one roll, written to the sheet's dice log.
* ``POST /api/edit`` ``{"character", "op": damage|heal|notes|quantity, ...}``.
* ``POST /api/request`` ``{"id", "accept"}``: accept or decline one of the GM's requests.
* ``POST /api/pair`` ``{"member"?}`` with a laptop's device: a new phone for that member
  (the GM may name any member), answered with the link its QR code shows.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import ssl
from collections.abc import Callable
from dataclasses import dataclass, field
from http import HTTPStatus
from importlib import resources
from typing import Any

from pycrdt import Doc

from sheetapp.campaign import requests as gm_requests
from sheetapp.campaign import wire, ydoc
from sheetapp.campaign.budget import CpuBudget, Meter
from sheetapp.campaign.client import REFUSED, CampaignClient, MemoryReplicas
from sheetapp.campaign.contracts import Device, Kind, Role
from sheetapp.campaign.gate import DOCUMENTS, MEMBERS
from sheetapp.campaign.invites import InviteError, normal_host
from sheetapp.campaign.members import Registry, RegistryError
from sheetapp.campaign.phone import character, words
from sheetapp.campaign.phone.https import HttpsServer, Request, Response
from sheetapp.campaign.phone.pairing import Phones
from sheetapp.campaign.tls import Identity, pinned_client_context
from sheetapp.dice import Roller
from sheetapp.i18n import _, ngettext

log = logging.getLogger(__name__)

LONG_POLL_S = 20.0
IDLE_S = 120.0  # a session nobody asked anything of for this long is closed
OPEN_WAIT_S = 5.0
# Sessions one member's phones hold at once: each is a client holding a copy of all the
# member's documents in the host's process, so 16 phones must not make 16 copies. The one
# used least recently gives its place to a new one (it opens again when next asked);
# while each is answering its page (an open page always waits on a long poll), a new
# phone is refused with the reason.
MAX_SESSIONS_PER_MEMBER = 4
STATIC = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/index.html": ("index.html", "text/html; charset=utf-8"),
    "/app.js": ("app.js", "text/javascript; charset=utf-8"),
    "/style.css": ("style.css", "text/css; charset=utf-8"),
    "/sw.js": ("sw.js", "text/javascript; charset=utf-8"),
    "/manifest.webmanifest": ("manifest.webmanifest", "application/manifest+json"),
    "/icon.svg": ("icon.svg", "image/svg+xml"),
}


@dataclass(frozen=True)
class LoopbackMembership:
    """A phone's device as ``CampaignClient`` dials with it: the host on this machine."""

    host: str
    port: int
    device_id: str
    token: str
    fingerprint: str
    cert_pem: str

    def ssl_context(self) -> ssl.SSLContext:
        return pinned_client_context(self.cert_pem)


@dataclass
class Session:
    """One phone in use: its device and its own client of the host (``client`` is set
    once the session exists: its callbacks tell the session)."""

    device: Device
    client: CampaignClient = field(init=False)
    # where this session's versions start: a page asking "since" a version another
    # session gave it (closed meanwhile, or a restarted host) is not taken as up to date
    version: int = field(default_factory=lambda: secrets.randbelow(10**9))
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    refusals: list[str] = field(default_factory=list)
    used: float = 0.0
    busy: int = 0  # requests being answered: a session is never closed under one
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    def bump(self) -> None:
        self.version += 1
        self.changed.set()
        self.changed = asyncio.Event()


class PhoneServer:
    """Serves the phone page of one hosted campaign; ``host_address()`` says where the
    campaign's websocket host listens (read once the host has started)."""

    def __init__(
        self,
        registry: Registry,
        phones: Phones,
        identity: Identity,
        ssl_context: ssl.SSLContext | None,
        host_address: Callable[[], tuple[str, int]],
        *,
        budget: Callable[[str], CpuBudget],
        roller: Roller | None = None,
    ) -> None:
        self.registry = registry
        self.phones = phones
        self.identity = identity
        self._host_address = host_address
        self._roller = roller or Roller()
        self._budget = budget  # by member id: the host's, shared with their laptop's sync
        self._http = HttpsServer(self.answer, ssl_context)
        self._sessions: dict[str, Session] = {}
        self._reaper: asyncio.Task[None] | None = None
        self._closing: set[asyncio.Future[None]] = set()
        self.address: tuple[str, int] | None = None

    async def start(self, bind: str, port: int) -> tuple[str, int]:
        self.address = await self._http.start(bind, port)
        self._reaper = asyncio.ensure_future(self._reap())
        await asyncio.to_thread(self._note_served, self.address[1])
        return self.address

    def _note_served(self, port: int | None) -> None:
        try:
            self.phones.note_served(port)
        except OSError as exc:  # the page is served all the same; 'campaign phone' guesses
            log.warning("phone page: cannot note where it listens: %s", exc)

    async def stop(self) -> None:
        if self._reaper is not None:
            self._reaper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reaper
        await self._http.stop()
        if self.address is not None:
            await asyncio.to_thread(self._note_served, None)
        sessions, self._sessions = self._sessions, {}
        for session in sessions.values():
            await session.client.close()

    def drop_device(self, device_id: str) -> None:
        """Forget a revoked phone's session (on the serving loop)."""
        session = self._sessions.pop(device_id, None)
        if session is not None:
            self._close_later(session)

    def _close_later(self, session: Session) -> None:
        closing = asyncio.ensure_future(session.client.close())
        self._closing.add(closing)
        closing.add_done_callback(self._closing.discard)

    # -- requests -----------------------------------------------------------------------

    async def answer(self, request: Request) -> Response:
        static = STATIC.get(request.path)
        if static is not None and request.method == "GET":
            return _static(*static)
        if not request.path.startswith("/api/"):
            return _error(HTTPStatus.NOT_FOUND, _("There is nothing here."))
        if request.method not in ("GET", "POST"):
            return _error(HTTPStatus.METHOD_NOT_ALLOWED, _("Only GET and POST are answered."))
        body: Any = {}
        if request.method == "POST":
            try:
                body = json.loads(request.body or b"{}")
            except (ValueError, RecursionError):
                return _error(HTTPStatus.BAD_REQUEST, _("The request is not JSON."))
            if not isinstance(body, dict):
                return _error(HTTPStatus.BAD_REQUEST, _("The request is not a JSON object."))
        found = await self._device(request)
        if found is None:
            return _error(HTTPStatus.UNAUTHORIZED, _("This device is unknown or was revoked."))
        device, token = found
        route = (request.method, request.path)
        if route == ("POST", "/api/pair"):
            return await self._pair(device, body, request)
        if not await asyncio.to_thread(self.phones.is_phone, device.id):
            return _error(HTTPStatus.FORBIDDEN, _("Only a paired phone opens this page."))
        if device.id not in self._sessions and not self._make_room(device.member.id):
            return _error(HTTPStatus.TOO_MANY_REQUESTS, ngettext(
                "{most} of {name}'s phones is open at once, the most the host serves; "
                "close the page on it.",
                "{most} of {name}'s phones are open at once, the most the host serves; "
                "close the page on one of them.",
                MAX_SESSIONS_PER_MEMBER,
            ).format(most=MAX_SESSIONS_PER_MEMBER, name=device.member.name))
        session = self._session(device, token)
        handlers = {
            ("GET", "/api/state"): self._state,
            ("POST", "/api/roll"): self._roll,
            ("POST", "/api/edit"): self._edit,
            ("POST", "/api/request"): self._decide,
        }
        handler = handlers.get(route)
        if handler is None:
            return _error(HTTPStatus.NOT_FOUND, _("There is no such call."))
        session.used = asyncio.get_running_loop().time()
        session.busy += 1
        try:
            # A phone asking without pause spends its member's share of the loop (views
            # are computed here, milliseconds each), then waits: it slows itself only.
            budget = self._budget(device.member.id)
            await budget.paid()
            await self._open_all(session)  # a phone's first call may be an edit
            if route == ("GET", "/api/state"):
                await self._changed_since(session, request)
            meter = Meter()
            meter.start()
            try:
                return handler(session, body)
            except (character.EditRefused, gm_requests.RequestRefused) as exc:
                return _error(HTTPStatus.CONFLICT, str(exc))
            finally:
                budget.charge(meter.stop())
        finally:
            session.busy -= 1

    async def _device(self, request: Request) -> tuple[Device, str] | None:
        credentials = wire.parse_authorization(request.headers.get("authorization"))
        if credentials is None:
            return None
        try:
            device = await asyncio.to_thread(self.registry.authenticate, *credentials)
        except RegistryError as exc:
            log.warning("phone page: %s", exc)
            return None
        if device is None:
            self.drop_device(credentials[0])
            return None
        return device, credentials[1]

    async def _pair(self, device: Device, body: dict[str, Any], request: Request) -> Response:
        if await asyncio.to_thread(self.phones.is_phone, device.id):
            return _error(HTTPStatus.FORBIDDEN, _("A phone cannot pair another phone."))
        member = body.get("member") or device.member.name
        if not isinstance(member, str):
            return _error(HTTPStatus.BAD_REQUEST, _("Name the member as text."))
        if device.member.role is not Role.GM and member.casefold() != device.member.name.casefold():
            return _error(HTTPStatus.FORBIDDEN, _("Only the GM pairs a phone for another member."))
        address = body.get("address")
        if not isinstance(address, str) or not address.strip():
            address = request.headers.get("host", "").rpartition(":")[0] or "127.0.0.1"
        try:
            address = normal_host(address.strip("[]"))
        except InviteError as exc:
            return _error(HTTPStatus.BAD_REQUEST, str(exc))
        try:
            pairing = await asyncio.to_thread(self.phones.pair, self.registry, member)
        except (RegistryError, ValueError) as exc:
            return _error(HTTPStatus.CONFLICT, str(exc))
        assert self.address is not None
        link = pairing.link(address, self.address[1], self.identity.fingerprint)
        return _json({"device": pairing.device.id, "link": link})

    def _session(self, device: Device, token: str) -> Session:
        session = self._sessions.get(device.id)
        if session is not None:
            return session
        where = self._host_address()
        dial = {"": "127.0.0.1", "0.0.0.0": "127.0.0.1", "::": "::1"}.get(where[0], where[0])
        membership = LoopbackMembership(
            dial, where[1], device.id, token, self.identity.fingerprint, self.identity.cert_pem
        )
        session = Session(device)

        def refused(name: str, reason: str) -> None:
            session.refusals.append(reason)
            session.bump()

        session.client = CampaignClient(
            membership,
            MemoryReplicas(),
            on_remote_change=lambda _name, _doc: session.bump(),
            on_refused=refused,
            # a revoked phone's connections are closed by the host: its page hears at once
            on_status=lambda _name, status: status.startswith(REFUSED) and session.bump(),
        )
        self._sessions[device.id] = session
        return session

    def _make_room(self, member_id: str) -> bool:
        """Whether the member may open one more session: they hold fewer than the most,
        or one of theirs is answering nothing now (the least recently used of those is
        closed here for the new one)."""
        idle = [
            (s.used, d) for d, s in self._sessions.items()
            if s.device.member.id == member_id and s.busy == 0
        ]
        held = sum(1 for s in self._sessions.values() if s.device.member.id == member_id)
        if held < MAX_SESSIONS_PER_MEMBER:
            return True
        if not idle:
            return False
        self._close_later(self._sessions.pop(min(idle)[1]))
        return True

    async def _changed_since(self, session: Session, request: Request) -> None:
        """A long poll's wait: until the state is newer than the phone's ``since`` (a
        version this session did not give is answered at once)."""
        since = _since(request.query)
        if since is not None and since == session.version:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(session.changed.wait(), LONG_POLL_S)
            await self._open_all(session)

    def _state(self, session: Session, _body: Any) -> Response:
        return _json(self._snapshot(session))

    async def _open_all(self, session: Session) -> None:
        """Open what the member reads: the campaign, their characters and the requests on
        them, the encounter the GM shows (each once; later ones as they are listed)."""
        async with session.lock:
            client = session.client
            if wire.CAMPAIGN not in client.opened():
                await self._open(session, wire.CAMPAIGN)
            for name in self._wanted(session):
                if name not in client.opened():
                    await self._open(session, name)

    async def _open(self, session: Session, name: str) -> None:
        client = session.client
        await client.open(name, wait=OPEN_WAIT_S)
        session.bump()

    def _wanted(self, session: Session) -> list[str]:
        listing = self._listing(session)
        member = session.device.member.id
        return sorted(
            name
            for name, entry in listing.items()
            if (entry.get("kind") in (Kind.CHARACTER.value, Kind.REQUESTS.value)
                and entry.get("owner") == member)
            or (entry.get("kind") == Kind.ENCOUNTER.value and entry.get("revealed") is True)
        )

    def _listing(self, session: Session) -> dict[str, dict[str, Any]]:
        client = session.client
        if wire.CAMPAIGN not in client.opened():
            return {}
        listing = ydoc.read(client.doc(wire.CAMPAIGN), root=DOCUMENTS)
        return {k: v for k, v in listing.items() if isinstance(v, dict)}

    def _snapshot(self, session: Session) -> dict[str, Any]:
        client = session.client
        opened = set(client.opened())
        members = ydoc.read(client.doc(wire.CAMPAIGN), root=MEMBERS) if opened else {}
        listing = self._listing(session)
        characters, pending, encounters = [], [], []
        standing: dict[str, dict[str, Any]] = {}
        for name in sorted(opened):
            kind = wire.kind_of(name)
            doc = client.doc(name)
            if kind is Kind.CHARACTER and self._owns(session, name):
                characters.append(self._character(name, doc))
            elif kind is Kind.REQUESTS and self._owns(session, name):
                subject = wire.subject_of(name)
                pending += [
                    {"id": r.id, "character": subject, "text": r.describe(), "kind": r.kind}
                    for r in gm_requests.pending(doc)
                ]
            elif kind is Kind.ENCOUNTER and listing.get(name, {}).get("revealed"):
                shown = ydoc.read(doc)
                lines = shown.get("lines", [])
                encounters.append({
                    "name": str(shown.get("name", "")),
                    "lines": [str(line) for line in lines] if isinstance(lines, list) else [],
                })
                if len(encounters) == 1:
                    standing = _standing(shown.get("party"))
        statuses = {name: client.status(name) for name in opened}
        return {
            "version": session.version,
            "member": {"name": session.device.member.name, "role": session.device.member.role},
            "party": _party(members, listing, standing),
            "characters": characters,
            "requests": pending,
            "encounter": encounters[0] if encounters else None,
            "refusals": session.refusals[-5:],
            "refused": next(
                (s.split(": ", 1)[-1] for s in statuses.values() if s.startswith(REFUSED)), ""
            ),
        }

    def _owns(self, session: Session, name: str) -> bool:
        entry = self._listing(session).get(name, {})
        return entry.get("owner") == session.device.member.id

    def _character(self, name: str, doc: Doc) -> dict[str, Any]:
        try:
            shown = character.view(doc)
        except character.EditRefused as exc:
            return {"id": name, "name": name, "problem": str(exc)}
        except Exception as exc:  # a sheet no view can be made of: said, not a dead page
            log.warning("phone page: %s: %s", name, exc)
            return {"id": name, "name": name, "problem": _("This sheet cannot be shown.")}
        return {"id": name, **shown}

    def _own_doc(self, session: Session, body: dict[str, Any]) -> Doc:
        name = body.get("character")
        if (
            not isinstance(name, str)
            or wire.kind_of(name) is not Kind.CHARACTER
            or name not in session.client.opened()
            or not self._owns(session, name)
        ):
            raise character.EditRefused(_("That is not one of your characters."))
        return session.client.doc(name)

    def _roll(self, session: Session, body: dict[str, Any]) -> Response:
        doc = self._own_doc(session, body)
        key = body.get("check")
        if not isinstance(key, str):
            raise character.EditRefused(_("Name the roll as text."))
        reading = character.roll(doc, key, session.device.member.name, self._roller)
        session.bump()
        return _json(reading)

    def _edit(self, session: Session, body: dict[str, Any]) -> Response:
        doc = self._own_doc(session, body)
        op = body.get("op")
        if op in ("damage", "heal"):
            track, amount = body.get("track"), body.get("amount")
            if not isinstance(track, str) or not _whole(amount):
                raise character.EditRefused(_("Give a track and a whole number of points."))
            character.hurt(doc, track, amount, healing=op == "heal")
        elif op == "notes":
            text = body.get("text")
            if not isinstance(text, str):
                raise character.EditRefused(_("Notes are text."))
            character.set_notes(doc, text)
        elif op == "quantity":
            gear, row, value = body.get("list"), body.get("row"), body.get("value")
            if not isinstance(gear, str) or not _whole(row) or not _whole(value):
                raise character.EditRefused(_("Give a gear row and a whole number."))
            character.set_quantity(doc, gear, row, value)
        else:
            raise character.EditRefused(_("There is no such change."))
        session.bump()
        return _json(self._snapshot(session))

    def _decide(self, session: Session, body: dict[str, Any]) -> Response:
        request_id, accept = body.get("id"), body.get("accept")
        if not isinstance(request_id, str) or not isinstance(accept, bool):
            raise character.EditRefused(_("Give the request and whether it is accepted."))
        client = session.client
        for name in client.opened():
            if wire.kind_of(name) is not Kind.REQUESTS or not self._owns(session, name):
                continue
            doc = client.doc(name)
            found = next((r for r in gm_requests.pending(doc) if r.id == request_id), None)
            if found is None:
                continue
            subject = wire.subject_of(name)
            if accept:
                if subject not in client.opened():
                    raise character.EditRefused(_("The character is not open yet; try again."))
                gm_requests.apply(character.DocLibrary(client.doc(subject)), 0, found)  # type: ignore[arg-type]
            gm_requests.decide(doc, request_id, accept)
            session.bump()
            return _json(self._snapshot(session))
        raise character.EditRefused(_("There is no such request waiting."))

    async def _reap(self) -> None:
        """Close the sessions of phones nobody has used for ``IDLE_S``."""
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(IDLE_S / 4)
            for device_id, session in list(self._sessions.items()):
                if session.busy == 0 and loop.time() - session.used > IDLE_S:
                    del self._sessions[device_id]
                    await session.client.close()


def _standing(shown: Any) -> dict[str, dict[str, Any]]:
    """The players' characters in the shown encounter, by document: the name the GM's
    Table gives each and its conditions in words (what the GM's app wrote; anything
    else in it is passed over)."""
    if not isinstance(shown, dict):
        return {}
    standing = {}
    for name, entry in shown.items():
        if not isinstance(entry, dict) or wire.kind_of(name) is not Kind.CHARACTER:
            continue
        conditions = entry.get("conditions")
        standing[name] = {
            "name": str(entry.get("name", "")),
            "conditions": [str(c) for c in conditions] if isinstance(conditions, list) else [],
        }
    return standing


def _party(
    members: dict[str, Any],
    listing: dict[str, dict[str, Any]],
    standing: dict[str, dict[str, Any]],
) -> list[dict[str, Any]]:
    """The members, the GM first, each with their characters in the encounter the GM
    shows and the conditions the GM's Table gives them: only what the GM shows every
    player (no other member's sheet is read for it)."""
    held: dict[str, list[dict[str, Any]]] = {}
    for name, shown in standing.items():
        entry = listing.get(name, {})
        if entry.get("kind") == Kind.CHARACTER.value:
            held.setdefault(str(entry.get("owner", "")), []).append(shown)
    party = [
        {
            "name": str(member.get("name", "")),
            "role": str(member.get("role", "")),
            "characters": sorted(held.get(member_id, []), key=lambda c: c["name"].casefold()),
        }
        for member_id, member in members.items()
        if isinstance(member, dict)
    ]
    return sorted(party, key=lambda m: (m["role"] != "gm", m["name"].casefold()))


def _since(query: str) -> int | None:
    for part in query.split("&"):
        key, _sep, value = part.partition("=")
        if key == "since" and value.isdigit() and len(value) < 12:
            return int(value)
    return None


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) <= 10**9


def _json(data: Any, status: HTTPStatus = HTTPStatus.OK) -> Response:
    body = json.dumps(data, ensure_ascii=False).encode("utf-8")
    return Response(status, body, "application/json; charset=utf-8", {"Cache-Control": "no-store"})


def _error(status: HTTPStatus, message: str) -> Response:
    return _json({"error": message}, status)


def _static(name: str, content_type: str) -> Response:
    body = resources.files(__package__).joinpath("static", name).read_bytes()
    if name == "index.html":  # its words, in the host's language
        body = words.page(body.decode("utf-8")).encode("utf-8")
    return Response(HTTPStatus.OK, body, content_type, {"Cache-Control": "no-cache"})
