"""Turning what a person types into something the library can match, in any script.

Names and search words are *folded* before they are stored and before they are matched:
Unicode case folding plus the removal of accents and other combining marks, so "zoe"
finds "Zoë", "ελενη" finds "Ελένη" and "алеша" finds "Алёша" (SQLite's own tokenizer
folds accents of Latin letters only). Typed text never reaches FTS5's query language: each
word becomes a quoted prefix term, so quotes, ``*``, ``AND``, ``<b>`` or ``&`` are words to
look for, never operators. Control characters fold to spaces.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

# Letters that do not decompose into a base letter and a mark but read as one.
_EXTRA_FOLDS = str.maketrans({"ø": "o", "đ": "d", "ł": "l", "ħ": "h", "ß": "ss", "æ": "ae"})


# ASCII's control characters, folded to spaces as ``fold`` folds every control character.
_ASCII_CONTROLS = str.maketrans({c: " " for c in [*range(32), 127]})


def fold(text: str) -> str:
    """Text as the library compares it: case- and accent-blind.

    >>> fold("Zoë ÄNGSTRÖM"), fold("Ελένη"), fold("Алёша"), fold("Łódź")
    ('zoe angstrom', 'ελενη', 'алеша', 'lodz')
    """
    if text.isascii():
        # No accents to take off and nothing to decompose: the same result, without a
        # Python step per character (every generated NPC's text is folded when stored).
        return text.lower().translate(_ASCII_CONTROLS)
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    bare = "".join(
        " " if unicodedata.category(c) == "Cc" else c
        for c in decomposed
        if not unicodedata.combining(c)
    )
    return unicodedata.normalize("NFC", bare.translate(_EXTRA_FOLDS))


def _has_word_characters(term: str) -> bool:
    return any(c.isalnum() for c in term)


@dataclass(frozen=True)
class Term:
    """One typed word as the library looks for it.

    ``match`` is an FTS5 prefix query for its letters and digits (None when it has none);
    ``literal`` is the word itself when it holds other characters (``o'hara``, ``<b>``,
    ``x*y``), which must then also appear as typed, since the index only sees words.
    """

    match: str | None
    literal: str | None


def search_terms(text: str) -> list[Term]:
    r"""Split typed text into terms; every term must be found.

    >>> search_terms("Brannoc o'Hara <&>")
    [Term(match='"brannoc"*', literal=None),
     Term(match='"o\'hara"*', literal="o'hara"),
     Term(match=None, literal='<&>')]
    """
    terms = []
    for word in fold(text).split():
        match = '"' + word.replace('"', '""') + '"*' if _has_word_characters(word) else None
        literal = None if word.isalnum() else word
        terms.append(Term(match, literal))
    return terms
