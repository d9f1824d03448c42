"""Field paths as a player reads them: ``weapons[1].power`` → "Weapons › Rifle › Power".

>>> from sheetapp.systems.amplitude.model import AmplitudeSheet, Weapon
>>> sheet = AmplitudeSheet(weapons=[Weapon(name="Knife"), Weapon()])
>>> field_label(sheet, "weapons[0].power"), field_label(sheet, "weapons[1].skill")
('Weapons › Knife › Power', 'Weapons › line 2 › Skill')
>>> field_label(sheet, "thresholds.major"), field_label(sheet, "defensive_bonus")
('Thresholds › Major wound', 'Defensive Bonus (DB)')
"""

from __future__ import annotations

from sheetapp.i18n import N_
from sheetapp.systems.field_labels import FieldLabels

field_label = FieldLabels(
    words={
        "ob": "OB",
        "defensive_bonus": N_("Defensive Bonus (DB)"),
        "defence_notes": N_("Defence notes"),
        "momentum": N_("Thematic Momentum"),
        "misfortune": N_("Misfortune streak"),
        "misfortune_owed": N_("Misfortune owed"),
        "minor": N_("Minor wound"),
        "moderate": N_("Moderate wound"),
        "major": N_("Major wound"),
        "npc": "NPC",
    }
)
