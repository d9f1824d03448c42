"""Served beside a hosted campaign (``serving.HostedCampaign`` starts it): the phone page's
server on the host's loop, with the host's certificate."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from sheetapp.campaign.budget import CpuBudget
from sheetapp.campaign.members import Registry
from sheetapp.campaign.tls import Identity

if TYPE_CHECKING:
    from sheetapp.campaign.phone.gateway import PhoneServer

log = logging.getLogger(__name__)


class _Folder(Protocol):
    path: Path


class _Host(Protocol):
    def budget(self, member_id: str) -> CpuBudget: ...


class Hosted(Protocol):
    """What the phone page needs of ``serving.HostedCampaign``."""

    registry: Registry
    identity: Identity
    folder: _Folder
    host: _Host


async def start_beside(hosted: Hosted, bind: str, asked: int, host_port: int) -> PhoneServer | None:
    """Serve the phone page of a hosted campaign at the port after the one ``asked`` for
    the host (any free port when it asked for any; ``host_port`` is where the host
    listens), on the same addresses and with the same certificate; None, logged, when it
    cannot listen (the campaign is served all the same)."""
    from sheetapp.campaign.phone.gateway import PhoneServer
    from sheetapp.campaign.phone.pairing import Phones, phone_port
    from sheetapp.campaign.tls import server_context

    phone = PhoneServer(
        hosted.registry,
        Phones(hosted.folder.path),
        hosted.identity,
        server_context(hosted.identity),
        lambda: (bind, host_port),
        budget=hosted.host.budget,
    )
    try:
        await phone.start(bind, phone_port(asked))
    except OSError as exc:
        log.warning("campaign: the phone page is not served: %s", exc)
        return None
    return phone
