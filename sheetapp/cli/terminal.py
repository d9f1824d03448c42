"""Every line the command line prints goes through here, so nothing from a sheet, a library
or a pack reaches the terminal raw (see ``sheetapp.printable``).

``say`` prints one line: a newline inside it (a name's, a pack's message) shows as ``\\n``
instead of forging a line of output. ``say_lines`` keeps the line breaks of text the
program lays out itself (``show``'s account of a sheet) and escapes everything else, so a
value holding a newline there breaks its line but can still move no cursor.

JSON output escapes the same characters as ``\\uXXXX``: ``json.dumps(ensure_ascii=False)``
escapes C0 controls but leaves DEL, C1 controls, bidi overrides, U+2028/9 and lone
surrogates raw. The escapes are valid JSON and decode to the same strings.
"""

from __future__ import annotations

import json
import re
import sys
from typing import Any

from sheetapp.printable import UNSAFE, printable


def say(text: object = "", *, err: bool = False) -> None:
    """Print ``text`` as one line (on stderr with ``err``), nothing in it raw."""
    print(printable(str(text)), file=sys.stderr if err else sys.stdout)


def say_lines(text: str) -> None:
    """Print text the program laid out in lines, its line breaks kept, nothing else raw."""
    print("\n".join(printable(line) for line in text.split("\n")))


def print_json(data: Any) -> None:
    """``data`` as indented JSON, every string readable and safe on a terminal."""
    text = json.dumps(data, ensure_ascii=False, indent=2)
    # Outside strings json.dumps writes only ASCII layout, and inside them it has escaped
    # every newline: a "\n" left is layout, anything else unsafe is inside a string.
    print(UNSAFE.sub(_json_escape, text))


def _json_escape(found: re.Match[str]) -> str:
    char = found.group()
    return char if char == "\n" else f"\\u{ord(char):04x}"
