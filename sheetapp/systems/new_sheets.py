"""``sheetapp new`` for a system without universes: a blank sheet, or a random one whose
seed repeats it. Each such plugin names its two makers; only the refusal wording is its own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from pydantic import BaseModel

from sheetapp.dice import Roller
from sheetapp.i18n import _
from sheetapp.systems.plugin import NewOptions, RequestError

Sheet = TypeVar("Sheet", bound=BaseModel)


def without_universes(
    name: str, blank: Callable[..., Sheet], random: Callable[..., Sheet]
) -> Callable[[NewOptions], Sheet]:
    """``new`` for a system called ``name`` in a sentence ("the Amplitude Engine"):
    ``blank(npc=...)`` or ``random(roller, npc=...)``, and ``--universe`` refused."""

    def new_sheet(options: NewOptions) -> Sheet:
        if options.universe is not None:
            raise RequestError(_("{name} has no universes; leave out --universe").format(name=name))
        if not options.random:
            return blank(npc=options.npc)
        return random(Roller(options.seed), npc=options.npc)

    return new_sheet
