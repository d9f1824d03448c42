"""What the window asks of a shared campaign, and what it is told back, as Qt signals.

The campaign's host and client are asyncio code (``sheetapp.campaign``); the adapter that
runs them on a worker thread implements this interface and re-emits what happens as the
signals below, always on the GUI thread. The window's views only call these methods and
listen to these signals, so they can be driven by a fake in tests and never block on the
network: ``host`` and ``join`` return at once and report through ``status_changed``.

A campaign's changes to sheets never come through here: they are saved to the library and
announced by the ``LibrarySession`` like any other change, so every view follows them.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from enum import Enum
from typing import Literal, NamedTuple

from PySide6.QtCore import QObject, Signal

from sheetapp.campaign.contracts import Device, Member, Role

State = Literal["off", "hosting", "connecting", "connected", "offline", "refused"]
STATES: tuple[State, ...] = ("off", "hosting", "connecting", "connected", "offline", "refused")
RequestKind = Literal["xp", "damage", "heal", "note"]
REQUEST_KINDS: tuple[RequestKind, ...] = ("xp", "damage", "heal", "note")


class Presence(NamedTuple):
    """A member as the presence list shows them."""

    member_id: str
    name: str
    role: Role
    connected: bool


class MemberDevices(NamedTuple):
    """A member and the devices they joined from (each can be revoked on its own)."""

    member: Member
    devices: tuple[Device, ...]


class SavedCampaign(NamedTuple):
    """A campaign this machine can take up again: ``hosting`` when it is hosted here."""

    id: str
    name: str
    member: str
    hosting: bool


class PendingRequest(NamedTuple):
    """One of the GM's changes waiting for the player's answer. ``summary`` is one line
    ("+3 XP: the bridge held"); ``by`` the GM's name; ``at`` when it was asked."""

    id: str
    kind: RequestKind
    summary: str
    by: str
    at: datetime


class Reach(str, Enum):
    """Who can reach a campaign this window hosts."""

    THIS_MACHINE = "this_machine"  # listens on loopback only; invites name 127.0.0.1
    NETWORK = "network"  # every address, announced on the local network
    ADDRESS = "address"  # every address, not announced; invites name the one given


class CampaignService(QObject):
    """The campaign this window takes part in (or none: state "off").

    Signals:
      ``status_changed(state, detail)``: ``state`` is one of ``STATES``; ``detail`` is the
      campaign's name (hosting, connecting, connected, offline) or the one-line reason
      (refused); "" when off.
      ``presence_changed(list[Presence])``: every member, connected or not.
      ``requests_changed(character)``: the pending requests of that character document
      ("character:<uuid>") changed; read them again with ``pending``.
      ``party_changed()``: characters joined or left the party; read ``party`` again.
      ``notice(text)``: one line worth a glance (a change the host refused, a request sent).

    ``host``, ``join`` and ``leave`` return at once; what happens is told by
    ``status_changed``. A link or argument that is wrong on its face raises ``ValueError``
    with a one-line message; what the host will not do raises ``Refused``
    (``sheetapp.campaign.contracts``).
    """

    status_changed = Signal(str, str)
    presence_changed = Signal(list)
    requests_changed = Signal(str)
    party_changed = Signal()
    notice = Signal(str)  # one line for the status bar: a refused change, a failed step
    encounter_changed = Signal(str, list)  # the encounter the GM shows: name, lines ("": none)

    def status(self) -> tuple[State, str]:
        """The state and detail last sent by ``status_changed``."""
        raise NotImplementedError

    def role(self) -> Role | None:
        """This device's role in the campaign (None when off)."""
        raise NotImplementedError

    def host(
        self, name: str, gm_name: str, reach: Reach = Reach.NETWORK, address: str = ""
    ) -> None:
        """Start hosting a new campaign called ``name`` with this person as its GM,
        reached as ``reach`` says (``address``: the one invites name, for ``ADDRESS``)."""
        raise NotImplementedError

    def join(self, link: str, label: str) -> None:
        """Join with an invite link or code; ``label`` names this device for the GM."""
        raise NotImplementedError

    def leave(self) -> None:
        """Stop hosting or disconnect; the library keeps every sheet as it is."""
        raise NotImplementedError

    def invite(self, name: str, role: Role) -> tuple[str, str]:
        """A single-use invite for a new member: (code, link). GM only."""
        raise NotImplementedError

    def members(self) -> list[MemberDevices]:
        """Every member with their devices. GM only."""
        raise NotImplementedError

    def last_roll(self, sheet_id: int) -> str:
        """The newest roll in a shared sheet's dice log (rolled on a member's phone), as
        one line; "" when none."""
        return ""

    def pair_phone(self, member_name: str) -> str:
        """A new phone device for ``member_name`` (a player: themselves; the GM: anyone)
        and the link its QR code carries (docs/phone.md). Blocks on the host: call it off
        the window's thread. ``Refused`` with the reason."""
        raise NotImplementedError

    def revoke(self, device_id: str) -> None:
        """Refuse the device from now on and close its connections. GM only."""
        raise NotImplementedError

    def presence(self) -> list[Presence]:
        """What ``presence_changed`` last sent."""
        raise NotImplementedError

    def not_in_step(self) -> list[str]:
        """The shared documents (as a person names them) whose connection is not in step
        with the host right now: behind, stalled, offline, reconnecting or refused. While
        any is, the status bar does not say Connected. ``status_changed`` is sent again
        when this changes."""
        return []

    def share(self, sheet_id: int) -> str:
        """Share a library sheet in the campaign (a player's character, or the GM's NPC);
        returns its document's name. ``Refused`` when no campaign is on."""
        raise NotImplementedError

    def saved(self) -> list[SavedCampaign]:
        """The campaigns this machine hosts or has joined, to take up again."""
        raise NotImplementedError

    def resume(self, campaign_id: str) -> None:
        """Host a saved campaign again, or reconnect to it; told by ``status_changed``."""
        raise NotImplementedError

    def close(self) -> None:
        """The window is closing: stop hosting and syncing (nothing is lost)."""

    def shareable_packs(self) -> list[tuple[str, str]]:
        """GM: their own universe packs (id, name), which players may lack."""
        return []

    def share_pack(self, universe_id: str) -> str:
        """GM: install one of their universe packs on every player's machine; returns the
        pack's document name."""
        raise NotImplementedError

    def show_encounter(
        self,
        name: str,
        lines: list[str],
        standing: Mapping[int, tuple[str, list[str]]] | None = None,
    ) -> None:
        """GM: show the players an encounter as these lines (again, as it changes), with
        ``standing`` (by library sheet id: name, conditions) for the players' characters
        in it, which their phones show as the party's conditions."""
        raise NotImplementedError

    def hide_encounter(self) -> None:
        """GM: stop showing the encounter (players keep what they last saw)."""
        raise NotImplementedError

    def shows_encounter(self) -> bool:
        return False

    def applies_at_once(self) -> bool:
        """Whether the GM's requests are applied as they arrive, without the player's
        Accept (a campaign setting)."""
        return False

    def set_apply_at_once(self, at_once: bool) -> None:
        """GM: choose whether requests wait for the player (the default) or apply at once."""
        raise NotImplementedError

    def reveal(self, sheet_id: int, revealed: bool = True) -> None:
        """GM: show one of their shared sheets (an NPC) to every player, read-only, or
        stop showing it. ``Refused`` for a sheet that is not a shared NPC."""
        raise NotImplementedError

    def is_revealed(self, sheet_id: int) -> bool:
        return False

    def why_read_only(self, sheet_id: int) -> str | None:
        """Why a library sheet cannot be changed on this machine (another member owns it),
        or None when it can."""
        return None

    def document_of(self, sheet_id: int) -> str | None:
        """The shared character document of a library sheet ("character:<uuid>"), None
        when the sheet is not shared in the campaign."""
        raise NotImplementedError

    def pending(self, character: str) -> list[PendingRequest]:
        """The GM's requests on ``character`` that wait for an answer, oldest first."""
        raise NotImplementedError

    def accept(self, request_id: str) -> None:
        """Apply the request to the character (through the library: an undoable revision)."""
        raise NotImplementedError

    def decline(self, request_id: str) -> None:
        """Answer no; the request is kept as declined, the sheet unchanged."""
        raise NotImplementedError

    def request(self, character: str, kind: RequestKind, payload: dict[str, object]) -> str:
        """The GM asks for a change on a player's character; returns the request's id.
        ``payload``: xp {"amount": int, "reason": str}; damage and heal {"track": key,
        "amount": int}; note {"text": str}."""
        raise NotImplementedError

    def party(self) -> list[int]:
        """The library ids of the players' characters in the campaign, in the campaign's
        order (for the GM's Party view)."""
        raise NotImplementedError
