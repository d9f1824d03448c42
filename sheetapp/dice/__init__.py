"""Dice for every game system: exact odds, a seeded roller and a dice-expression parser.

Odds are exact (integer weights, Fractions on request) so rules code and tests can compare
them for equality; rolls come from an injectable generator so a seed replays a session.

>>> from sheetapp.dice import dice_sum, parse, percentile_odds
>>> dice_sum(2, 6).probability(7)
Fraction(1, 6)
>>> parse("d8+2").distribution().mean()
Fraction(13, 2)
>>> percentile_odds(45, success_margin=1).critical_success
Fraction(9, 100)
"""

from sheetapp.dice.distribution import Distribution
from sheetapp.dice.expression import DiceExpression, DiceExpressionError, RollResult, parse
from sheetapp.dice.percentile import CheckOdds, percentile_odds, percentile_outcome
from sheetapp.dice.roller import Roller
from sheetapp.dice.standard import dice_sum, die, fudge, signed, success_pool

__all__ = [
    "CheckOdds",
    "DiceExpression",
    "DiceExpressionError",
    "Distribution",
    "RollResult",
    "Roller",
    "dice_sum",
    "die",
    "fudge",
    "parse",
    "percentile_odds",
    "percentile_outcome",
    "signed",
    "success_pool",
]
