"""Every line the command line prints goes through here, so nothing from a sheet, a library
or a pack reaches the terminal raw (see ``sheetapp.printable``).

``say`` prints one line: a newline inside it (a name's, a pack's message) shows as ``\\n``
instead of forging a line of output. ``say_lines`` keeps the line breaks of text the
program lays out itself (``show``'s account of a sheet) and escapes everything else; the
sheet is given to that account as an ``escaped_copy``, so a newline inside a value shows
as ``\\n`` there too.

JSON output escapes the same characters as ``\\uXXXX``: ``json.dumps(ensure_ascii=False)``
escapes C0 controls but leaves DEL, C1 controls, bidi overrides, U+2028/9 and lone
surrogates raw. The escapes are valid JSON and decode to the same strings.
"""

from __future__ import annotations

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
    import json  # here: ``sheetapp`` with no verb passes through this module to the window

    text = json.dumps(data, ensure_ascii=False, indent=2)
    # Outside strings json.dumps writes only ASCII layout, and inside them it has escaped
    # every newline: a "\n" left is layout, anything else unsafe is inside a string.
    print(UNSAFE.sub(_json_escape, text))


def _json_escape(found: re.Match[str]) -> str:
    char = found.group()
    return char if char == "\n" else f"\\u{ord(char):04x}"


def escaped_copy(value: Any) -> Any:
    """``value`` (a sheet) with every plain string in it passed through ``printable``, for
    the accounts each system lays out in lines (``describe``): a newline inside a name then
    shows as ``\\n`` instead of starting a line. Enum members are left alone (the rules
    compare them by identity), and the copy is not validated again (an escape may pass a
    length limit); it is only ever printed."""
    # Imported here: ``sheetapp`` with no verb passes through this module on its way to the
    # window, which must paint before pydantic is loaded.
    from pydantic import BaseModel

    if type(value) is str:
        return printable(value)
    if isinstance(value, BaseModel):
        fields = {name: escaped_copy(getattr(value, name)) for name in type(value).model_fields}
        return value.model_copy(update=fields)
    if isinstance(value, list | tuple):
        return type(value)(escaped_copy(item) for item in value)
    if isinstance(value, dict):
        return {escaped_copy(k): escaped_copy(v) for k, v in value.items()}
    return value
