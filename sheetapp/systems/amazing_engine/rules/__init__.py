"""``check(sheet)``: every finding the rules have about an Amazing Engine sheet.

A pure pass over the document: it never changes the sheet and never raises for a rule
problem, so an unfinished sheet is simply a sheet with findings.
"""

from __future__ import annotations

from sheetapp.findings import Finding, error, join_path, warning
from sheetapp.i18n import _
from sheetapp.systems.amazing_engine.catalog import universe_or_generic
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet, Character
from sheetapp.systems.amazing_engine.rules.core import check_core
from sheetapp.systems.amazing_engine.rules.creation import check_creation
from sheetapp.systems.amazing_engine.rules.experience import (
    check_character_ledger,
    check_core_ledger,
    check_transfers,
)
from sheetapp.systems.amazing_engine.rules.gear import check_gear
from sheetapp.systems.amazing_engine.rules.skills import check_skills
from sheetapp.systems.amazing_engine.universe import Universe
from sheetapp.systems.portraits import portrait_problem

__all__ = ["check"]


def check(sheet: AmazingEngineSheet) -> list[Finding]:
    found = check_core(sheet)
    for index, character in enumerate(sheet.characters):
        universe, known = universe_or_generic(character.universe)
        found += _identity(index, character, universe, known)
        found += _portrait(index, character)
        found += check_creation(sheet, index, character, universe)
        found += check_skills(index, character, universe, known)
        found += check_character_ledger(index, character, universe)
        found += check_gear(index, character)
    found += check_core_ledger(sheet)
    found += check_transfers(sheet)
    return found


def _identity(index: int, character: Character, universe: Universe, known: bool) -> list[Finding]:
    found: list[Finding] = []
    if not known:
        found.append(
            warning(
                "ae.universe.unknown",
                join_path("characters", index, "universe"),
                _(
                    "Universe '{universe}' is not installed; the sheet uses the "
                    "generic settings until it is."
                ).format(universe=character.universe),
            )
        )
        return found
    if character.profession and universe.profession(character.profession) is None:
        found.append(
            warning(
                "ae.profession.unknown",
                join_path("characters", index, "profession"),
                _("'{profession}' is not a profession of {name}.").format(
                    profession=character.profession, name=universe.name
                ),
            )
        )
    if (
        character.species
        and universe.species
        and not any(s.id == character.species for s in universe.species)
    ):
        found.append(
            warning(
                "ae.species.unknown",
                join_path("characters", index, "species"),
                _("'{species}' is not a species of {name}.").format(
                    species=character.species, name=universe.name
                ),
            )
        )
    return found


def _portrait(index: int, character: Character) -> list[Finding]:
    """A portrait that cannot be shown is kept as it is but left out of the form and PDF."""
    problem = portrait_problem(character.portrait)
    if problem is None:
        return []
    return [
        error(
            "ae.portrait.unreadable",
            join_path("characters", index, "portrait"),
            _(
                "The portrait cannot be shown ({problem}), so it is left out; "
                "choose another picture or clear it."
            ).format(problem=problem),
        )
    ]
