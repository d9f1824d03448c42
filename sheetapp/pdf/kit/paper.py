"""Paper sizes, the margins every sheet keeps, and the paper a locale expects.

Home printers cannot print the outer few millimetres (some lose 12 mm at the bottom), so
nothing, page chrome included, is drawn closer than ``SAFE_MARGIN`` to an edge.
"""

from __future__ import annotations

import locale
import os
import re
from collections.abc import Mapping

from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import mm

from sheetapp.i18n import _

PAPER_SIZES: dict[str, tuple[float, float]] = {"a4": A4, "letter": LETTER}

SAFE_MARGIN = 13 * mm  # no ink closer to an edge than this
HEADER_BAND = 9 * mm  # chrome above the frame, inside the safe margin
FOOTER_BAND = 8 * mm
# Large print: everything on a sheet printed this many times larger, so its smallest type
# (7 pt labels and table heads) prints at 12 pt and its body text (8.5 pt) near 15 pt.
LARGE_PRINT_SCALE = 12 / 7

# Regions whose printers load Letter by default (glibc's LC_PAPER for these locales).
LETTER_REGIONS = frozenset(
    {"US", "CA", "MX", "PH", "PR", "CL", "CO", "CR", "GT", "PA", "SV", "VE", "NI", "DO", "BZ"}
)
# Windows spells locales out ("English_United States"); the Letter ones among them.
LETTER_REGION_NAMES = frozenset(
    {
        "united states",
        "canada",
        "mexico",
        "philippines",
        "puerto rico",
        "chile",
        "colombia",
        "costa rica",
        "guatemala",
        "panama",
        "el salvador",
        "venezuela",
        "nicaragua",
        "dominican republic",
        "belize",
    }
)


def page_size(paper: str) -> tuple[float, float]:
    try:
        return PAPER_SIZES[paper.lower()]
    except KeyError:
        raise ValueError(
            _("unknown paper '{paper}'; choose {join}").format(
                paper=paper, join=" or ".join(PAPER_SIZES)
            )
        ) from None


def default_paper(locale_name: str | None) -> str:
    """``"letter"`` for locales of Letter regions, else ``"a4"``.

    >>> default_paper("en_US.UTF-8"), default_paper("fr_CA"), default_paper("de_DE")
    ('letter', 'letter', 'a4')
    >>> default_paper("English_United States.1252"), default_paper("C"), default_paper(None)
    ('letter', 'a4', 'a4')
    """
    if not locale_name:
        return "a4"
    name = locale_name.split(".")[0].split("@")[0]
    match = re.fullmatch(r"[A-Za-z]{2,3}[_-]([A-Za-z]{2})", name)
    if match:
        return "letter" if match.group(1).upper() in LETTER_REGIONS else "a4"
    region = name.partition("_")[2].strip().lower()
    return "letter" if region in LETTER_REGION_NAMES else "a4"


def paper_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The paper this machine expects: ``PAPERSIZE`` (libpaper's variable) when it names a
    known paper, else the first of ``LC_ALL``, ``LC_PAPER``, ``LANG`` that is set, as POSIX
    orders them, else the process locale."""
    env = os.environ if environ is None else environ
    explicit = env.get("PAPERSIZE", "").strip().lower()
    if explicit in PAPER_SIZES:
        return explicit
    for variable in ("LC_ALL", "LC_PAPER", "LANG"):
        if env.get(variable):
            return default_paper(env[variable])
    try:
        return default_paper(locale.getlocale()[0])
    except ValueError:
        return "a4"
