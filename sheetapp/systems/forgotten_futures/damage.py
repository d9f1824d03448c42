"""Damage results as the weapon columns write them: ``F``, ``KO``, ``C/K``, ``I+KO``.

``X/Y`` means roll the Effect against BODY once more: X on a failure, Y on a success.
``X+Y`` means both at once. ``-`` is no harm.

>>> damage_problem("C/K"), damage_problem("I+KO"), damage_problem("-")
(None, None, None)
>>> damage_problem("Q")
"'Q' is not a damage result; use B, F, I, C, KO or K (X/Y: roll again; X+Y: both)"
"""

from __future__ import annotations

import re

from sheetapp.i18n import N_, _

RESULTS: dict[str, str] = {
    "B": "bruise",
    "F": N_("flesh wound"),
    "I": "injury",
    "C": "critical",
    "KO": N_("knocked out"),
    "K": "killed",
}


def damage_problem(text: str) -> str | None:
    """Why ``text`` is not a damage result, or None when it is one (or is blank)."""
    cleaned = text.strip().upper()
    if cleaned in ("", "-"):
        return None
    parts = re.split(r"\s*[/+]\s*", cleaned)
    if all(part in RESULTS for part in parts):
        return None
    return _(
        "'{strip}' is not a damage result; use B, F, I, C, KO or K (X/Y: roll again; X+Y: both)"
    ).format(strip=text.strip())
