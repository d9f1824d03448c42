"""What a tabletop can show of a sheet, whatever the game system: a neutral middle.

Every system maps its sheet to one :class:`TabletopView` (numbers with their maxima, the
checks a player rolls, the things carried, the text), and every target writes a view in its
own shape, so five systems and two targets need seven mappings, not ten.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_KEY_JUNK = re.compile(r"[^a-z0-9]+")


def key_of(*parts: str) -> str:
    """A name both targets accept as an attribute key: lower case letters, digits and
    underscores (Foundry refuses dots and spaces in keys; Roll20 macros read ``@{key}``)."""
    text = "_".join(_KEY_JUNK.sub("_", p.lower()).strip("_") for p in parts if p)
    return text or "unnamed"


@dataclass(frozen=True)
class Stat:
    """One number (or word) on the sheet. ``path`` is where it is stored in the sheet's
    JSON when an import from elsewhere may write it back; None for a computed figure."""

    key: str
    label: str
    value: int | float | str | bool | None  # None: not known yet (a blank sheet)
    maximum: int | None = None
    group: str = ""
    path: str | None = None


@dataclass(frozen=True)
class Check:
    """A roll a player makes: ``dice`` in the common notation both targets read (``2d6``,
    ``4d6>5``: dice of 5 or more count; ``1d100<45``: a roll of 45 or less succeeds;
    ``1d20+1d4``, ``4dF+2``), and the numbers the result is read against, each of which
    travels as a number of its own beside the roll."""

    key: str
    label: str
    dice: str
    against: dict[str, int] = field(default_factory=dict)  # "chance": 45, "ordinary": 12
    group: str = "skills"


@dataclass(frozen=True)
class Item:
    """Something carried or wielded; ``details`` are its own numbers and words."""

    name: str
    kind: str  # "weapon", "armour", "gear"
    quantity: int = 1
    weight_kg: float = 0.0
    notes: str = ""
    details: dict[str, int | float | str | bool] = field(default_factory=dict)


@dataclass(frozen=True)
class TabletopView:
    system: str
    name: str
    npc: bool = False
    biography: str = ""  # plain text; each target escapes it where it needs HTML
    stats: tuple[Stat, ...] = ()
    checks: tuple[Check, ...] = ()
    items: tuple[Item, ...] = ()

    def known_stats(self) -> tuple[Stat, ...]:
        """The stats with a value: a tabletop has no field for "not known yet"."""
        return tuple(s for s in self.stats if s.value is not None)
