"""Counted words: the one place a count picks its noun's form.

Every string that prints a count goes through ``ngettext`` (or ``counted``, its shorthand
for "{n} thing(s)"), never ``"s" if n != 1``. ``ngettext`` is the catalog's
(``sheetapp.i18n``), so each language picks its own forms: keep the call shape, whole
singular and plural strings with named placeholders.
"""

from __future__ import annotations

from sheetapp.i18n import ngettext

__all__ = ["counted", "ngettext"]


def counted(n: int, singular: str, plural: str, **values: object) -> str:
    """The form of ``n`` filled in: ``{n}`` and any other named ``values``. Both forms are
    whole strings (a translator sees "{n} rank", not "rank" glued to a number).

    >>> counted(1, "{n} rank", "{n} ranks"), counted(3, "{n} specialty", "{n} specialties")
    ('1 rank', '3 specialties')
    >>> counted(2, "{name} takes {n} point", "{name} takes {n} points", name="Ada")
    'Ada takes 2 points'
    """
    return ngettext(singular, plural, n).format(n=n, **values)
