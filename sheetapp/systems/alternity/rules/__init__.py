"""``check(sheet)``: every finding the rules have about an Alternity hero.

A pure pass: it never changes the sheet and never raises for a rule problem, so an
unfinished hero is simply a sheet with findings.
"""

from __future__ import annotations

from sheetapp.findings import Finding, warning
from sheetapp.i18n import _
from sheetapp.systems.alternity.model import AlternitySheet
from sheetapp.systems.alternity.rules.abilities import check_abilities
from sheetapp.systems.alternity.rules.gear import check_gear
from sheetapp.systems.alternity.rules.skills import check_skills
from sheetapp.systems.alternity.rules.tracks import check_tracks

__all__ = ["check"]


def check(sheet: AlternitySheet) -> list[Finding]:
    found: list[Finding] = []
    if not sheet.name.strip():
        found.append(warning("alt.name.missing", "name", _("Give the hero a name.")))
    found += check_abilities(sheet)
    found += check_tracks(sheet)
    found += check_skills(sheet)
    found += check_gear(sheet)
    return found
