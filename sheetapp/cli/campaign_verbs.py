"""``sheetapp campaign ...``: a shared campaign from the command line.

The GM's machine hosts (``create``, ``invite``, ``members``, ``revoke``, ``settings``); a
player's machine joins (``join``), checks its campaigns (``status``) and forgets one
(``leave``). Each command is a small function over
``sheetapp.campaign``; every expected failure is one line and exit code 2, as elsewhere.
"""

from __future__ import annotations

import argparse
import asyncio
import socket
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from sheetapp.campaign import membership
from sheetapp.campaign.contracts import Role
from sheetapp.campaign.discovery import advertise, lan_address
from sheetapp.campaign.hosting import HostFolder, create_host, find_host, hosted
from sheetapp.campaign.invites import InviteError, InviteLink, format_link, normal_host, parse_link
from sheetapp.campaign.members import DEFAULT_PORT, RegistryError
from sheetapp.campaign.tls import TlsError
from sheetapp.cli import campaign_part_verbs, campaign_phone
from sheetapp.cli.exits import EXIT_OK, CliError
from sheetapp.cli.terminal import print_json, say
from sheetapp.file_reasons import os_reason
from sheetapp.i18n import _, ngettext
from sheetapp.locale_format import number
from sheetapp.storage.library import LibraryError, default_path, open_library


def run(args: argparse.Namespace) -> int:
    handler = _HANDLERS[args.campaign_command]
    try:
        return handler(args)
    except (RegistryError, TlsError, InviteError, membership.JoinError, LibraryError) as exc:
        raise CliError(str(exc)) from None


def _host(args: argparse.Namespace) -> HostFolder:
    return find_host(args.campaign, folder=Path(args.dir) if args.dir else None)


def _when(seconds: float | None) -> str:
    return datetime.fromtimestamp(seconds).strftime("%Y-%m-%d %H:%M") if seconds else "never"


def _create(args: argparse.Namespace) -> int:
    host = create_host(
        args.name,
        args.gm,
        folder=Path(args.dir) if args.dir else None,
        port=args.port or DEFAULT_PORT,
    )
    registry, identity = host.registry(), host.identity()
    own = membership.gm_device(registry, identity, socket.gethostname() or _("the host"))
    membership.save(own)  # this machine takes part as the GM (the app's Take Up Again too)
    facts = {
        "id": registry.campaign_id,
        "name": registry.campaign_name,
        "gm": registry.gm().name,
        "folder": str(host.path),
        "port": registry.port,
        "fingerprint": identity.fingerprint,
        "gm_device": own.device_id,
    }
    if args.json:
        print_json(facts)
        return EXIT_OK
    say(
        _("hosting {fact} ({fact2}) in {fact3}").format(
            fact=facts["name"], fact2=facts["id"], fact3=facts["folder"]
        )
    )
    say(
        _("port {fact}, certificate fingerprint {fact2}").format(
            fact=facts["port"], fact2=facts["fingerprint"]
        )
    )
    say(
        _("this machine is {fact}'s device {device_id}").format(
            fact=facts["gm"], device_id=own.device_id
        )
    )
    say(
        _(
            "next: sheetapp campaign invite NAME; invite {fact}'s other devices with --role gm"
        ).format(fact=facts["gm"])
    )
    return EXIT_OK


def _invite(args: argparse.Namespace) -> int:
    host = _host(args)
    registry = host.registry()
    code = registry.invite(args.name, Role(args.role), hours=args.hours)
    address = normal_host(args.address) if args.address else lan_address()
    link = InviteLink(
        address, registry.port, code, host.identity().fingerprint, registry.invite_id(code)
    )
    if args.json:
        print_json(
            {
                "code": code,
                "link": format_link(link),
                "fingerprint": link.fingerprint,
                "hours": args.hours,
            }
        )
        return EXIT_OK
    say(
        _("invite for {name} ({role}), valid {hours} hours, once:").format(
            name=args.name, role=args.role, hours=number(args.hours)
        )
    )
    say(_("  code  {code}").format(code=code))
    say(_("  link  {format_link}").format(format_link=format_link(link)))
    say(_("the host's fingerprint begins {fingerprint}").format(fingerprint=link.fingerprint[:14]))
    return EXIT_OK


def _members(args: argparse.Namespace) -> int:
    registry = _host(args).registry()
    devices = registry.devices()
    rows = [
        {
            "id": m.id,
            "name": m.name,
            "role": m.role.value,
            "devices": [
                {
                    "id": r.device.id,
                    "label": r.device.label,
                    "joined": r.created,
                    "last_seen": r.last_seen,
                    "revoked": r.revoked,
                }
                for r in devices
                if r.device.member.id == m.id
            ],
        }
        for m in registry.members()
    ]
    invites = [
        {"name": i.name, "role": i.role.value, "made": i.created, "expires": i.expires}
        for i in registry.pending_invites()
    ]
    if args.json:
        print_json({"campaign": registry.campaign_name, "members": rows, "invites": invites})
        return EXIT_OK
    for row in rows:
        say(
            ngettext(
                "{row} ({row2}): {count} device", "{row} ({row2}): {count} devices",
                len(row["devices"]),
            ).format(
                row=row["name"], row2=row["role"], count=len(row["devices"])
            )
        )
        for d in row["devices"]:
            state = (
                _("REVOKED {when}").format(when=_when(d["revoked"])) if d["revoked"] else "active"
            )
            say(
                _("  {d}  {d2}  {state}, last seen {when}").format(
                    d=d["id"], d2=d["label"], state=state, when=_when(d["last_seen"])
                )
            )
    if invites:
        say(_("invited, not joined yet:"))
        for i in invites:
            say(
                _("  {i} ({i2}), made {when}, until {when2}").format(
                    i=i["name"], i2=i["role"], when=_when(i["made"]), when2=_when(i["expires"])
                )
            )
    return EXIT_OK


def _revoke(args: argparse.Namespace) -> int:
    device = _host(args).registry().revoke(args.device)
    say(
        _("revoked {id} ({label}, {name})").format(
            id=device.id, label=device.label, name=device.member.name
        )
    )
    return EXIT_OK


def _settings(args: argparse.Namespace) -> int:
    """Show the campaign's settings; ``--apply-at-once`` sets the one the app's Campaign >
    Apply GM Changes at Once sets, in the same place (the registry)."""
    registry = _host(args).registry()
    if args.apply_at_once is not None:
        registry.set_apply_at_once(args.apply_at_once == "on")
    settings = registry.settings()
    if args.json:
        print_json({"campaign": registry.campaign_name, "settings": settings})
        return EXIT_OK
    at_once = settings["requests"] == "at_once"
    say(
        _("{campaign_name}: apply GM changes at once: {value}").format(
            campaign_name=registry.campaign_name, value="on" if at_once else "off"
        )
    )
    say(
        _("  XP, damage, healing and notes the GM asks for ")
        + (_("apply on the player's sheet as they arrive") if at_once else _("wait for the player"))
    )
    if args.apply_at_once is not None:
        say(_("  players follow it within seconds while the campaign is hosted (app or serve)"))
    return EXIT_OK


def _serve(args: argparse.Namespace) -> int:
    """Host the campaign until Ctrl+C or SIGTERM, without Qt: for a small always-on machine.
    Stopping cuts off whoever is connected: it says how many were."""
    from sheetapp.campaign.serving import HostedCampaign, serve_until_signalled

    def unannounced(reason: str) -> None:
        say(
            _("sheetapp: warning: not announced on the local network ({reason})").format(
                reason=reason
            ),
            err=True,
        )

    campaign = HostedCampaign(
        _host(args),
        announce=None if args.no_announce else advertise,
        on_unannounced=unannounced,
    )
    name, port = campaign.registry.campaign_name, args.port or campaign.registry.port

    def ready(address: str, bound: int) -> None:
        say(
            _(
                "serving {name} at {address}:{port} (Ctrl+C stops it and cuts off every "
                "member connected)"
            ).format(name=name, address=address, port=bound)
        )
        say(
            _("certificate fingerprint {fingerprint}").format(
                fingerprint=campaign.identity.fingerprint
            )
        )
        page = campaign.phone.address if campaign.phone is not None else None
        if page is None:
            say(_("the phone page is not served (the warning above says why)"))
            return
        # where a phone on the network dials: this machine's address when bound to all
        reach = lan_address() if args.bind in ("0.0.0.0", "::", "") else address
        say(
            _(
                "phone page at https://{address}:{port}/ (pair a phone with 'campaign phone "
                "--member NAME')"
            ).format(address=f"[{reach}]" if ":" in reach else reach, port=page[1])
        )

    try:
        cut_off = serve_until_signalled(campaign, args.bind, port, ready=ready)
    except OSError as exc:
        raise CliError(
            _("cannot listen at {bind}:{port}: {value}").format(
                bind=args.bind, port=port, value=os_reason(exc)
            )
        ) from None
    say(
        ngettext(
            "stopped; {n} member connected was cut off; everything accepted is kept in the "
            "host folder",
            "stopped; {n} members connected were cut off; everything accepted is kept in the "
            "host folder",
            cut_off,
        ).format(n=cut_off)
    )
    return EXIT_OK


def _join(args: argparse.Namespace) -> int:
    link = parse_link(args.link)
    label = args.label or socket.gethostname() or _("a device")
    joined = asyncio.run(membership.join(link, label))
    if args.json:
        print_json(
            {
                "campaign": joined.campaign_id,
                "name": joined.campaign_name,
                "member": joined.member.name,
                "role": joined.member.role.value,
                "device": joined.device_id,
            }
        )
        return EXIT_OK
    say(
        _("joined {campaign_name} as {name} ({value})").format(
            campaign_name=joined.campaign_name,
            name=joined.member.name,
            value=joined.member.role.value,
        )
    )
    say(
        _("this device is {device_id}; the host's certificate is pinned").format(
            device_id=joined.device_id
        )
    )
    return EXIT_OK


def _leave(args: argparse.Namespace) -> int:
    """Forget a campaign this machine joined: the membership (device token, pinned
    certificate) goes, and the library stops following the campaign's documents; its
    sheets stay as ordinary sheets. A campaign hosted here is left alone."""
    gone = membership.named(args.campaign)
    for folder in hosted():
        if folder.registry().campaign_id == gone.campaign_id:
            raise CliError(
                _(
                    "this machine hosts {campaign_name}; 'leave' is for a player's "
                    "machine (the campaign is kept in {path})"
                ).format(campaign_name=gone.campaign_name, path=folder.path)
            )
    sheets: list[int] = []
    if default_path().exists():
        with open_library() as library:
            sheets = library.forget_campaign(gone.campaign_id)
    membership.forget(gone)
    say(
        _(
            "left {campaign_name}: this machine forgot its device "
            "{device_id}, its token and the host's pinned certificate"
        ).format(campaign_name=gone.campaign_name, device_id=gone.device_id)
    )
    if sheets:
        listed = ", ".join(str(i) for i in sheets)
        say(
            ngettext(
                "{count} shared sheet stays in the library as an ordinary sheet: {listed}",
                "{count} shared sheets stay in the library as ordinary sheets: {listed}",
                len(sheets),
            ).format(
                count=len(sheets), listed=listed
            )
        )
    say(
        _(
            "the host lists the device until the GM revokes it ('campaign revoke {device_id}')"
        ).format(device_id=gone.device_id)
    )
    return EXIT_OK


def _status(args: argparse.Namespace) -> int:
    found, problems = membership.load_all()

    async def check_all() -> list[str]:
        return list(await asyncio.gather(*(membership.check(m) for m in found)))

    states = asyncio.run(check_all()) if found else []
    for problem in problems:
        say(_("sheetapp: warning: {problem}").format(problem=problem), err=True)
    rows = [
        {
            "campaign": m.campaign_id,
            "name": m.campaign_name,
            "host": m.host,
            "port": m.port,
            "member": m.member.name,
            "device": m.device_id,
            "state": state,
        }
        for m, state in zip(found, states, strict=True)
    ]
    if args.json:
        print_json(rows)
    elif not rows:
        say(_("this machine has joined no campaign"))
    for row in rows if not args.json else []:
        say(
            _("{row} as {row2} at {row3}:{row4}: {row5}").format(
                row=row["name"],
                row2=row["member"],
                row3=row["host"],
                row4=row["port"],
                row5=row["state"],
            )
        )
    return EXIT_OK


_HANDLERS: dict[str, Callable[[argparse.Namespace], int]] = {
    "create": _create,
    "invite": _invite,
    "members": _members,
    "revoke": _revoke,
    "serve": _serve,
    "join": _join,
    "status": _status,
    "settings": _settings,
    "leave": _leave,
    "share": campaign_part_verbs.share,
    "sync": campaign_part_verbs.sync,
    "requests": campaign_part_verbs.requests,
    "phone": campaign_phone.phone,
}
