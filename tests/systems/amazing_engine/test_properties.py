"""The Amazing Engine's own properties over many random sheets (what every system keeps is in
``tests/systems/test_sheet_properties.py``): primes in every universe, later characters made
from a core, and NPCs without one all validate."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from sheetapp.dice import Roller
from sheetapp.findings import Severity
from sheetapp.storage.document import dumps, loads
from sheetapp.systems.amazing_engine.catalog import builtin_universes
from sheetapp.systems.amazing_engine.generation import (
    random_from_core,
    random_npc_sheet,
    random_prime_sheet,
)
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet
from sheetapp.systems.amazing_engine.names import Attribute
from sheetapp.systems.amazing_engine.rules import check

seeds = st.integers(min_value=0, max_value=2**32)


def error_codes(sheet: AmazingEngineSheet) -> list[str]:
    return [f"{f.path}: {f.message}" for f in check(sheet) if f.severity is Severity.ERROR]


def universes() -> st.SearchStrategy:
    return st.sampled_from(sorted(builtin_universes()))


@given(seeds, universes())
def test_every_random_prime_character_validates(seed: int, universe_id: str) -> None:
    universe = builtin_universes()[universe_id]
    sheet = random_prime_sheet(Roller(seed), universe)
    assert error_codes(sheet) == []
    character = sheet.characters[0]
    assert all(3 <= character.attributes[a] - universe.base_adjustment <= 50 for a in Attribute)
    assert loads(dumps(sheet)) == sheet


@given(seeds, universes(), st.integers(min_value=1, max_value=3))
def test_every_random_later_character_validates(seed: int, universe_id: str, count: int) -> None:
    universe = builtin_universes()[universe_id]
    roller = Roller(seed)
    sheet = random_prime_sheet(roller, universe)
    for _ in range(count):
        for character in sheet.characters:
            character.status = "retired"
        sheet.characters.append(random_from_core(roller, sheet, universe))
    assert error_codes(sheet) == []


@given(seeds)
def test_every_random_npc_validates(seed: int) -> None:
    sheet = random_npc_sheet(Roller(seed), builtin_universes()["generic"])
    assert sheet.core is None
    assert error_codes(sheet) == []
