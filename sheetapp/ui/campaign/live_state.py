"""What every side of the live campaign service shares: the state the window thread
keeps, the worker loop and how work is run on it, and the checks each step starts with.

``LiveCampaignService`` is put together from sides, one module each (hosting, joining,
mirroring documents into the library, requests, what the GM shows, the worker thread's
coroutines); each side is a subclass of ``LiveState``, so one side may call another's
methods through ``self`` once they are put together.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject

from sheetapp.campaign.client import CampaignClient
from sheetapp.campaign.contracts import Member, Refused, Role
from sheetapp.campaign.hosting import HostFolder
from sheetapp.campaign.members import Registry
from sheetapp.campaign.membership import Membership
from sheetapp.campaign.requests import Request
from sheetapp.campaign.serving import HostedCampaign
from sheetapp.campaign.tls import Identity
from sheetapp.i18n import _
from sheetapp.storage.library import Library
from sheetapp.ui.background_loop import BackgroundLoop
from sheetapp.ui.campaign.service import CampaignService, Presence, State
from sheetapp.ui.library.session import LibrarySession

DOCUMENTS = "documents"  # root the host writes: the shared documents' listing


@dataclass(frozen=True)
class Reached:
    """How a campaign hosted here is reached: the address it listens at, whether it is
    announced on the local network, the address invites name (None: the LAN one)."""

    bind: str
    announce: bool
    public: str | None


class LiveState(CampaignService):
    """The shared state; see the module docstring and ``LiveCampaignService``."""

    def __init__(
        self,
        session: LibrarySession,
        parent: QObject | None = None,
        *,
        label: str = "this computer",
        bind: str = "0.0.0.0",
        port: int | None = None,
        advertise: bool = True,
        address: str | None = None,
    ) -> None:
        super().__init__(parent)
        self._session = session
        self._label = label
        self._port = port
        # where a hosted campaign listens, whether it is announced and what invites name:
        # these defaults for the local network; Host may choose otherwise
        self._defaults = Reached(bind, advertise, address)
        self._reach = self._defaults
        self._worker: BackgroundLoop | None = None  # started when first needed
        # Each host, join or take-up is one attempt; Leave begins the next, so what an
        # earlier attempt finishes later (a host that started, a join that answered) is
        # undone instead of bringing the campaign back.
        self._attempt = 0
        self._answers: dict[str, bool] = {}  # requests accepted (True) or declined here
        self._state: tuple[State, str] = ("off", "")
        self._membership: Membership | None = None
        self._hosting: HostFolder | None = None
        self._identity: Identity | None = None
        self._address: tuple[str, int] | None = None
        # worker-thread objects: touched only by coroutines run on the loop
        self._hosted: HostedCampaign | None = None
        self._client: CampaignClient | None = None
        self._presence_task: Any = None
        # window-thread copies of what the documents say
        self._listing: dict[str, dict[str, Any]] = {}
        self._about: dict[str, Any] = {}
        self._connected: list[str] = []
        self._requests: dict[str, list[Request]] = {}
        self._damage: dict[str, dict[str, int]] = {}  # the damage each sheet's document holds
        self._rolls: dict[str, str] = {}  # the newest roll in each sheet's dice log
        self._packs: dict[str, str] = {}  # the GM's shared universe packs: id -> document
        self._encounter = ""  # the document of the encounter the GM shows ("" none)
        self._opened: set[str] = set()
        self._unsteady: dict[str, str] = {}  # document -> its status, while not in step
        self._remote_due: set[str] = set()  # worker side: documents whose news is on its way
        session.changed.connect(self._library_changed)

    def status(self) -> tuple[State, str]:
        return self._state

    def role(self) -> Role | None:
        return self._membership.member.role if self._membership else None

    def member(self) -> Member | None:
        return self._membership.member if self._membership else None

    def presence(self) -> list[Presence]:
        members = self._about.get("members", {})
        return [
            Presence(
                member_id,
                str(info.get("name", "")),
                Role(info.get("role", "player")),
                member_id in self._connected,
            )
            for member_id, info in members.items()
            if isinstance(info, dict) and info.get("role") in ("gm", "player")
        ]

    @property
    def _loop(self) -> BackgroundLoop:
        """The worker loop, started by the first campaign step (a window that never hosts
        or joins runs no extra thread)."""
        if self._worker is None:
            self._worker = BackgroundLoop(self)
        return self._worker

    def _report(self, state: State, detail: str) -> None:
        self._state = (state, detail)
        self.status_changed.emit(state, detail)

    def _failed(self, error: BaseException) -> None:
        reason = str(error) or type(error).__name__
        if self._membership is None:
            self._hosting = None
            self._report("refused", reason)
        else:
            self.notice.emit(reason)

    def _run(self, work: Coroutine[Any, Any, Any], done: Callable[[Any], None]) -> None:
        """Run ``work`` on the worker; ``done`` or the failure is told only while the
        attempt that asked is still the current one."""
        attempt = self._attempt

        def finished(result: Any) -> None:
            if attempt == self._attempt:
                done(result)

        def failed(error: BaseException) -> None:
            if attempt == self._attempt:
                self._failed(error)

        self._loop.when_done(self._loop.submit(work), finished, failed)

    def _in_window(self, callback: Callable[[], None]) -> None:
        self._loop.call_soon_in_window(callback)

    def _member_name(self, member_id: str) -> str:
        info = self._about.get("members", {}).get(member_id)
        return str(info.get("name", "")) if isinstance(info, dict) else ""

    def _library(self) -> Library:
        library = self._session.library
        if library is None:
            raise Refused(self._session.why_read_only())
        return library

    def _gm_registry(self) -> Registry:
        if self._hosting is None:
            raise Refused(_("only the machine hosting the campaign keeps its members and settings"))
        return self._hosting.registry()

    def _require_off(self) -> None:
        if self._state[0] != "off" and self._state[0] != "refused":
            raise Refused(_("this window is already in a campaign; leave it first"))

    def _require_gm(self, refusal: str) -> Membership:
        membership = self._require_membership()
        if membership.member.role is not Role.GM:
            raise Refused(refusal)
        return membership

    def last_roll(self, sheet_id: int) -> str:
        library = self._session.library
        link = library.document_for(sheet_id) if library is not None else None
        return self._rolls.get(link.name, "") if link is not None else ""

    def pair_phone(self, member_name: str) -> str:
        from sheetapp.campaign.discovery import lan_address
        from sheetapp.campaign.phone.remote import PairError, pair_remotely

        membership = self._require_membership()
        # what the phone dials: the address invites name (hosting here), else the host's
        address = (self._reach.public or lan_address()) if self._hosting else membership.host
        # where the host's page listens, as the host says in the campaign document
        port = self._about.get("phone_page", {}).get("port")
        try:
            return pair_remotely(membership, member_name, address, port)
        except PairError as exc:
            raise Refused(str(exc)) from None

    def _require_membership(self) -> Membership:
        if self._membership is None:
            raise Refused(_("join or host a campaign first"))
        return self._membership
