"""The fixed vocabulary of the Amplitude Engine sheet: wound levels in track order.

These strings are stored in sheet files, so they are spelled once, here.
"""

from __future__ import annotations

from typing import Literal

SYSTEM_ID = "amplitude"
SYSTEM_NAME = "Amplitude Engine"

WoundLevel = Literal["unwounded", "minor", "moderate", "major", "incapacitated", "killed"]

# The track a hit moves down, best first. Killed lies off the track: only a K reaches it.
TRACK: tuple[WoundLevel, ...] = ("unwounded", "minor", "moderate", "major", "incapacitated")
WOUND_LABELS: dict[str, str] = {
    "unwounded": "Unwounded",
    "minor": "Minor wound",
    "moderate": "Moderate wound",
    "major": "Major wound",
    "incapacitated": "Incapacitated",
    "killed": "Killed",
}
# What each level takes off every Player's Total Roll.
PENALTIES: dict[str, int] = {"unwounded": 0, "minor": -1, "moderate": -2, "major": -4}

# The defaults the text gives for a standard human: the QO a hit needs for each wound.
DEFAULT_THRESHOLDS = (1, 4, 8)
