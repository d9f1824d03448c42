"""The ``universes`` command line, spelt out apart from its work so ``--help`` stays fast."""

from __future__ import annotations

import argparse

from sheetapp.i18n import _


def add_universes_parser(verbs: argparse._SubParsersAction) -> None:
    universes = verbs.add_parser(
        "universes",
        help=_("list the Amazing Engine universes (shipped and yours), or check a pack file"),
        usage="sheetapp universes [-h] [--json] [check FILE]",
        description=_("With no ACTION, list every universe: the shipped ones and the packs in "
        "the data folder's universes/ folder, with any pack problems."),
    )
    universes.add_argument("--json", action="store_true")
    actions = universes.add_subparsers(dest="universes_action", metavar="ACTION")
    check = actions.add_parser(
        "check",
        help=_("check a pack file: exit 0 when clean, 1 with FILE:LINE problems, 2 if unreadable"),
    )
    check.add_argument("file", metavar="FILE")
    # SUPPRESS keeps 'universes --json check FILE' working: the subparser sets no default.
    check.add_argument("--json", action="store_true", default=argparse.SUPPRESS)
