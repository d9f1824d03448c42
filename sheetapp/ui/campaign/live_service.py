"""The campaign service the window really uses: the host (when this machine hosts) and the
client run on a ``BackgroundLoop``; the library and the shared documents are kept in step
by the ``Shelf`` on the window's thread.

Two threads, one rule: a ``pycrdt.Doc`` the client syncs is touched only on the worker
thread, and the library only on the window's thread (one SQLite connection each; the
worker opens its own on the same file for the client's replica store). What crosses is
plain data: Yjs updates as bytes, listings as dicts. A remote change is applied to the
library through ``LibrarySession.perform``, so every view hears of it as of any other
change; a local save of a shared sheet goes the other way as the update the ``Shelf``
makes from the library.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import Callable, Coroutine
from dataclasses import replace
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Any

from pycrdt import Doc, Map
from PySide6.QtCore import QObject

from sheetapp.bounded_read import read_limited
from sheetapp.campaign import requests as campaign_requests
from sheetapp.campaign import wire, ydoc
from sheetapp.campaign.client import CONNECTED, OFFLINE, REFUSED, CampaignClient
from sheetapp.campaign.contracts import Kind, Member, Refused, Role
from sheetapp.campaign.discovery import advertise, lan_address
from sheetapp.campaign.gate import MEMBERS, REVEALED, SETTINGS
from sheetapp.campaign.hosting import HostFolder, create_host, hosted
from sheetapp.campaign.invites import (
    InviteError,
    InviteLink,
    format_link,
    normal_code,
    parse_link,
)
from sheetapp.campaign.members import Registry, RegistryError
from sheetapp.campaign.membership import JoinError, Membership, join, load_all, save
from sheetapp.campaign.presence import watch_presence
from sheetapp.campaign.replicas import LibraryReplicaStore
from sheetapp.campaign.requests import Request, RequestRefused
from sheetapp.campaign.serving import HostedCampaign
from sheetapp.campaign.shelf import CampaignRef, Shelf
from sheetapp.campaign.tls import Identity, TlsError
from sheetapp.data_dir import private_folder
from sheetapp.storage.atomic import write_atomic
from sheetapp.storage.library import Library, LibraryError, open_library
from sheetapp.storage.library.changes import LibraryChanges
from sheetapp.ui.background_loop import BackgroundLoop
from sheetapp.ui.campaign.ownership import why_read_only
from sheetapp.ui.campaign.service import (
    CampaignService,
    MemberDevices,
    PendingRequest,
    Presence,
    RequestKind,
    SavedCampaign,
    State,
)
from sheetapp.ui.library.session import LibrarySession

log = logging.getLogger(__name__)

DOCUMENTS = "documents"  # root the host writes: the shared documents' listing


class LiveCampaignService(CampaignService):
    """See the module docstring. ``bind``/``port``: where a hosted campaign listens (the
    registry's port by default; tests use port 0 on loopback); ``address``: the host
    invites name (this machine's LAN address by default)."""

    def __init__(
        self,
        session: LibrarySession,
        parent: QObject | None = None,
        *,
        label: str = "this computer",
        bind: str = "0.0.0.0",
        port: int | None = None,
        advertise: bool = True,
        address: str | None = None,
    ) -> None:
        super().__init__(parent)
        self._session = session
        self._label = label
        self._bind = bind
        self._port = port
        self._advertise = advertise
        self._public = address
        self._worker: BackgroundLoop | None = None  # started when first needed
        # Each host, join or take-up is one attempt; Leave begins the next, so what an
        # earlier attempt finishes later (a host that started, a join that answered) is
        # undone instead of bringing the campaign back.
        self._attempt = 0
        self._answers: dict[str, bool] = {}  # requests accepted (True) or declined here
        self._state: tuple[State, str] = ("off", "")
        self._membership: Membership | None = None
        self._hosting: HostFolder | None = None
        self._identity: Identity | None = None
        self._address: tuple[str, int] | None = None
        # worker-thread objects: touched only by coroutines run on the loop
        self._hosted: HostedCampaign | None = None
        self._client: CampaignClient | None = None
        self._presence_task: Any = None
        # window-thread copies of what the documents say
        self._listing: dict[str, dict[str, Any]] = {}
        self._about: dict[str, Any] = {}
        self._connected: list[str] = []
        self._requests: dict[str, list[Request]] = {}
        self._damage: dict[str, dict[str, int]] = {}  # the damage each sheet's document holds
        self._packs: dict[str, str] = {}  # the GM's shared universe packs: id -> document
        self._encounter = ""  # the document of the encounter the GM shows ("" none)
        self._opened: set[str] = set()
        session.changed.connect(self._library_changed)

    # --- the interface: state ----------------------------------------------------------------

    def status(self) -> tuple[State, str]:
        return self._state

    def role(self) -> Role | None:
        return self._membership.member.role if self._membership else None

    def member(self) -> Member | None:
        return self._membership.member if self._membership else None

    def presence(self) -> list[Presence]:
        members = self._about.get("members", {})
        return [
            Presence(member_id, str(info.get("name", "")), Role(info.get("role", "player")),
                     member_id in self._connected)
            for member_id, info in members.items()
            if isinstance(info, dict) and info.get("role") in ("gm", "player")
        ]

    # --- hosting and joining -------------------------------------------------------------------

    def host(self, name: str, gm_name: str) -> None:
        self._require_off()
        try:
            folder = create_host(name, gm_name, **({"port": self._port} if self._port else {}))
        except (RegistryError, TlsError, OSError) as exc:
            raise Refused(str(exc)) from None
        self._serve(folder, None)

    def saved(self) -> list[SavedCampaign]:
        """The campaigns this machine hosts or has joined, to take up again after a restart."""
        hosting = _hosted_by_id()
        found, problems = load_all()
        for problem in problems:
            log.info("campaign: %s", problem)
        joined = [
            SavedCampaign(m.campaign_id, m.campaign_name, m.member.name, m.campaign_id in hosting)
            for m in found
        ]
        known = {m.campaign_id for m in found}
        only_hosted = [  # made with 'sheetapp campaign create', never hosted in the window
            SavedCampaign(campaign_id, registry.campaign_name, registry.gm().name, True)
            for campaign_id, registry in (
                (campaign_id, folder.registry()) for campaign_id, folder in hosting.items()
            )
            if campaign_id not in known
        ]
        return joined + only_hosted

    def resume(self, campaign_id: str) -> None:
        """Take a saved campaign up again: host it once more (its members and documents are
        all kept in its folder) or reconnect as the member this machine joined as."""
        self._require_off()
        membership = next((m for m in load_all()[0] if m.campaign_id == campaign_id), None)
        folder = _hosted_by_id().get(campaign_id)
        if membership is None and folder is None:
            raise Refused("this machine has not joined or hosted that campaign")
        if folder is None:
            assert membership is not None
            self._report("connecting", membership.campaign_name)
            self._connect(membership)
        else:
            self._serve(folder, membership)

    def _serve(self, folder: HostFolder, membership: Membership | None) -> None:
        """Start hosting ``folder``; this window takes part through its own device (made
        and saved the first time)."""
        try:
            registry = folder.registry()
            identity = folder.identity()
            if membership is None:
                gm = registry.gm()
                device, token = registry.redeem(registry.invite(gm.name, Role.GM), self._label)
                membership = Membership(
                    campaign_id=registry.campaign_id,
                    campaign_name=registry.campaign_name,
                    host="127.0.0.1",
                    port=registry.port,
                    cert_pem=identity.cert_pem,
                    fingerprint=identity.fingerprint,
                    member=device.member,
                    device_id=device.id,
                    token=token,
                    label=self._label,
                )
        except (RegistryError, TlsError, OSError) as exc:
            raise Refused(str(exc)) from None
        self._hosting, self._identity = folder, identity
        port = self._port if self._port is not None else registry.port
        self._report("connecting", registry.campaign_name)
        gm_device = membership

        def started(address: tuple[str, int]) -> None:
            self._address = address
            joined = replace(gm_device, port=address[1])
            try:
                save(joined)
            except JoinError as exc:  # hosting works; only a restart would need a new device
                self.notice.emit(str(exc))
            self._connect(joined)

        self._run(self._start_host(folder, port, self._attempt), started)

    def join(self, link: str, label: str) -> None:
        """Join with a ``sheetapp://join?...`` link, or with a bare code when exactly one
        campaign is announced on the local network (its address, port and fingerprint
        then come from the announcement)."""
        self._require_off()
        try:
            invite = parse_link(link)
        except InviteError as exc:
            try:
                code = normal_code(link)
            except InviteError:
                raise ValueError(str(exc)) from None
            self._report("connecting", "the local network")

            def found(membership: Membership) -> None:
                self._connect(membership)
                first = membership.fingerprint.split(":")[0]
                self.notice.emit(
                    f"Joined {membership.campaign_name} as announced on this network: check "
                    f"that its fingerprint starts {first} on the GM's screen"
                )

            self._run(self._join_found(code, label or self._label), found)
            return
        self._report("connecting", f"{invite.host}:{invite.port}")
        self._run(join(invite, label or self._label), self._connect)

    def shareable_packs(self) -> list[tuple[str, str]]:
        """The GM's own universe packs (id, name): the ones players may lack."""
        from sheetapp.systems.amazing_engine.catalog import catalogue

        return [
            (universe_id, entry.universe.name)
            for universe_id, entry in catalogue().entries.items()
            if entry.source == "user"
        ]

    def share_pack(self, universe_id: str) -> str:
        """GM: give every player one of their universe packs, so sheets set in it read the
        same everywhere; returns its document's name. Shared again, it is sent anew."""
        from sheetapp.systems.amazing_engine.catalog import catalogue
        from sheetapp.systems.amazing_engine.packs import MAX_PACK_BYTES

        self._require_gm("only the GM shares universe packs")
        entry = catalogue().entries.get(universe_id)
        if entry is None or entry.source != "user":
            raise Refused(f"'{universe_id}' is not one of your universe packs")
        try:
            text = read_limited(Path(entry.file), MAX_PACK_BYTES).decode("utf-8")
        except (OSError, ValueError) as exc:
            raise Refused(f"{entry.file}: cannot read the pack ({exc})") from None
        name = self._packs.setdefault(universe_id, f"pack:{uuid.uuid4()}")
        pack = {"universe": universe_id, "file": Path(entry.file).name, "text": text}
        self._run(self._write_shown(name, pack, True), lambda _: None)  # for the players' use
        return name

    def show_encounter(self, name: str, lines: list[str]) -> None:
        self._require_gm("only the GM shows encounters")
        self._encounter = self._encounter or f"encounter:{uuid.uuid4()}"
        shown = {"name": name, "lines": [str(line) for line in lines]}
        self._run(self._write_shown(self._encounter, shown, True), lambda _: None)

    def hide_encounter(self) -> None:
        if self._encounter:
            self._run(self._set_revealed(self._encounter, False), lambda _: None)
            self._encounter = ""

    def shows_encounter(self) -> bool:
        return bool(self._encounter)

    def applies_at_once(self) -> bool:
        return self._about.get("settings", {}).get("requests") == "at_once"

    def set_apply_at_once(self, at_once: bool) -> None:
        try:
            self._gm_registry().set_setting("requests", "at_once" if at_once else "ask")
        except RegistryError as exc:
            raise Refused(str(exc)) from None
        settings = {**self._about.get("settings", {}), "requests": "at_once" if at_once else "ask"}
        self._about = {**self._about, "settings": settings}  # the menu shows it at once
        self._publish_about()

    def reveal(self, sheet_id: int, revealed: bool = True) -> None:
        """Show one of the GM's shared sheets to every player, read-only (or stop)."""
        self._require_gm("only the GM reveals sheets to the players")
        link = self._library().document_for(sheet_id)
        if link is None or wire.kind_of(link.name) in (Kind.CHARACTER, None):
            raise Refused("share the sheet as an NPC first (Share This Sheet)")
        self._run(self._set_revealed(link.name, revealed), lambda _: None)

    def is_revealed(self, sheet_id: int) -> bool:
        library = self._session.library
        link = library.document_for(sheet_id) if library is not None else None
        return link is not None and bool(self._listing.get(link.name, {}).get("revealed"))

    def leave(self) -> None:
        self._attempt += 1
        if self._worker is not None:
            self._worker.submit(self._stop_all())
        self._membership = self._hosting = self._identity = self._address = None
        self._listing, self._about, self._connected = {}, {}, []
        self._requests, self._opened, self._packs, self._answers = {}, set(), {}, {}
        self._encounter = ""
        self._report("off", "")
        self.presence_changed.emit([])
        self.party_changed.emit()

    def close(self) -> None:
        """Stop everything and the worker thread (the window is closing)."""
        if self._worker is None:
            return
        try:
            self._worker.submit(self._stop_all()).result(5)
        except Exception as exc:  # closing: nothing left to tell
            log.info("campaign: closing: %s", exc)
        self._worker.close()
        self._worker = None

    @property
    def _loop(self) -> BackgroundLoop:
        """The worker loop, started by the first campaign step (a window that never hosts
        or joins runs no extra thread)."""
        if self._worker is None:
            self._worker = BackgroundLoop(self)
        return self._worker

    # --- the GM's members ----------------------------------------------------------------------

    def invite(self, name: str, role: Role) -> tuple[str, str]:
        registry, identity = self._gm_registry(), self._identity
        if identity is None or self._address is None:  # before a code no one would see
            raise Refused("the host is still starting; try again in a moment")
        try:
            code = registry.invite(name, role)
        except RegistryError as exc:
            raise ValueError(str(exc)) from None
        address = self._public or lan_address()
        link = format_link(InviteLink(address, self._address[1], code, identity.fingerprint))
        return code, link

    def members(self) -> list[MemberDevices]:
        registry = self._gm_registry()
        devices = registry.devices()
        return [
            MemberDevices(
                member,
                tuple(r.device for r in devices if r.device.member.id == member.id and
                      r.revoked is None),
            )
            for member in registry.members()
        ]

    def revoke(self, device_id: str) -> None:
        try:
            self._gm_registry().revoke(device_id)
        except RegistryError as exc:
            raise Refused(str(exc)) from None
        self._loop.submit(self._drop_device(device_id))

    # --- sheets ------------------------------------------------------------------------------

    def share(self, sheet_id: int) -> str:
        """Share a library sheet in the campaign as a character this member owns; returns its
        document's name. A sheet already shared keeps its document."""
        membership = self._require_membership()
        library = self._library()
        link = library.document_for(sheet_id)
        if link is not None:
            return link.name
        kind = Kind.CHARACTER if membership.member.role is Role.PLAYER else Kind.NPC
        try:
            name, _doc = Shelf(library).share(
                sheet_id, membership.campaign_id, kind, membership.member.id
            )
        except LibraryError as exc:
            raise Refused(str(exc)) from None
        self._open(name)
        self.party_changed.emit()
        return name

    def document_of(self, sheet_id: int) -> str | None:
        if self._membership is None or self._session.library is None:
            return None
        link = self._session.library.document_for(sheet_id)
        return link.name if link is not None else None

    def why_read_only(self, sheet_id: int) -> str | None:
        membership, library = self._membership, self._session.library
        if library is None:
            return None
        if membership is None:
            return why_read_only(library, sheet_id)
        link = library.document_for(sheet_id)
        if link is None or link.campaign != membership.campaign_id:
            return why_read_only(library, sheet_id)  # another campaign, not on now
        return why_read_only(
            library,
            sheet_id,
            me=membership.member,
            campaign=membership.campaign_name,
            owner_name=self._member_name(link.owner),
        )

    def party(self) -> list[int]:
        library = self._session.library
        if self._membership is None or library is None:
            return []
        ids = []
        for name, info in self._listing.items():
            if info.get("kind") == Kind.CHARACTER.value:
                link = library.sheet_for(name)
                if link is not None and not self._session.is_trashed(link.sheet_id):
                    ids.append(link.sheet_id)
        return ids

    # --- requests ----------------------------------------------------------------------------

    def pending(self, character: str) -> list[PendingRequest]:
        return [
            PendingRequest(r.id, r.kind, r.describe(), r.by_name, datetime.fromtimestamp(r.at))
            for r in self._requests.get(character, [])
            if r.state == "pending"
        ]

    def request(self, character: str, kind: RequestKind, payload: dict[str, object]) -> str:
        membership = self._require_gm("only the GM asks for changes to a player's character")
        amount = payload.get("amount", 0)
        try:
            made = Request.new(
                kind,
                membership.member,
                amount=int(amount) if isinstance(amount, (int, str)) else 0,
                track=str(payload.get("track", "")),
                text=str(payload.get("text", payload.get("reason", ""))),
            )
        except (RequestRefused, ValueError) as exc:
            raise ValueError(str(exc)) from None
        self._run(self._add_request(wire.requests_of(character), made), lambda _: None)
        return made.id

    def accept(self, request_id: str) -> None:
        character, found = self._find_request(request_id)
        link = self._library().sheet_for(character)
        if link is None:
            raise Refused(f"{found.describe()}: the character is not on this machine")
        self._answers[request_id] = True  # before applying: a second call finds it decided
        try:
            self._session.perform(
                lambda library: campaign_requests.apply(library, link.sheet_id, found),
                lambda applied: LibraryChanges(
                    changed=(link.sheet_id,) if applied.revision is not None else (),
                    play=applied.damage_after != applied.damage_before,
                    label=found.describe(),
                    initiator=None,
                ),
            )
        except (RequestRefused, LibraryError) as exc:
            del self._answers[request_id]  # still pending: it may be accepted later
            raise Refused(str(exc)) from None
        self._decided(character, request_id, accepted=True)

    def decline(self, request_id: str) -> None:
        character, _found = self._find_request(request_id)
        self._decided(character, request_id, accepted=False)

    # --- the window's side of the two threads ---------------------------------------------------

    def _connect(self, membership: Membership) -> None:
        self._membership = membership
        path = self._library().path
        self._run(self._start_client(membership, Path(path), self._attempt), lambda _: None)
        self._open(wire.CAMPAIGN)
        shelf = Shelf(self._library())
        for link in self._library().shared_sheets(membership.campaign_id):
            self._open(link.name)
            if link.owner == membership.member.id:
                self._send_offline_edits(shelf, link.sheet_id, link.name)
        if membership.member.role is Role.GM:
            self._publish_about()

    def _send_offline_edits(self, shelf: Shelf, sheet_id: int, name: str) -> None:
        """Send what the library holds that the sheet's document lacks: a save just made, or
        what was saved while no campaign was on (the app closed, the campaign left)."""
        try:
            update = shelf.local_saved(sheet_id)
        except LibraryError as exc:
            self.notice.emit(str(exc))
            return
        if update is not None:
            self._run(self._apply(name, update), lambda _: None)

    def _open(self, name: str) -> None:
        if name in self._opened:
            return
        self._opened.add(name)
        self._run(self._open_document(name), lambda _: None)

    def _remote(self, name: str, update: bytes) -> None:
        """A document changed on another machine (window thread; ``update`` is its state)."""
        if self._membership is None:
            return
        doc = Doc()
        doc.apply_update(update)
        kind = wire.kind_of(name)
        if kind is Kind.CAMPAIGN:
            self._campaign_changed(doc)
        elif kind is Kind.REQUESTS:
            self._requests[wire.subject_of(name)] = [  # a copy sent before our answer synced
                _decided(r, self._answers[r.id]) if r.id in self._answers and
                r.state == "pending" else r
                for r in campaign_requests.requests(doc)
            ]
            self.requests_changed.emit(wire.subject_of(name))
            self._accept_at_once(wire.subject_of(name))
        elif kind is Kind.PACK:
            self._pack_arrived(name, doc)
        elif kind is Kind.ENCOUNTER:
            shown = ydoc.read(doc)
            lines = shown.get("lines")
            if isinstance(lines, list):
                self.encounter_changed.emit(
                    str(shown.get("name", "")), [str(line) for line in lines]
                )
        elif kind in (Kind.CHARACTER, Kind.NPC):
            self._sheet_changed(name, doc)

    def _campaign_changed(self, doc: Doc) -> None:
        membership = self._membership
        assert membership is not None
        self._listing = {
            name: info for name, info in ydoc.read(doc, root=DOCUMENTS).items()
            if isinstance(info, dict)
        }
        about = {
            "members": ydoc.read(doc, root=MEMBERS),
            "settings": ydoc.read(doc, root=SETTINGS),
        }
        if about != self._about:
            self._about = about
            self.presence_changed.emit(self.presence())
        me = membership.member
        for name, info in self._listing.items():
            mine = info.get("owner") == me.id
            if me.role is Role.GM or mine or info.get("revealed"):
                self._open(name)
                if info.get("kind") == Kind.CHARACTER.value and (mine or me.role is Role.GM):
                    self._open(wire.requests_of(name))
        self.party_changed.emit()

    def _sheet_changed(self, name: str, doc: Doc) -> None:
        membership = self._membership
        assert membership is not None
        info = self._listing.get(name, {})
        owner = str(info.get("owner", ""))
        damage = ydoc.read(doc, root=ydoc.PLAY).get("damage", {})
        if isinstance(damage, dict):
            self._damage[name] = {
                str(k): v for k, v in damage.items() if isinstance(v, int) and v >= 0
            }
        sender = self._member_name(owner)
        campaign = CampaignRef(membership.campaign_id, membership.campaign_name)
        try:
            outcome = self._session.perform(
                lambda library: Shelf(library).remote_changed(
                    name, doc, sender, sender_id=owner, campaign=campaign, owner=owner
                ),
                lambda outcome: LibraryChanges(
                    added=(outcome.sheet_id,) if outcome.status == "added" else (),
                    changed=(outcome.sheet_id,) if outcome.status == "saved" else (),
                    play=outcome.damage_changed,
                    label=f"From {sender}",
                    outside=True,  # like another program's: unsaved edits here are kept
                    initiator=self,
                ),
            )
        except LibraryError as exc:
            self.notice.emit(str(exc))
            return
        if outcome.status == "rejected":
            self.notice.emit(f"A change to a shared sheet was refused: {outcome.reason}")
        if outcome.status == "added":
            self.party_changed.emit()

    def _library_changed(self, changes: LibraryChanges) -> None:
        """A local change: send shared sheets this member owns to the campaign."""
        membership = self._membership
        library = self._session.library
        if membership is None or library is None or changes.initiator is self:
            return
        ids = changes.touched() if not changes.play else tuple(
            link.sheet_id for link in library.shared_sheets(membership.campaign_id)
        )
        shelf = Shelf(library)
        for sheet_id in ids:
            link = library.document_for(sheet_id)
            if link is None:
                continue
            if link.owner != membership.member.id:
                if changes.play and membership.member.role is Role.GM:
                    self._table_as_requests(library, link.sheet_id, link.name)
                continue  # someone else's: the host would refuse it, and their copy wins
            self._send_offline_edits(shelf, sheet_id, link.name)

    def _table_as_requests(self, library: Library, sheet_id: int, name: str) -> None:
        """The GM's Table marked damage or healing on a player's character: the player owns
        it, so each track's change goes to them as a request, and the GM's copy goes back
        to what the player's document says until they accept."""
        known = self._damage.get(name)
        now = library.damage_taken(sheet_id)
        if known is None or now == known:
            return
        asked = []
        for track in sorted(set(known) | set(now)):
            change = now.get(track, 0) - known.get(track, 0)
            if change and "/" not in track:  # a core's other characters are not shared
                kind: RequestKind = "damage" if change > 0 else "heal"
                self.request(name, kind, {"track": track, "amount": abs(change)})
                asked.append(f"{kind} {abs(change)} on {track}")
        self._session.perform(
            lambda lib: lib.set_damage_taken(sheet_id, known),
            lambda _none: LibraryChanges(play=True, initiator=self),
        )
        if asked:
            self.notice.emit("Asked the player to accept: " + ", ".join(asked))

    def _pack_arrived(self, name: str, doc: Doc) -> None:
        """A universe pack the GM shared: checked as any pack is, then kept in this
        machine's pack folder under a name of the campaign's own (never a file the person
        made), and the catalogue read again."""
        from sheetapp.systems.amazing_engine.catalog import reload_catalogue, user_pack_folder
        from sheetapp.systems.amazing_engine.packs import parse_pack

        membership = self._membership
        pack = ydoc.read(doc)
        if membership is None or membership.member.role is Role.GM or not pack:
            return
        universe, text = pack.get("universe"), pack.get("text")
        if not isinstance(universe, str) or not isinstance(text, str):
            self.notice.emit("The GM's universe pack arrived damaged; it was not installed")
            return
        report = parse_pack(text, f"the campaign's pack {universe}")
        if not report.usable or report.universe is None or report.universe.id != universe:
            why = report.problems[0].message if report.problems else "not the universe named"
            self.notice.emit(f"The GM's universe pack {universe} was not installed: {why}")
            return
        from sheetapp.play.npcs import slug

        name = f"campaign-{membership.campaign_id[:8]}-{slug(universe)[:60]}.toml"
        target = user_pack_folder() / name
        data = text.encode("utf-8")
        try:
            if target.is_file() and read_limited(target, len(data)) == data:
                return
            private_folder(target.parent)
            write_atomic(target, data)
        except OSError as exc:
            self.notice.emit(f"{target}: cannot install the GM's universe pack ({exc})")
            return
        reload_catalogue()
        self.notice.emit(f"Installed the universe {report.universe.name} from the campaign")

    def _accept_at_once(self, character: str) -> None:
        membership = self._membership
        if membership is None or not self.applies_at_once():
            return
        if self._listing.get(character, {}).get("owner") != membership.member.id:
            return
        for request in list(self._requests.get(character, [])):
            if request.state == "pending":
                try:
                    self.accept(request.id)
                except Refused as exc:
                    self.notice.emit(str(exc))

    def _decided(self, character: str, request_id: str, *, accepted: bool) -> None:
        self._answers[request_id] = accepted
        self._requests[character] = [
            r if r.id != request_id else _decided(r, accepted)
            for r in self._requests.get(character, [])
        ]
        self.requests_changed.emit(character)
        self._run(self._decide(wire.requests_of(character), request_id, accepted), lambda _: None)

    def _find_request(self, request_id: str) -> tuple[str, Request]:
        for character, requests in self._requests.items():
            for request in requests:
                if (
                    request.id == request_id
                    and request.state == "pending"
                    and request_id not in self._answers
                ):
                    return character, request
        raise Refused("that change is no longer pending")

    def _publish_about(self) -> None:
        """The host lists the members (names and roles every member reads); the GM's
        client writes the campaign's settings (whether requests wait for the player)."""
        registry = self._gm_registry()
        self._run(self._write_about(registry.members(), registry.settings()), lambda _: None)

    def _presence_from_worker(self, connected: list[str]) -> None:
        self._in_window(partial(self._presence, list(connected)))

    def _presence(self, connected: list[str]) -> None:
        self._connected = list(connected)
        self.presence_changed.emit(self.presence())

    def _status(self, name: str, status: str) -> None:
        if name != wire.CAMPAIGN or self._membership is None:
            return
        campaign = self._membership.campaign_name
        if status == CONNECTED:
            self._report("hosting" if self._hosting is not None else "connected", campaign)
        elif status == OFFLINE:
            self._report("offline", campaign)
        elif status.startswith(REFUSED):
            self._report("refused", status.partition(": ")[2] or status)

    def _report(self, state: State, detail: str) -> None:
        self._state = (state, detail)
        self.status_changed.emit(state, detail)

    def _failed(self, error: BaseException) -> None:
        reason = str(error) or type(error).__name__
        if self._membership is None:
            self._hosting = None
            self._report("refused", reason)
        else:
            self.notice.emit(reason)

    def _run(self, work: Coroutine[Any, Any, Any], done: Callable[[Any], None]) -> None:
        """Run ``work`` on the worker; ``done`` or the failure is told only while the
        attempt that asked is still the current one."""
        attempt = self._attempt

        def finished(result: Any) -> None:
            if attempt == self._attempt:
                done(result)

        def failed(error: BaseException) -> None:
            if attempt == self._attempt:
                self._failed(error)

        self._loop.when_done(self._loop.submit(work), finished, failed)

    def _in_window(self, callback: Callable[[], None]) -> None:
        self._loop.call_soon_in_window(callback)

    def _member_name(self, member_id: str) -> str:
        info = self._about.get("members", {}).get(member_id)
        return str(info.get("name", "")) if isinstance(info, dict) else ""

    def _library(self) -> Library:
        library = self._session.library
        if library is None:
            raise Refused(self._session.why_read_only())
        return library

    def _gm_registry(self) -> Registry:
        if self._hosting is None:
            raise Refused("only the machine hosting the campaign manages its members")
        return self._hosting.registry()

    def _require_off(self) -> None:
        if self._state[0] != "off" and self._state[0] != "refused":
            raise Refused("this window is already in a campaign; leave it first")

    def _require_gm(self, refusal: str) -> Membership:
        membership = self._require_membership()
        if membership.member.role is not Role.GM:
            raise Refused(refusal)
        return membership

    def _require_membership(self) -> Membership:
        if self._membership is None:
            raise Refused("join or host a campaign first")
        return self._membership

    # --- the worker thread ---------------------------------------------------------------------

    async def _start_host(self, folder: HostFolder, port: int, attempt: int) -> tuple[str, int]:
        hosted = HostedCampaign(
            folder,
            announce=advertise if self._advertise else None,
            on_presence=self._presence_from_worker,
        )
        address = await hosted.start(self._bind, port)
        if attempt != self._attempt:  # left while it started: nobody will stop it later
            await hosted.stop()
            raise Refused("left before the host had started")
        self._hosted = hosted
        return address

    async def _start_client(
        self, membership: Membership, library_path: Path, attempt: int
    ) -> None:
        if attempt != self._attempt:
            return
        await self._stop_client()  # an earlier client left running never syncs twice
        library = open_library(library_path)
        replicas = LibraryReplicaStore(library, membership.campaign_id)
        self._client = CampaignClient(
            membership,
            replicas,
            on_remote_change=lambda name, doc: self._in_window(
                partial(self._remote, name, doc.get_update())
            ),
            on_status=lambda name, status: self._in_window(partial(self._status, name, status)),
            on_refused=lambda name, reason: self._in_window(
                partial(self.notice.emit, f"The host refused a change to {name}: {reason}")
            ),
        )
        self._presence_task = watch_presence(
            membership, self._presence_from_worker
        )

    async def _open_document(self, name: str) -> None:
        client = self._client
        if client is None:
            return
        doc = await client.open(name, wait=0)
        if ydoc.read(doc) or ydoc.read(doc, root=DOCUMENTS) or campaign_requests.requests(doc):
            update = doc.get_update()
            self._in_window(partial(self._remote, name, update))

    async def _join_found(self, code: str, label: str) -> Membership:
        from sheetapp.campaign.discovery import browse

        found = await asyncio.to_thread(browse, 3.0)
        if not found:
            raise JoinError("no campaign is announced on this network; paste the whole link")
        if len(found) > 1:
            names = ", ".join(f.name for f in found)
            raise JoinError(f"several campaigns on this network ({names}); paste the link")
        [host] = found
        return await join(
            InviteLink(host.host, host.port, code, host.fingerprint), label
        )

    async def _write_shown(self, name: str, data: dict[str, Any], revealed: bool) -> None:
        client = self._client
        if client is not None:
            ydoc.write(await client.open(name, wait=0), data)
            campaign = await client.open(wire.CAMPAIGN, wait=0)
            if ydoc.read(campaign, root=REVEALED).get(name) is not revealed:
                campaign.get(REVEALED, type=Map)[name] = revealed

    async def _set_revealed(self, name: str, revealed: bool) -> None:
        client = self._client
        if client is not None:
            campaign = await client.open(wire.CAMPAIGN, wait=0)
            campaign.get(REVEALED, type=Map)[name] = revealed

    async def _apply(self, name: str, update: bytes) -> None:
        client = self._client
        if client is not None:
            doc = await client.open(name, wait=0)
            doc.apply_update(update)

    async def _add_request(self, name: str, request: Request) -> None:
        client = self._client
        if client is not None:
            campaign_requests.add(await client.open(name, wait=0), request)

    async def _decide(self, name: str, request_id: str, accepted: bool) -> None:
        client = self._client
        if client is not None:
            campaign_requests.decide(await client.open(name, wait=0), request_id, accepted)

    async def _write_about(self, members: list[Member], settings: dict[str, str]) -> None:
        if self._hosted is not None:
            self._hosted.host.publish_members(members)
        client = self._client
        if client is not None:
            ydoc.write(await client.open(wire.CAMPAIGN, wait=0), settings, root=SETTINGS)

    async def _drop_device(self, device_id: str) -> None:
        if self._hosted is not None:
            self._hosted.host.drop_device(device_id)

    async def _stop_client(self) -> None:
        client, task = self._client, self._presence_task
        self._client = self._presence_task = None
        if task is not None:
            task.cancel()
        if client is not None:
            await client.close()
            client.replicas.library.close()  # type: ignore[attr-defined]

    async def _stop_all(self) -> None:
        await self._stop_client()
        hosted, self._hosted = self._hosted, None
        if hosted is not None:
            await hosted.stop()


def _hosted_by_id() -> dict[str, HostFolder]:
    """The campaigns hosted here by id; a folder whose registry cannot be read is left out
    (and logged), as the command line's 'campaign members' would name it."""
    found = {}
    for folder in hosted():
        try:
            found[folder.registry().campaign_id] = folder
        except RegistryError as exc:
            log.info("campaign: %s", exc)
    return found


def _decided(request: Request, accepted: bool) -> Request:
    return replace(request, state="accepted" if accepted else "declined")

