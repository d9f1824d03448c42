"""A skill's base as a newcomer reads it: the rules' codes ("AvM&S", "B/2") spelled as the
characteristics they name, short enough for a table cell (the tooltip says the rest)."""

from __future__ import annotations

from sheetapp.i18n import _
from sheetapp.systems.forgotten_futures.bases import characteristics_of, is_halved
from sheetapp.systems.forgotten_futures.names import label


def base_words(base: str) -> str:
    """``base`` in words; a code the rules do not know is shown as it is.

    >>> base_words("AvM&S"), base_words("B/2"), base_words("AvB&M/2"), base_words("M")
    ('avg MIND & SOUL', '½ BODY', '½ avg BODY & MIND', 'MIND')
    """
    try:
        names = [label(c) for c in characteristics_of(base)]
    except (KeyError, ValueError):
        return base
    if not names:
        return base
    words = " & ".join(names)
    if len(names) > 1:
        words = _("avg {words}").format(words=words)
    return f"½ {words}" if is_halved(base) else words
