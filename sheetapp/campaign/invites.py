"""Invite codes and the links that carry them.

A code is read aloud across a table or typed from a chat message, so it is short and
drawn from letters and digits no one confuses (no 0/O, 1/I/L): eight of 31 symbols,
about 40 bits, enough for a code that works once and expires within days. A link adds
what a remote player cannot see on the LAN: the host's address and port, and the
fingerprint of its certificate, which the joining client checks before it sends the code.

Links are parsed from whatever a person pastes, so every problem is an ``InviteError``
with one line saying what is wrong, never another exception.
"""

from __future__ import annotations

import ipaddress
import re
import secrets
from dataclasses import dataclass, replace
from urllib.parse import parse_qs, urlencode

from sheetapp.campaign.tls import compact_fingerprint, normal_fingerprint
from sheetapp.i18n import _

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 8
SCHEME = "sheetapp://join?"
MAX_LINK = 1024  # a real link is under 200 characters; anything longer is not one
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
_HOST_NAME = re.compile(rf"(?=.{{1,253}}$){_LABEL}(?:\.{_LABEL})*\.?")
INVITE_ID = re.compile(r"[0-9a-f]{8,32}")  # what ``new_invite_id`` makes


class InviteError(ValueError):
    """Not a usable invite code or link; the message says why, in one line."""


@dataclass(frozen=True)
class InviteLink:
    """Where to join and with what: ``fingerprint`` in ``tls.fingerprint``'s spelling."""

    host: str
    port: int
    code: str
    fingerprint: str
    # the invite's public id (not the code): wrong codes sent with it count against that
    # invite too, so guessing one invite locks that one; "" for a code typed bare
    invite: str = ""


def new_code() -> str:
    """A fresh random code, e.g. ``K7QX-M2PD``."""
    symbols = "".join(secrets.choice(ALPHABET) for _unused in range(CODE_LENGTH))
    return f"{symbols[:4]}-{symbols[4:]}"


def new_invite_id() -> str:
    """A fresh public id for an invite: names it in a link, gives nothing of its code."""
    return secrets.token_hex(6)


def normal_invite_id(text: str) -> str:
    if not INVITE_ID.fullmatch(text):
        raise InviteError("the link's invite id is not one this app makes")
    return text


def normal_code(text: str) -> str:
    """``text`` as ``new_code`` spells it, whatever the case, dashes or spaces."""
    symbols = "".join(ch for ch in text.upper() if ch not in "- ")
    if len(symbols) != CODE_LENGTH or any(ch not in ALPHABET for ch in symbols):
        raise InviteError(
            _(
                "an invite code is {CODE_LENGTH} letters and digits like "
                "K7QX-M2PD (no 0, O, 1, I or L)"
            ).format(CODE_LENGTH=CODE_LENGTH)
        )
    return f"{symbols[:4]}-{symbols[4:]}"


def normal_host(text: str) -> str:
    """A host name or an IP address (IPv6 without brackets), checked."""
    bare = text[1:-1] if text.startswith("[") and text.endswith("]") else text
    try:
        return str(ipaddress.ip_address(bare))
    except ValueError:
        pass
    if not _HOST_NAME.fullmatch(bare):
        raise InviteError(_("the host is neither a host name nor an IP address"))
    return bare.lower()


def normal_port(value: str | int) -> int:
    text = str(value)
    if not text.isascii() or not text.isdigit() or not 0 < int(text) < 65536:
        raise InviteError(_("the port is a number from 1 to 65535"))
    return int(text)


def format_link(link: InviteLink) -> str:
    """``sheetapp://join?host=...&port=...&code=...&fp=...``, safe to paste anywhere."""
    query = urlencode(
        {
            "host": link.host,
            "port": link.port,
            "code": link.code,
            "fp": compact_fingerprint(link.fingerprint),
            **({"invite": link.invite} if link.invite else {}),
        }
    )
    return SCHEME + query


def parse_link(
    text: str,
    *,
    host: str | None = None,
    port: int | None = None,
    fingerprint: str | None = None,
) -> InviteLink:
    """The invite in ``text``: a ``sheetapp://join?...`` link, or a bare code whose host,
    port and fingerprint come from the keywords (a host found on the LAN)."""
    text = text.strip()
    if len(text) > MAX_LINK:
        raise InviteError(_("too long to be an invite link"))
    if not text.lower().startswith(SCHEME):
        if "://" in text or "?" in text:
            raise InviteError(_("an invite link starts with sheetapp://join?"))
        code = normal_code(text)
        if host is None or port is None or fingerprint is None:
            raise InviteError(
                _("a bare code needs the host, its port and its fingerprint; paste the whole "
                "sheetapp:// link, or join a host found on the network")
            )
        return _checked(host, port, code, fingerprint)
    try:
        fields = parse_qs(text[len(SCHEME) :], strict_parsing=True, max_num_fields=8)
    except ValueError:
        raise InviteError(_("the link's fields cannot be read; copy it again whole")) from None
    values: dict[str, str] = {}
    for key in ("host", "port", "code", "fp"):
        found = fields.get(key, [])
        if len(found) != 1:
            raise InviteError(
                _("the link has {value} {key}").format(
                    value="no" if not found else "more than one", key=key
                )
            )
        values[key] = found[0]
    invite = fields.get("invite", [])
    if len(invite) > 1:
        raise InviteError("the link has more than one invite")
    checked = _checked(values["host"], values["port"], values["code"], values["fp"])
    return replace(checked, invite=normal_invite_id(invite[0])) if invite else checked


def _checked(host: str, port: str | int, code: str, fingerprint: str) -> InviteLink:
    try:
        fp = normal_fingerprint(fingerprint)
    except ValueError as exc:
        raise InviteError(_("the link's fingerprint is wrong: {exc}").format(exc=exc)) from None
    return InviteLink(normal_host(host), normal_port(port), normal_code(code), fp)
