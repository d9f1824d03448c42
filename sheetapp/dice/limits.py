"""Bounds on dice input, so a typo or a hostile file costs an error message, never a hang.

The numbers are far beyond any table's needs yet small enough that exact arithmetic on
them finishes in about a second.
"""

from __future__ import annotations

import operator
from typing import Final

from sheetapp.i18n import _

MAX_SIDES: Final = 10_000
"""Largest die; d10000 already covers every percentile-of-percentile table."""

MAX_DICE: Final = 1000
"""Most dice in one roll or one expression term."""

MAX_OUTCOMES: Final = 1_000_000
"""Most distinct outcomes a Distribution may hold."""

MAX_WEIGHT_BITS: Final = 2**24
"""Most bits all weights of a Distribution may need together (about 2 MB; 1000d6 fits)."""


def checked_int(
    value: object, name: str, /, *, low: int | None = None, high: int | None = None
) -> int:
    """``value`` as an int within ``low..high``, so bad input fails where it enters.

    >>> checked_int(6, "sides", low=1, high=MAX_SIDES)
    6
    >>> checked_int(0, "sides", low=1, high=MAX_SIDES)
    Traceback (most recent call last):
    ...
    ValueError: sides must be between 1 and 10000, not 0
    """
    if isinstance(value, bool):
        raise TypeError(_("{name} must be an int, not bool").format(name=name))
    try:
        number = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(
            _("{name} must be an int, not {name__}").format(name=name, name__=type(value).__name__)
        ) from None
    too_low = low is not None and number < low
    if too_low or (high is not None and number > high):
        if low is None:
            bounds = _("at most {high}").format(high=high)
        elif high is None:
            bounds = _("at least {low}").format(low=low)
        else:
            bounds = _("between {low} and {high}").format(low=low, high=high)
        raise ValueError(
            _("{name} must be {bounds}, not {number}").format(
                name=name, bounds=bounds, number=number
            )
        )
    return number
