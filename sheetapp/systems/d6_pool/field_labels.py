"""Field paths as a player reads them: ``skills[2].rating`` -> "Skills › Ranged › Rating".

>>> from sheetapp.systems.d6_pool.model import D6PoolSheet, Skill
>>> sheet = D6PoolSheet(skills=[Skill(name="Ranged")])
>>> field_label(sheet, "skills[0].rating")
'Skills › Ranged › Rating'
>>> field_label(sheet, "xp_ledger[3].amount")
'XP ledger › line 4 › Amount'
"""

from __future__ import annotations

from sheetapp.systems.d6_pool.model import D6PoolSheet
from sheetapp.systems.field_paths import get_value, parse_path

_WORDS = {
    "xp_ledger": "XP ledger",
    "attribute_roll": "6d6 roll",
    "extra_attributes": "GM attributes",
    "lethal_damage": "Lethal damage",
    "nonlethal_damage": "Non-lethal damage",
    "from_rating": "From",
    "to_rating": "To",
}


def field_label(sheet: D6PoolSheet, path: str) -> str:
    steps = parse_path(path)
    parts: list[str] = []
    for depth, step in enumerate(steps):
        if isinstance(step, int):
            item = get_value(sheet, steps[: depth + 1])
            name = getattr(item, "name", "") if item is not None else ""
            if steps[depth - 1] == "xp_ledger":
                name = ""
            parts.append(name or f"line {step + 1}")
        else:
            parts.append(_WORDS.get(step, step.replace("_", " ").capitalize()))
    return " › ".join(parts)
