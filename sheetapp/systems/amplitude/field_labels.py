"""Field paths as a player reads them: ``weapons[1].power`` → "Weapons › Rifle › Power".

>>> from sheetapp.systems.amplitude.model import AmplitudeSheet, Weapon
>>> sheet = AmplitudeSheet(weapons=[Weapon(name="Knife"), Weapon()])
>>> field_label(sheet, "weapons[0].power"), field_label(sheet, "weapons[1].skill")
('Weapons › Knife › Power', 'Weapons › line 2 › Skill')
>>> field_label(sheet, "thresholds.major"), field_label(sheet, "defensive_bonus")
('Thresholds › Major wound', 'Defensive Bonus (DB)')
"""

from __future__ import annotations

from sheetapp.systems.amplitude.model import AmplitudeSheet
from sheetapp.systems.field_paths import get_value, parse_path

_WORDS = {
    "ob": "OB",
    "defensive_bonus": "Defensive Bonus (DB)",
    "defence_notes": "Defence notes",
    "momentum": "Thematic Momentum",
    "misfortune": "Misfortune streak",
    "misfortune_owed": "Misfortune owed",
    "minor": "Minor wound",
    "moderate": "Moderate wound",
    "major": "Major wound",
    "npc": "NPC",
}


def field_label(sheet: AmplitudeSheet, path: str) -> str:
    steps = parse_path(path)
    parts: list[str] = []
    for depth, step in enumerate(steps):
        if isinstance(step, int):
            item = get_value(sheet, steps[: depth + 1])
            name = getattr(item, "name", "") if item is not None else ""
            parts.append(name or f"line {step + 1}")
        else:
            parts.append(_WORDS.get(step, step.replace("_", " ").capitalize()))
    return " › ".join(parts)
