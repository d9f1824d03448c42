"""The live campaign service's worker-thread side: the coroutines that start and stop the
host and the client and read and write the shared documents.

They run on the ``BackgroundLoop``, the only place the host, the client and the
``pycrdt.Doc`` objects the client syncs are touched; what they hand the window is plain
data (Yjs updates as bytes) through ``_in_window``.
"""

from __future__ import annotations

import asyncio
from functools import partial
from pathlib import Path
from typing import Any

from pycrdt import Doc, Map

from sheetapp.campaign import requests as campaign_requests
from sheetapp.campaign import wire, ydoc
from sheetapp.campaign.client import CampaignClient
from sheetapp.campaign.contracts import Refused
from sheetapp.campaign.discovery import advertise
from sheetapp.campaign.gate import REVEALED
from sheetapp.campaign.hosting import HostFolder
from sheetapp.campaign.invites import InviteLink
from sheetapp.campaign.membership import JoinError, Membership, join
from sheetapp.campaign.presence import watch_presence
from sheetapp.campaign.replicas import LibraryReplicaStore
from sheetapp.campaign.requests import Request
from sheetapp.campaign.serving import HostedCampaign
from sheetapp.i18n import _
from sheetapp.storage.library import open_library
from sheetapp.ui.campaign.live_state import DOCUMENTS, LiveState

REMOTE_EVERY_S = 0.25  # how often the window hears of one document's remote changes


class WorkerSide(LiveState):
    """The coroutines run on the worker loop (see the module docstring)."""

    async def _start_host(self, folder: HostFolder, port: int, attempt: int) -> tuple[str, int]:
        hosted = HostedCampaign(
            folder,
            announce=advertise if self._reach.announce else None,
            on_presence=self._presence_from_worker,
        )
        address = await hosted.start(self._reach.bind, port)
        if attempt != self._attempt:  # left while it started: nobody will stop it later
            await hosted.stop()
            raise Refused(_("left before the host had started"))
        self._hosted = hosted
        return address

    async def _start_client(self, membership: Membership, library_path: Path, attempt: int) -> None:
        if attempt != self._attempt:
            return
        await self._stop_client()  # an earlier client left running never syncs twice
        library = open_library(library_path)
        replicas = LibraryReplicaStore(library, membership.campaign_id)
        self._client = CampaignClient(
            membership,
            replicas,
            on_remote_change=self._remote_soon,
            on_status=lambda name, status: self._in_window(partial(self._status, name, status)),
            on_refused=lambda name, reason: self._in_window(
                partial(
                    self.notice.emit,
                    _("The host refused a change to {name}: {reason}").format(
                        name=name, reason=reason
                    ),
                )
            ),
        )
        self._presence_task = watch_presence(membership, self._presence_from_worker)

    def _remote_soon(self, name: str, doc: Doc) -> None:
        """Tell the window of a remote change, at most every ``REMOTE_EVERY_S`` per
        document, with its state then: a player's burst of 2,000 edits is a handful of
        revisions in the GM's library, not 2,000 (each a save the window makes)."""
        if name in self._remote_due:
            return
        self._remote_due.add(name)
        attempt = self._attempt  # news of a campaign left meanwhile is not told

        def now() -> None:
            self._remote_due.discard(name)
            state = doc.get_update()
            self._in_window(lambda: self._remote(name, state) if attempt == self._attempt else None)

        asyncio.get_running_loop().call_later(REMOTE_EVERY_S, now)

    async def _open_document(self, name: str) -> None:
        client = self._client
        if client is None:
            return
        doc = await client.open(name, wait=0)
        if ydoc.read(doc) or ydoc.read(doc, root=DOCUMENTS) or campaign_requests.requests(doc):
            update = doc.get_update()
            self._in_window(partial(self._remote, name, update))

    async def _join_found(self, code: str, label: str) -> Membership:
        from sheetapp.campaign.discovery import browse

        found = await asyncio.to_thread(browse, 3.0)
        if not found:
            raise JoinError(_("no campaign is announced on this network; paste the whole link"))
        if len(found) > 1:
            names = ", ".join(f.name for f in found)
            raise JoinError(
                _("several campaigns on this network ({names}); paste the link").format(names=names)
            )
        [host] = found
        return await join(InviteLink(host.host, host.port, code, host.fingerprint), label)

    async def _write_shown(self, name: str, data: dict[str, Any], revealed: bool) -> None:
        client = self._client
        if client is not None:
            ydoc.write(await client.open(name, wait=0), data)
            campaign = await client.open(wire.CAMPAIGN, wait=0)
            if ydoc.read(campaign, root=REVEALED).get(name) is not revealed:
                campaign.get(REVEALED, type=Map)[name] = revealed

    async def _set_revealed(self, name: str, revealed: bool) -> None:
        client = self._client
        if client is not None:
            campaign = await client.open(wire.CAMPAIGN, wait=0)
            campaign.get(REVEALED, type=Map)[name] = revealed

    async def _apply(self, name: str, update: bytes) -> None:
        client = self._client
        if client is not None:
            doc = await client.open(name, wait=0)
            doc.apply_update(update)

    async def _add_request(self, name: str, request: Request) -> None:
        client = self._client
        if client is not None:
            campaign_requests.add(await client.open(name, wait=0), request)

    async def _decide(self, name: str, request_id: str, accepted: bool) -> None:
        client = self._client
        if client is not None:
            campaign_requests.decide(await client.open(name, wait=0), request_id, accepted)

    async def _publish_settings(self, settings: dict[str, str]) -> None:
        if self._hosted is not None:
            self._hosted.publish_settings(settings)

    async def _drop_device(self, device_id: str) -> None:
        if self._hosted is not None:
            self._hosted.host.drop_device(device_id)

    async def _stop_client(self) -> None:
        client, task = self._client, self._presence_task
        self._client = self._presence_task = None
        if task is not None:
            task.cancel()
        if client is not None:
            await client.close()
            client.replicas.library.close()  # type: ignore[attr-defined]

    async def _stop_all(self) -> None:
        await self._stop_client()
        hosted, self._hosted = self._hosted, None
        if hosted is not None:
            await hosted.stop()
