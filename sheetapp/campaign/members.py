"""The host's registry of the campaign, its members, their devices and open invites.

One SQLite file in the host's folder, opened afresh for each call: the host process and a
``sheetapp campaign revoke`` typed beside it then see the same truth, and a revocation is
in force for the very next connection whichever process made it.

Secrets are kept only as SHA-256 hashes (invite codes and device tokens alike): a copy of
the file lets no one in. Tokens are 256 random bits, so a plain hash is enough (no slow
password hash is needed), and they are compared with ``hmac.compare_digest`` so the time a
refusal takes says nothing about how close a guess came.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import ipaddress
import json
import os
import secrets
import sqlite3
import time
import uuid
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from sheetapp.campaign.contracts import Device, Member, Refused, Role
from sheetapp.campaign.invites import (
    InviteError,
    new_code,
    new_invite_id,
    normal_code,
    normal_invite_id,
)
from sheetapp.campaign.limits import DEFAULT, Limits
from sheetapp.i18n import _

SETTINGS = {"requests": ("ask", "at_once")}  # each setting and the values it takes
MAX_NAME = 64
DEFAULT_PORT = 47474  # unassigned by IANA; ``campaign create --port`` picks another
MAX_JOIN_BYTES = 4096
LAST_SEEN_EVERY_S = 60.0  # how stale a device's "last seen" may be before it is written again
T = TypeVar("T")  # what a look at the registry reads
# Wrong codes allowed per window before every redeem is refused for a while: guessing one
# 40-bit code at this pace takes far longer than it stays valid.
MAX_FAILURES, FAILURE_WINDOW_S = (
    30,
    600.0,
)  # {"code", "label"} is under 200 bytes; more is not a join
# Wrong codes sent naming one invite (its link's id) within the window before that invite
# refuses every code: whoever guesses at it, from however many addresses, locks that
# invite alone (the GM invites again), and has had 10 tries at 40 bits.
MAX_INVITE_FAILURES = 10
_SCHEMA = """
CREATE TABLE IF NOT EXISTS campaign (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS members (
    id TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE, role TEXT NOT NULL, created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS invites (
    code_hash BLOB PRIMARY KEY, name TEXT NOT NULL, role TEXT NOT NULL,
    created REAL NOT NULL, expires REAL NOT NULL, used REAL, id TEXT NOT NULL DEFAULT '');
CREATE TABLE IF NOT EXISTS failures (
    at REAL NOT NULL, source TEXT NOT NULL DEFAULT '', invite TEXT NOT NULL DEFAULT '');
CREATE TABLE IF NOT EXISTS devices (
    id TEXT PRIMARY KEY, member_id TEXT NOT NULL REFERENCES members(id), label TEXT NOT NULL,
    token_hash BLOB NOT NULL, created REAL NOT NULL, revoked REAL, last_seen REAL);
"""


_ADDED_COLUMNS = (("failures", "source"), ("failures", "invite"), ("invites", "id"))


class RegistryError(Exception):
    """The registry cannot do this (no such device, a bad name, an unreadable file)."""


@dataclass(frozen=True)
class DeviceRecord:
    """A device as the GM reviews it: when it joined, was last seen, was revoked."""

    device: Device
    created: float
    last_seen: float | None
    revoked: float | None


@dataclass(frozen=True)
class PendingInvite:
    """An invite given out and not used yet: for whom, as what, made and valid until."""

    name: str
    role: Role
    created: float
    expires: float


def source_key(address: str) -> str:
    """Whom wrong codes are counted against: an IPv4 address, or an IPv6 address's /64
    (one machine is given a whole /64 and can pick any address in it)."""
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.ip_network(f"{parsed}/64", strict=False))
    return str(parsed)


def _full(members: int) -> str:
    return f"the campaign is full: it takes {members} members"


def _hash(secret: str) -> bytes:
    return hashlib.sha256(secret.encode("utf-8")).digest()


def clean_name(text: str, what: str = "a name") -> str:
    """A display name or device label: trimmed, printable, at most ``MAX_NAME`` long."""
    name = " ".join(text.split())
    if not name or len(name) > MAX_NAME or not name.isprintable():
        raise RegistryError(
            _("{what} is 1 to {MAX_NAME} printable characters").format(what=what, MAX_NAME=MAX_NAME)
        )
    return name


class Registry:
    """The ``Gatekeeper`` of one hosted campaign (see ``contracts.Gatekeeper``), holding
    it to ``limits`` (the host's: one ``Limits`` for the whole campaign)."""

    def __init__(self, path: str | os.PathLike[str], *, limits: Limits = DEFAULT) -> None:
        self.path = Path(path)
        self.limits = limits
        self._revoke_listeners: list[Callable[[Device], None]] = []
        if not self.path.is_file():
            raise RegistryError(_("{path}: no campaign is hosted here").format(path=self.path))
        try:
            with self._db() as db:
                found = db.execute("SELECT value FROM campaign WHERE key = 'id'").fetchone()
        except RegistryError:
            found = None
        if found is None:
            raise RegistryError(_("{path}: not a campaign registry").format(path=self.path))
        with self._db() as db:  # a registry made before wrong codes were counted per
            # address (failures.source), or per invite (invites.id, failures.invite)
            for table, column in _ADDED_COLUMNS:
                columns = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
                if column not in columns:
                    db.execute(
                        f"ALTER TABLE {table} ADD COLUMN {column} TEXT NOT NULL DEFAULT ''"
                    )

    @classmethod
    def create(
        cls,
        path: str | os.PathLike[str],
        name: str,
        gm_name: str,
        *,
        campaign_id: str | None = None,
        port: int = DEFAULT_PORT,
        limits: Limits = DEFAULT,
    ) -> Registry:
        """A new campaign with its GM, served at ``port``; refuses to write over an
        existing registry."""
        path = Path(path)
        if path.exists():
            raise RegistryError(_("{path}: a campaign is already hosted here").format(path=path))
        name, gm_name = clean_name(name, "a campaign name"), clean_name(gm_name, "the GM's name")
        try:
            with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as db:
                os.chmod(path, 0o600)  # before anything secret is written to it
                cls._fill(db, name, gm_name, campaign_id or uuid.uuid4().hex, port)
        except (sqlite3.Error, OSError) as exc:
            raise RegistryError(
                _("{path}: cannot create ({exc})").format(path=path, exc=exc)
            ) from None
        return cls(path, limits=limits)

    @staticmethod
    def _fill(db: sqlite3.Connection, name: str, gm_name: str, campaign_id: str, port: int) -> None:
        db.executescript(_SCHEMA)
        db.execute("BEGIN")
        values = {"id": campaign_id, "name": name, "port": str(port), "settings": "{}"}
        db.executemany("INSERT INTO campaign VALUES (?, ?)", values.items())
        db.execute(
            "INSERT INTO members VALUES (?, ?, ?, ?)",
            (uuid.uuid4().hex, gm_name, Role.GM.value, time.time()),
        )
        db.execute("COMMIT")

    @contextlib.contextmanager
    def _db(self) -> Iterator[sqlite3.Connection]:
        try:
            db = sqlite3.connect(self.path, isolation_level=None, timeout=10)
        except sqlite3.Error as exc:
            raise RegistryError(
                _("{path}: cannot open ({exc})").format(path=self.path, exc=exc)
            ) from None
        try:
            db.execute("PRAGMA foreign_keys = ON")
            yield db
        except sqlite3.Error as exc:
            raise RegistryError(f"{self.path}: {exc}") from None
        finally:
            db.close()

    def _value(self, key: str) -> str:
        with self._db() as db:
            return str(db.execute("SELECT value FROM campaign WHERE key = ?", (key,)).fetchone()[0])

    @property
    def campaign_id(self) -> str:
        return self._value("id")

    @property
    def campaign_name(self) -> str:
        return self._value("name")

    @property
    def port(self) -> int:
        """The port the host serves at, kept with the campaign so invites name it."""
        return int(self._value("port"))

    def settings(self) -> dict[str, str]:
        """Campaign settings, each defaulting to its first value (requests: "ask")."""
        stored = json.loads(self._value("settings"))
        return {key: stored.get(key, values[0]) for key, values in SETTINGS.items()}

    def set_apply_at_once(self, at_once: bool) -> None:
        """Whether the GM's requests apply on the player's sheet as they arrive (the app's
        Campaign > Apply GM Changes at Once, ``campaign settings --apply-at-once``)."""
        self.set_setting("requests", "at_once" if at_once else "ask")

    def set_setting(self, key: str, value: str) -> None:
        if value not in SETTINGS.get(key, ()):
            raise RegistryError(
                _("no setting {key}={value}; settings: {SETTINGS}").format(
                    key=key, value=value, SETTINGS=SETTINGS
                )
            )
        with self._db() as db:
            db.execute("BEGIN IMMEDIATE")
            stored = json.loads(
                db.execute("SELECT value FROM campaign WHERE key = 'settings'").fetchone()[0]
            )
            stored[key] = value
            db.execute(
                "UPDATE campaign SET value = ? WHERE key = 'settings'", (json.dumps(stored),)
            )
            db.execute("COMMIT")

    def gm(self) -> Member:
        return next(m for m in self.members() if m.role is Role.GM)

    def members(self) -> list[Member]:
        with self._db() as db:
            rows = db.execute("SELECT id, name, role FROM members ORDER BY created").fetchall()
        return [Member(i, n, Role(r)) for i, n, r in rows]

    def pending_invites(self) -> list[PendingInvite]:
        """Invites not used yet and not expired, oldest first (the codes themselves are
        not kept: only whom they are for and until when)."""
        with self._db() as db:
            rows = db.execute(
                "SELECT name, role, created, expires FROM invites "
                "WHERE used IS NULL AND expires > ? ORDER BY created",
                (time.time(),),
            ).fetchall()
        return [PendingInvite(n, Role(r), c, e) for n, r, c, e in rows]

    def invite(self, name: str, role: Role = Role.PLAYER, *, hours: float = 72) -> str:
        """A single-use code that adds a device for ``name`` (a new player, or another
        device of an existing member, the GM's included) and expires after ``hours``."""
        name = clean_name(name)
        if not 0 < hours <= 24 * 365:
            raise RegistryError(_("an invite lasts more than 0 and at most 8760 hours"))
        existing = {m.name.casefold(): m for m in self.members()}
        member = existing.get(name.casefold())
        if member is not None and member.role is not role:
            raise RegistryError(
                _("{name} is already the campaign's {value}").format(
                    name=member.name, value=member.role.value
                )
            )
        if member is None and role is Role.GM:
            raise RegistryError(
                _("a campaign has one GM ({name}); invite their other devices by name").format(
                    name=self.gm().name
                )
            )
        if member is None and len(existing) >= self.limits.members:
            raise RegistryError(_full(self.limits.members))
        code = new_code()
        now = time.time()
        with self._db() as db:
            db.execute(
                "INSERT INTO invites (code_hash, name, role, created, expires, id) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (
                    _hash(code),
                    member.name if member else name,
                    role.value,
                    now,
                    now + hours * 3600,
                    new_invite_id(),
                ),
            )
        return code

    def invite_id(self, code: str) -> str:
        """The public id of the invite ``code`` opens, for its link ("" for none)."""
        with self._db() as db:
            row = db.execute(
                "SELECT id FROM invites WHERE code_hash = ?", (_hash(normal_code(code)),)
            ).fetchone()
        return str(row[0]) if row else ""

    def redeem(
        self, code: str, device_label: str, *, source: str = "", invite: str = ""
    ) -> tuple[Device, str]:
        """See ``Gatekeeper.redeem``: the code is spent in the same transaction that adds
        the device, so two devices racing with one code cannot both get in. Wrong codes
        are counted per ``source`` (the address the join came from): a guesser locks out
        only their own address, never the players joining beside them. A join naming an
        ``invite`` (its link's id) must bring that invite's code, and its wrong codes
        count against that invite too: guessed at from many addresses, it locks after
        ``MAX_INVITE_FAILURES``, and the other invites stay open."""
        where = source_key(source)
        try:
            code_hash = _hash(normal_code(code))
            label = clean_name(device_label, "a device label")
            if invite:
                normal_invite_id(invite)
        except (InviteError, RegistryError) as exc:
            raise Refused(str(exc)) from None
        token = secrets.token_urlsafe(32)
        now = time.time()
        with self._db() as db:
            db.execute("BEGIN IMMEDIATE")
            db.execute("DELETE FROM failures WHERE at < ?", (now - FAILURE_WINDOW_S,))
            tried = db.execute(
                "SELECT count(*) FROM failures WHERE source = ?", (where,)
            ).fetchone()[0]
            if tried >= MAX_FAILURES:
                db.execute("COMMIT")
                raise Refused(_("too many wrong invite codes lately; try again in a few minutes"))
            if invite and db.execute(
                "SELECT count(*) FROM failures WHERE invite = ?", (invite,)
            ).fetchone()[0] >= MAX_INVITE_FAILURES:
                db.execute("COMMIT")
                raise Refused(
                    _(
                        "too many wrong codes were tried for this invite lately; try again in "
                        "a few minutes, or ask the GM for a new one"
                    )
                )
            row = db.execute(
                "SELECT name, role, expires, used FROM invites WHERE code_hash = ?"
                + (" AND id = ?" if invite else ""),
                (code_hash, invite) if invite else (code_hash,),
            ).fetchone()
            if row is None or row[3] is not None or row[2] <= now:
                if row is None:
                    db.execute(
                        "INSERT INTO failures (at, source, invite) VALUES (?, ?, ?)",
                        (now, where, invite),
                    )
                db.execute("COMMIT")
                why = "unknown" if row is None else "already used" if row[3] else "expired"
                raise Refused(
                    _("the invite code is {why}; ask the GM for a new one").format(why=why)
                )
            name, role = row[0], Role(row[1])
            db.execute("UPDATE invites SET used = ? WHERE code_hash = ?", (now, code_hash))
            found = db.execute(
                "SELECT id, name, role FROM members WHERE name = ? COLLATE NOCASE", (name,)
            ).fetchone()
            if found is not None:  # another device of a member (invited twice before joining)
                member_id, name, role = found[0], found[1], Role(found[2])
            elif db.execute("SELECT count(*) FROM members").fetchone()[0] >= self.limits.members:
                db.execute("ROLLBACK")  # the code is not spent by a refusal
                raise Refused(_full(self.limits.members))
            else:
                member_id = uuid.uuid4().hex
                db.execute(
                    "INSERT INTO members VALUES (?, ?, ?, ?)", (member_id, name, role.value, now)
                )
            device_id = uuid.uuid4().hex
            db.execute(
                "INSERT INTO devices VALUES (?, ?, ?, ?, ?, NULL, NULL)",
                (device_id, member_id, label, _hash(token), now),
            )
            db.execute("COMMIT")
        return Device(device_id, Member(member_id, name, role), label), token

    def authenticate(self, device_id: str, token: str) -> Device | None:
        """See ``Gatekeeper.authenticate``; records when the device was last seen."""
        given = _hash(token)
        with self._db() as db:
            row = db.execute(
                "SELECT d.token_hash, d.revoked, d.label, m.id, m.name, m.role, d.last_seen "
                "FROM devices d JOIN members m ON m.id = d.member_id WHERE d.id = ?",
                (device_id,),
            ).fetchone()
            # An unknown device is compared too, so its refusal takes the same time.
            matches = hmac.compare_digest(row[0] if row else _hash(""), given)
            if row is None or not matches or row[1] is not None:
                return None
            now = time.time()
            # A device opens a connection per document: one disk write (and sync) a minute
            # says as much as one per connection did, hundreds at a join.
            if row[6] is None or now - row[6] >= LAST_SEEN_EVERY_S:
                db.execute("UPDATE devices SET last_seen = ? WHERE id = ?", (now, device_id))
        return Device(device_id, Member(row[3], row[4], Role(row[5])), row[2])

    def on_revoke(self, listener: Callable[[Device], None]) -> None:
        """Call ``listener`` with each device this registry revokes (the host closes its
        connections); a revocation by another process shows at the next authenticate."""
        self._revoke_listeners.append(listener)

    def revoke(self, device_id: str) -> Device:
        """Refuse the device from now on; revoking it again changes nothing."""
        record = next((r for r in self.devices() if r.device.id == device_id), None)
        if record is None:
            raise RegistryError(
                _("no device {device_id} in this campaign").format(device_id=device_id)
            )
        if record.revoked is None:
            with self._db() as db:
                db.execute("UPDATE devices SET revoked = ? WHERE id = ?", (time.time(), device_id))
        for listener in self._revoke_listeners:
            listener(record.device)
        return record.device

    def devices(self) -> list[DeviceRecord]:
        with self._db() as db:
            rows = db.execute(
                "SELECT d.id, d.label, d.created, d.last_seen, d.revoked, m.id, m.name, m.role "
                "FROM devices d JOIN members m ON m.id = d.member_id ORDER BY d.created"
            ).fetchall()
        return [
            DeviceRecord(Device(r[0], Member(r[5], r[6], Role(r[7])), r[1]), r[2], r[3], r[4])
            for r in rows
        ]


async def looks(read: Callable[[], T], every: float) -> AsyncIterator[T]:
    """What ``read`` (of the registry) returns every ``every`` seconds, read off the event
    loop: how a host hears of what another process changed in its registry. A look it is
    too busy for is skipped; the next one sees the change."""
    while True:
        await asyncio.sleep(every)
        try:
            yield await asyncio.to_thread(read)
        except RegistryError:
            continue


async def watch_revocations(
    registry: Registry, drop: Callable[[str], None], *, every: float = 2.0
) -> None:
    """Call ``drop(device id)`` for each device revoked after the watch starts, by this
    process or another; runs until cancelled.

    ``on_revoke`` only hears this process's revocations; the headless host runs this beside
    serving so a ``sheetapp campaign revoke`` typed in another terminal closes the device's
    open connections within seconds, not at its next reconnect.
    """
    known = {r.device.id for r in registry.devices() if r.revoked is not None}
    async for records in looks(registry.devices, every):
        revoked = {r.device.id for r in records if r.revoked is not None}
        for device_id in sorted(revoked - known):
            drop(device_id)
        known = revoked


def handle_join(registry: Registry, message: bytes | str, source: str = "") -> bytes:
    """The host's answer to one ``/join`` message (see docs/campaigns.md, "Joining").

    Pure apart from the registry, and bounded: anything that is not a small JSON object
    with a string ``code`` and ``label`` gets ``{"refused": reason}``, never an exception.
    """
    try:
        reply = _join_reply(registry, message, source)
    except Refused as exc:
        reply = {"refused": str(exc)}
    except RegistryError:
        reply = {"refused": "the host cannot read its registry; tell the GM"}
    return json.dumps(reply).encode("utf-8")


def _join_reply(registry: Registry, message: bytes | str, source: str) -> dict[str, object]:
    if len(message) > MAX_JOIN_BYTES:
        raise Refused(_("the join message is too long"))
    try:
        request = json.loads(message)
    except (ValueError, RecursionError):
        raise Refused(_("the join message is not JSON")) from None
    if not isinstance(request, dict):
        raise Refused(_("the join message is not a JSON object"))
    code, label = request.get("code"), request.get("label")
    if not isinstance(code, str) or not isinstance(label, str):
        raise Refused(_("the join message needs a code and a label, both text"))
    invite = request.get("invite", "")
    if not isinstance(invite, str):
        raise Refused(_("the join message's invite is text"))
    device, token = registry.redeem(code, label, source=source, invite=invite)
    member = device.member
    return {
        "campaign": {"id": registry.campaign_id, "name": registry.campaign_name},
        "member": {"id": member.id, "name": member.name, "role": member.role.value},
        "device": device.id,
        "token": token,
    }
