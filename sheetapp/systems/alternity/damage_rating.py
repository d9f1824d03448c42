"""Weapon damage ratings: three parts, for Ordinary, Good and Amazing hits.

Each part is a dice expression followed by the track it harms, ``s``, ``w``, ``m`` or
``f``: ``d4s/d6w/d4m`` deals d4 stun on an Ordinary hit, d6 wound on a Good one and d4
mortal on an Amazing one. A failed attack deals nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from sheetapp.dice import DiceExpression, DiceExpressionError, parse
from sheetapp.i18n import _
from sheetapp.systems.alternity.names import TRACK_LETTERS, Degree, Track

HIT_DEGREES = (Degree.ORDINARY, Degree.GOOD, Degree.AMAZING)


class DamageRatingError(ValueError):
    """A rating that cannot be read; the message says which part and why."""


@dataclass(frozen=True)
class DamagePart:
    text: str  # as the player wrote it
    dice: DiceExpression
    track: Track

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class DamageRating:
    ordinary: DamagePart
    good: DamagePart
    amazing: DamagePart

    def for_degree(self, degree: Degree) -> DamagePart | None:
        """The damage of a hit of ``degree``; None for a miss.

        >>> rating = parse_rating("d4s/d6w/d4m")
        >>> str(rating.for_degree(Degree.AMAZING)), str(rating.for_degree(Degree.ORDINARY))
        ('d4m', 'd4s')
        >>> rating.for_degree(Degree.FAILURE) is None
        True
        """
        if not degree.succeeded:
            return None
        return getattr(self, degree.value)


def parse_rating(text: str) -> DamageRating:
    parts = [p.strip() for p in text.split("/")]
    if len(parts) != 3:
        raise DamageRatingError(
            _("'{text}' needs three parts, Ordinary/Good/Amazing, such as d4s/d6w/d4m").format(
                text=text
            )
        )
    read = [_part(p, d) for p, d in zip(parts, HIT_DEGREES, strict=True)]
    return DamageRating(*read)


def _part(text: str, degree: Degree) -> DamagePart:
    where = _("the {value} part").format(value=degree.value)
    letter = text[-1:].lower()
    if letter not in TRACK_LETTERS:
        raise DamageRatingError(
            _(
                "{where} ('{text}') must end in s, w, m or f for stun, wound, mortal or fatigue"
            ).format(where=where, text=text)
        )
    try:
        dice = parse(text[:-1])
    except DiceExpressionError as exc:
        raise DamageRatingError(f"{where} ('{text}'): {exc}") from None
    return DamagePart(text, dice, TRACK_LETTERS[letter])
