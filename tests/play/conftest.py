"""Amazing Engine characters with chosen scores, for the table-play examples, and a
library file per test."""

from __future__ import annotations

import pytest

from sheetapp.storage.library import Library, open_library
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet

BASE = {
    "fitness": 35,
    "reflexes": 40,
    "learning": 30,
    "intuition": 30,
    "psyche": 30,
    "willpower": 30,
    "charm": 30,
    "position": 30,
}


def character(name: str, **scores: int) -> AmazingEngineSheet:
    """An NPC in the generic universe with ``scores`` over a plain set of attributes."""
    return AmazingEngineSheet.model_validate(
        {"core": None, "characters": [{"name": name, "attributes": {**BASE, **scores}}]}
    )


@pytest.fixture
def lib(tmp_path):
    """A library file of its own for each test."""
    library = open_library(tmp_path / "library.sqlite3")
    yield library
    library.close()


def reopened(library: Library) -> Library:
    """The same file opened again, as after restarting the app."""
    path = library.path
    library.close()
    return open_library(path)
