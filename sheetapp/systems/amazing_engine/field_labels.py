"""Field paths as a player reads them: ``characters[0].attributes.psyche`` → "Leo › Psyche".

>>> from sheetapp.systems.amazing_engine.model import AmazingEngineSheet, Character
>>> sheet = AmazingEngineSheet(characters=[Character(name="Leo")])
>>> field_label(sheet, "characters[0].creation.rank_points.charm")
'Leo › Rank points › Charm'
>>> field_label(sheet, "core.ranks.physique")
'Player Core › Ranks › Physique'
"""

from __future__ import annotations

from sheetapp.i18n import N_
from sheetapp.systems.field_labels import FieldLabels

field_label = FieldLabels(
    words={
        "core_xp_entries": N_("Core XP entries"),
        "method": N_("How it was made"),
        "path": N_("Path"),
        "ranks": N_("Ranks"),
        "core": N_("Player Core"),
        "xp_ledger": N_("XP ledger"),
        "four_dice": N_("4d10 attributes"),
        "rank_points": N_("Rank points"),
        "pool_dice": N_("Pool dice"),
        "weight_kg": N_("Weight"),
    },
    hidden=frozenset({"creation"}),
    # A character's fields read under its name ("Character 2" while it has none).
    stand_ins={"characters": N_("Character")},
)
