"""A hosted campaign's folder served: the host wired to the folder's registry the one way
both the app (Campaign > Host) and ``sheetapp campaign serve`` run it.

Wiring a ``CampaignHost`` takes more than constructing it: the registry answers ``/join``
and the new member's name is published for everyone; a revocation by this process closes
the device's connections at once, and one typed in another terminal within seconds; the
members are listed once the host listens; the campaign is announced on the local network.
Kept here, apart from ``hosting`` (which only finds folders), so the command-line verbs
that never serve do not load the network stack.
"""

from __future__ import annotations

import asyncio
import logging
import signal
from collections.abc import Callable
from typing import Protocol

from sheetapp.campaign.discovery import advertise
from sheetapp.campaign.host import CampaignHost
from sheetapp.campaign.hosting import HostFolder
from sheetapp.campaign.members import handle_join, watch_revocations
from sheetapp.campaign.tls import server_context

log = logging.getLogger(__name__)


class Announcement(Protocol):
    def close(self) -> None: ...


Announce = Callable[[str, int, str], Announcement]  # name, port, fingerprint


def _log_unannounced(reason: str) -> None:
    log.info("campaign: not announced on the local network: %s", reason)


class HostedCampaign:
    """The folder's campaign with its host wired and (after ``start``) serving.

    ``announce``: how to announce it on the local network (None: not at all; tests pass
    one on loopback); ``on_unannounced(reason)`` is told when that fails (invite links
    still work). ``on_presence`` is the host's. Start and stop it on the event loop that
    serves; ``host.drop_device`` may be called from any thread.
    """

    def __init__(
        self,
        folder: HostFolder,
        *,
        announce: Announce | None = advertise,
        on_unannounced: Callable[[str], None] = _log_unannounced,
        on_presence: Callable[[list[str]], None] | None = None,
    ) -> None:
        self.folder = folder
        self.registry = folder.registry()
        self.identity = folder.identity()
        self.host = CampaignHost(
            folder.path,
            self.registry,
            server_context(self.identity),
            join_handler=self._join,
            on_presence=on_presence,
        )
        self.registry.on_revoke(lambda device: self.host.drop_device(device.id))
        self._announce = announce
        self._unannounced = on_unannounced
        self._beside: asyncio.Future[None] | None = None

    async def start(self, bind: str, port: int | None = None) -> tuple[str, int]:
        """Listen at ``bind:port`` (default: the campaign's own port; 0 any free one) and
        start what runs beside the host; returns where it listens."""
        address = await self.host.start(bind, self.registry.port if port is None else port)
        self._beside = asyncio.ensure_future(self._alongside(address[1]))
        return address

    async def stop(self) -> None:
        """Withdraw the announcement, stop watching revocations, stop the host."""
        beside, self._beside = self._beside, None
        if beside is not None:
            beside.cancel()
            await asyncio.gather(beside, return_exceptions=True)
        await self.host.stop()

    def publish_members(self) -> None:
        """List the registry's members in the campaign document (on the serving loop)."""
        self.host.publish_members(self.registry.members())

    def _join(self, message: bytes) -> bytes:
        reply = handle_join(self.registry, message)
        self.publish_members()  # a new member's name, for everyone
        return reply

    async def _alongside(self, port: int) -> None:
        """Runs while the host serves, until ``stop`` cancels it."""
        self.publish_members()
        announced = await self._announced(port)
        try:
            # 'sheetapp campaign revoke' typed in another terminal closes the device here too
            await watch_revocations(self.registry, self.host.drop_device)
        finally:
            if announced is not None:
                await asyncio.to_thread(announced.close)

    async def _announced(self, port: int) -> Announcement | None:
        if self._announce is None:
            return None
        name, fingerprint = self.registry.campaign_name, self.identity.fingerprint
        try:
            # zeroconf's calls block, and refuse to run on a thread whose loop is running
            return await asyncio.to_thread(self._announce, name, port, fingerprint)
        except Exception as exc:  # no multicast here: invite links still work
            self._unannounced(str(exc) or type(exc).__name__)
            return None


def serve_until_signalled(
    hosted: HostedCampaign,
    bind: str,
    port: int | None = None,
    *,
    ready: Callable[[str, int], None] | None = None,
) -> None:
    """Serve ``hosted`` until SIGINT or SIGTERM (``sheetapp campaign serve``): blocking, no
    Qt. ``ready`` is told where it listens once it does. ``OSError`` when it cannot."""

    async def main() -> None:
        stopping = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signum, stopping.set)
        where = await hosted.start(bind, port)
        try:
            if ready is not None:
                ready(*where)
            await stopping.wait()
        finally:
            await hosted.stop()

    asyncio.run(main())
