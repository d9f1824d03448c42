"""Amazing Engine characters with chosen scores, for the table-play examples."""

from __future__ import annotations

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
