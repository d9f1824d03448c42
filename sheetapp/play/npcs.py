"""What every system's NPC maker checks and does the same way: the profession asked for,
attribute ranges, a template sheet and the name, each refused with a message that says
what would work.

>>> ranges = checked_ranges({"body": (2, 4)}, {"body": (1, 7), "mind": (1, 7)})
>>> ranges
{'body': (2, 4)}
>>> checked_ranges({"luck": (1, 2)}, {"body": (1, 7)})
Traceback (most recent call last):
...
sheetapp.systems.plugin.RequestError: 'luck' is not an attribute; one of body
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from pydantic import BaseModel

from sheetapp.dice import Roller
from sheetapp.i18n import _
from sheetapp.play.names import name_list
from sheetapp.play.support import Choice, NpcRequest
from sheetapp.systems.plugin import RequestError

Sheet = TypeVar("Sheet", bound=BaseModel)


def slug(text: str) -> str:
    """A stable id for a name: ``"Officer of Marines"`` -> ``"officer-of-marines"``."""
    return re.sub(r"[^a-z0-9]+", "-", text.casefold()).strip("-")


def no_universe(request: NpcRequest, system: str) -> None:
    """Refuse a universe for a system (``system`` as in a sentence) that has none."""
    if request.universe is not None:
        raise RequestError(
            _("{system} has no universes; leave the universe out").format(system=system)
        )


def chosen(choices: Sequence[Choice], wanted: str | None, what: str) -> Choice | None:
    """The choice ``wanted`` names, by id or by what a person reads; None when nothing
    was asked."""
    if not wanted:
        return None
    for choice in choices:
        if wanted in (choice.id, choice.label) or wanted.casefold() == choice.label.casefold():
            return choice
    known = ", ".join(c.id for c in choices) or "none"
    raise RequestError(
        _("'{wanted}' is not {what}; one of {known}").format(wanted=wanted, what=what, known=known)
    )


def checked_ranges(
    ranges: Mapping[str, tuple[int, int]], allowed: Mapping[str, tuple[int, int]]
) -> dict[str, tuple[int, int]]:
    """``ranges`` when each names an attribute of ``allowed`` and runs low to high inside
    that attribute's limits."""
    checked = {}
    for name, (low, high) in ranges.items():
        if name not in allowed:
            raise RequestError(
                _("'{name}' is not an attribute; one of {join}").format(
                    name=name, join=", ".join(allowed)
                )
            )
        least, most = allowed[name]
        if not least <= low <= high <= most:
            raise RequestError(
                _(
                    "{name} {low}-{high}: a range runs from low to high within {least}-{most}"
                ).format(name=name, low=low, high=high, least=least, most=most)
            )
        checked[name] = (low, high)
    return checked


def from_template(
    request: NpcRequest,
    roller: Roller,
    model: type[Sheet],
    system: str,
    *,
    unhurt: Mapping[str, Any],
    name: Callable[[Roller], str],
    role: tuple[str, Choice | None] = ("profession", None),
) -> Sheet | None:
    """A copy of the request's template as a new NPC: the sheet's fields of ``unhurt`` set
    so it comes in unhurt, a new name (from the list asked for, else ``name``), and the
    role asked for (``role``: the field and the choice); None without a template."""
    if request.template is None:
        return None
    if not isinstance(request.template, model):
        raise RequestError(_("the template must be a {system} sheet").format(system=system))
    if request.ranges:
        raise RequestError(_("a template keeps its scores: leave out the ranges"))
    copy = request.template.model_copy(deep=True)
    field, choice = role
    changes = {**unhurt, "npc": True, "name": listed_name(request, roller) or name(roller)}
    for key, value in (changes | ({field: choice.label} if choice else {})).items():
        setattr(copy, key, value)
    return copy


def listed_name(request: NpcRequest, roller: Roller) -> str | None:
    """A name from the list the request asks for; None when it asks for none (the system
    then names its NPCs its own way)."""
    return name_list(request.names).pick(roller) if request.names else None
