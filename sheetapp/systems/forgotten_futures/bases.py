"""Skill base values: a characteristic, half of one, the average of two, or half that.

Every fraction rounds up. The code a skill carries (``AvM&S``, ``B/2``...) is the one the
skill list prints, so a player can compare the sheet with the rules at a glance.

>>> base_value("AvM&S", {"mind": 3, "soul": 3})
3
>>> base_value("M/2", {"mind": 5}), base_value("AvB&S/2", {"body": 4, "soul": 5})
(3, 3)
>>> base_value("AvB&M", {"body": 4}) is None  # MIND not filled in yet
True
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import cache
from typing import Literal, get_args

from sheetapp.i18n import _
from sheetapp.systems.forgotten_futures.names import Characteristic, label

Base = Literal[
    "B", "M", "S", "B/2", "M/2", "S/2", "AvB&M", "AvB&S", "AvM&S", "AvB&M/2", "AvB&S/2", "AvM&S/2"
]
BASES: tuple[str, ...] = get_args(Base)

_LETTER = {"B": Characteristic.BODY, "M": Characteristic.MIND, "S": Characteristic.SOUL}


@cache  # one of the twelve bases; asked for every skill of every sheet
def characteristics_of(base: str) -> tuple[Characteristic, ...]:
    """The characteristics a base is built from, in the order written."""
    letters = base.removeprefix("Av").removesuffix("/2").split("&")
    return tuple(_LETTER[letter] for letter in letters)


def is_halved(base: str) -> bool:
    return base.endswith("/2")


def _scores(base: str, values: Mapping[str, int | None]) -> list[int] | None:
    scores = [values.get(c.value) for c in characteristics_of(base)]
    if any(s is None for s in scores):
        return None
    return [int(s) for s in scores if s is not None]


def base_value(base: str, values: Mapping[str, int | None]) -> int | None:
    """The skill's value before any points; None while a characteristic it needs is blank."""
    scores = _scores(base, values)
    if scores is None:
        return None
    divisor = len(scores) * (2 if is_halved(base) else 1)
    return math.ceil(sum(scores) / divisor)


def roll_value(base: str, values: Mapping[str, int | None]) -> int | None:
    """What attacks the rating when a player tries to improve or learn the skill: the
    characteristic, or the average of the two, without the halving (our reading of
    "the relevant characteristic(s)").

    >>> roll_value("AvB&M/2", {"body": 4, "mind": 5}), roll_value("S/2", {"soul": 5})
    (5, 5)
    """
    scores = _scores(base, values)
    if scores is None:
        return None
    return math.ceil(sum(scores) / len(scores))


def describe(base: str) -> str:
    """The base in words, for tooltips: ``AvB&M/2`` -> "half the average of BODY and MIND"."""
    names = [label(c) for c in characteristics_of(base)]
    if len(names) == 1:
        return (
            _("half of {name}, rounded up").format(name=names[0]) if is_halved(base) else names[0]
        )
    pair = _("the average of {name} and {name2}").format(name=names[0], name2=names[1])
    if is_halved(base):
        return _("half {pair}, rounded up").format(pair=pair)
    return _("{pair}, rounded up").format(pair=pair)


def uses_body(base: str) -> bool:
    """Whether wounds lower a skill of this base (it rests on BODY)."""
    return Characteristic.BODY in characteristics_of(base)
