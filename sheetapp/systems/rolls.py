"""One shape for a roll made from a sheet, whatever the system rolls.

A ``Check`` is what a sheet offers to roll (a skill, a pool, a weapon): it rolls its own
dice with the shared ``sheetapp.dice.Roller`` and reads them as its rules name the result,
and it gives the exact chance of every result it can read. The two agree by construction
only if each system keeps them next to each other, which is why both live on the check;
the tests hold every check's rolls against its ``odds``.

The UI shows checks and their readings and never computes one: one Roll button and one
dice log serve every system.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from sheetapp.dice import Roller


@dataclass(frozen=True)
class Reading:
    """One roll, read: the faces as rolled, the result as the rules name it, and the key of
    that result in the check's ``odds``."""

    dice: str  # "d100: 37", "2D6: 3 + 5 = 8"
    result: str  # "Success by 8", "Good success", "QO 5"
    outcome: str  # a key of Check.odds()
    detail: str = ""  # what the result was read against: "at or under 45"

    def text(self) -> str:
        """ "d100: 37 (at or under 45) → Success by 8"."""
        against = f" ({self.detail})" if self.detail else ""
        return f"{self.dice}{against} → {self.result}"


@runtime_checkable
class Check(Protocol):
    """A roll a sheet offers, ready to roll."""

    @property
    def name(self) -> str:
        """What is rolled, as the sheet names it: "Pilot", "Dexterity + Ranged"."""
        ...

    def roll(self, roller: Roller, /) -> Reading:
        """Roll the system's dice once and read them."""
        ...

    def odds(self) -> Mapping[str, Fraction]:
        """The exact chance of every outcome ``roll`` can read, adding up to 1."""
        ...


@runtime_checkable
class TakesMargins(Protocol):
    """A d100 check whose critical results need the margins the game master sets for the
    task (S# and F#); the dice panel holds them."""

    def with_margins(self, success: int | None, failure: int | None, /) -> Check: ...


@dataclass(frozen=True)
class Unrollable:
    """A row that offers no roll yet, and why ("no attribute chosen")."""

    name: str
    reason: str


def odds_summary(odds: Mapping[str, Fraction]) -> str:
    """The outcomes that can happen with their chances, for the dice panel.

    >>> odds_summary({"Success": Fraction(9, 20), "Failure": Fraction(11, 20), "Never": 0})
    'Success 45% · Failure 55%'
    """
    return " · ".join(f"{name} {_percent(p)}" for name, p in odds.items() if p)


def _percent(p: Fraction) -> str:
    value = float(p)
    if 0 < value < 0.01:
        return "<1%"
    if 0.99 < value < 1:
        return ">99%"
    return f"{value:.0%}"
