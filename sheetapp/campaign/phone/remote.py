"""Pairing a phone from a member's app: the app asks the host's phone page for a phone of
its member (the GM's app: of any member), over TLS pinned to the host's certificate, as
its own device. The host makes the device and answers with the link the app shows as a
QR code; nothing secret crosses the network unencrypted, and no one but a member's own
device can ask."""

from __future__ import annotations

import http.client
import json
import ssl
from typing import Protocol

from sheetapp.campaign import wire
from sheetapp.i18n import _

MAX_ANSWER = 16 * 1024


class PairError(Exception):
    """The phone could not be paired; the message says why, in one line."""


class Joined(Protocol):
    """What pairing needs of ``membership.Membership``."""

    host: str
    port: int
    device_id: str
    token: str

    def ssl_context(self) -> ssl.SSLContext: ...


def pair_remotely(
    membership: Joined, member_name: str, address: str, port: object, *, timeout: float = 5.0
) -> str:
    """The link of a new phone for ``member_name``, which phones reach at ``address``;
    ``port`` is where the host's page listens, as the host said in the campaign document
    (0: it serves no page; None: the campaign document has not arrived yet)."""
    if port is None:
        raise PairError(_("The campaign's details have not arrived yet; try again in a moment."))
    if not isinstance(port, int) or isinstance(port, bool) or not 0 < port < 65536:
        raise PairError(_("The host serves no phone page (its log says why)."))
    connection = http.client.HTTPSConnection(
        membership.host, port, timeout=timeout, context=membership.ssl_context(),
    )
    body = json.dumps({"member": member_name, "address": address})
    headers = {
        "Authorization": wire.authorization(membership.device_id, membership.token),
        "Content-Type": "application/json",
    }
    try:
        connection.request("POST", "/api/pair", body, headers)
        answer = connection.getresponse()
        raw = answer.read(MAX_ANSWER)
    except (OSError, http.client.HTTPException) as exc:
        raise PairError(
            _("The host's phone page does not answer ({reason}).").format(
                reason=str(exc) or type(exc).__name__
            )
        ) from None
    finally:
        connection.close()
    try:
        reply = json.loads(raw)
    except ValueError:
        reply = {}
    if not isinstance(reply, dict):
        reply = {}
    link = reply.get("link")
    if answer.status != 200 or not isinstance(link, str) or not link.startswith("https://"):
        reason = reply.get("error")
        raise PairError(str(reason) if isinstance(reason, str) else _(
            "The host did not pair the phone (HTTP {status}).").format(status=answer.status))
    return link
