"""A user value as text that can go on paper: its own module, because every layer of the
text path needs it (``lines`` for canvas text, ``text`` for paragraphs) and neither may
import the other's users."""

from __future__ import annotations

import re

# C0 controls other than tab and newline have no glyph and no meaning on paper.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


def plain(value: object) -> str:
    """The printable form of a user value (controls dropped, tabs as spaces)."""
    return _CONTROL.sub("", str(value).replace("\t", " "))
