"""The few types every part of a shared campaign agrees on: who is in it, which shared
documents it holds, and what the host checks before it lets anyone read or write one.

They are kept apart from the modules that use them so the host, the client, the invite
registry and the app's views can each be read (and tested) without the others.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Protocol


class Role(str, Enum):
    """A member's part in the campaign: one GM, any number of players."""

    GM = "gm"
    PLAYER = "player"


class Kind(str, Enum):
    """What a shared document holds; decides who may read and write it by default."""

    CAMPAIGN = "campaign"  # members, documents, settings: the host's; what is shown: the GM's
    CHARACTER = "character"  # a player's sheet: its owner writes, the GM reads
    REQUESTS = "requests"  # the GM's pending changes to one character: GM and owner write
    NPC = "npc"  # the GM's sheets; players read only what is revealed
    ENCOUNTER = "encounter"
    PACK = "pack"  # a universe pack the campaign uses


@dataclass(frozen=True)
class Member:
    """A person in the campaign. ``id`` is the host's stable id, never the display name."""

    id: str
    name: str
    role: Role


@dataclass(frozen=True)
class Device:
    """One machine a member joined from; each has its own key, so one can be revoked."""

    id: str
    member: Member
    label: str


@dataclass(frozen=True)
class SharedDocument:
    """A document of the campaign as the host lists it.

    ``name`` is the room name on the wire (``"<kind>:<uuid>"``; the campaign document is
    ``"campaign"``); ``owner`` is a member id; ``subject`` is, for requests, the name of
    the character document they change; ``revealed`` opens a GM document to every player,
    read-only.
    """

    name: str
    kind: Kind
    owner: str
    title: str = ""
    subject: str = ""
    revealed: bool = False


class Refused(Exception):
    """The host will not do this for this device; the message says why, in one line."""


class Gatekeeper(Protocol):
    """The host's registry of members, devices and invites (``sheetapp.campaign.members``)."""

    def redeem(self, code: str, device_label: str) -> tuple[Device, str]:
        """A new device for the invite's member and that device's secret token.

        Raises ``Refused`` for an unknown, used, expired or withdrawn code.
        """
        ...

    def authenticate(self, device_id: str, token: str) -> Device | None:
        """The device if the token is its own and it is not revoked; None otherwise."""
        ...
