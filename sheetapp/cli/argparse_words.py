"""argparse's own words in the reader's language: its usage and help headings and the
refusals a person can meet on the command line.

argparse asks ``gettext`` for these through module-level names it imported from it;
``use_argparse_catalog`` points those two names at sheetapp's catalog, which lists the
strings below for the translators (argparse's exact English, %-placeholders included).
"""

from __future__ import annotations

import argparse

from sheetapp.i18n import N_, _, ngettext

WORDS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("expected one argument"),
    N_("expected at least one argument"),
    N_("expected at most one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"),
    N_("one of the arguments %s is required"),
    N_("ignored explicit argument %r"),
    N_("%(prog)s: error: %(message)s\n"),
)


def use_argparse_catalog() -> None:
    """Send argparse's lookups to sheetapp's catalog (called once the language is chosen)."""
    argparse._ = _  # type: ignore[attr-defined]  # argparse's own "from gettext import"
    argparse.ngettext = ngettext  # type: ignore[attr-defined]
