"""Field paths as a player reads them: ``specialty_skills[1].rank`` becomes
"Specialties › Stealth-sneak › Rank".

>>> from sheetapp.systems.alternity.model import AlternitySheet, SpecialtySkill
>>> sheet = AlternitySheet(specialty_skills=[SpecialtySkill(broad="Stealth", name="sneak")])
>>> field_label(sheet, "specialty_skills[0].rank")
'Specialties › Stealth-sneak › Rank'
>>> field_label(sheet, "abilities.will")
'Abilities › Will'
"""

from __future__ import annotations

from sheetapp.systems.alternity.model import AlternitySheet, SpecialtySkill
from sheetapp.systems.field_paths import get_value, parse_path

_WORDS = {
    "broad_skills": "Broad skills",
    "specialty_skills": "Specialties",
    "base_step": "Base situation die",
    "weight_kg": "Weight",
    "li": "Low impact",
    "hi": "High impact",
    "en": "Energy",
    "last_resorts": "Last resort points",
    "ability_min": "Lowest ability",
    "ability_max": "Highest ability",
    "ability_points": "Ability points",
}


def field_label(sheet: AlternitySheet, path: str) -> str:
    steps = parse_path(path)
    parts: list[str] = []
    for depth, step in enumerate(steps):
        if isinstance(step, int):
            item = get_value(sheet, steps[: depth + 1])
            if isinstance(item, SpecialtySkill):
                name = f"{item.broad}-{item.name}" if item.name else ""
            else:
                name = getattr(item, "name", "") if item is not None else ""
            parts.append(name or f"line {step + 1}")
        else:
            parts.append(_WORDS.get(step, step.replace("_", " ").capitalize()))
    return " › ".join(parts)
