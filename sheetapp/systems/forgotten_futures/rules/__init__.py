"""``check(sheet)``: every finding the rules have about a Forgotten Futures record.

A pure pass: it never changes the sheet and never raises for a rule problem, so an
unfinished record is simply one with findings.
"""

from __future__ import annotations

from sheetapp.findings import Finding
from sheetapp.systems.forgotten_futures.model import ForgottenFuturesSheet
from sheetapp.systems.forgotten_futures.rules.creation import (
    check_characteristics,
    check_identity,
    check_points,
)
from sheetapp.systems.forgotten_futures.rules.gear import check_weapons, check_wounds
from sheetapp.systems.forgotten_futures.rules.ledger import check_ledger
from sheetapp.systems.forgotten_futures.rules.skills import check_languages, check_skills

__all__ = ["check"]


def check(sheet: ForgottenFuturesSheet) -> list[Finding]:
    return [
        *check_identity(sheet),
        *check_characteristics(sheet),
        *check_points(sheet),
        *check_skills(sheet),
        *check_languages(sheet),
        *check_ledger(sheet),
        *check_weapons(sheet),
        *check_wounds(sheet),
    ]
