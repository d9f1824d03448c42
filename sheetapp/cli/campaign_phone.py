"""``sheetapp campaign phone --member NAME``: pair a phone for a member of a campaign hosted
here, printing the link and its QR code for the phone's camera (see docs/phone.md)."""

from __future__ import annotations

import argparse
import io
from pathlib import Path

from sheetapp.campaign.discovery import lan_address
from sheetapp.campaign.hosting import find_host
from sheetapp.campaign.invites import normal_host
from sheetapp.campaign.phone.pairing import Phones, phone_port
from sheetapp.cli.exits import EXIT_OK
from sheetapp.cli.terminal import print_json, say, say_lines
from sheetapp.i18n import _


def phone(args: argparse.Namespace) -> int:
    host = find_host(args.campaign, folder=Path(args.dir) if args.dir else None)
    registry, identity = host.registry(), host.identity()
    phones = Phones(host.path)
    pairing = phones.pair(registry, args.member, args.label or "")
    address = normal_host(args.address) if args.address else lan_address()
    # where the running host's page listens; the campaign's port + 1 where it will
    port = phones.served_port() or phone_port(registry.port)
    link = pairing.link(address, port, identity.fingerprint)
    if args.json:
        print_json({"device": pairing.device.id, "member": pairing.device.member.name,
                    "link": link, "fingerprint": identity.fingerprint})
        return EXIT_OK
    say(_("A phone for {name} (device {device}); open this on the phone, or scan the code:")
        .format(name=pairing.device.member.name, device=pairing.device.id))
    say(f"  {link}")
    say_lines(qr_text(link))
    say(_("The page answers while the campaign is hosted (the app or 'campaign serve'); "
          "revoke the phone with 'campaign revoke {device}'.").format(device=pairing.device.id))
    return EXIT_OK


def qr_text(link: str) -> str:
    """The link's QR code drawn with block characters, for a terminal's camera-facing
    screen (dark on light, with its quiet zone)."""
    import segno

    out = io.StringIO()
    segno.make_qr(link, error="m").terminal(out=out, compact=True)
    return out.getvalue().rstrip("\n")
