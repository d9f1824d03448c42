"""A hosted campaign's folder served as the app and ``campaign serve`` both serve it: the
members are listed once it listens and after each join, a revocation (by this process or
another) closes the device out, and the announcement is made off the event loop and
withdrawn when it stops."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

from sheetapp.campaign import ydoc
from sheetapp.campaign.client import CampaignClient, MemoryReplicas
from sheetapp.campaign.contracts import Role
from sheetapp.campaign.gate import MEMBERS
from sheetapp.campaign.hosting import HostFolder, create_host
from sheetapp.campaign.invites import InviteLink
from sheetapp.campaign.members import RegistryError
from sheetapp.campaign.membership import Membership, join
from sheetapp.campaign.serving import HostedCampaign


class Announcements:
    """Stands in for mDNS: records each announcement, on which thread, and its withdrawal.
    Held, an announcement is under way (``begun``) until the test lets it finish, as
    zeroconf's takes a second or two."""

    def __init__(self, fail: str = "", held: bool = False) -> None:
        self.made: list[tuple[str, int, str]] = []
        self.threads: list[threading.Thread] = []
        self.closed = 0
        self.fail = fail
        self.begun = threading.Event()
        self.finish = threading.Event()
        if not held:
            self.finish.set()

    def __call__(self, name: str, port: int, fingerprint: str) -> Announcements:
        self.threads.append(threading.current_thread())
        self.begun.set()
        self.finish.wait(10)
        if self.fail:
            raise OSError(self.fail)
        self.made.append((name, port, fingerprint))
        return self

    def close(self) -> None:
        self.closed += 1


def folder_in(tmp_path: Path) -> HostFolder:
    return create_host("Iron Road", "Mara", folder=tmp_path / "host")


async def until(check, seconds: float = 10.0) -> None:
    for _ in range(int(seconds / 0.05)):
        if check():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("not in time")


def members_listed(hosted: HostedCampaign) -> dict[str, str]:
    campaign = hosted.host.doc("campaign")
    assert campaign is not None
    return {k: v["name"] for k, v in ydoc.read(campaign, root=MEMBERS).items()}


async def joined(hosted: HostedCampaign, port: int, name: str, tmp_path: Path) -> Membership:
    code = hosted.registry.invite(name, Role.PLAYER)
    link = InviteLink("127.0.0.1", port, code, hosted.identity.fingerprint)
    return await join(link, f"{name}'s laptop", folder=tmp_path / name)


def test_members_are_listed_at_start_and_after_each_join(tmp_path: Path) -> None:
    async def run() -> None:
        hosted = HostedCampaign(folder_in(tmp_path), announce=None)
        _, port = await hosted.start("127.0.0.1", 0)
        try:
            await until(lambda: list(members_listed(hosted).values()) == ["Mara"])
            await joined(hosted, port, "Ana", tmp_path)
            assert sorted(members_listed(hosted).values()) == ["Ana", "Mara"]
        finally:
            await hosted.stop()

    asyncio.run(run())


def test_a_revocation_here_or_in_another_process_closes_the_device_out(
    tmp_path: Path,
) -> None:
    async def run() -> None:
        hosted = HostedCampaign(folder_in(tmp_path), announce=None)
        _, port = await hosted.start("127.0.0.1", 0)
        clients = []
        try:
            # the host's own registry at once; one opened apart (as 'campaign revoke' is)
            # when the watch next looks, every 2 s
            apart = hosted.folder.registry()
            for name, registry, seconds in (("Ana", hosted.registry, 1.5), ("Bea", apart, 10)):
                membership = await joined(hosted, port, name, tmp_path)
                client = CampaignClient(membership, MemoryReplicas(), delays=(0.05, 0.2))
                clients.append(client)
                character = f"character:{name.lower()}"  # each opens their own
                await client.open(character, wait=10)
                assert client.status(character) == "connected"
                registry.revoke(membership.device_id)
                await until(
                    lambda c=client, d=character: c.status(d).startswith("refused"), seconds
                )
        finally:
            for client in clients:
                await client.close()
            await hosted.stop()

    asyncio.run(run())


def test_the_announcement_is_made_off_the_event_loop_and_withdrawn_at_stop(
    tmp_path: Path,
) -> None:
    """zeroconf's calls block and refuse to run on a thread whose event loop runs."""
    announcements = Announcements()

    async def run() -> None:
        hosted = HostedCampaign(folder_in(tmp_path), announce=announcements)
        _, port = await hosted.start("127.0.0.1", 0)
        await until(lambda: announcements.made != [])
        assert announcements.made == [("Iron Road", port, hosted.identity.fingerprint)]
        assert announcements.threads != [threading.current_thread()]
        assert announcements.closed == 0
        await hosted.stop()
        assert announcements.closed == 1

    asyncio.run(run())


def test_a_failed_announcement_is_told_and_the_host_serves_on(tmp_path: Path) -> None:
    told: list[str] = []

    async def run() -> None:
        hosted = HostedCampaign(
            folder_in(tmp_path), announce=Announcements(fail="no multicast"),
            on_unannounced=told.append,
        )
        _, port = await hosted.start("127.0.0.1", 0)
        try:
            await until(lambda: told != [])
            await joined(hosted, port, "Ana", tmp_path)  # invite links still work
        finally:
            await hosted.stop()

    asyncio.run(run())
    assert told == ["no multicast"]


async def stopped_while_announcing(
    tmp_path: Path, announcements: Announcements
) -> asyncio.Future[None]:
    """A campaign started and told to stop while its (held) announcement is being made;
    the stop has cancelled what runs beside the host when this returns."""
    hosted = HostedCampaign(folder_in(tmp_path), announce=announcements)
    await hosted.start("127.0.0.1", 0)
    await until(announcements.begun.is_set)
    stopping = asyncio.ensure_future(hosted.stop())
    await asyncio.sleep(0)
    return stopping


def test_a_stop_while_announcing_withdraws_the_announcement_once_made(
    tmp_path: Path,
) -> None:
    """Leave, a closed window or Ctrl+C in the seconds an announcement takes: the thread
    making it cannot be stopped, so what it makes is withdrawn once it is made."""
    announcements = Announcements(held=True)

    async def run() -> None:
        stopping = await stopped_while_announcing(tmp_path, announcements)
        announcements.finish.set()
        await stopping
        # the announcing thread finishes, and then its withdrawal runs, on threads of their
        # own: once made, it is withdrawn (a loaded machine may take a moment for both)
        await until(lambda: len(announcements.made) == 1 and announcements.closed == 1)

    asyncio.run(run())


def test_a_revocation_in_another_process_while_announcing_still_closes_the_device_out(
    tmp_path: Path,
) -> None:
    """The revocation watch runs from the start, not once the announcement is made."""
    announcements = Announcements(held=True)

    async def run() -> None:
        hosted = HostedCampaign(folder_in(tmp_path), announce=announcements)
        _, port = await hosted.start("127.0.0.1", 0)
        client = None
        try:
            await until(announcements.begun.is_set)
            membership = await joined(hosted, port, "Ana", tmp_path)
            client = CampaignClient(membership, MemoryReplicas(), delays=(0.05, 0.2))
            await client.open("character:ana", wait=10)
            assert client.status("character:ana") == "connected"
            hosted.folder.registry().revoke(membership.device_id)  # as 'campaign revoke'
            await until(lambda: client.status("character:ana").startswith("refused"), 10)
            assert announcements.made == []  # all while the announcement was being made
        finally:
            announcements.finish.set()
            if client is not None:
                await client.close()
            await hosted.stop()

    asyncio.run(run())


def test_a_join_is_answered_when_the_members_list_cannot_be_published(
    tmp_path: Path, monkeypatch, caplog
) -> None:
    """The code is used up by then: the joiner must still get its token."""

    async def run() -> None:
        hosted = HostedCampaign(folder_in(tmp_path), announce=None)
        _, port = await hosted.start("127.0.0.1", 0)
        try:
            code = hosted.registry.invite("Ana", Role.PLAYER)
            monkeypatch.setattr(hosted.registry, "members", locked)
            link = InviteLink("127.0.0.1", port, code, hosted.identity.fingerprint)
            membership = await join(link, "Ana's laptop", folder=tmp_path / "Ana")
            assert membership.member.name == "Ana"
        finally:
            await hosted.stop()

    asyncio.run(run())
    assert "could not publish the members list" in caplog.text
    assert "database is locked" in caplog.text
    assert "Traceback" not in caplog.text  # one line: `campaign serve` prints it as is


def locked() -> None:
    raise RegistryError("cannot read the registry: database is locked")


def test_when_publishing_or_watching_fails_the_rest_runs_on_and_the_failure_is_logged(
    tmp_path: Path, monkeypatch, caplog
) -> None:
    """Each duty beside the host is its own task: an unreadable registry at start neither
    keeps the campaign unannounced nor withdraws it early, and is told in the log."""
    announcements = Announcements()
    folder = folder_in(tmp_path)

    async def run() -> None:
        hosted = HostedCampaign(folder, announce=announcements)
        monkeypatch.setattr(hosted.registry, "members", locked)
        monkeypatch.setattr(hosted.registry, "devices", locked)  # the watch's first look
        _, port = await hosted.start("127.0.0.1", 0)
        try:
            await until(lambda: announcements.made != [])
            await until(lambda: "the revocation watch stopped" in caplog.text)
            assert announcements.closed == 0
            monkeypatch.undo()
            await joined(hosted, port, "Ana", tmp_path)  # and the host serves on
            assert sorted(members_listed(hosted).values()) == ["Ana", "Mara"]
        finally:
            await hosted.stop()
        assert announcements.closed == 1

    asyncio.run(run())
    assert "could not publish the members list" in caplog.text


def test_the_settings_are_published_at_start_and_when_changed_in_another_terminal(
    tmp_path: Path, monkeypatch
) -> None:
    """The players read the settings from the campaign document; with ``campaign serve``
    no GM's app is there to write them, and ``campaign settings`` is another process."""
    from sheetapp.campaign import serving
    from sheetapp.campaign.gate import SETTINGS

    monkeypatch.setattr(serving, "SETTINGS_EVERY", 0.1)
    folder = folder_in(tmp_path)

    def published() -> dict[str, str]:
        campaign = hosted.host.doc("campaign")
        return ydoc.read(campaign, root=SETTINGS) if campaign is not None else {}

    hosted = HostedCampaign(folder, announce=None)

    async def run() -> None:
        await hosted.start("127.0.0.1", 0)
        try:
            assert published() == {"requests": "ask"}
            folder.registry().set_setting("requests", "at_once")  # another process's registry
            await until(lambda: published() == {"requests": "at_once"}, 5)
        finally:
            await hosted.stop()

    asyncio.run(run())


def test_a_look_at_the_settings_begun_before_the_apps_change_does_not_undo_it(
    tmp_path: Path, monkeypatch
) -> None:
    """The watch reads the registry on a thread; a read that began before the GM's app
    changed a setting ends with the old settings, which must not be published over the
    new ones (the players would see the change undone for a moment)."""
    from sheetapp.campaign import serving

    monkeypatch.setattr(serving, "SETTINGS_EVERY", 0.05)
    hosted = HostedCampaign(folder_in(tmp_path), announce=None)
    published: list[str] = []

    async def run() -> None:
        await hosted.start("127.0.0.1", 0)
        publish = hosted.host.publish_settings
        monkeypatch.setattr(hosted.host, "publish_settings",
                            lambda settings: (published.append(settings["requests"]),
                                              publish(settings)))
        try:
            real = hosted.registry.settings
            hosted.registry.set_setting("requests", "at_once")  # the app's change ...
            hosted.publish_settings()  # ... published at once
            stale = {"requests": "ask"}
            monkeypatch.setattr(hosted.registry, "settings", lambda: stale)  # looks in flight
            await asyncio.sleep(0.3)
            monkeypatch.setattr(hosted.registry, "settings", real)
            await asyncio.sleep(0.3)
        finally:
            await hosted.stop()

    asyncio.run(run())
    assert "ask" not in published, published


def test_an_announcement_made_after_the_loop_is_shut_down_is_still_withdrawn(
    tmp_path: Path,
) -> None:
    """Closing the window cancels every task on the campaign's loop, the stop's own too,
    and ends the loop: what the announcing thread makes afterwards is still withdrawn."""
    announcements = Announcements(held=True)

    async def run() -> None:
        stopping = await stopped_while_announcing(tmp_path, announcements)
        for task in asyncio.all_tasks():  # as the window's worker loop does on closing
            if task is not asyncio.current_task():
                task.cancel()
        assert stopping.cancelled() or stopping.cancelling()  # the stop's own task too

    asyncio.run(run())
    announcements.finish.set()
    for _ in range(100):
        if announcements.closed:
            break
        threading.Event().wait(0.05)
    assert len(announcements.made) == 1
    assert announcements.closed == 1


def test_a_look_that_spans_the_apps_own_publication_is_not_published(
    tmp_path: Path, monkeypatch
) -> None:
    """Another terminal's change read just before the GM's app changed the setting again
    (and published it) is older news: publishing it would show the players the older
    setting until the next look."""
    from sheetapp.campaign import serving

    monkeypatch.setattr(serving, "SETTINGS_EVERY", 0.05)
    hosted = HostedCampaign(folder_in(tmp_path), announce=None)
    published: list[str] = []

    async def run() -> None:
        await hosted.start("127.0.0.1", 0)
        loop = asyncio.get_running_loop()
        publish = hosted.host.publish_settings
        monkeypatch.setattr(hosted.host, "publish_settings",
                            lambda settings: (published.append(settings["requests"]),
                                              publish(settings)))
        real = hosted.registry.settings
        spanned = threading.Event()

        def look() -> dict[str, str]:  # the watch's read, on its thread
            if spanned.is_set():
                return real()
            older = {"requests": "at_once"}  # another terminal's, read just now
            hosted.registry.set_setting("requests", "ask")  # ... and the app's change,
            loop.call_soon_threadsafe(hosted.publish_settings, {"requests": "ask"})
            threading.Event().wait(0.1)  # ... published while this read returns
            spanned.set()
            return older

        try:
            monkeypatch.setattr(hosted.registry, "settings", look)
            await until(spanned.is_set, 5)
            await asyncio.sleep(0.3)
        finally:
            await hosted.stop()

    asyncio.run(run())
    assert published == ["ask"], published
