"""Exact odds of an action: both 4dF rolls of the text, read through the Outcome Table.

An action rolls 4dF twice. One roll joins OB - DB (and any penalty such as a wound's) to
make the Player's Total Roll, the column; the other joins the Amp's fixed parts (base task
Amp, weapon or tool, momentum spent, scale, other modifiers) to make the final Amp, the row.
A final Amp of 0 or less is an automatic failure that never reaches the table.

>>> odds = action_odds(ob=0, db=0, amp=1)
>>> odds.auto_fail  # the Amp roll of 4dF is -1 or worse
Fraction(31, 81)
>>> sum(odds.cells.values()) + odds.auto_fail
Fraction(1, 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from sheetapp.dice import Distribution, fudge
from sheetapp.systems.amplitude.outcome_table import OUTCOMES, column_of, outcome, row_of


@dataclass(frozen=True)
class OutcomeOdds:
    """The chance of every cell value, and of the automatic failure before the table."""

    cells: dict[str, Fraction]  # "0".."10", "U", "K": reached through the table
    auto_fail: Fraction  # final Amp at or below zero

    def as_floats(self) -> dict[str, float]:
        return {**{k: float(v) for k, v in self.cells.items()}, "auto_fail": float(self.auto_fail)}

    def at_least(self, qo: int) -> Fraction:
        """The chance of a QO of at least ``qo``, U and K included (they beat any number)."""
        return sum(
            (p for result, p in self.cells.items() if result in ("U", "K") or int(result) >= qo),
            Fraction(0),
        )

    @property
    def effect(self) -> Fraction:
        """The chance of any effect at all: a QO of 1 or more, U or K."""
        return self.at_least(1)


def column_distribution(shift: int) -> Distribution:
    """The column reached from ``shift`` (OB - DB plus penalties) and 4dF, clamped to +-6.

    >>> column_distribution(5).pmf()[6]  # 4dF of +1 or better
    Fraction(31, 81)
    """
    return (fudge(4) + shift).map(column_of)


def action_odds(*, ob: int, db: int, amp: int, modifier: int = 0) -> OutcomeOdds:
    """Odds of an action with Offensive Bonus ``ob`` against Defensive Bonus ``db``, the Amp's
    fixed parts adding to ``amp``, and ``modifier`` on the Player's Total Roll."""
    columns = column_distribution(ob - db + modifier)
    amps = fudge(4) + amp
    cells = {result: Fraction(0) for result in OUTCOMES}
    auto_fail = Fraction(0)
    for final_amp, amp_p in amps.pmf().items():
        if row_of(final_amp) is None:
            auto_fail += amp_p
            continue
        for column, column_p in columns.pmf().items():
            cells[outcome(column, final_amp)] += amp_p * column_p
    return OutcomeOdds(cells, auto_fail)


@lru_cache(maxsize=1024)
def check_odds(*, amp: int, needed: int, ob: int = 0, db: int = 0, modifier: int = 0) -> Fraction:
    """The chance of a check at base Amp ``amp`` that needs QO ``needed`` or better;
    remembered, since every sheet's figures ask the same action check (a page of a
    thousand stat blocks would work the same odds out a thousand times).

    A character with a major wound (-4) who must pass the Amp 5 / QO 5 action check:

    >>> check_odds(amp=5, needed=5, modifier=-4)
    Fraction(47, 729)
    """
    return action_odds(ob=ob, db=db, amp=amp, modifier=modifier).at_least(needed)
