"""The argument types every command shares, so a value a person types is checked once, at
the parser, the same way everywhere: a refused value is argparse's one usage line and exit
2, never an error deep in SQLite or pydantic.

Imports nothing heavy: the parser is built on every start.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from typing import NoReturn

from sheetapp.i18n import N_, _
from sheetapp.locale_format import number
from sheetapp.play.batch_limits import MAX_COUNT as MAX_GENERATED
from sheetapp.printable import printable

# SQLite keeps integers in 64 bits; every number a command passes on fits in them.
INT64_MAX = 2**63 - 1
STANDARD_OUTPUT = "-"


class OneLineParser(argparse.ArgumentParser):
    """A bad option is one line and exit 2, like every other expected failure of the
    command line (argparse would add a usage block)."""

    def error(self, message: str) -> NoReturn:
        self.exit(
            2,
            _("{prog}: {message}; see 'sheetapp --help'\n").format(
                prog=self.prog, message=printable(message)
            ),
        )


def whole_number(
    low: int = -INT64_MAX, high: int = INT64_MAX, *, what: str = "a whole number"
) -> Callable[[str], int]:
    """An argparse ``type`` for a whole number from ``low`` to ``high``; ``what`` names it
    in the refusal ("a sheet id").

    >>> whole_number(1, 10, what="a count")("7")
    7
    """

    def parse(text: str) -> int:
        digits = text.strip()
        body = digits[1:] if digits[:1] in "+-" else digits
        if not body.isascii() or not body.isdigit():
            raise argparse.ArgumentTypeError(
                _("{what} is a whole number, not {text!r}").format(what=_(what), text=text)
            )
        # Compared by length first: a number of thousands of digits is never converted.
        value = int(digits) if len(body) <= 20 else None
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(
                _("{what} is a whole number from {low} to {high}, not {shown}").format(
                    what=_(what), low=number(low), high=number(high), shown=_shown(digits)
                )
            )
        return value

    parse.__name__ = what  # argparse names the type in "invalid <name> value"
    parse.bounds = (low, high)  # type: ignore[attr-defined]  # for the tests' walk
    return parse


def _shown(digits: str) -> str:
    return (
        digits
        if len(digits) <= 24
        else _("{digit}… ({count} digits)").format(digit=digits[:20], count=len(digits))
    )


SHEET_ID = whole_number(1, INT64_MAX, what=N_("a sheet id"))
COUNT = whole_number(0, INT64_MAX, what=N_("a count"))
# A batch of NPCs is made and stored one by one: its count has the batch's own bound.
GENERATION_COUNT = whole_number(1, MAX_GENERATED, what=N_("a number of NPCs"))
REVISION = whole_number(1, INT64_MAX, what=N_("a revision number"))
SEED = whole_number(-INT64_MAX, INT64_MAX, what=N_("a seed"))
# An XP award is one ledger entry, whose amount every system bounds (sheet_model.Amount).
XP = whole_number(0, 10_000_000, what=N_("an XP award"))


def output_name(text: str) -> str:
    """``-o`` for every writer: ``-`` is standard output (``/dev/stdout``, which the output
    policy writes through without ``--force``)."""
    if text == STANDARD_OUTPUT:
        return "/dev/stdout" if os.path.exists("/dev/stdout") else text
    return text
