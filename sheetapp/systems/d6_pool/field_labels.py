"""Field paths as a player reads them: ``skills[2].rating`` -> "Skills › Ranged › Rating".

>>> from sheetapp.systems.d6_pool.model import D6PoolSheet, Skill
>>> sheet = D6PoolSheet(skills=[Skill(name="Ranged")])
>>> field_label(sheet, "skills[0].rating")
'Skills › Ranged › Rating'
>>> field_label(sheet, "xp_ledger[3].amount")
'XP ledger › line 4 › Amount'
"""

from __future__ import annotations

from sheetapp.i18n import N_
from sheetapp.systems.field_labels import FieldLabels

field_label = FieldLabels(
    words={
        "armour_cut": N_("Armour cut"),
        "armour_piercing": N_("Armour piercing"),
        "autofire": N_("Autofire"),
        "doubles_armour": N_("Doubles armour"),
        "equipped": N_("Equipped"),
        "grants_trait": N_("Grants trait"),
        "npc": N_("NPC"),
        "player_controlled": N_("Player controlled"),
        "strength_damage": N_("Strength damage"),
        "strength_needed": N_("Strength needed"),
        "trait_rating": N_("Trait rating"),
        "xp_ledger": N_("XP ledger"),
        "attribute_roll": N_("6d6 roll"),
        "extra_attributes": N_("GM attributes"),
        "lethal_damage": N_("Lethal damage"),
        "nonlethal_damage": N_("Non-lethal damage"),
        "from_rating": N_("From"),
        "to_rating": N_("To"),
    },
    # A ledger line's name is the skill or trait it bought, not the line itself.
    numbered=frozenset({"xp_ledger"}),
)
