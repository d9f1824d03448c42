"""What every verb shares with the entry point: the exit codes, the expected failure, and
the ``--force`` option.

They live apart from ``main`` so the verbs, which ``main`` imports, never import ``main``
back (no module of the package takes part in an import cycle; tests/test_import_cycles.py).
"""

from __future__ import annotations

import argparse

from sheetapp.i18n import _

EXIT_OK, EXIT_RULE_ERRORS, EXIT_UNUSABLE, EXIT_INTERNAL = 0, 1, 2, 3


class CliError(Exception):
    """An expected failure: printed as one line, exit code 2."""


def add_force(command: argparse.ArgumentParser) -> None:
    """The one consent every writing command takes to replace an existing file."""
    command.add_argument(
        "--force", action="store_true", help=_("replace the output file if it exists")
    )
