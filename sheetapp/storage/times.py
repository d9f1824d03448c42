"""Times read back from files: seconds since the epoch are stored as numbers, and a number
from outside (a damaged or crafted file) may be none a calendar can show."""

from __future__ import annotations

from typing import Any

# 3000-01-01 UTC: far past any save, and still a date in every time zone (near year 9999 a
# zone east of UTC overflows ``datetime``).
LATEST_TIME = 32_503_680_000.0


def stored_time(value: Any) -> float | None:
    """``value`` as seconds since the epoch when it is a time a calendar shows, else None."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if 0 <= value <= LATEST_TIME:  # false for NaN too
            return float(value)
    return None
