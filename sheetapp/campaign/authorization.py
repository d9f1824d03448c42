"""The ``Authorization`` header a device's connections carry, written by the client and
read by the host in one place, so the two never disagree on its spelling.

``Device <device id> <token>``: the scheme names what the credential is (a device of the
campaign, not a user's password). The host reads it from an HTTP header anyone can send,
so reading is bounded and never raises.
"""

from __future__ import annotations

SCHEME = "Device"
MAX_HEADER = 512  # an id (32 hex) and a token (43 characters) fit many times over


def authorization(device_id: str, token: str) -> str:
    return f"{SCHEME} {device_id} {token}"


def parse_authorization(value: str | None) -> tuple[str, str] | None:
    """``(device id, token)`` from a header value, or None when it is not one."""
    if value is None or len(value) > MAX_HEADER or not value.isascii():
        return None
    parts = value.split()
    if len(parts) != 3 or parts[0] != SCHEME:
        return None
    return parts[1], parts[2]
