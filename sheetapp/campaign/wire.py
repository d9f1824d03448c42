"""What host and client agree on beyond the Yjs sync protocol: the paths, the
``Authorization`` header, the frame that tells a client its update was refused, the largest
frame, and which document names exist.

Kept in one place so the two sides cannot drift apart.
"""

from __future__ import annotations

import re
import struct
from dataclasses import dataclass

from sheetapp.campaign.contracts import Kind

MAX_FRAME = 4 * 1024 * 1024  # what the host takes in one frame; a sheet edit is a few KiB
# What a client takes from its (pinned) host: a document's first sync is the whole
# document, which grew by small edits and may pass MAX_FRAME; twice a sheet file's limit.
CLIENT_MAX_FRAME = 64 * 1024 * 1024
JOIN_PATH = "/join"
DOC_PREFIX = "/doc/"
PRESENCE_PATH = "/presence"
SCHEME = "Device"

# A message type outside the Yjs ones (0 sync, 1 awareness, 2 auth, 3 query awareness).
# Providers skip types they do not know. Body: see ``refused_frame``.
REFUSED = 100

CAMPAIGN = "campaign"
_NAME = re.compile(r"(character|requests|npc|encounter|pack):([0-9A-Za-z-]{1,64})")


def authorization(device_id: str, token: str) -> str:
    return f"{SCHEME} {device_id} {token}"


def parse_authorization(header: str | None) -> tuple[str, str] | None:
    """``(device id, token)`` from ``Device <id> <token>``; None for anything else."""
    parts = (header or "").split()
    if len(parts) != 3 or parts[0] != SCHEME:
        return None
    return parts[1], parts[2]


def kind_of(name: str) -> Kind | None:
    """The kind a document name says it is, or None for a name no document can have."""
    if name == CAMPAIGN:
        return Kind.CAMPAIGN
    found = _NAME.fullmatch(name)
    return Kind(found.group(1)) if found else None


def subject_of(name: str) -> str:
    """The character a requests document changes: ``requests:<id>`` -> ``character:<id>``."""
    return "character:" + name.split(":", 1)[1]


def requests_of(character: str) -> str:
    """The requests document of a character: ``character:<id>`` -> ``requests:<id>``."""
    return "requests:" + character.split(":", 1)[1]


@dataclass(frozen=True)
class Refusal:
    """What a client is told of a change the host refused: why; whether it may write the
    document at all (then the change was invalid and the client takes it back); and, for
    taking it back, the host's document when it refused and the refused update."""

    reason: str
    writer: bool
    state: bytes = b""
    update: bytes = b""


def refused_frame(refusal: Refusal) -> bytes:
    """``REFUSED``, the writer flag, then reason, state and update, each after its length
    (4 bytes, big-endian)."""
    parts = [refusal.reason.encode("utf-8"), refusal.state, refusal.update]
    body = b"".join(struct.pack(">I", len(part)) + part for part in parts)
    return bytes([REFUSED, int(refusal.writer)]) + body


def parse_refused(frame: bytes) -> Refusal:
    """The refusal in ``frame`` (from the pinned host; a short frame reads as empty)."""
    parts: list[bytes] = []
    at = 2
    for _ in range(3):
        (size,) = struct.unpack(">I", frame[at : at + 4].rjust(4, b"\x00"))
        parts.append(frame[at + 4 : at + 4 + size])
        at += 4 + size
    reason, state, update = parts
    return Refusal(reason.decode("utf-8", "replace"), frame[1:2] == b"\x01", state, update)


CHANGED = "the host's certificate changed"


def certificate_changed(pinned: str, shown: str) -> str:
    """The one line that says a pinned host now shows another certificate, with both
    fingerprints (``changed_fingerprints`` reads them back for the app's status bar)."""
    return f"{CHANGED}: this machine trusts {pinned}, the host now shows {shown}; ask the GM"


def changed_fingerprints(reason: str) -> tuple[str, str] | None:
    """``(trusted, shown)`` from a ``certificate_changed`` line, else None."""
    found = re.fullmatch(
        rf"{re.escape(CHANGED)}: this machine trusts (\S+), the host now shows (\S+); ask the GM",
        reason,
    )
    return (found.group(1), found.group(2)) if found else None
