"""Sheets carried inside other files as objects (a Foundry actor's ``flags.sheetapp``):
held to a sheet's bounds before anything else reads them.

The tabletop readers count the values of the file they read, but a sheet under a flag is
walked by the mapping before the sheet loader sees it. So the import entry finds every
such sheet first and puts it through the loader's own checks
(``sheetapp.storage.document.loads``: the value count, then each system's list and text
bounds), refusing the whole file in one line when one is past them. A sheet written into
one string (a Roll20 attribute) is counted by the parse that reads that string
(``sheetapp.interop.reading.parse_object``), before any of it is built.
"""

from __future__ import annotations

import json
from typing import Any

from sheetapp.i18n import _
from sheetapp.locale_format import number
from sheetapp.storage.document import FORMAT, MAX_VALUES, SheetTooLargeError, loads


def refuse_oversized_sheets(data: Any, source: str) -> None:
    """Raise ``DocumentError`` when a sheet inside ``data`` (an object with
    ``"format": "sheetapp"``) is past a sheet's bounds."""
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            if value.get("format") == FORMAT and value is not data:
                if _values_past(value, MAX_VALUES):  # counted as parsed: no text to build
                    raise SheetTooLargeError(
                        _(
                            "{source}: the sheet it carries holds more than {MAX_VALUES} "
                            "values; no sheet holds that many"
                        ).format(source=source, MAX_VALUES=number(MAX_VALUES))
                    )
                _check(json.dumps(value), source)
                continue
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)


def _values_past(data: Any, limit: int) -> bool:
    """Whether parsed JSON holds more than ``limit`` values, stopping as soon as it does;
    a container's plain values are counted by its length, only nested ones are visited."""
    count, stack = 1, [data]
    while stack:
        value = stack.pop()
        items = value.values() if isinstance(value, dict) else value
        count += len(items)
        if count > limit:
            return True
        stack.extend(v for v in items if isinstance(v, (dict, list)))
    return False


def _check(text: str, source: str) -> None:
    """Only a sheet past its bounds is refused here; any other fault of the sheet is the
    mapping's to report, as it reports it for a file within them."""
    try:
        loads(text, f"{source}: the sheet it carries")
    except SheetTooLargeError:
        raise
    except ValueError:
        return
