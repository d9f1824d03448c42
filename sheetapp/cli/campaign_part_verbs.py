"""``sheetapp campaign share | sync | requests``: a member taking part from a terminal
(see ``sheetapp.campaign.taking_part``), so a table run from terminals can share a sheet,
stay in step and answer the GM's requests as the app does."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from typing import TypeVar

from sheetapp.campaign import membership
from sheetapp.campaign.contracts import Kind, Role
from sheetapp.campaign.requests import RequestRefused
from sheetapp.campaign.shelf import Shelf
from sheetapp.campaign.taking_part import TakingPart
from sheetapp.cli.exits import EXIT_OK, CliError
from sheetapp.cli.terminal import say
from sheetapp.i18n import _
from sheetapp.storage.library import open_library

T = TypeVar("T")


def _joined(args: argparse.Namespace) -> membership.Membership:
    if args.campaign:
        return membership.named(args.campaign)
    found = membership.load_all()[0]
    if not found:
        raise CliError(_("this machine has joined no campaign: 'sheetapp campaign join LINK'"))
    if len(found) > 1:
        names = ", ".join(m.campaign_name for m in found)
        raise CliError(
            _("name the campaign with --campaign (this machine has joined {names})").format(
                names=names
            )
        )
    return found[0]


def _taking_part(args: argparse.Namespace, work: Callable[[TakingPart], Awaitable[T]]) -> T:
    """``work`` run with this machine's part in the campaign, closed whatever happens."""
    joined = _joined(args)
    with open_library() as library:

        async def run() -> T:
            part = TakingPart(joined, library, say)
            try:
                return await work(part)
            finally:
                await part.close()

        try:
            return asyncio.run(run())
        except (TimeoutError, ConnectionError) as exc:
            why = str(exc) or _("timed out")
            raise CliError(
                _(
                    "the host of {campaign_name} did not answer in time ({why}); "
                    "what was saved here is kept and goes at the next sync"
                ).format(campaign_name=joined.campaign_name, why=why)
            ) from None


def share(args: argparse.Namespace) -> int:
    joined = _joined(args)
    kind = Kind.CHARACTER if joined.member.role is Role.PLAYER else Kind.NPC
    with open_library() as library:
        name, _doc = Shelf(library).share(args.sheet, joined.campaign_id, kind, joined.member.id)
    say(
        _("sheet {sheet} is shared in {campaign_name} as {name}").format(
            sheet=args.sheet, campaign_name=joined.campaign_name, name=name
        )
    )
    sync(args)
    return EXIT_OK


def sync(args: argparse.Namespace) -> int:
    async def once(part: TakingPart) -> list[str]:
        await part.sync()
        return part.out_of_step()

    async def follow(part: TakingPart) -> list[str]:
        with contextlib.suppress(asyncio.CancelledError):
            await part.follow()
        return []

    behind = _taking_part(args, follow if getattr(args, "follow", False) else once)
    for line in behind:
        say(_("not in step: {line}").format(line=line), err=True)
    if behind:
        raise CliError(_("some documents could not be brought in step; try again"))
    say(_("in step with the host"))
    return EXIT_OK


def requests(args: argparse.Namespace) -> int:
    async def answer(part: TakingPart) -> list[str]:
        await part.sync()
        if args.action == "list":
            return [f"{r.id}  {character}: {r.describe()}" for character, r in part.pending()]
        if not args.request:
            raise CliError(
                _("'requests {action}' needs the request's id (see 'list')").format(
                    action=args.action
                )
            )
        try:
            done = part.decide(args.request, args.action == "accept")
        except RequestRefused as exc:
            raise CliError(str(exc)) from None
        if await part.flush():
            raise CliError(
                _("{done}; the host has not taken it yet, it goes at the next sync").format(
                    done=done
                )
            )
        return [done]

    lines = _taking_part(args, answer)
    for line in lines:
        say(line)
    if not lines and args.action == "list":
        say(_("no request waits for a decision"))
    return EXIT_OK
