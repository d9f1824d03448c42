"""Field paths as a player reads them: ``weapons[1].power`` → "Weapons › Rifle › Power".

>>> from sheetapp.systems.amplitude.model import AmplitudeSheet, Weapon
>>> sheet = AmplitudeSheet(weapons=[Weapon(name="Knife"), Weapon()])
>>> field_label(sheet, "weapons[0].power"), field_label(sheet, "weapons[1].skill")
('Weapons › Knife › Power', 'Weapons › line 2 › Skill')
>>> field_label(sheet, "thresholds.major"), field_label(sheet, "defensive_bonus")
('Thresholds › Major wound', 'Defensive Bonus (DB)')
"""

from __future__ import annotations

from sheetapp.systems.field_labels import FieldLabels

field_label = FieldLabels(
    words={
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
)
