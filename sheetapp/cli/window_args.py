"""The window's command line (``sheetapp [FILE...] [options]``), declared once.

Qt-free, so ``sheetapp --help`` (the headless parser in ``sheetapp.cli.main``) can list the
window's options without importing Qt, and ``sheetapp.ui.app`` parses them from the same
declarations: an option added here shows in both.
"""

from __future__ import annotations

import argparse
from typing import Any

THEMES = ("system", "light", "dark")


def window_size(text: str) -> tuple[int, int]:
    """``WxH`` as two whole numbers of pixels; anything else is told as a usage error."""
    width, _, height = text.lower().partition("x")
    if not (width.isdigit() and height.isdigit() and 0 < int(width) and 0 < int(height)):
        raise argparse.ArgumentTypeError(f"'{text}' is not a size like 1366x768")
    return int(width), int(height)


FILES_METAVAR = "FILE"
FILES_HELP = "sheet files to open in tabs"
# (flags, keyword arguments for add_argument), in the order --help lists them.
OPTIONS: tuple[tuple[tuple[str, ...], dict[str, Any]], ...] = (
    (("--theme",), {"choices": THEMES, "help": "colours for this run (default: Preferences)"}),
    (("--size",), {"metavar": "WxH", "type": window_size, "help": "window size, e.g. 1366x768"}),
    (
        ("--smoke",),
        {
            "action": "store_true",
            "help": "open the window, report the time to first paint, and exit",
        },
    ),
    (("--screenshot",), {"metavar": "PNG", "help": "with --smoke: save a screenshot"}),
)


def window_parser() -> argparse.ArgumentParser:
    """The parser ``sheetapp.ui.app`` starts the window with."""
    parser = argparse.ArgumentParser(prog="sheetapp")
    parser.add_argument("files", nargs="*", metavar=FILES_METAVAR, help=FILES_HELP)
    for flags, kwargs in OPTIONS:
        parser.add_argument(*flags, **kwargs)
    return parser


def window_usage() -> str:
    """The window's usage line without its "usage: " prefix."""
    return window_parser().format_usage().removeprefix("usage: ").strip()


def describe_window_options(parser: argparse.ArgumentParser) -> None:
    """List the window's options in the headless parser's --help. The flags are added for
    real (harmless: a command's own parser never sees them); FILE is described only, since
    a positional list beside the commands would swallow the command's name."""
    group = parser.add_argument_group(
        "window (with no COMMAND)", f"{FILES_METAVAR} ...: {FILES_HELP}"
    )
    for flags, kwargs in OPTIONS:
        group.add_argument(*flags, **kwargs)
