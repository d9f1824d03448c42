"""How a count, a measure or a labelled figure is written, the same way on every sheet.

Printed sheets (and any other text a person reads) say "1 success", "2 dice", "10 m",
"Momentum 0": a count agrees with its noun, and a number never ends a line without its unit
or label. The joins are non-breaking spaces, which paragraph and canvas wrapping both keep
together. Pure Python, so the rules, the forms and the PDFs can share it.

>>> count(1, "success"), count(2, "success"), count(1, "die"), count(3, "die")
('1\\xa0success', '2\\xa0successes', '1\\xa0die', '3\\xa0dice')
>>> measure(12, "m"), labelled("Momentum", 0), fixed(2.5, 1), fixed(0.125, 2)
('12\\xa0m', 'Momentum\\xa00', '2.5', '0.13')
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import ROUND_HALF_UP, Decimal

from sheetapp.locale_format import number
from sheetapp.plural import ngettext

NBSP = "\xa0"

# Nouns a sheet counts whose plural is not the regular one.
_IRREGULAR = {"die": "dice", "foot": "feet", "man": "men", "person": "people"}


def plural_of(noun: str) -> str:
    """The plural of an English ``noun`` (or of its last word): "success" -> "successes",
    "entry" -> "entries", "die" -> "dice"; capitals are kept."""
    head, _, last = noun.rpartition(" ")
    lower = last.lower()
    if lower in _IRREGULAR:
        word = _IRREGULAR[lower]
        word = word.capitalize() if last[:1].isupper() else word
    elif lower.endswith(("s", "x", "z", "ch", "sh")):
        word = last + "es"
    elif lower.endswith("y") and lower[-2:-1] not in tuple("aeiou"):
        word = last[:-1] + "ies"
    else:
        word = last + "s"
    return f"{head} {word}" if head else word


# Every noun the sheets count, as whole forms for the catalog ("{n} die" / "{n} dice"), so
# each language writes the count its own way (its plural forms, its word order).
_FORMS: dict[str, Callable[[int], str]] = {
    "character": lambda k: ngettext("{n} character", "{n} characters", k),
    "die": lambda k: ngettext("{n} die", "{n} dice", k),
    "point": lambda k: ngettext("{n} point", "{n} points", k),
    "round": lambda k: ngettext("{n} round", "{n} rounds", k),
    "step": lambda k: ngettext("{n} step", "{n} steps", k),
    "success": lambda k: ngettext("{n} success", "{n} successes", k),
    "turn": lambda k: ngettext("{n} turn", "{n} turns", k),
}


def _plural_n(amount: int | float) -> int:
    """The number a language's plural rule is asked about: the amount itself when whole
    (minus one reads as one), else a count no language writes in the singular."""
    whole = abs(amount)
    return int(whole) if whole == int(whole) else 2


def figure(amount: object) -> object:
    """A number as a sheet writes it: a fraction with the reader's decimal sign (German
    "2,5"), a whole number and anything else as it is."""
    return number(amount) if isinstance(amount, float) else amount


def counted_noun(amount: int | float, noun: str) -> str:
    """``amount`` and its noun with an ordinary space, in the reader's language when the
    noun is one the sheets count (``_FORMS``); else in English, as ``noun_for`` writes it."""
    forms = _FORMS.get(noun)
    if forms is None:
        return f"{figure(amount)} {noun_for(amount, noun)}"
    return forms(_plural_n(amount)).format(n=figure(amount))


def noun_for(amount: int | float, noun: str, plural: str | None = None) -> str:
    """``noun`` as ``amount`` of it is written: singular for exactly one (and minus one)."""
    return ngettext(noun, plural or plural_of(noun), 1 if abs(amount) == 1 else 2)


def count(amount: int | float, noun: str, plural: str | None = None) -> str:
    """``amount`` and its noun, kept on one line: "1 success", "3 turns"."""
    if plural is None and noun in _FORMS:
        return counted_noun(amount, noun).replace(" ", NBSP)
    return f"{figure(amount)}{NBSP}{noun_for(amount, noun, plural)}"


def plain_count(amount: int | float, noun: str, plural: str | None = None) -> str:
    """``count`` with an ordinary space, for text no one wraps (a terminal line, a
    tooltip), where a non-breaking space would only get in the way of a search."""
    if plural is None and noun in _FORMS:
        return counted_noun(amount, noun)
    return f"{figure(amount)} {noun_for(amount, noun, plural)}"


def measure(amount: object, unit: str) -> str:
    """A number and its unit, kept on one line: "10 m", "2.5 kg" (a fraction with the
    reader's decimal sign: German "2,5 kg")."""
    return f"{figure(amount)}{NBSP}{unit}"


def kilograms(amount: float) -> str:
    """A weight as a sentence gives it, without trailing zeros: "8.5 kg", "26 kg"."""
    return measure(float(amount), "kg")


def labelled(label: str, value: object) -> str:
    """A label and its value, kept on one line: "Momentum 0"."""
    return f"{label}{NBSP}{value}"


def fixed(value: float, places: int) -> str:
    """``value`` with exactly ``places`` decimals, rounded half up (as people round), so a
    column of weights lines up on the decimal sign: 3 -> "3.0", 0.25 -> "0.3" (German
    "0,3")."""
    step = Decimal(1).scaleb(-places)
    return number(Decimal(str(value)).quantize(step, rounding=ROUND_HALF_UP), places=places)


def signed(value: int) -> str:
    """A modifier as sheets write it: "+2", "0", "-1"."""
    return f"+{value}" if value > 0 else str(value)


def places_for(values: list[float], most: int = 2) -> int:
    """The decimals a column of ``values`` needs (at most ``most``), so every number in it
    is printed with the same precision: [1, 0.5, 2.25] -> 2."""
    needed = 0
    for value in values:
        exponent = Decimal(str(value)).normalize().as_tuple().exponent
        needed = max(needed, -exponent if isinstance(exponent, int) and exponent < 0 else 0)
    return min(needed, most)


def percent(probability: float) -> str:
    """A probability as a sheet prints it: whole percent, but never 0% or 100% unless exact.

    >>> percent(0.5), percent(0.0004), percent(0.9996), percent(1.0), percent(0.0)
    ('50%', '<1%', '>99%', '100%', '0%')
    """
    if probability <= 0:
        return "0%"
    if probability >= 1:
        return "100%"
    shown = round(probability * 100)
    if shown == 0:
        return "<1%"
    if shown == 100:
        return ">99%"
    return f"{shown}%"
