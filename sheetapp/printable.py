"""Text from outside (a sheet, a library, a pack, a file name) made safe to show on a terminal.

A name may hold anything a file can: an escape sequence that rewrites the screen, a NUL, a
bidi override (U+202E) that shows "txt.exe" as "exe.txt", a newline that forges a line of
output. ``printable`` shows each such character as its Python escape (``\\x1b``, ``\\n``,
``\\u202e``) and leaves every script as it is: Arabic, Hebrew, CJK, emoji and the joiners
they need (U+200C/U+200D) print normally. Escaping is idempotent (a backslash stays a
backslash), so text escaped once may pass through again unchanged.

>>> printable("Zoë \\x1b[2Jمريم\\n李\\u202eexe.txt")
'Zoë \\\\x1b[2Jمريم\\\\n李\\\\u202eexe.txt'
"""

from __future__ import annotations

import re

# C0 and C1 controls and DEL (category Cc); the explicit bidi formatting characters
# (embeddings, overrides, isolates) and the implicit marks; the line and paragraph
# separators some terminals break lines at; lone surrogates (category Cs: unprintable, and
# unencodable on output).
UNSAFE = re.compile(
    "[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2028\u2029\u2066-\u2069"
    "\ud800-\udfff]"
)
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def escaped(char: str) -> str:
    """One character as its escape: ``\\n``, ``\\x1b``, ``\\u202e``."""
    code = ord(char)
    if char in _NAMED:
        return _NAMED[char]
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    """``text`` with every unsafe character escaped (newlines too: one value, one line)."""
    return UNSAFE.sub(lambda found: escaped(found.group()), text)
