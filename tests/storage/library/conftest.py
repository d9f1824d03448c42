"""Libraries in a temp folder with a clock that ticks one second per call, and sheets made
by the Amazing Engine procedure (the only system every checkout has)."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from sheetapp.dice import Roller
from sheetapp.storage.library import Library, open_library
from sheetapp.systems.amazing_engine.catalog import builtin_universes
from sheetapp.systems.amazing_engine.generation import random_npc_sheet, random_prime_sheet
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet


def npc(seed: int, name: str | None = None, notes: str = "") -> AmazingEngineSheet:
    sheet = random_npc_sheet(Roller(seed), builtin_universes()["generic"])
    if name is not None:
        sheet.characters[0].name = name
    sheet.characters[0].notes = notes
    return sheet


def hero(seed: int, name: str) -> AmazingEngineSheet:
    sheet = random_prime_sheet(Roller(seed), builtin_universes()["generic"], player="Ana")
    sheet.characters[0].name = name
    return sheet


def ticking_clock() -> Callable[[], float]:
    ticks = itertools.count(1_800_000_000)
    return lambda: float(next(ticks))


@pytest.fixture
def library_path(tmp_path: Path) -> Path:
    return tmp_path / "library.sqlite3"


@pytest.fixture
def lib(library_path: Path) -> Iterator[Library]:
    library = open_library(library_path, clock=ticking_clock())
    yield library
    library.close()
