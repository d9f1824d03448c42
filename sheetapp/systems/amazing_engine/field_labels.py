"""Field paths as a player reads them: ``characters[0].attributes.psyche`` → "Leo › Psyche".

>>> from sheetapp.systems.amazing_engine.model import AmazingEngineSheet, Character
>>> sheet = AmazingEngineSheet(characters=[Character(name="Leo")])
>>> field_label(sheet, "characters[0].creation.rank_points.charm")
'Leo › Rank points › Charm'
>>> field_label(sheet, "core.ranks.physique")
'Player Core › Ranks › Physique'
"""

from __future__ import annotations

from sheetapp.systems.amazing_engine.model import AmazingEngineSheet
from sheetapp.systems.field_paths import get_value, parse_path

_WORDS = {
    "xp_ledger": "XP ledger",
    "four_dice": "4d10 attributes",
    "rank_points": "Rank points",
    "pool_dice": "Pool dice",
    "weight_kg": "Weight",
}


def field_label(sheet: AmazingEngineSheet, path: str) -> str:
    steps = parse_path(path)
    parts: list[str] = []
    for depth, step in enumerate(steps):
        if isinstance(step, int):
            item = get_value(sheet, steps[: depth + 1])
            name = getattr(item, "name", "") if item is not None else ""
            if steps[depth - 1] == "characters":
                parts[-1] = name or f"Character {step + 1}"
            else:
                parts.append(name or f"line {step + 1}")
        elif step == "core":
            parts.append("Player Core")
        elif step in ("creation", "characters"):
            parts.append(step)  # replaced by the character's name, or dropped below
        else:
            parts.append(_WORDS.get(step, step.replace("_", " ").capitalize()))
    return " › ".join(p for p in parts if p not in ("creation", "characters"))
