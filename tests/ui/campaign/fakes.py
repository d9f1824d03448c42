"""A campaign service that does what it is told and records what it was asked, so the
window can be driven through a campaign without a host, a network or a worker thread."""

from __future__ import annotations

from datetime import datetime

from sheetapp.campaign.contracts import Device, Member, Refused, Role
from sheetapp.ui.campaign.service import (
    CampaignService,
    MemberDevices,
    PendingRequest,
    Presence,
    Reach,
    RequestKind,
    SavedCampaign,
    State,
)

GOOD_CODE = "K7QX-M2PD"


class FakeCampaignService(CampaignService):
    """``calls`` lists every method called with its arguments, in order. Tests drive what
    a real host would report with ``report``, ``set_presence`` and ``add_request``."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[tuple[str, tuple[object, ...]]] = []
        self._state: tuple[State, str] = ("off", "")
        self._role: Role | None = None
        self._presence: list[Presence] = []
        self.devices: dict[str, list[Device]] = {}
        self.member_list: list[Member] = []
        self.shared: dict[int, str] = {}  # library id -> character document
        self.party_ids: list[int] = []
        self.requests: dict[str, list[PendingRequest]] = {}
        self.saved_campaigns: list[SavedCampaign] = []
        self.refuse_with = ""  # a reason: the next host call is refused with it

    # --- what the test makes happen --------------------------------------------------------

    def report(self, state: State, detail: str = "") -> None:
        self._state = (state, detail)
        self.status_changed.emit(state, detail)

    def set_lagging(self, names: list[str]) -> None:
        """Documents not in step with the host, as the live service reports them."""
        self.lagging = list(names)
        self.status_changed.emit(*self._state)

    def not_in_step(self) -> list[str]:
        return list(getattr(self, "lagging", []))

    def set_presence(self, presence: list[Presence]) -> None:
        self._presence = list(presence)
        self.presence_changed.emit(list(presence))

    def add_request(self, character: str, request: PendingRequest) -> None:
        self.requests.setdefault(character, []).append(request)
        self.requests_changed.emit(character)

    def set_party(self, ids: list[int]) -> None:
        self.party_ids = list(ids)
        self.party_changed.emit()

    # --- the interface ---------------------------------------------------------------------

    def status(self) -> tuple[State, str]:
        return self._state

    def role(self) -> Role | None:
        return self._role

    def host(
        self, name: str, gm_name: str, reach: Reach = Reach.NETWORK, address: str = ""
    ) -> None:
        self.calls.append(("host", (name, gm_name)))
        self.reach = (reach, address)
        if self.refuse_with:
            raise Refused(self.refuse_with)
        self._role = Role.GM
        gm = Member("m-gm", gm_name, Role.GM)
        self.member_list = [gm]
        self.devices = {gm.id: [Device("d-gm", gm, "this computer")]}
        self.report("hosting", name)
        self.set_presence([Presence(gm.id, gm_name, Role.GM, True)])

    def join(self, link: str, label: str) -> None:
        self.calls.append(("join", (link, label)))
        if GOOD_CODE not in link:
            raise ValueError(f"'{link}' is not an invite link or code (like {GOOD_CODE})")
        self._role = Role.PLAYER
        self.report("connecting", "Tuesday Night")

    def leave(self) -> None:
        self.calls.append(("leave", ()))
        self._role = None
        self.report("off", "")
        self.set_presence([])

    def invite(self, name: str, role: Role) -> tuple[str, str]:
        self.calls.append(("invite", (name, role)))
        member = Member(f"m-{len(self.member_list)}", name, role)
        self.member_list.append(member)
        return GOOD_CODE, f"sheetapp://join?host=192.168.1.20&port=8765&code={GOOD_CODE}"

    def members(self) -> list[MemberDevices]:
        return [MemberDevices(m, tuple(self.devices.get(m.id, ()))) for m in self.member_list]

    def revoke(self, device_id: str) -> None:
        self.calls.append(("revoke", (device_id,)))
        for member_id, devices in self.devices.items():
            self.devices[member_id] = [d for d in devices if d.id != device_id]

    def presence(self) -> list[Presence]:
        return list(self._presence)

    def document_of(self, sheet_id: int) -> str | None:
        return self.shared.get(sheet_id)

    def pending(self, character: str) -> list[PendingRequest]:
        return list(self.requests.get(character, ()))

    def _answer(self, verb: str, request_id: str) -> None:
        self.calls.append((verb, (request_id,)))
        for character, requests in self.requests.items():
            if any(r.id == request_id for r in requests):
                self.requests[character] = [r for r in requests if r.id != request_id]
                self.requests_changed.emit(character)

    def accept(self, request_id: str) -> None:
        self._answer("accept", request_id)

    def decline(self, request_id: str) -> None:
        self._answer("decline", request_id)

    def request(self, character: str, kind: RequestKind, payload: dict[str, object]) -> str:
        self.calls.append(("request", (character, kind, payload)))
        return f"r-{len(self.calls)}"

    def party(self) -> list[int]:
        return list(self.party_ids)

    def share(self, sheet_id: int) -> str:
        self.calls.append(("share", (sheet_id,)))
        return self.shared.setdefault(sheet_id, f"character:{sheet_id:04d}")

    def saved(self) -> list[SavedCampaign]:
        return list(self.saved_campaigns)

    def resume(self, campaign_id: str) -> None:
        self.calls.append(("resume", (campaign_id,)))
        self.report("connecting", campaign_id)


def pending_xp(request_id: str = "r-1", amount: int = 3) -> PendingRequest:
    return PendingRequest(
        request_id, "xp", f"+{amount} XP: the bridge held", "Dana", datetime(2026, 11, 24, 20, 15)
    )


def presence(member_id: str, name: str, role: Role = Role.PLAYER) -> Presence:
    return Presence(member_id, name, role, True)
