"""A weapon's Effect as the weapons lists write it, worked out for one character.

An Effect is a number (firearms), or BODY or a skill with an optional ``+N``/``-N`` or
``/2`` (rounded up): ``BODY+1``, ``Melee+1``, ``Melee/2``, ``Brawl``, ``M. Arts``. The
short skill names of the lists are understood.

>>> values = {"body": 4, "mind": 5, "soul": 3}
>>> work_out("BODY+2", values, {}).value, work_out("7", values, {}).value
(6, 7)
>>> work_out("Melee/2", values, {"melee weapon": 5}).value
3
>>> work_out("Melee", values, {}).problem
'needs the Melee Weapon skill'
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass

from sheetapp.i18n import N_, _

_FORM = re.compile(r"^\s*([A-Za-z][A-Za-z .]*?|\d+)\s*(?:([+\-/])\s*(\d+))?\s*$")

_CHARACTERISTICS = {"body": "body", "b": "body", "mind": "mind", "m": "mind", "soul": "soul"}
_SKILL_ALIASES = {
    "melee": N_("melee weapon"),
    "brawl": "brawling",
    "marts": N_("martial arts"),
    "martialartist": N_("martial arts"),
}


@dataclass(frozen=True)
class Effect:
    value: int | None
    problem: str = ""  # why there is no value


def _squash(text: str) -> str:
    return re.sub(r"[\s.]+", "", text).casefold()


def work_out(
    text: str, values: Mapping[str, int | None], skill_ratings: Mapping[str, int | None]
) -> Effect:
    """The Effect ``text`` gives with these characteristics and skill ratings (keyed by
    lower-case skill name)."""
    if not text.strip():
        return Effect(None, _("no Effect written"))
    match = _FORM.match(text)
    if match is None:
        return Effect(
            None, _("'{text}' is not a number, BODY or a skill with +N or /2").format(text=text)
        )
    term, op, amount = match.groups()
    base = _term(term, values, skill_ratings)
    if isinstance(base, str):
        return Effect(None, base)
    if op is None:
        return Effect(base)
    n = int(amount)
    if op == "+":
        return Effect(base + n)
    if op == "-":
        return Effect(base - n)
    if n == 0:
        return Effect(None, _("cannot divide by 0"))
    return Effect(math.ceil(base / n))


def _term(
    term: str, values: Mapping[str, int | None], skill_ratings: Mapping[str, int | None]
) -> int | str:
    if term.isdigit():
        return int(term)
    key = _squash(term)
    if key in _CHARACTERISTICS:
        value = values.get(_CHARACTERISTICS[key])
        return (
            _("needs {upper}").format(upper=_CHARACTERISTICS[key].upper())
            if value is None
            else value
        )
    wanted = _SKILL_ALIASES.get(key, key)
    for name, value in skill_ratings.items():
        if _squash(name) == _squash(wanted):
            return _("needs {name}'s rating").format(name=name) if value is None else value
    return _("needs the {title} skill").format(title=wanted.title())
