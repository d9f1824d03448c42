"""The fixed vocabulary of the Amplitude Engine sheet: wound levels in track order.

These strings are stored in sheet files, so they are spelled once, here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from sheetapp.i18n import N_, TranslatedTable

SYSTEM_ID = "amplitude"
SYSTEM_NAME = N_("Amplitude Engine")  # read through _() where it is shown

WoundLevel = Literal["unwounded", "minor", "moderate", "major", "incapacitated", "killed"]

# The track a hit moves down, best first. Killed lies off the track: only a K reaches it.
TRACK: tuple[WoundLevel, ...] = ("unwounded", "minor", "moderate", "major", "incapacitated")
# Read in the reader's language at each lookup (the keys above are what files store).
WOUND_LABELS: Mapping[str, str] = TranslatedTable({
    "unwounded": N_("Unwounded"),
    "minor": N_("Minor wound"),
    "moderate": N_("Moderate wound"),
    "major": N_("Major wound"),
    "incapacitated": N_("Incapacitated"),
    "killed": N_("Killed"),
})
# What each level takes off every Player's Total Roll.
PENALTIES: dict[str, int] = {"unwounded": 0, "minor": -1, "moderate": -2, "major": -4}

# The defaults the text gives for a standard human: the QO a hit needs for each wound.
DEFAULT_THRESHOLDS = (1, 4, 8)
