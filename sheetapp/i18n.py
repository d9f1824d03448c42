"""The one door every string a person reads goes through: ``_`` for a sentence, ``ngettext``
for a counted one, ``pgettext`` where one English word means two things ("Level" of a skill
or of a character).

Today the catalog is English itself (the identity); the translation work puts gettext's
catalog behind these same names, so call them with whole sentences and named placeholders
(``_("{name} takes {n} damage").format(...)``), never pieces glued together. Finding codes,
JSON keys and file formats are identifiers and never pass through here.
"""

from __future__ import annotations

from sheetapp.plural import ngettext

__all__ = ["_", "ngettext", "pgettext"]


def _(message: str) -> str:
    """``message`` in the reader's language."""
    return message


def pgettext(context: str, message: str) -> str:
    """``message`` in the reader's language, told apart from the same English word used
    elsewhere by ``context``."""
    return message
