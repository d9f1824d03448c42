"""The arguments of ``sheetapp campaign ...``; imports nothing heavy, so building the
parser costs nothing for the other commands."""

from __future__ import annotations

import argparse
import math

from sheetapp.cli.arg_types import SHEET_ID, whole_number
from sheetapp.i18n import N_, _

_port = whole_number(1, 65535, what=N_("a port"))


def _hours(text: str) -> float:
    try:
        hours = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("'{text}' is not a number of hours").format(text=text)
        ) from None
    if not math.isfinite(hours):
        raise argparse.ArgumentTypeError(_("'{text}' is not a number of hours").format(text=text))
    return hours


def _which(command: argparse.ArgumentParser) -> None:
    """How a host-side verb names the hosted campaign it works on."""
    command.add_argument("--dir", metavar="FOLDER", help=_("the campaign's host folder"))
    command.add_argument(
        "--campaign", metavar="ID|NAME", help=_("which hosted campaign (when there are several)")
    )


def _joined(command: argparse.ArgumentParser) -> None:
    """How a member's verb names the campaign it takes part in."""
    command.add_argument(
        "--campaign", metavar="ID|NAME", help=_("which joined campaign (when there are several)")
    )


def register(verbs: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``campaign`` and its commands to the ``sheetapp`` parser."""
    campaign = verbs.add_parser(
        "campaign",
        help=_("host a shared campaign, invite players and devices, join one"),
        description=_("A shared campaign: the GM's machine hosts it (create, invite, members, "
        "revoke, settings, serve); players' machines join it (join, status, leave); any "
        "member takes part from a terminal (share, sync, requests). See docs/campaigns.md."),
    )
    commands = campaign.add_subparsers(dest="campaign_command", metavar="COMMAND", required=True)

    create = commands.add_parser("create", help=_("host a new campaign on this machine"))
    create.add_argument("--name", required=True, help=_("the campaign's name"))
    create.add_argument("--gm", required=True, metavar="NAME", help=_("the GM's name"))
    create.add_argument("--dir", metavar="FOLDER", help=_("default: a folder in the data folder"))
    create.add_argument(
        "--port", type=_port, help=_("the port it will listen at (default: sheetapp's usual one)")
    )
    create.add_argument("--json", action="store_true")

    invite = commands.add_parser("invite", help=_("a single-use invite code and link"))
    invite.add_argument("name", metavar="NAME", help=_("the player (or an existing member)"))
    invite.add_argument("--role", choices=("player", "gm"), default="player")
    invite.add_argument("--hours", type=_hours, default=72.0, help=_("valid for (default 72)"))
    invite.add_argument("--address", help=_("the address players dial (default: the LAN one)"))
    invite.add_argument("--json", action="store_true")
    _which(invite)

    members = commands.add_parser("members", help=_("the members and their devices"))
    members.add_argument("--json", action="store_true")
    _which(members)

    revoke = commands.add_parser("revoke", help=_("refuse a device from now on"))
    revoke.add_argument("device", metavar="DEVICE", help=_("its id (see 'members')"))
    _which(revoke)

    settings = commands.add_parser("settings", help=_("show or change the campaign's settings"))
    settings.add_argument(
        "--apply-at-once",
        choices=("on", "off"),
        help=_("the GM's XP, damage, healing and notes apply on the player's sheet as they "
        "arrive (on) or wait for the player to accept them (off, the default)"),
    )
    settings.add_argument("--json", action="store_true")
    _which(settings)

    phone = commands.add_parser("phone", help=_("pair a phone for a member: its link and QR code"))
    phone.add_argument("--member", required=True, metavar="NAME", help=_("whose phone it is"))
    phone.add_argument(
        "--label", help=_("the phone's name in 'members' (default: NAME's phone)")
    )
    phone.add_argument("--address", help=_("the address phones dial (default: the LAN one)"))
    phone.add_argument("--json", action="store_true")
    _which(phone)

    serve = commands.add_parser("serve", help=_("host the campaign here until stopped (no window)"))
    serve.add_argument("--bind", default="0.0.0.0", metavar="ADDRESS",
                       help=_("the address to listen at (default: every interface)"))
    serve.add_argument("--port", type=_port, help=_("default: the campaign's own port"))
    serve.add_argument("--no-announce", action="store_true",
                       help=_("do not announce the campaign on the local network (mDNS)"))
    _which(serve)

    join = commands.add_parser("join", help=_("join a campaign with an invite link"))
    join.add_argument("link", metavar="LINK", help=_("the sheetapp://join?... link"))
    join.add_argument("--label", help=_("this device's name (default: the machine's name)"))
    join.add_argument("--json", action="store_true")

    status = commands.add_parser("status", help=_("this machine's campaigns and their hosts"))
    status.add_argument("--json", action="store_true")

    share = commands.add_parser("share", help=_("share a library sheet in a joined campaign"))
    share.add_argument("sheet", type=SHEET_ID, metavar="SHEET", help=_("the library sheet's id"))
    _joined(share)

    sync = commands.add_parser(
        "sync", help=_("send what was saved here and take what the others changed")
    )
    sync.add_argument("--follow", action="store_true", help=_("keep in step until Ctrl+C"))
    _joined(sync)

    requests = commands.add_parser("requests", help=_("the GM's requests: list, accept, decline"))
    requests.add_argument("action", nargs="?", choices=("list", "accept", "decline"),
                          default="list")
    requests.add_argument("request", nargs="?", metavar="ID", help=_("the request (see 'list')"))
    _joined(requests)

    leave = commands.add_parser(
        "leave", help=_("forget a joined campaign here; its sheets stay in the library")
    )
    leave.add_argument("campaign", metavar="ID|NAME", help=_("the campaign (see 'status')"))
