"""Sheets made by hand for the tests: a finished character whose every number is known."""

from __future__ import annotations

from sheetapp.systems.d6_pool.model import D6PoolSheet, Item, Skill, Trait
from sheetapp.systems.d6_pool.names import Attribute

# 6d6 rolled 22: Str 3, Dex 4, Sta 3, Int 5, Wis 4, Cha 3.
ATTRIBUTES = {
    Attribute.STRENGTH: 3,
    Attribute.DEXTERITY: 4,
    Attribute.STAMINA: 3,
    Attribute.INTELLIGENCE: 5,
    Attribute.WISDOM: 4,
    Attribute.CHARISMA: 3,
}


def finished() -> D6PoolSheet:
    """Skill points 5 + 4 + 3 = 12; trait points 6 + 2 (Phobia) = 8, of which Fire Breathing
    takes 5 and skills the other 3: skills 15 in all."""
    return D6PoolSheet(
        name="Rosa <Vex> & Co",
        concept="Fire-eater",
        attribute_roll=22,
        attributes=dict(ATTRIBUTES),
        skills=[
            Skill(name="Dodge", attribute=Attribute.DEXTERITY, rating=2),
            Skill(name="Ranged", attribute=Attribute.DEXTERITY, rating=3),
            Skill(name="Melee", attribute=Attribute.DEXTERITY, rating=2),
            Skill(name="Mechanics", attribute=Attribute.INTELLIGENCE, rating=4),
            Skill(name="Swimming", attribute=Attribute.STAMINA, rating=4),
        ],
        traits=[
            Trait(
                name="Fire Breathing",
                rating=5,
                attribute=Attribute.DEXTERITY,
                skill="Ranged",
            ),
            Trait(name="Phobia", kind="negative", rating=2, note="spiders"),
        ],
        equipment=[
            Item(name="Short Sword", attack="melee", damage=3),
            Item(name=".38 Special Revolver", attack="ranged", damage=2),
            Item(name="Mechanic's Toolbox", bonus=1, skill="Mechanics"),
            Item(name="Leather jacket", armour=1),
        ],
    )
