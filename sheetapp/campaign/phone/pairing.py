"""Pairing a phone: a device of its own for one member, and the link its QR code carries.

A phone is a device like a laptop (a row in the registry, its 256-bit token kept only as
a hash, revoked with ``campaign revoke``), made without an invite: the GM's host makes it
for a member at once, through the registry's own invite-and-redeem so the one place that
adds devices stays the one place. ``phones.sqlite3`` beside the registry lists which
devices are phones: only those open the phone page (a laptop's token does not), and the
members list says which are phones.

The link is ``https://<address>:<phone port>/#pair=<device>.<token>&fp=<fingerprint>``:
everything after ``#`` stays in the phone's browser (a fragment is never sent in a
request), the page moves the token into the phone's storage and drops it from the
address bar, and every request then carries it in an ``Authorization`` header over TLS.
"""

from __future__ import annotations

import contextlib
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from sheetapp.campaign.contracts import Device, Refused, Role
from sheetapp.campaign.members import Registry, RegistryError
from sheetapp.campaign.tls import compact_fingerprint
from sheetapp.i18n import _

PHONES_FILE = "phones.sqlite3"
# where the running host's page listens: it may not be the campaign's port + 1 (a host
# served at another port, or at any free one), and 'campaign phone' links to it
SERVED_FILE = "phone-page.port"
PHONE_PORT_OFFSET = 1  # the page is served at the campaign's port + 1
PAIR_HOURS = 0.1  # the invite a pairing makes and spends at once
MAX_PHONES = 16  # phones one member holds at once (revoked ones not counted)


def phone_port(campaign_port: int) -> int:
    """Where a campaign's phone page is served: 0 (any free port) for a host on 0."""
    return campaign_port + PHONE_PORT_OFFSET if campaign_port else 0


@dataclass(frozen=True)
class Pairing:
    device: Device
    token: str

    def link(self, address: str, port: int, fingerprint: str) -> str:
        host = f"[{address}]" if ":" in address else address
        return (
            f"https://{host}:{port}/#pair={self.device.id}.{self.token}"
            f"&fp={compact_fingerprint(fingerprint)}"
        )


class Phones:
    """Which devices of a hosted campaign are phones (``phones.sqlite3`` in its folder)."""

    def __init__(self, folder: Path) -> None:
        self.path = Path(folder) / PHONES_FILE

    @contextlib.contextmanager
    def _db(self) -> Iterator[sqlite3.Connection]:
        try:
            db = sqlite3.connect(self.path, isolation_level=None, timeout=10)
        except sqlite3.Error as exc:
            raise RegistryError(f"{self.path}: cannot open ({exc})") from None
        try:
            db.execute(
                "CREATE TABLE IF NOT EXISTS phones (device_id TEXT PRIMARY KEY, created REAL)"
            )
            yield db
        except sqlite3.Error as exc:
            raise RegistryError(f"{self.path}: {exc}") from None
        finally:
            db.close()

    def pair(self, registry: Registry, member_name: str, label: str = "") -> Pairing:
        """A new phone device for the member called ``member_name``; a name that is no
        member's yet becomes a player's (one who plays from a phone alone), within the
        campaign's limit of members."""
        wanted = " ".join(member_name.split()).casefold()
        member = next((m for m in registry.members() if m.name.casefold() == wanted), None)
        if member is not None:
            phones = self.ids()
            held = sum(
                1 for r in registry.devices()
                if r.device.member.id == member.id and r.revoked is None and r.device.id in phones
            )
            if held >= MAX_PHONES:
                raise RegistryError(
                    _("{name} has {most} phones paired, the most a member may; revoke one "
                      "first").format(name=member.name, most=MAX_PHONES)
                )
        role = member.role if member is not None else Role.PLAYER
        name = member.name if member is not None else member_name
        code = registry.invite(name, role, hours=PAIR_HOURS)
        label = label or _("{name}'s phone").format(name=" ".join(name.split()))
        try:
            device, token = registry.redeem(code, label[:64])
        except Refused as exc:
            raise RegistryError(str(exc)) from None
        with self._db() as db:
            db.execute("INSERT INTO phones VALUES (?, ?)", (device.id, time.time()))
        return Pairing(device, token)

    def note_served(self, port: int | None) -> None:
        """Note the port the host's page listens at (None: it stopped)."""
        served = self.path.with_name(SERVED_FILE)
        if port is None:
            served.unlink(missing_ok=True)
        else:
            served.write_text(f"{port}\n", encoding="ascii")

    def served_port(self) -> int | None:
        """The port the page of this campaign's running host listens at, as it noted; None
        when no host noted one (a host that stopped removes its note)."""
        try:
            text = self.path.with_name(SERVED_FILE).read_text(encoding="ascii").strip()
        except (OSError, UnicodeDecodeError):
            return None
        return int(text) if text.isdigit() and 0 < int(text) < 65536 else None

    def is_phone(self, device_id: str) -> bool:
        if not self.path.exists():
            return False
        with self._db() as db:
            found = db.execute("SELECT 1 FROM phones WHERE device_id = ?", (device_id,))
            return found.fetchone() is not None

    def ids(self) -> set[str]:
        if not self.path.exists():
            return set()
        with self._db() as db:
            return {row[0] for row in db.execute("SELECT device_id FROM phones")}

