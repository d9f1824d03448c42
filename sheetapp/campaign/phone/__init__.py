"""The phone companion page: a small web page the campaign's host serves to members'
phones on the local network, over TLS with the host's own certificate (see docs/phone.md).

``https`` serves it, ``pairing`` makes a phone's device and link, ``gateway`` answers the
page (each phone through its own client of the host, so its edits pass the host's gate),
``character`` computes what the page shows from the system's code, ``checks`` lists the
rolls a sheet offers, and ``static/`` holds the page itself.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sheetapp.campaign.phone.gateway import PhoneServer
    from sheetapp.campaign.serving import HostedCampaign

log = logging.getLogger(__name__)


async def start_beside(
    hosted: HostedCampaign, bind: str, asked: int, host_port: int
) -> PhoneServer | None:
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
    )
    try:
        await phone.start(bind, phone_port(asked))
    except OSError as exc:
        log.warning("campaign: the phone page is not served: %s", exc)
        return None
    return phone
