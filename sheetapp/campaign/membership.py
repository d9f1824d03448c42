"""A player's side of trust: joining a campaign, and the membership kept afterwards.

Joining is ordered so no secret leaves the machine before the host is known: the first
contact reads the host's certificate without trusting it, its fingerprint must be the
invite's, and only then is the invite code sent, over a connection that trusts exactly
that certificate. The membership saved afterwards holds the certificate (the pin) and the
device's token, so it is written owner-only and atomically: a crash never leaves half a
token, and no other account on the machine can read it.
"""

from __future__ import annotations

import asyncio
import json
import re
import ssl
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import websockets
from websockets.asyncio.client import connect

from sheetapp.bounded_read import read_limited
from sheetapp.campaign.contracts import Member, Role
from sheetapp.campaign.invites import InviteError, InviteLink, normal_host, normal_port
from sheetapp.campaign.members import Registry
from sheetapp.campaign.tls import (
    Identity,
    TlsError,
    fingerprint,
    first_contact,
    normal_fingerprint,
    pinned_client_context,
)
from sheetapp.data_dir import data_dir, private_folder
from sheetapp.file_reasons import os_reason
from sheetapp.i18n import _
from sheetapp.storage.atomic import PRIVATE, write_atomic

FOLDER = "campaigns"
MAX_REPLY = 64 * 1024
MAX_FILE = 256 * 1024
_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")  # ids become file names: nothing else gets in


class JoinError(Exception):
    """Joining failed or a membership cannot be used; one line saying why."""


@dataclass(frozen=True)
class Membership:
    """What this machine needs to reconnect to a campaign: where, whom to trust, as whom."""

    campaign_id: str
    campaign_name: str
    host: str
    port: int
    cert_pem: str
    fingerprint: str
    member: Member
    device_id: str
    token: str
    label: str = ""
    joined: float = 0.0

    @property
    def url(self) -> str:
        """The host's base address, IPv6 in brackets: ``wss://host:port``."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"wss://{host}:{self.port}"

    def ssl_context(self) -> ssl.SSLContext:
        return pinned_client_context(self.cert_pem)

    def to_json(self) -> bytes:
        data = asdict(self)
        data["member"] = {**data["member"], "role": self.member.role.value}
        return json.dumps(data, indent=2).encode("utf-8")

    @classmethod
    def from_json(cls, data: object) -> Membership:
        """Checked field by field: the file may be damaged or edited by hand."""
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
        member = data.get("member")
        if not isinstance(member, dict):
            raise ValueError("no member")
        text = ("campaign_id", "campaign_name", "host", "cert_pem", "device_id", "token")
        if any(not isinstance(data.get(k), str) for k in text):
            raise ValueError("a field is missing or not text")
        if not all(_ID.fullmatch(data[k]) for k in ("campaign_id", "device_id")):
            raise ValueError("an id holds characters ids never have")
        ssl.PEM_cert_to_DER_cert(data["cert_pem"])
        return cls(
            campaign_id=data["campaign_id"],
            campaign_name=data["campaign_name"],
            host=normal_host(data["host"]),
            port=normal_port(data.get("port", "")),
            cert_pem=data["cert_pem"],
            fingerprint=normal_fingerprint(str(data.get("fingerprint", ""))),
            member=Member(
                str(member.get("id", "")), str(member.get("name", "")), Role(member.get("role"))
            ),
            device_id=data["device_id"],
            token=data["token"],
            label=str(data.get("label", "")),
            joined=float(data.get("joined", 0.0)),
        )


def gm_device(registry: Registry, identity: Identity, label: str) -> Membership:
    """A new device of the campaign's GM on the machine that hosts it, as its membership
    (the host dialled on this machine): how the GM's own app or terminal takes part in a
    campaign it hosts. ``campaign create`` makes one; the app's Host does, the first time."""
    gm = registry.gm()
    device, token = registry.redeem(registry.invite(gm.name, Role.GM), label)
    return Membership(
        campaign_id=registry.campaign_id,
        campaign_name=registry.campaign_name,
        host="127.0.0.1",
        port=registry.port,
        cert_pem=identity.cert_pem,
        fingerprint=identity.fingerprint,
        member=device.member,
        device_id=device.id,
        token=token,
        label=label,
        joined=time.time(),
    )


def memberships_folder() -> Path:
    return data_dir() / FOLDER


def save(membership: Membership, folder: Path | None = None) -> Path:
    """Write ``<folder>/<campaign id>.json`` (owner-only, atomic); returns its path."""
    target = private_folder(folder or memberships_folder()) / f"{membership.campaign_id}.json"
    try:
        write_atomic(target, membership.to_json(), mode=PRIVATE)
    except OSError as exc:
        raise JoinError(
            _("{target}: cannot write: {value}").format(target=target, value=os_reason(exc))
        ) from None
    return target


def load(path: Path) -> Membership:
    try:
        raw = read_limited(path, MAX_FILE)  # never blocks on a FIFO, never reads past it
    except OSError as exc:
        raise JoinError(
            _("{path}: cannot read: {value}").format(path=path, value=os_reason(exc))
        ) from None
    try:
        if len(raw) > MAX_FILE:
            raise ValueError("too large")
        return Membership.from_json(json.loads(raw))
    except (ValueError, TypeError, RecursionError) as exc:
        raise JoinError(
            _("{path}: not a campaign membership ({exc})").format(path=path, exc=exc)
        ) from None


def load_all(folder: Path | None = None) -> tuple[list[Membership], list[str]]:
    """Every saved membership, and one line for each file that could not be read."""
    where = folder or memberships_folder()
    found, problems = [], []
    for path in sorted(where.glob("*.json")) if where.is_dir() else []:
        try:
            found.append(load(path))
        except JoinError as exc:
            problems.append(str(exc))
    return found, problems


def named(which: str, folder: Path | None = None) -> Membership:
    """The saved membership whose campaign id or name (any case) is ``which``; JoinError
    (one line, naming what there is) when none or several match."""
    found = load_all(folder)[0]
    wanted = which.casefold()
    matching = [m for m in found if wanted in (m.campaign_id, m.campaign_name.casefold())]
    if len(matching) > 1:
        listed = ", ".join(f"{m.campaign_name} ({m.campaign_id})" for m in matching)
        raise JoinError(
            _("several joined campaigns are named {which}: {listed}; give its id").format(
                which=which, listed=listed
            )
        )
    if not matching:
        joined = ", ".join(m.campaign_name for m in found)
        raise JoinError(
            _("this machine has not joined a campaign named {which}").format(which=which)
            + (f" (it has joined {joined})" if joined else "")
        )
    return matching[0]


def forget(membership: Membership, folder: Path | None = None) -> None:
    """Delete the saved membership: this device's token and the host's pinned certificate
    go with it."""
    path = (folder or memberships_folder()) / f"{membership.campaign_id}.json"
    try:
        path.unlink()
    except OSError as exc:
        raise JoinError(
            _("{path}: cannot delete: {value}").format(path=path, value=os_reason(exc))
        ) from None


async def join(
    link: InviteLink, label: str, *, folder: Path | None = None, timeout: float = 10.0
) -> Membership:
    """Join the campaign ``link`` invites to and save the membership (module docstring)."""
    try:
        der = await first_contact(link.host, link.port, timeout=timeout)
    except TlsError as exc:
        raise JoinError(str(exc)) from None
    shown = fingerprint(der)
    if shown != link.fingerprint:
        raise JoinError(
            _(
                "{host}:{port} shows certificate {shown}, not the invite's "
                "{fingerprint}; not joining (the invite is stale, or a machine "
                "is in between: ask the GM)"
            ).format(host=link.host, port=link.port, shown=shown, fingerprint=link.fingerprint)
        )
    pem = ssl.DER_cert_to_PEM_cert(der)
    base = Membership(
        "x", "", link.host, link.port, pem, shown, Member("", "", Role.PLAYER), "x", ""
    )
    message = {"code": link.code, "label": label}
    if link.invite:  # wrong codes then count against this invite too (see Registry.redeem)
        message["invite"] = link.invite
    reply = await _exchange(base, message, timeout)
    try:
        campaign, member = reply["campaign"], reply["member"]
        membership = Membership.from_json(
            {
                **json.loads(base.to_json()),
                "campaign_id": campaign["id"],
                "campaign_name": campaign["name"],
                "member": member,
                "device_id": reply["device"],
                "token": reply["token"],
                "label": label,
                "joined": time.time(),
            }
        )
    except (KeyError, TypeError, ValueError, InviteError) as exc:
        raise JoinError(_("the host's answer cannot be read ({exc})").format(exc=exc)) from None
    save(membership, folder)
    return membership


async def _exchange(base: Membership, message: dict[str, str], timeout: float) -> dict:
    """One ``/join`` request and its answer, over the pinned connection."""
    try:
        async with asyncio.timeout(timeout):
            async with connect(
                f"{base.url}/join",
                ssl=base.ssl_context(),
                proxy=None,  # the code goes to the host the link names, never a proxy
                max_size=MAX_REPLY,
                open_timeout=None,
            ) as link:
                await link.send(json.dumps(message))
                raw = await link.recv()
    except TimeoutError:
        raise JoinError(
            _("{host}:{port} did not answer the join in time").format(
                host=base.host, port=base.port
            )
        ) from None
    except ssl.SSLError as exc:
        raise JoinError(
            _("{host}:{port}: the secure connection failed ({exc})").format(
                host=base.host, port=base.port, exc=exc
            )
        ) from None
    except (OSError, websockets.exceptions.WebSocketException) as exc:
        raise JoinError(
            _("{host}:{port}: the join failed ({exc})").format(
                host=base.host, port=base.port, exc=exc
            )
        ) from None
    try:
        reply = json.loads(raw)
    except ValueError:
        raise JoinError(_("the host's answer is not JSON")) from None
    if not isinstance(reply, dict):
        raise JoinError(_("the host's answer is not a JSON object"))
    if "refused" in reply:
        raise JoinError(_("the host refused: {reply}").format(reply=reply['refused']))
    return reply


async def check(membership: Membership, *, timeout: float = 5.0) -> str:
    """Whether the host answers and still shows the pinned certificate, in a few words."""
    try:
        der = await first_contact(membership.host, membership.port, timeout=timeout)
    except TlsError as exc:
        return f"offline: {exc}"
    if fingerprint(der) != membership.fingerprint:
        return f"CERTIFICATE CHANGED: the host now shows {fingerprint(der)}; do not trust it"
    return "answers; certificate matches"
