"""Wolfgang's Player Core and characters exactly as the System Guide's example prints them."""

from __future__ import annotations

import copy
from typing import Any

RANKS = {"physique": 2, "intellect": 4, "spirit": 3, "influence": 1}

PRIME_CREATION = {
    "method": "prime",
    "four_dice": ["charm", "reflexes", "intuition", "position"],
    "rolls": {
        "fitness": 16,
        "reflexes": 31,
        "learning": 23,
        "intuition": 28,
        "psyche": 21,
        "willpower": 7,
        "charm": 17,
        "position": 23,
    },
    "rank_points": {"charm": 15, "fitness": 5, "reflexes": 5, "willpower": 5},
}
PRIME_FINAL = {
    "fitness": 21,
    "reflexes": 36,
    "learning": 23,
    "intuition": 28,
    "psyche": 21,
    "willpower": 12,
    "charm": 32,
    "position": 23,
}
POOL_DICE = {"physique": 6, "intellect": 6, "spirit": 4, "influence": 6}

SMUGGLER_CREATION = {
    "method": "from-core",
    "dice": {
        "fitness": 5,
        "reflexes": 3,
        "learning": 3,
        "intuition": 3,
        "psyche": 3,
        "willpower": 4,
        "charm": 4,
        "position": 4,
    },
    "rolls": {
        "fitness": 26,
        "reflexes": 13,
        "learning": 18,
        "intuition": 29,
        "psyche": 23,
        "willpower": 17,
        "charm": 24,
        "position": 25,
    },
    "rank_points": {"position": 15, "fitness": 4, "reflexes": 6, "willpower": 5},
}
# As printed: Willpower 23, although 17 + 5 rank points make 22.
SMUGGLER_PRINTED = {
    "fitness": 30,
    "reflexes": 19,
    "learning": 18,
    "intuition": 29,
    "psyche": 23,
    "willpower": 23,
    "charm": 24,
    "position": 40,
}


def document(*, smuggler: dict[str, int] | None = None) -> dict[str, Any]:
    """The interoperable keys only, as another tool might write them (a fresh copy each time,
    so a test may change it freely)."""
    characters: list[dict[str, Any]] = [
        {
            "name": 'Leonardo "Big Shark" Accardo',
            "universe": "generic",
            "status": "retired" if smuggler else "active",
            "attributes": PRIME_FINAL,
            "creation": PRIME_CREATION,
        }
    ]
    if smuggler is not None:
        characters.append(
            {
                "name": "Smuggler captain",
                "universe": "generic",
                "status": "active",
                "attributes": smuggler,
                "creation": SMUGGLER_CREATION,
            }
        )
    return copy.deepcopy(
        {
            "format": "sheetapp",
            "format_version": 1,
            "system": "amazing-engine",
            "core": {"player": "Wolfgang", "ranks": RANKS},
            "characters": characters,
        }
    )
