"""Dice expressions such as ``2d6+1``, ``d%`` or ``4dF-1``, for ``sheetapp roll`` and damage.

Hand-parsed, never evaluated: text typed by a user or read from a sheet file can only ever
become dice, constants, ``+`` and ``-``. Every refusal is a DiceExpressionError whose
message names the offending part, so the UI can show it as is.

>>> expr = parse(" 2D6 + 1 ")
>>> str(expr), expr.distribution().mean()
('2d6+1', Fraction(8, 1))
>>> rolled = expr.roll(Roller(3))
>>> rolled.total == sum(rolled.parts[0].dice) + 1
True
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Final, Literal

from sheetapp.dice.distribution import Distribution, check_size
from sheetapp.dice.limits import MAX_DICE, MAX_SIDES
from sheetapp.dice.roller import Roller
from sheetapp.dice.standard import die, fudge
from sheetapp.i18n import _

__all__ = [
    "FUDGE",
    "MAX_LENGTH",
    "MAX_TERMS",
    "ConstantTerm",
    "DiceExpression",
    "DiceExpressionError",
    "DiceTerm",
    "RollResult",
    "RolledTerm",
    "Term",
    "is_valid",
    "parse",
]

MAX_LENGTH: Final = 200
MAX_TERMS: Final = 50
FUDGE: Final = "F"
"""The ``sides`` of a Fudge die (-1, 0 or +1)."""

_TERM = re.compile(r"(?P<count>[0-9]*)[dD](?P<sides>[0-9]+|%|[fF])|(?P<constant>[0-9]+)")
_OPERATOR = re.compile(r"([+-])")
_SIGN_TEXT = {1: "+", -1: "-"}


class DiceExpressionError(ValueError):
    """A dice expression that cannot be used; the message says which part and why."""


def _check_sign(sign: int) -> None:
    if isinstance(sign, bool) or sign not in (1, -1):
        raise DiceExpressionError(
            _("a term's sign must be +1 or -1, not {sign!r}").format(sign=sign)
        )


@dataclass(frozen=True)
class DiceTerm:
    """``count`` dice with ``sides`` sides (or Fudge dice), added or taken away."""

    count: int
    sides: int | Literal["F"]
    sign: int = 1

    def __post_init__(self) -> None:
        _check_sign(self.sign)
        if isinstance(self.count, bool) or not isinstance(self.count, int):
            raise DiceExpressionError(
                _("the number of dice must be an int, not {count!r}").format(count=self.count)
            )
        if not 0 <= self.count <= MAX_DICE:
            raise DiceExpressionError(
                _("'{value}': at most {MAX_DICE} dice in one term").format(
                    value=self, MAX_DICE=MAX_DICE
                )
            )
        if self.sides != FUDGE and (
            isinstance(self.sides, bool)
            or not isinstance(self.sides, int)
            or not 1 <= self.sides <= MAX_SIDES
        ):
            raise DiceExpressionError(
                _("'{value}': a die needs 1 to {MAX_SIDES} sides").format(
                    value=self, MAX_SIDES=MAX_SIDES
                )
            )

    def __str__(self) -> str:
        return f"{self.count}d{self.sides}"

    def distribution(self) -> Distribution:
        """The signed distribution of this term."""
        unsigned = (
            fudge(self.count) if self.sides == FUDGE else die(self.sides).repeat_sum(self.count)
        )
        return unsigned if self.sign == 1 else -unsigned

    def roll(self, roller: Roller, /) -> RolledTerm:
        if self.sides == FUDGE:
            faces = roller.fudge(self.count)
        else:
            faces = roller.dice(self.count, self.sides)
        return RolledTerm(str(self), self.sign, tuple(faces), sum(faces))


@dataclass(frozen=True)
class ConstantTerm:
    """A fixed modifier; ``value`` is never negative, the sign carries the direction."""

    value: int
    sign: int = 1

    def __post_init__(self) -> None:
        _check_sign(self.sign)
        if isinstance(self.value, bool) or not isinstance(self.value, int) or self.value < 0:
            raise DiceExpressionError(
                _("a constant must be a whole number, not {value!r}").format(value=self.value)
            )

    def __str__(self) -> str:
        return str(self.value)

    def distribution(self) -> Distribution:
        return Distribution.constant(self.sign * self.value)

    def roll(self, roller: Roller, /) -> RolledTerm:
        return RolledTerm(str(self), self.sign, (), self.value)


Term = DiceTerm | ConstantTerm


@dataclass(frozen=True)
class RolledTerm:
    """One term as rolled: its unsigned text, sign, each die's face and the unsigned sum."""

    term: str
    sign: int
    dice: tuple[int, ...]
    value: int

    @property
    def signed_value(self) -> int:
        return self.sign * self.value

    def __str__(self) -> str:
        if not self.dice and "d" not in self.term:
            return self.term
        return f"{self.term} ({', '.join(map(str, self.dice))})"


@dataclass(frozen=True)
class RollResult:
    """A rolled expression with every die kept, so a UI can show each face, not just the sum.

    >>> print(RollResult("2d6+1", 9, (RolledTerm("2d6", 1, (3, 5), 8), RolledTerm("1", 1, (), 1))))
    2d6 (3, 5) + 1 = 9
    """

    expression: str
    total: int
    parts: tuple[RolledTerm, ...]

    def __str__(self) -> str:
        shown = []
        for index, part in enumerate(self.parts):
            if index == 0:
                shown.append(f"-{part}" if part.sign < 0 else str(part))
            else:
                shown.append(f"{_SIGN_TEXT[part.sign]} {part}")
        return f"{' '.join(shown)} = {self.total}"


@dataclass(frozen=True)
class DiceExpression:
    """A parsed expression; equal expressions have equal normalised text."""

    terms: tuple[Term, ...]

    def __post_init__(self) -> None:
        if not self.terms:
            raise DiceExpressionError(_("a dice expression needs at least one term"))
        if len(self.terms) > MAX_TERMS:
            raise DiceExpressionError(
                _("a dice expression may have at most {MAX_TERMS} terms, not {count}").format(
                    MAX_TERMS=MAX_TERMS, count=len(self.terms)
                )
            )
        for term in self.terms:
            if not isinstance(term, DiceTerm | ConstantTerm):
                raise DiceExpressionError(_("not a dice term: {term!r}").format(term=term))

    @property
    def text(self) -> str:
        """Normalised: lower-case ``d``, explicit dice counts, ``d%`` as ``d100``, no spaces.

        >>> parse("d% - 2 + 3DF").text
        '1d100-2+3dF'
        """
        first, *rest = self.terms
        head = f"-{first}" if first.sign < 0 else str(first)
        return head + "".join(f"{_SIGN_TEXT[t.sign]}{t}" for t in rest)

    def __str__(self) -> str:
        return self.text

    def distribution(self) -> Distribution:
        """The exact odds of the total; too large an expression raises DiceExpressionError.

        >>> parse("3d6-d6").distribution().min
        -3
        """
        self._check_size()
        dice: Counter[tuple[int, int | str]] = Counter()
        constant = 0
        for term in self.terms:
            if isinstance(term, ConstantTerm):
                constant += term.sign * term.value
            else:
                dice[term.sign, term.sides] += term.count  # 2d6+3d6 is 5d6: one power
        total = Distribution.constant(constant)
        try:
            for (sign, sides), count in dice.items():
                face = Distribution.uniform((-1, 0, 1)) if sides == FUDGE else die(int(sides))
                part = face.repeat_sum(count)
                total += part if sign == 1 else -part
        except ValueError as exc:
            raise DiceExpressionError(
                _("{text!r} cannot be computed exactly: {exc}").format(text=self.text, exc=exc)
            ) from exc
        return total

    def _check_size(self) -> None:
        """Refuse before computing, from the range and the count of equally likely rolls."""
        outcomes = 1
        rolls = 1
        for term in self.terms:
            if isinstance(term, DiceTerm):
                faces = 3 if term.sides == FUDGE else int(term.sides)
                outcomes += term.count * (faces - 1)
                rolls *= faces**term.count
        try:
            check_size(outcomes, outcomes * rolls.bit_length(), what=repr(self.text))
        except ValueError as exc:
            raise DiceExpressionError(str(exc)) from exc

    def roll(self, roller: Roller, /) -> RollResult:
        parts = tuple(term.roll(roller) for term in self.terms)
        return RollResult(self.text, sum(p.signed_value for p in parts), parts)


def parse(text: str, /) -> DiceExpression:
    """Read a dice expression: NdS, dS, d%, NdF, dF and whole numbers joined by + and -.

    >>> parse("d6 + 2")
    DiceExpression(terms=(DiceTerm(count=1, sides=6, sign=1), ConstantTerm(value=2, sign=1)))
    >>> parse("3d")
    Traceback (most recent call last):
    ...
    sheetapp.dice.expression.DiceExpressionError: '3d' needs a number of sides after 'd'
    """
    if not isinstance(text, str):
        raise TypeError(
            _("a dice expression must be a str, not {name__}").format(name__=type(text).__name__)
        )
    if len(text) > MAX_LENGTH:
        raise DiceExpressionError(
            _("a dice expression may have at most {MAX_LENGTH} characters, not {count}").format(
                MAX_LENGTH=MAX_LENGTH, count=len(text)
            )
        )
    if not text.strip():
        raise DiceExpressionError(_("the dice expression is empty"))
    pieces = _OPERATOR.split(text)  # chunk, operator, chunk, operator, ..., chunk
    chunks = pieces[0::2]
    operators = pieces[1::2]
    if not chunks[0].strip():  # a leading sign, as in "-d4"
        chunks = chunks[1:]
    else:
        operators = ["+", *operators]
    if len(chunks) > MAX_TERMS:
        raise DiceExpressionError(
            _("a dice expression may have at most {MAX_TERMS} terms, not {count}").format(
                MAX_TERMS=MAX_TERMS, count=len(chunks)
            )
        )
    terms: list[Term] = []
    for index, (operator, chunk) in enumerate(zip(operators, chunks, strict=True)):
        sign = 1 if operator == "+" else -1
        stripped = chunk.strip()
        if not stripped:
            if index + 1 < len(operators):
                raise DiceExpressionError(
                    _(
                        "{operator!r} is followed by {operator2!r}; a term must come between them"
                    ).format(operator=operator, operator2=operators[index + 1])
                )
            raise DiceExpressionError(
                _("{strip!r} ends with {operator!r}; a term must follow it").format(
                    strip=text.strip(), operator=operator
                )
            )
        terms.append(_parse_term(stripped, sign))
    return DiceExpression(tuple(terms))


def is_valid(text: object, /) -> bool:
    """Whether ``text`` parses, for input fields that only need a yes or no.

    >>> is_valid("2d6+1"), is_valid("2d6+"), is_valid(None)
    (True, False, False)
    """
    if not isinstance(text, str):
        return False
    try:
        parse(text)
    except DiceExpressionError:
        return False
    return True


def _parse_term(chunk: str, sign: int) -> Term:
    match = _TERM.fullmatch(chunk)
    if match is None:
        raise DiceExpressionError(_why_not_a_term(chunk))
    if match["constant"] is not None:
        return ConstantTerm(int(match["constant"]), sign)
    count = int(match["count"]) if match["count"] else 1
    if count > MAX_DICE:
        raise DiceExpressionError(
            _("{chunk!r}: at most {MAX_DICE} dice in one term").format(
                chunk=chunk, MAX_DICE=MAX_DICE
            )
        )
    sides_text = match["sides"]
    if sides_text in ("f", "F"):
        return DiceTerm(count, FUDGE, sign)
    sides = 100 if sides_text == "%" else int(sides_text)
    if not 1 <= sides <= MAX_SIDES:
        raise DiceExpressionError(
            _("{chunk!r}: a die needs 1 to {MAX_SIDES} sides").format(
                chunk=chunk, MAX_SIDES=MAX_SIDES
            )
        )
    return DiceTerm(count, sides, sign)


def _why_not_a_term(chunk: str) -> str:
    """The most helpful message for a piece that is not a term.

    >>> _why_not_a_term("2 d6")
    "'2 d6': no spaces inside a term"
    """
    if _TERM.fullmatch("".join(chunk.split())):
        return _("{chunk!r}: no spaces inside a term").format(chunk=chunk)
    if re.fullmatch(r"[0-9]*[dD]", chunk):
        return _("{chunk!r} needs a number of sides after 'd'").format(chunk=chunk)
    return _("{chunk!r} is not a dice term (write NdS, dS, d%, NdF or a whole number)").format(
        chunk=chunk
    )
