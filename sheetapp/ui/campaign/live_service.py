"""The campaign service the window really uses: the host (when this machine hosts) and the
client run on a ``BackgroundLoop``; the library and the shared documents are kept in step
by the ``Shelf`` on the window's thread.

Two threads, one rule: a ``pycrdt.Doc`` the client syncs is touched only on the worker
thread, and the library only on the window's thread (one SQLite connection each; the
worker opens its own on the same file for the client's replica store). What crosses is
plain data: Yjs updates as bytes, listings as dicts. A remote change is applied to the
library through ``LibrarySession.perform``, so every view hears of it as of any other
change; a local save of a shared sheet goes the other way as the update the ``Shelf``
makes from the library.
"""

from __future__ import annotations

import logging

from sheetapp.ui.campaign.live_hosting import HostingSide
from sheetapp.ui.campaign.live_joining import JoiningSide
from sheetapp.ui.campaign.live_mirror import MirrorSide
from sheetapp.ui.campaign.live_requests import RequestsSide
from sheetapp.ui.campaign.live_showing import ShowingSide
from sheetapp.ui.campaign.live_worker import WorkerSide

log = logging.getLogger(__name__)


class LiveCampaignService(
    HostingSide, JoiningSide, MirrorSide, RequestsSide, ShowingSide, WorkerSide
):
    """See the module docstring. ``bind``/``port``: where a hosted campaign listens (the
    registry's port by default; tests use port 0 on loopback); ``address``: the host
    invites name (this machine's LAN address by default)."""

    def leave(self) -> None:
        self._attempt += 1
        if self._worker is not None:
            self._worker.submit(self._stop_all())
        self._membership = self._hosting = self._identity = self._address = None
        self._listing, self._about, self._connected = {}, {}, []
        self._requests, self._opened, self._packs, self._answers = {}, set(), {}, {}
        self._unsteady = {}
        self._encounter = ""
        self._report("off", "")
        self.presence_changed.emit([])
        self.party_changed.emit()

    def close(self) -> None:
        """Stop everything and the worker thread (the window is closing)."""
        if self._worker is None:
            return
        try:
            self._worker.submit(self._stop_all()).result(5)
        except Exception as exc:  # closing: nothing left to tell
            log.info("campaign: closing: %s", exc)
        self._worker.close()
        self._worker = None
