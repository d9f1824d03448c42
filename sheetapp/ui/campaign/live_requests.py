"""The live campaign service's requests side: the GM's XP, damage, healing and notes on a
player's character as requests in its requests document, answered on the player's machine
(through the library, so accepting is an undoable revision or damage change).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from sheetapp.campaign import requests as campaign_requests
from sheetapp.campaign import wire
from sheetapp.campaign.contracts import Refused
from sheetapp.campaign.requests import Request, RequestRefused
from sheetapp.i18n import _
from sheetapp.storage.library import Library, LibraryError
from sheetapp.storage.library.changes import LibraryChanges
from sheetapp.ui.campaign.live_state import LiveState
from sheetapp.ui.campaign.service import PendingRequest, RequestKind


class RequestsSide(LiveState):
    """The GM's requests: asked, pending, accepted or declined."""

    def pending(self, character: str) -> list[PendingRequest]:
        return [
            PendingRequest(r.id, r.kind, r.describe(), r.by_name, datetime.fromtimestamp(r.at))
            for r in self._requests.get(character, [])
            if r.state == "pending"
        ]

    def request(self, character: str, kind: RequestKind, payload: dict[str, object]) -> str:
        membership = self._require_gm(_("only the GM asks for changes to a player's character"))
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
        link = self._library().sheet_for(character)
        if link is not None:  # the host holds every request to the same bounds
            problem = campaign_requests.out_of_bounds(made, self._library().load(link.sheet_id))
            if problem:
                raise ValueError(problem)
        self._run(self._add_request(wire.requests_of(character), made), lambda _unused: None)
        return made.id

    def accept(self, request_id: str) -> None:
        character, found = self._find_request(request_id)
        link = self._library().sheet_for(character)
        if link is None:
            raise Refused(
                _("{describe}: the character is not on this machine").format(
                    describe=found.describe()
                )
            )
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

    def applies_at_once(self) -> bool:
        return self._about.get("settings", {}).get("requests") == "at_once"

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
            r if r.id != request_id else answered(r, accepted)
            for r in self._requests.get(character, [])
        ]
        self.requests_changed.emit(character)
        self._run(
            self._decide(wire.requests_of(character), request_id, accepted), lambda _unused: None
        )

    def _find_request(self, request_id: str) -> tuple[str, Request]:
        for character, requests in self._requests.items():
            for request in requests:
                if (
                    request.id == request_id
                    and request.state == "pending"
                    and request_id not in self._answers
                ):
                    return character, request
        raise Refused(_("that change is no longer pending"))

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
                try:
                    self.request(name, kind, {"track": track, "amount": abs(change)})
                except ValueError as exc:  # past the rules' bounds: said, not sent
                    self.notice.emit(_("Not asked: {reason}").format(reason=exc))
                    continue
                asked.append(
                    _("{kind} {change} on {track}").format(
                        kind=kind, change=abs(change), track=track
                    )
                )
        self._session.perform(
            lambda lib: lib.set_damage_taken(sheet_id, known),
            lambda _none: LibraryChanges(play=True, initiator=self),
        )
        if asked:
            self.notice.emit(
                _("Asked the player to accept: {asked}").format(asked=", ".join(asked))
            )


def answered(request: Request, accepted: bool) -> Request:
    """The request as answered here (before the answer has synced)."""
    return replace(request, state="accepted" if accepted else "declined")
