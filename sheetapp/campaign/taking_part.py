"""Taking part in a campaign without the app: what ``sheetapp campaign sync``, ``share`` and
``requests`` do from a terminal, through the same engine the app uses (one
``CampaignClient`` whose replicas are the library's, and the ``Shelf`` for every sheet).

A sync opens the campaign's document, then every document this member reads (their own
characters and the requests on them, what the GM revealed; everything for the GM), sends
each sheet saved here since it last agreed with its document, takes each change from the
campaign into the library as a revision, and before it returns has every document it wrote
exchanged once more with the host and confirmed held there (the host's state vector covers
this machine's), so closing the terminal loses nothing and "in step" is true.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from pycrdt import Doc

from sheetapp.campaign import requests as campaign_requests
from sheetapp.campaign import wire, ydoc
from sheetapp.campaign.client import CONNECTED, CampaignClient
from sheetapp.campaign.contracts import Kind, Role
from sheetapp.campaign.gate import DOCUMENTS, MEMBERS
from sheetapp.campaign.membership import Membership
from sheetapp.campaign.replicas import LibraryReplicaStore
from sheetapp.campaign.requests import Request
from sheetapp.campaign.shelf import CampaignRef, Outcome, Shelf
from sheetapp.i18n import _
from sheetapp.storage.library import Library

WAIT_S = 10.0  # for each document's first exchange with the host


class TakingPart:
    """One member of one campaign, from this machine's library. ``told`` hears each
    outcome worth a line (a sheet saved from the campaign, one refused, one sent)."""

    def __init__(
        self, membership: Membership, library: Library, told: Callable[[str], None]
    ) -> None:
        self.membership = membership
        self.library = library
        self.shelf = Shelf(library)
        self._told = told
        self._changed: set[str] = set()
        self._written: set[str] = set()
        self._unconfirmed: list[str] = []  # written, and not (yet) held by the host
        self.client = CampaignClient(
            membership,
            LibraryReplicaStore(library, membership.campaign_id),
            on_remote_change=lambda name, _doc: self._changed.add(name),
        )

    async def sync(self) -> None:
        """Open, send, take (see the module's docstring)."""
        await self.open_all()
        self.send_saved()
        self.take_changes()
        await self.flush()

    async def follow(self, every: float = 1.0) -> None:
        """Keep in step until cancelled: changes taken as they come, saves sent."""
        await self.open_all()
        while True:
            self.send_saved()
            self.take_changes()
            await self.open_all(wait=0)  # documents shared since
            await asyncio.sleep(every)

    async def close(self) -> None:
        await self.client.close()

    # -- the steps ----------------------------------------------------------------------

    async def open_all(self, wait: float = WAIT_S) -> None:
        campaign = await self.client.open(wire.CAMPAIGN, wait=wait)
        me = self.membership.member
        names = {link.name for link in self.library.shared_sheets(self.membership.campaign_id)}
        for name, info in ydoc.read(campaign, root=DOCUMENTS).items():
            if not isinstance(info, dict):
                continue
            mine = info.get("owner") == me.id
            if me.role is Role.GM or mine or info.get("revealed"):
                names.add(name)
                if info.get("kind") == Kind.CHARACTER.value and (mine or me.role is Role.GM):
                    names.add(wire.requests_of(name))
        await asyncio.gather(*(self.client.open(name, wait=wait) for name in sorted(names)))
        if wait:
            self._changed.update(names)  # what arrived before this run is taken too

    def send_saved(self) -> None:
        """Each of this member's shared sheets saved here since it last agreed with its
        document goes to the host."""
        me = self.membership.member
        for link in self.library.shared_sheets(self.membership.campaign_id):
            if link.owner != me.id:
                continue
            update = self.shelf.local_saved(link.sheet_id)
            if update is not None:
                self._apply(link.name, update)
                self._told(f"sent {self.library.row(link.sheet_id).name} ({link.name})")

    def take_changes(self) -> None:
        changed, self._changed = self._changed, set()
        for name in sorted(changed):
            if wire.kind_of(name) in (Kind.CHARACTER, Kind.NPC) and self._is_open(name):
                self._take(name, self._doc(name))

    async def flush(self) -> list[str]:
        """Every document written here is exchanged once more; then every open document
        is confirmed held by the host (what this machine held before the run too: a
        save from an earlier run, offline). The documents it does not hold yet (none:
        the host has it all)."""
        await asyncio.wait_for(
            asyncio.gather(*(self.client.exchange(name) for name in sorted(self._written))),
            WAIT_S,
        )
        self._written.clear()
        names = self.client.opened()
        held = await asyncio.gather(
            *(self.client.host_holds(name, wait=WAIT_S) for name in names)
        )
        self._unconfirmed = [name for name, ok in zip(names, held, strict=True) if not ok]
        return self._unconfirmed

    # -- requests -----------------------------------------------------------------------

    def pending(self) -> list[tuple[str, Request]]:
        """Every request waiting for a decision, with its character's document."""
        found = []
        for name in sorted(self.client.opened()):
            if wire.kind_of(name) is Kind.REQUESTS:
                for request in campaign_requests.pending(self._doc(name)):
                    found.append((wire.subject_of(name), request))
        return found

    async def ask(self, character: str, request: Request) -> None:
        """The GM asks for a change to ``character`` (its requests document);
        ``RequestRefused`` past the rules' bounds for it, as the host would refuse it."""
        link = self.library.sheet_for(character)
        if link is not None:
            problem = campaign_requests.out_of_bounds(request, self.library.load(link.sheet_id))
            if problem:
                raise campaign_requests.RequestRefused(problem)
        name = wire.requests_of(character)
        campaign_requests.add(await self.client.open(name, wait=WAIT_S), request)
        self._written.add(name)

    def decide(self, request_id: str, accepted: bool) -> str:
        """Accept (applied to the library's sheet first) or decline a pending request of
        this member's character; what was done, in words."""
        for character, request in self.pending():
            if request.id != request_id:
                continue
            doc = self._doc(wire.requests_of(character))
            link = self.library.sheet_for(character)
            if accepted:
                if link is None:
                    raise campaign_requests.RequestRefused(
                        _("{character} is not in this library; sync first").format(
                            character=character
                        )
                    )
                campaign_requests.accept(doc, self.library, link.sheet_id, request_id)
            else:
                campaign_requests.decide(doc, request_id, False)
            self._written.add(wire.requests_of(character))
            return f"{'accepted' if accepted else 'declined'}: {request.describe()}"
        raise campaign_requests.RequestRefused(
            _("there is no pending request {request_id}").format(request_id=request_id)
        )

    # -- inside -------------------------------------------------------------------------

    def _is_open(self, name: str) -> bool:
        return name in self.client.opened()

    def _doc(self, name: str) -> Doc:
        return self.client.doc(name)

    def _apply(self, name: str, update: bytes) -> None:
        if self._is_open(name):
            self._doc(name).apply_update(update)
            self._written.add(name)

    def _take(self, name: str, doc: Doc) -> None:
        about: dict[str, Any] = ydoc.read(self._doc(wire.CAMPAIGN), root=MEMBERS)
        info = ydoc.read(self._doc(wire.CAMPAIGN), root=DOCUMENTS).get(name, {})
        owner = str(info.get("owner", "")) if isinstance(info, dict) else ""
        sender = about.get(owner, {}).get("name", "") if isinstance(about.get(owner), dict) else ""
        campaign = CampaignRef(self.membership.campaign_id, self.membership.campaign_name)
        outcome = self.shelf.remote_changed(
            name, doc, str(sender), sender_id=owner, campaign=campaign, owner=owner
        )
        if outcome.sent is not None:
            self._apply(name, outcome.sent)
        self._tell(outcome)

    def _tell(self, outcome: Outcome) -> None:
        if outcome.status in ("saved", "added"):
            what = self.library.row(outcome.sheet_id).name if outcome.sheet_id else outcome.name
            self._told(f"{outcome.status} {what} from the campaign ({outcome.name})")
        elif outcome.status in ("rejected", "held"):
            self._told(f"{outcome.name}: {outcome.reason}")

    def out_of_step(self) -> list[str]:
        """Documents whose connection is not in step now, with their status."""
        behind = [
            f"{name}: {self.client.status(name)}"
            for name in self.client.opened()
            if self.client.status(name) != CONNECTED
        ]
        return behind + [
            f"{name}: the host does not hold this machine's changes yet"
            for name in self._unconfirmed
        ]
