"""The live campaign service's mirroring side: shared documents kept in step with the
library. A remote change is saved through ``LibrarySession.perform`` (so every view hears
of it as of any other change); a local save of a sheet this member owns goes the other way
as the update the ``Shelf`` makes from the library.
"""

from __future__ import annotations

from pycrdt import Doc

from sheetapp.campaign import requests as campaign_requests
from sheetapp.campaign import wire, ydoc
from sheetapp.campaign.contracts import Kind, Refused, Role
from sheetapp.campaign.gate import MEMBERS, PHONE_PAGE, SETTINGS
from sheetapp.campaign.phone.dice_log import newest as newest_roll
from sheetapp.campaign.shelf import CampaignRef, Shelf
from sheetapp.i18n import _
from sheetapp.storage.library import LibraryError
from sheetapp.storage.library.changes import LibraryChanges
from sheetapp.ui.campaign.live_requests import answered
from sheetapp.ui.campaign.live_state import DOCUMENTS, LiveState
from sheetapp.ui.campaign.ownership import why_read_only


class MirrorSide(LiveState):
    """Documents into the library and the library into documents."""

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

    def _open(self, name: str) -> None:
        if name in self._opened:
            return
        self._opened.add(name)
        self._run(self._open_document(name), lambda _unused: None)

    def _send_offline_edits(self, shelf: Shelf, sheet_id: int, name: str) -> None:
        """Send what the library holds that the sheet's document lacks: a save just made, or
        what was saved while no campaign was on (the app closed, the campaign left)."""
        try:
            update = shelf.local_saved(sheet_id)
        except LibraryError as exc:
            self.notice.emit(str(exc))
            return
        if update is not None:
            self._run(self._apply(name, update), lambda _unused: None)

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
                answered(r, self._answers[r.id])
                if r.id in self._answers and r.state == "pending"
                else r
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
            name: info
            for name, info in ydoc.read(doc, root=DOCUMENTS).items()
            if isinstance(info, dict)
        }
        about = {
            "members": ydoc.read(doc, root=MEMBERS),
            "settings": ydoc.read(doc, root=SETTINGS),
            "phone_page": ydoc.read(doc, root=PHONE_PAGE),
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
        rolled = newest_roll(doc) if wire.kind_of(name) is Kind.CHARACTER else ""
        if rolled != self._rolls.get(name, ""):  # a roll made on a phone: the card says it
            self._rolls[name] = rolled
            self.party_changed.emit()
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
                    label=_("From {sender}").format(sender=sender),
                    outside=True,  # like another program's: unsaved edits here are kept
                    initiator=self,
                ),
            )
        except LibraryError as exc:
            self.notice.emit(str(exc))
            return
        if outcome.sent is not None:  # this machine's unsent save, merged in: on to the host
            self._run(self._apply(name, outcome.sent), lambda _unused: None)
        if outcome.status == "rejected":
            self.notice.emit(
                _("A change to a shared sheet was refused: {reason}").format(reason=outcome.reason)
            )
        if outcome.status == "added":
            self.party_changed.emit()

    def _library_changed(self, changes: LibraryChanges) -> None:
        """A local change: send shared sheets this member owns to the campaign."""
        membership = self._membership
        library = self._session.library
        if membership is None or library is None or changes.initiator is self:
            return
        ids = (
            changes.touched()
            if not changes.play
            else tuple(link.sheet_id for link in library.shared_sheets(membership.campaign_id))
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
