"""The live campaign service's joining side: joining with a link or an announced code,
connecting as a member, and what the client tells of its connection (status, presence).
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from sheetapp.campaign import wire
from sheetapp.campaign.client import CONNECTED, OFFLINE, REFUSED
from sheetapp.campaign.contracts import Kind
from sheetapp.campaign.invites import InviteError, normal_code, parse_link
from sheetapp.campaign.membership import Membership, join
from sheetapp.campaign.shelf import Shelf
from sheetapp.i18n import _
from sheetapp.ui.campaign.live_state import LiveState


class JoiningSide(LiveState):
    """Joining and connecting, and the connection's status and presence."""

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
            self._report("connecting", _("the local network"))

            def found(membership: Membership) -> None:
                self._connect(membership)
                first = membership.fingerprint.split(":")[0]
                self.notice.emit(
                    _(
                        "Joined {campaign} as announced on this network: check "
                        "that its fingerprint starts {first} on the GM's screen"
                    ).format(campaign=membership.campaign_name, first=first)
                )

            self._run(self._join_found(code, label or self._label), found)
            return
        self._report("connecting", f"{invite.host}:{invite.port}")
        self._run(join(invite, label or self._label), self._connect)

    def _connect(self, membership: Membership) -> None:
        self._membership = membership
        path = self._library().path
        self._run(self._start_client(membership, Path(path), self._attempt), lambda _unused: None)
        self._open(wire.CAMPAIGN)
        shelf = Shelf(self._library())
        for link in self._library().shared_sheets(membership.campaign_id):
            self._open(link.name)
            if link.owner == membership.member.id:
                self._send_offline_edits(shelf, link.sheet_id, link.name)

    def _status(self, name: str, status: str) -> None:
        if self._membership is None:
            return
        if name != wire.CAMPAIGN:
            self._document_status(name, status)
            return
        campaign = self._membership.campaign_name
        if status == CONNECTED:
            self._report("hosting" if self._hosting is not None else "connected", campaign)
        elif status == OFFLINE:
            self._report("offline", campaign)
        elif status.startswith(REFUSED):
            self._report("refused", status.partition(": ")[2] or status)

    def _document_status(self, name: str, status: str) -> None:
        """One document's connection changed: told again with the campaign's status, so
        the status bar names the documents that are not in step."""
        was = dict(self._unsteady)
        if status == CONNECTED:
            self._unsteady.pop(name, None)
        else:
            self._unsteady[name] = status
        if self._unsteady != was:
            if status.startswith(REFUSED) and not was.get(name, "").startswith(REFUSED):
                why = status.partition(": ")[2] or status
                self.notice.emit(
                    _("The host refused {title}: {why}").format(
                        title=self._document_title(name), why=why
                    )
                )
            self.status_changed.emit(*self._state)

    def not_in_step(self) -> list[str]:
        return sorted(self._document_title(name) for name in self._unsteady)

    def _document_title(self, name: str) -> str:
        """A document as a person names it: its sheet's name where this library follows
        it, a character's requests by that character."""
        kind = wire.kind_of(name)
        if kind is Kind.REQUESTS:
            return _("requests on {document_title}").format(
                document_title=self._document_title(wire.subject_of(name))
            )
        library = self._session.library
        link = library.sheet_for(name) if library is not None else None
        if link is not None:
            return library.row(link.sheet_id).name  # type: ignore[union-attr]
        title = str(self._listing.get(name, {}).get("title", ""))
        return title or name

    def _presence_from_worker(self, connected: list[str]) -> None:
        self._in_window(partial(self._presence, list(connected)))

    def _presence(self, connected: list[str]) -> None:
        self._connected = list(connected)
        self.presence_changed.emit(self.presence())
