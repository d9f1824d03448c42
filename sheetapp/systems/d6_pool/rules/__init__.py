"""``check(sheet)``: every finding the rules have about a d6 dice pool sheet.

A pure pass over the document: it never changes the sheet and never raises for a rule
problem, so an unfinished sheet is simply a sheet with findings.
"""

from __future__ import annotations

from sheetapp.findings import Finding
from sheetapp.systems.d6_pool.model import D6PoolSheet
from sheetapp.systems.d6_pool.rules.attributes import check_attributes
from sheetapp.systems.d6_pool.rules.choices import check_points, check_skills, check_traits
from sheetapp.systems.d6_pool.rules.experience import check_ledger
from sheetapp.systems.d6_pool.rules.gear import check_damage, check_equipment

__all__ = ["check"]


def check(sheet: D6PoolSheet) -> list[Finding]:
    return [
        *check_attributes(sheet),
        *check_skills(sheet),
        *check_traits(sheet),
        *check_points(sheet),
        *check_equipment(sheet),
        *check_damage(sheet),
        *check_ledger(sheet),
    ]
