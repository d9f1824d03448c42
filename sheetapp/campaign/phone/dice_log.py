"""A character document's dice log (root ``rolls``): the rolls made on the member's phone,
read by the phone page and by the GM's Party view alike. Light to import: the desktop's
campaign side reads it without loading the phone page's server."""

from __future__ import annotations

from typing import Any

from pycrdt import Doc

from sheetapp.campaign import ydoc
from sheetapp.campaign.gate import ROLLS


def rolls(doc: Doc) -> list[dict[str, Any]]:
    """The document's dice log, newest first (rows that are not a roll left out)."""
    log = ydoc.read(doc, root=ROLLS)
    rows = [
        row for row in log.values() if isinstance(row, dict) and isinstance(row.get("text"), str)
    ]
    return sorted(rows, key=lambda row: -at(row))


def newest(doc: Doc) -> str:
    """The newest roll as one line, "who: what was rolled → result" ("" when none)."""
    found = rolls(doc)
    if not found:
        return ""
    row = found[0]
    who = row.get("by")
    return f"{who}: {row['text']}" if isinstance(who, str) and who else str(row["text"])


def at(row: Any) -> float:
    """When a roll was made (0 for a row without a time)."""
    when = row.get("at") if isinstance(row, dict) else None
    return float(when) if isinstance(when, (int, float)) and not isinstance(when, bool) else 0.0
