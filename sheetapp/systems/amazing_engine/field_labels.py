"""Field paths as a player reads them: ``characters[0].attributes.psyche`` → "Leo › Psyche".

>>> from sheetapp.systems.amazing_engine.model import AmazingEngineSheet, Character
>>> sheet = AmazingEngineSheet(characters=[Character(name="Leo")])
>>> field_label(sheet, "characters[0].creation.rank_points.charm")
'Leo › Rank points › Charm'
>>> field_label(sheet, "core.ranks.physique")
'Player Core › Ranks › Physique'
"""

from __future__ import annotations

from sheetapp.systems.field_labels import FieldLabels

field_label = FieldLabels(
    words={
        "core": "Player Core",
        "xp_ledger": "XP ledger",
        "four_dice": "4d10 attributes",
        "rank_points": "Rank points",
        "pool_dice": "Pool dice",
        "weight_kg": "Weight",
    },
    hidden=frozenset({"creation"}),
    # A character's fields read under its name ("Character 2" while it has none).
    stand_ins={"characters": "Character"},
)
