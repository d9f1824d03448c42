"""Field paths as a player reads them: ``skills[2].rating`` -> "Skills › Ranged › Rating".

>>> from sheetapp.systems.d6_pool.model import D6PoolSheet, Skill
>>> sheet = D6PoolSheet(skills=[Skill(name="Ranged")])
>>> field_label(sheet, "skills[0].rating")
'Skills › Ranged › Rating'
>>> field_label(sheet, "xp_ledger[3].amount")
'XP ledger › line 4 › Amount'
"""

from __future__ import annotations

from sheetapp.systems.field_labels import FieldLabels

field_label = FieldLabels(
    words={
        "xp_ledger": "XP ledger",
        "attribute_roll": "6d6 roll",
        "extra_attributes": "GM attributes",
        "lethal_damage": "Lethal damage",
        "nonlethal_damage": "Non-lethal damage",
        "from_rating": "From",
        "to_rating": "To",
    },
    # A ledger line's name is the skill or trait it bought, not the line itself.
    numbered=frozenset({"xp_ledger"}),
)
