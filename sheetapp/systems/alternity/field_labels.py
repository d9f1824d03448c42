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

from typing import Any

from sheetapp.i18n import N_
from sheetapp.systems.alternity.model import SpecialtySkill
from sheetapp.systems.field_labels import FieldLabels, item_name


def _name(item: Any) -> str:
    """A specialty is named with its broad skill, as the sheet writes it."""
    if isinstance(item, SpecialtySkill):
        return f"{item.broad}-{item.name}" if item.name else ""
    return item_name(item)


field_label = FieldLabels(
    words={
        "action_check_bonus": N_("Action check bonus"),
        "broad": N_("Broad skill"),
        "last_resorts_max": N_("Most last resort points"),
        "npc": N_("NPC"),
        "optional_dazed": N_("Optional dazed rule"),
        "resistance_bonus": N_("Resistance bonus"),
        "settings": N_("Settings"),
        "broad_skills": N_("Broad skills"),
        "specialty_skills": N_("Specialties"),
        "base_step": N_("Base situation die"),
        "weight_kg": N_("Weight"),
        "li": N_("Low impact"),
        "hi": N_("High impact"),
        "en": N_("Energy"),
        "last_resorts": N_("Last resort points"),
        "skill_points": N_("Stored skill points"),
        "last_resort_cost": N_("Last resort price"),
        "ability_min": N_("Lowest ability"),
        "ability_max": N_("Highest ability"),
        "ability_points": N_("Ability points"),
    },
    name_of=_name,
)
