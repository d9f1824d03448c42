"""The live campaign service's hosting side: hosting a new or saved campaign on this
machine, with this window taking part through its own GM device, and the GM's members
(invites, devices, revoking) and settings.
"""

from __future__ import annotations

import logging
from dataclasses import replace

from sheetapp.campaign.contracts import Refused, Role
from sheetapp.campaign.discovery import lan_address
from sheetapp.campaign.hosting import HostFolder, create_host, hosted
from sheetapp.campaign.invites import InviteError, InviteLink, format_link, normal_host
from sheetapp.campaign.members import RegistryError
from sheetapp.campaign.membership import JoinError, Membership, gm_device, load_all, save
from sheetapp.campaign.tls import TlsError
from sheetapp.i18n import _
from sheetapp.ui.campaign.live_state import LiveState, Reached
from sheetapp.ui.campaign.service import MemberDevices, Reach, SavedCampaign

log = logging.getLogger(__name__)


class HostingSide(LiveState):
    """Hosting here, and the GM's members and settings."""

    def host(
        self, name: str, gm_name: str, reach: Reach = Reach.NETWORK, address: str = ""
    ) -> None:
        self._require_off()
        self._reach = _reached(reach, address, self._defaults)
        try:
            folder = create_host(name, gm_name, **({"port": self._port} if self._port else {}))
        except (RegistryError, TlsError, OSError) as exc:
            raise Refused(str(exc)) from None
        self._serve(folder, None)

    def saved(self) -> list[SavedCampaign]:
        """The campaigns this machine hosts or has joined, to take up again after a restart."""
        hosting = _hosted_by_id()
        found, problems = load_all()
        for problem in problems:
            log.info("campaign: %s", problem)
        joined = [
            SavedCampaign(m.campaign_id, m.campaign_name, m.member.name, m.campaign_id in hosting)
            for m in found
        ]
        known = {m.campaign_id for m in found}
        only_hosted = [  # made with 'sheetapp campaign create', never hosted in the window
            SavedCampaign(campaign_id, registry.campaign_name, registry.gm().name, True)
            for campaign_id, registry in (
                (campaign_id, folder.registry()) for campaign_id, folder in hosting.items()
            )
            if campaign_id not in known
        ]
        return joined + only_hosted

    def resume(self, campaign_id: str) -> None:
        """Take a saved campaign up again: host it once more (its members and documents are
        all kept in its folder) or reconnect as the member this machine joined as."""
        self._require_off()
        membership = next((m for m in load_all()[0] if m.campaign_id == campaign_id), None)
        folder = _hosted_by_id().get(campaign_id)
        if membership is None and folder is None:
            raise Refused(_("this machine has not joined or hosted that campaign"))
        self._reach = self._defaults
        if folder is None:
            assert membership is not None
            self._report("connecting", membership.campaign_name)
            self._connect(membership)
        else:
            self._serve(folder, membership)

    def _serve(self, folder: HostFolder, membership: Membership | None) -> None:
        """Start hosting ``folder``; this window takes part through its own device (made
        and saved the first time)."""
        try:
            registry = folder.registry()
            identity = folder.identity()
            if membership is None:
                membership = gm_device(registry, identity, self._label)
        except (RegistryError, TlsError, OSError) as exc:
            raise Refused(str(exc)) from None
        self._hosting, self._identity = folder, identity
        port = self._port if self._port is not None else registry.port
        self._report("connecting", registry.campaign_name)
        own = membership

        def started(address: tuple[str, int]) -> None:
            self._address = address
            joined = replace(own, port=address[1])
            try:
                save(joined)
            except JoinError as exc:  # hosting works; only a restart would need a new device
                self.notice.emit(str(exc))
            self._connect(joined)

        self._run(self._start_host(folder, port, self._attempt), started)

    def invite(self, name: str, role: Role) -> tuple[str, str]:
        registry, identity = self._gm_registry(), self._identity
        if identity is None or self._address is None:  # before a code no one would see
            raise Refused(_("the host is still starting; try again in a moment"))
        try:
            code = registry.invite(name, role)
        except RegistryError as exc:
            raise ValueError(str(exc)) from None
        address = self._reach.public or lan_address()
        link = format_link(
            InviteLink(
                address, self._address[1], code, identity.fingerprint, registry.invite_id(code)
            )
        )
        return code, link

    def members(self) -> list[MemberDevices]:
        registry = self._gm_registry()
        devices = registry.devices()
        return [
            MemberDevices(
                member,
                tuple(
                    r.device
                    for r in devices
                    if r.device.member.id == member.id and r.revoked is None
                ),
            )
            for member in registry.members()
        ]

    def revoke(self, device_id: str) -> None:
        try:
            self._gm_registry().revoke(device_id)
        except RegistryError as exc:
            raise Refused(str(exc)) from None
        self._loop.submit(self._drop_device(device_id))

    def set_apply_at_once(self, at_once: bool) -> None:
        registry = self._gm_registry()
        try:
            registry.set_apply_at_once(at_once)
            settings = registry.settings()
        except RegistryError as exc:
            raise Refused(str(exc)) from None
        self._about = {**self._about, "settings": settings}  # the menu shows it at once
        self._run(self._publish_settings(settings), lambda _unused: None)  # the host writes them


def _hosted_by_id() -> dict[str, HostFolder]:
    """The campaigns hosted here by id; a folder whose registry cannot be read is left out
    (and logged), as the command line's 'campaign members' would name it."""
    found = {}
    for folder in hosted():
        try:
            found[folder.registry().campaign_id] = folder
        except RegistryError as exc:
            log.info("campaign: %s", exc)
    return found


def _reached(reach: Reach, address: str, network: Reached) -> Reached:
    """Where to listen, whether to announce and what invites name, for ``reach``
    (``network``: the window's defaults for the local network)."""
    if reach is Reach.THIS_MACHINE:
        return Reached("127.0.0.1", False, "127.0.0.1")
    if reach is Reach.ADDRESS:
        try:
            public = normal_host(address)
        except InviteError as exc:
            raise ValueError(str(exc)) from None
        return Reached(network.bind, False, public)
    return network
