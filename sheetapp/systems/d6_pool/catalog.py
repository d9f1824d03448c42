"""The sample skills, traits and equipment of the rules text, offered as choices.

A GM may add any others; these only save typing and give random characters something to
hold. Each skill is paired with the attribute it is most often rolled with (our reading:
the text names the pairs for Dodge, Melee, Ranged and Swimming and leaves the rest open).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from sheetapp.systems.d6_pool.model import Item
from sheetapp.systems.d6_pool.names import Attribute

SKILLS: dict[str, Attribute] = {
    "Boating": Attribute.DEXTERITY,
    "Dodge": Attribute.DEXTERITY,
    "Driving": Attribute.DEXTERITY,
    "Explosives": Attribute.INTELLIGENCE,
    "Mechanics": Attribute.INTELLIGENCE,
    "Melee": Attribute.DEXTERITY,
    "Piloting": Attribute.DEXTERITY,
    "Ranged": Attribute.DEXTERITY,
    "Swimming": Attribute.STAMINA,
}

DODGE = "Dodge"
MELEE = "Melee"
RANGED = "Ranged"
SWIMMING = "Swimming"


@dataclass(frozen=True)
class TraitSample:
    name: str
    kind: str  # "positive" or "negative"
    attribute: Attribute | None = None
    skill: str = ""
    penalises: tuple[Attribute, ...] = ()  # pools with these attributes lose the rating
    adds_to: tuple[str, ...] = ()  # skills whose rolls (skilled or not) gain the rating


TRAITS: tuple[TraitSample, ...] = (
    TraitSample("Aquatic", "positive", adds_to=(SWIMMING,)),
    TraitSample("Diminished Sense", "negative"),
    TraitSample("Extra Limbs", "positive"),
    TraitSample("Fire Breathing", "positive", Attribute.DEXTERITY, "Ranged"),
    TraitSample("Fireproof", "positive"),
    TraitSample("Missing Limb", "negative", penalises=(Attribute.STRENGTH, Attribute.DEXTERITY)),
    TraitSample("Phobia", "negative"),
    TraitSample("Rage", "negative"),
)


MISSING_LIMB = "Missing Limb"


def _traits_by_key() -> Mapping[str, TraitSample]:
    by_key: dict[str, TraitSample] = {}
    for trait in TRAITS:
        by_key.setdefault(trait.name.casefold(), trait)  # the first of a name, as listed
    return MappingProxyType(by_key)


_TRAITS_BY_KEY = _traits_by_key()  # asked for every trait of every sheet's figures


def trait_sample(name: str) -> TraitSample | None:
    return _TRAITS_BY_KEY.get(name.strip().casefold())


@dataclass(frozen=True)
class ItemSample:
    name: str
    attack: str = ""  # "melee" or "ranged" for a weapon
    damage: int | None = None
    lethal: bool = True
    bonus: int | None = None
    skill: str = ""
    equipped: bool = True
    strength_needed: int | None = None
    armour_cut: int | None = None
    doubles_armour: bool = False
    armour_piercing: bool = False
    autofire: bool = False
    strength_damage: bool = False
    grants_trait: str = ""
    trait_rating: int | None = None


EQUIPMENT: tuple[ItemSample, ...] = (
    ItemSample(".22 Caliber Rifle", "ranged", 1),
    ItemSample(".38 Special Revolver", "ranged", 2),
    ItemSample(".38 Special Revolver, AP rounds", "ranged", 2, armour_piercing=True),
    ItemSample("Buster Sword", "melee", 10, strength_needed=3, armour_cut=3),
    ItemSample("Colt M1911A .45 Pistol", "ranged", 3),
    ItemSample("Dagger", "melee", 1),
    ItemSample("Double Barreled Shotgun", "ranged", 5, doubles_armour=True),
    ItemSample("Long Sword", "melee", 5),
    ItemSample("M16 Assault Rifle", "ranged", 3, autofire=True),
    ItemSample("Mechanic's Toolbox", bonus=1, skill="Mechanics"),
    ItemSample(
        "Potion of Fire-Breathing",
        equipped=False,
        grants_trait="Fire Breathing",
        trait_rating=3,
    ),
    ItemSample("Sap", "melee", lethal=False, strength_damage=True),
    ItemSample("Short Sword", "melee", 3),
    ItemSample("Wrench", "melee", 1),
)


def item_line(sample: ItemSample) -> Item:
    """A sample as a line of equipment, its own rules included (the fields share names)."""
    return Item.model_validate(sample, from_attributes=True)
