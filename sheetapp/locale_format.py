"""Numbers, dates and language names in the reader's locale, through Babel.

German writes 1.234,5 and 26.11.2026, Arabic its own digits' order and separators: a figure
or a date a person reads goes through these, never ``f"{x:,}"`` or ``strftime``. Babel loads
its locale data on first use, so nothing here is imported before the first paint.
"""

from __future__ import annotations

import datetime
from functools import cache
from typing import TYPE_CHECKING

from sheetapp import i18n

if TYPE_CHECKING:
    from decimal import Decimal

PSEUDO_FORMATS = "en"  # the pseudo-locales format figures as English does


def babel_locale(code: str | None = None) -> str:
    """Babel's name for a language code (``pt_BR`` as is, the pseudo-locales as English).
    A language without a region takes the system locale's when it is the same language,
    so English in Britain writes 21 Sept 2026, 14:13 and not Sep 21, 2026, 2:13 PM."""
    code = code or i18n.language()
    if code in i18n.PSEUDO_LANGUAGES:
        return PSEUDO_FORMATS
    if "_" not in code:
        for system in i18n.system_languages():
            name = system.split(".")[0].split("@")[0].replace("-", "_")
            if name.split("_")[0] == code and "_" in name:
                return name
    return code


@cache
def native_name(code: str) -> str:
    """A language as its speakers name it: ``Deutsch``, ``العربية``, ``português (Brasil)``;
    the pseudo-locales by their code."""
    if code in i18n.PSEUDO_LANGUAGES:
        return code
    from babel import Locale, UnknownLocaleError

    try:
        return Locale.parse(code).get_display_name(code) or code
    except (UnknownLocaleError, ValueError):
        return code


def number(
    value: float | Decimal, *, places: int | None = None, locale: str | None = None
) -> str:
    """``value`` with the locale's digits grouping and decimal sign (``locale``: the
    reader's unless given); ``places`` fixes how many decimals show.

    >>> number(1234.5, places=1, locale="en_US"), number(1234.5, places=1, locale="de")
    ('1,234.5', '1.234,5')
    """
    from decimal import localcontext

    from babel.numbers import format_decimal

    pattern = None if places is None else "#,##0" + ("." + "0" * places if places else "")
    with localcontext() as context:  # Babel rounds in it: 28 digits refused 10**30
        context.prec = max(context.prec, _whole_digits(value) + (places or 3) + 2)
        return format_decimal(value, format=pattern, locale=locale or babel_locale())


def _whole_digits(value: float | Decimal) -> int:
    """About how many digits ``value``'s whole part has (from its bits: no string of it)."""
    try:
        return int(abs(int(value)).bit_length() * 0.302) + 1
    except (OverflowError, ValueError):  # infinity, NaN: Babel writes a sign for them
        return 1


def names(items: list[str], *, style: str = "standard", locale: str | None = None) -> str:
    """Items as the locale lists them: ``style`` "standard" joins with its "and", "or"
    with its "or".

    >>> names(["reflexes", "willpower"], locale="en"), names(["a", "b"], style="or", locale="de")
    ('reflexes and willpower', 'a oder b')
    """
    from babel.lists import format_list

    return format_list(items, style=style, locale=locale or babel_locale())  # type: ignore[arg-type]


def date(value: datetime.date, *, length: str = "medium", locale: str | None = None) -> str:
    """A date as the locale writes it (``length``: short, medium, long).

    >>> day = datetime.date(2026, 11, 26)
    >>> date(day, locale="en_US"), date(day, locale="de")
    ('Nov 26, 2026', '26.11.2026')
    """
    from babel.dates import format_date

    return format_date(value, format=length, locale=locale or babel_locale())


def date_time(
    value: datetime.datetime, *, length: str = "short", locale: str | None = None
) -> str:
    """A moment as the locale writes it, in the time zone ``value`` carries."""
    from babel.dates import format_datetime

    return format_datetime(value, format=length, locale=locale or babel_locale())
