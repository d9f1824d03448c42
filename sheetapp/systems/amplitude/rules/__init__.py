"""``check(sheet)``: every finding the rules have about an Amplitude Engine sheet.

A pure pass: it never changes the sheet and never raises for a rule problem, so an
unfinished sheet is a sheet with findings. Codes start with ``amp.``.
"""

from __future__ import annotations

from sheetapp.findings import Finding
from sheetapp.systems.amplitude.model import AmplitudeSheet
from sheetapp.systems.amplitude.rules.character import check_character
from sheetapp.systems.amplitude.rules.condition import check_condition
from sheetapp.systems.amplitude.rules.gear import check_gear

__all__ = ["check"]


def check(sheet: AmplitudeSheet) -> list[Finding]:
    return [*check_character(sheet), *check_gear(sheet), *check_condition(sheet)]
