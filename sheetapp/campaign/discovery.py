"""Finding hosts on the local network by mDNS (``zeroconf``), so a player at the table
types only the short code.

A record says where a host listens and the fingerprint of its certificate. Anyone on the
network can advertise anything, so a found host is only a suggestion: joining still reads
the certificate itself and compares it with the record's fingerprint, and the app shows
that fingerprint so the player can compare its first groups with the GM's screen. Records
from the network are checked like any input; a malformed one is skipped.

The calls block (zeroconf runs its own thread); from asyncio code, run them with
``asyncio.to_thread``.
"""

from __future__ import annotations

import contextlib
import socket
import time
from collections.abc import Sequence
from dataclasses import dataclass

from zeroconf import InterfaceChoice, IPVersion, ServiceBrowser, ServiceInfo, Zeroconf

from sheetapp.campaign.tls import compact_fingerprint, normal_fingerprint

SERVICE = "_sheetapp._tcp.local."
MAX_LABEL = 63  # bytes of a DNS label, the instance name included
Interfaces = Sequence[str] | InterfaceChoice


@dataclass(frozen=True)
class Found:
    """A host seen on the network; ``fingerprint`` in ``tls.fingerprint``'s spelling."""

    name: str
    host: str
    port: int
    fingerprint: str


class Advertisement:
    """A host's record on the network, withdrawn by ``close`` (or leaving a ``with``)."""

    def __init__(self, zeroconf: Zeroconf, info: ServiceInfo) -> None:
        self._zeroconf, self._info = zeroconf, info

    def close(self) -> None:
        with contextlib.suppress(Exception):  # the network may already be gone; we are leaving
            self._zeroconf.unregister_service(self._info)
        self._zeroconf.close()

    def __enter__(self) -> Advertisement:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


def instance_name(name: str, fingerprint: str) -> str:
    """``"<name> (<first fingerprint group>)"`` within one DNS label, so two campaigns
    with one name on a network stay apart."""
    suffix = f" ({compact_fingerprint(fingerprint)[:4]})"
    room = MAX_LABEL - len(suffix.encode("utf-8"))
    short = name.encode("utf-8")[:room].decode("utf-8", "ignore").replace(".", " ")
    return short + suffix


def advertise(
    name: str,
    port: int,
    fingerprint: str,
    *,
    addresses: Sequence[str] = (),
    interfaces: Interfaces = InterfaceChoice.All,
) -> Advertisement:
    """Announce the campaign ``name`` at ``port`` on ``addresses`` (default: this
    machine's LAN address)."""
    packed = [socket.inet_aton(a) for a in (addresses or [lan_address()])]
    info = ServiceInfo(
        SERVICE,
        f"{instance_name(name, fingerprint)}.{SERVICE}",
        addresses=packed,
        port=port,
        properties={"v": "1", "name": name[:200], "fp": compact_fingerprint(fingerprint)},
    )
    zeroconf = Zeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only)
    try:
        zeroconf.register_service(info)
    except BaseException:
        zeroconf.close()
        raise
    return Advertisement(zeroconf, info)


def browse(timeout: float = 2.0, *, interfaces: Interfaces = InterfaceChoice.All) -> list[Found]:
    """The hosts that answer within ``timeout`` seconds, sorted by name."""
    zeroconf = Zeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only)
    names: set[str] = set()

    def seen(zeroconf: Zeroconf, service_type: str, name: str, state_change: object) -> None:
        names.add(name)

    browser = ServiceBrowser(zeroconf, SERVICE, handlers=[seen])
    try:
        time.sleep(timeout)
        found = [_found(zeroconf, n) for n in sorted(names)]
    finally:
        browser.cancel()
        zeroconf.close()
    return sorted((f for f in found if f is not None), key=lambda f: (f.name, f.host))


def _found(zeroconf: Zeroconf, name: str) -> Found | None:
    info = zeroconf.get_service_info(SERVICE, name, timeout=1000)
    if info is None or not info.port:
        return None
    addresses = info.parsed_addresses(IPVersion.V4Only)
    props = info.properties or {}
    try:
        fp = normal_fingerprint((props.get(b"fp") or b"").decode("ascii"))
        label = (props.get(b"name") or b"").decode("utf-8")
    except (UnicodeDecodeError, ValueError):
        return None
    if not addresses:
        return None
    return Found(label or name.removesuffix("." + SERVICE), addresses[0], info.port, fp)


def lan_address() -> str:
    """This machine's address on its local network (the one its default route leaves
    from), or 127.0.0.1 when it has none. A UDP ``connect`` sends no packet."""
    with contextlib.closing(socket.socket(socket.AF_INET, socket.SOCK_DGRAM)) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed, only looked up
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"
