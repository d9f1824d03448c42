"""A hosted campaign's folder served: the host wired to the folder's registry the one way
both the app (Campaign > Host) and ``sheetapp campaign serve`` run it.

Wiring a ``CampaignHost`` takes more than constructing it: the registry answers ``/join``
and the new member's name is published for everyone; a revocation by this process closes
the device's connections at once, and one typed in another terminal within seconds; the
members and the settings are listed once the host listens, and a settings change made in
another terminal within seconds; the campaign is announced on the local network.
Kept here, apart from ``hosting`` (which only finds and makes folders), so what only reads
or changes a folder (the command-line verbs other than ``serve``) does not load the host:
its websocket server and Yjs rooms.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable, Coroutine
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any, Protocol

from sheetapp.campaign.discovery import advertise
from sheetapp.campaign.host import CampaignHost, serve_forever
from sheetapp.campaign.hosting import HostFolder
from sheetapp.campaign.limits import DEFAULT, Limits
from sheetapp.campaign.members import handle_join, looks, watch_revocations
from sheetapp.campaign.phone.beside import start_beside as start_phone
from sheetapp.campaign.tls import server_context

if TYPE_CHECKING:
    from sheetapp.campaign.phone.gateway import PhoneServer

log = logging.getLogger(__name__)
SETTINGS_EVERY = 2.0  # seconds between looks at the registry's settings


class Announcement(Protocol):
    def close(self) -> None: ...


Announce = Callable[[str, int, str], Announcement]  # name, port, fingerprint


def _log_unannounced(reason: str) -> None:
    log.info("campaign: not announced on the local network: %s", reason)


class HostedCampaign:
    """The folder's campaign with its host wired and (after ``start``) serving.

    ``announce``: how to announce it on the local network (None: not at all; tests pass
    one on loopback); ``on_unannounced(reason)`` is told when that fails (invite links
    still work). ``on_presence`` is the host's. ``limits``: the campaign's, held by the
    host and the registry alike (members per campaign is the registry's to refuse).
    Start and stop it on the event loop that serves; ``host.drop_device`` may be called
    from any thread.
    """

    def __init__(
        self,
        folder: HostFolder,
        *,
        announce: Announce | None = advertise,
        on_unannounced: Callable[[str], None] = _log_unannounced,
        on_presence: Callable[[list[str]], None] | None = None,
        limits: Limits = DEFAULT,
    ) -> None:
        self.folder = folder
        self.registry = folder.registry(limits)
        self.identity = folder.identity()
        self.host = CampaignHost(
            folder.path,
            self.registry,
            server_context(self.identity),
            join_handler=self._join,
            on_presence=on_presence,
            limits=limits,
        )
        self.registry.on_revoke(lambda device: self.host.drop_device(device.id))
        self._announce = announce
        self._unannounced = on_unannounced
        self._duties: list[asyncio.Task[None]] = []
        self._settings: dict[str, str] | None = None  # as last published
        self._publications = 0  # how many times, so a look can tell one happened meanwhile
        self.cut_off: list[str] = []  # member ids connected when it last stopped
        self.phone: PhoneServer | None = None  # the phone page, beside the host once started

    async def start(self, bind: str, port: int | None = None) -> tuple[str, int]:
        """Listen at ``bind:port`` (default: the campaign's own port; 0 any free one), list
        the members and start what runs beside the host; returns where it listens."""
        asked = self.registry.port if port is None else port
        address = await self.host.start(bind, asked)
        self.phone = await start_phone(self, bind, asked, address[1])
        page = self.phone.address if self.phone is not None else None
        self.host.publish_phone_page(page[1] if page is not None else 0)
        self._publish_logged()
        # The watch does not wait for the announcement (seconds): it notes the devices
        # revoked so far as it starts, and one revoked in another terminal meanwhile would
        # pass for known. Each duty its own task: one failing leaves the other running.
        self._duties = [
            self._duty("the revocation watch", self._watch()),
            self._duty("the settings watch", self._watch_settings(self._settings)),
            self._duty("the announcement", self._announced_while_serving(address[1])),
        ]
        return address

    async def stop(self) -> None:
        """Withdraw the announcement (one still being made is withdrawn once made), stop
        watching revocations and settings, stop the host. ``cut_off`` then lists the
        members who were connected (their connections close with it)."""
        self.cut_off = self.host.presence()
        duties, self._duties = self._duties, []
        for duty in duties:
            duty.cancel()
        await asyncio.gather(*duties, return_exceptions=True)  # failures are logged as met
        if self.phone is not None:
            await self.phone.stop()
            self.phone = None
        await self.host.stop()

    def publish_members(self) -> None:
        """List the registry's members in the campaign document (on the serving loop)."""
        self.host.publish_members(self.registry.members())

    def publish_settings(self, settings: dict[str, str] | None = None) -> None:
        """Write ``settings`` (by default the registry's, read here) in the campaign
        document, on the serving loop: the GM's app passes the settings it has just stored,
        so the loop every player is served from reads no database. ``sheetapp campaign
        settings`` typed beside ``campaign serve`` is seen by the settings watch."""
        settings = self.registry.settings() if settings is None else settings
        self.host.publish_settings(settings)
        self._settings = settings
        self._publications += 1

    def _publish_logged(self) -> None:
        # Broad on purpose: after a join the code is already used up, and nothing here may
        # cost the joiner the reply carrying its token; the next join or start lists them.
        for what, publish in (("members list", self.publish_members),
                              ("settings", self.publish_settings)):
            try:
                publish()
            except Exception as exc:
                log.warning("campaign: could not publish the %s: %s", what, _told(exc))

    def _join(self, message: bytes, source: str) -> bytes:
        reply = handle_join(self.registry, message, source)
        self._publish_logged()  # a new member's name, for everyone
        return reply

    def _duty(self, what: str, work: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        task = asyncio.ensure_future(work)
        task.add_done_callback(lambda done: _log_failure(what, done))
        return task

    async def _watch(self) -> None:
        # 'sheetapp campaign revoke' typed in another terminal closes the device here too
        await watch_revocations(self.registry, self.host.drop_device)

    async def _watch_settings(self, seen: dict[str, str] | None) -> None:
        """'sheetapp campaign settings' typed in another terminal reaches the players
        within seconds: the registry is read every ``SETTINGS_EVERY`` seconds. ``seen``:
        the settings published at start."""
        publications = self._publications
        async for settings in looks(self.registry.settings, SETTINGS_EVERY):
            # Compared with the last look, not the last publication: a look that began
            # before the app's own change ends with the old settings, which are no news;
            # and one during which the app published may be older than what it published.
            if self._publications == publications and settings != seen:
                seen = settings
                self.host.publish_settings(settings)
            publications = self._publications

    async def _announced_while_serving(self, port: int) -> None:
        """Announce the campaign, and withdraw it when ``stop`` cancels this."""
        announced = await self._announced(port)
        if announced is None:
            return
        try:
            await asyncio.get_running_loop().create_future()  # until cancelled
        finally:
            await asyncio.to_thread(announced.close)

    async def _announced(self, port: int) -> Announcement | None:
        if self._announce is None:
            return None
        name, fingerprint = self.registry.campaign_name, self.identity.fingerprint
        # zeroconf's calls block, and refuse to run on a thread whose loop is running
        making = _on_a_thread(self._announce, name, port, fingerprint)
        try:
            return await asyncio.wrap_future(making)
        except asyncio.CancelledError:
            # Stopped while announcing (Leave, a closed window, Ctrl+C): the thread cannot
            # be stopped, and what it makes would stay announced with no one to close it.
            # Withdrawn from the threads themselves once made, whatever then becomes of
            # this loop (closing the window cancels every task on it, this one's too).
            making.add_done_callback(_withdraw)
            raise
        except Exception as exc:  # no multicast here: invite links still work
            self._unannounced(str(exc) or type(exc).__name__)
            return None


def _on_a_thread(work: Callable[..., Announcement], *args: object) -> Future[Announcement]:
    """``work(*args)`` on a thread of its own, as a future that outlives the event loop."""
    future: Future[Announcement] = Future()

    def run() -> None:
        if future.set_running_or_notify_cancel():
            try:
                future.set_result(work(*args))
            except BaseException as exc:  # told through the future
                future.set_exception(exc)

    threading.Thread(target=run, name="sheetapp-announce", daemon=True).start()
    return future


def _withdraw(made: Future[Announcement]) -> None:
    """Close an announcement made after its campaign stopped, on a new thread: this may run
    on the event loop's, where zeroconf refuses to, and it must finish even at exit."""
    if not made.cancelled() and made.exception() is None:
        threading.Thread(target=made.result().close, name="sheetapp-unannounce").start()


def _log_failure(what: str, task: asyncio.Task[None]) -> None:
    """Tell of a duty that ended on an error: ``stop`` only gathers them, and the host
    serves on without it."""
    if not task.cancelled() and (error := task.exception()) is not None:
        log.error("campaign: %s stopped: %s", what, _told(error))


def _told(error: BaseException) -> str:
    """One line for the log (``campaign serve`` prints it as is: no traceback)."""
    return f"{type(error).__name__}: {error}" if str(error) else type(error).__name__


def serve_until_signalled(
    hosted: HostedCampaign,
    bind: str,
    port: int | None = None,
    *,
    ready: Callable[[str, int], None] | None = None,
) -> int:
    """Serve ``hosted`` until SIGINT or SIGTERM (``sheetapp campaign serve``): blocking, no
    Qt. ``ready`` is told where it listens once it does. ``OSError`` when it cannot.
    Returns how many members were connected when it stopped: they were cut off."""
    serve_forever(hosted, bind, hosted.registry.port if port is None else port, ready=ready)
    return len(hosted.cut_off)
