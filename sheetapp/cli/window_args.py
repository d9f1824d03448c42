"""The window's command line (``sheetapp [FILE...] [options]``), declared once.

Qt-free, so ``sheetapp --help`` (the headless parser in ``sheetapp.cli.main``) can list the
window's options without importing Qt, and ``sheetapp.ui.app`` parses them from the same
declarations: an option added here shows in both.
"""

from __future__ import annotations

import argparse
from typing import Any

from sheetapp.cli.arg_types import OneLineParser
from sheetapp.i18n import N_, _

THEMES = ("system", "light", "dark", "high-contrast")


MAX_SIDE = 20_000  # pixels; past any screen, and Qt clamps to the screen anyway


def window_size(text: str) -> tuple[int, int]:
    """``--size WxH`` as two whole numbers of pixels, each from 1 to ``MAX_SIDE``.

    >>> window_size("1366x768")
    (1366, 768)
    """
    width, _unused, height = text.lower().partition("x")
    sides = (width, height)
    if all(side.isascii() and side.isdigit() and len(side) <= 6 for side in sides):
        size = int(width), int(height)
        if all(1 <= side <= MAX_SIDE for side in size):
            return size
    raise argparse.ArgumentTypeError(
        _(
            "'{text}' is not a window size; write WIDTHxHEIGHT in pixels, "
            "e.g. 1366x768 (each side 1 to {MAX_SIDE})"
        ).format(text=text, MAX_SIDE=MAX_SIDE)
    )


FILES_METAVAR = "FILE"
FILES_HELP = N_("sheet files to open in tabs")
# (flags, keyword arguments for add_argument), in the order --help lists them.
OPTIONS: tuple[tuple[tuple[str, ...], dict[str, Any]], ...] = (
    (("--theme",), {"choices": THEMES, "help": N_("colours for this run (default: Preferences)")}),
    (
        ("--size",),
        {"metavar": "WxH", "type": window_size, "help": N_("window size, e.g. 1366x768")},
    ),
    (
        ("--smoke",),
        {
            "action": "store_true",
            "help": N_("open the window, report the time to first paint, and exit"),
        },
    ),
    (("--screenshot",), {"metavar": "PNG", "help": N_("with --smoke: save a screenshot")}),
)


def window_parser() -> argparse.ArgumentParser:
    """The parser ``sheetapp.ui.app`` starts the window with."""
    parser = OneLineParser(prog="sheetapp")
    parser.add_argument("files", nargs="*", metavar=FILES_METAVAR, help=_(FILES_HELP))
    for flags, kwargs in OPTIONS:
        parser.add_argument(*flags, **_translated_help(kwargs))
    return parser


def _translated_help(kwargs: dict[str, Any]) -> dict[str, Any]:
    """An option's keywords with its help (marked in ``OPTIONS``) in the reader's language."""
    return {**kwargs, "help": _(kwargs["help"])}


def window_usage() -> str:
    """The window's usage line without its "usage: " prefix."""
    return window_parser().format_usage().removeprefix(_("usage: ")).strip()


def describe_window_options(parser: argparse.ArgumentParser) -> None:
    """List the window's options in the headless parser's --help. The flags are added for
    real (harmless: a command's own parser never sees them); FILE is described only, since
    a positional list beside the commands would swallow the command's name."""
    group = parser.add_argument_group(
        _("window (with no COMMAND)"), f"{FILES_METAVAR} ...: {_(FILES_HELP)}"
    )
    for flags, kwargs in OPTIONS:
        group.add_argument(*flags, **_translated_help(kwargs))
