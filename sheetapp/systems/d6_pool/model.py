"""The d6 dice pool document: one character.

Stored values are what a player writes on paper: the 6d6 roll, the attributes, skills,
traits, gear, damage taken and the XP ledger. Health, pools, odds, point budgets and the
XP balance are computed by the rules, never stored twice. Skills and traits carry an id so
the ledger can name them even after a rename.
"""

from __future__ import annotations

import uuid
from typing import Annotated, Literal

from pydantic import Field

from sheetapp.systems.d6_pool.names import Attribute
from sheetapp.systems.sheet_model import Amount, LongText, Score, SheetModel, ShortText

SYSTEM_ID = "d6-pool"

TraitKind = Literal["positive", "negative"]
Attack = Literal["", "melee", "ranged"]
XpKind = Literal["award", "attribute", "skill", "trait", "new_skill", "new_trait", "adjust"]
ItemId = Annotated[str, Field(min_length=1, max_length=64)]


def new_id() -> str:
    return uuid.uuid4().hex[:12]


class ExtraAttribute(SheetModel):
    """An attribute the GM adds; a player-controlled one adds 1d6 to the attribute points."""

    name: ShortText = ""
    score: Score | None = None
    player_controlled: bool = True
    roll: Score | None = None  # the 1d6 it added, for a player-controlled one


class Skill(SheetModel):
    id: ItemId = Field(default_factory=new_id)
    name: ShortText = ""
    attribute: Attribute | None = None  # the attribute it is usually rolled with
    rating: Score | None = None
    note: ShortText = ""


class Trait(SheetModel):
    id: ItemId = Field(default_factory=new_id)
    name: ShortText = ""
    kind: TraitKind = "positive"
    rating: Score | None = None  # its size; a negative trait's value is minus this
    attribute: Attribute | None = None  # for a trait roll, when it has one
    skill: ShortText = ""  # a skill that joins the roll (Dexterity + Ranged + Fire Breathing)
    in_play: bool = False  # gained during play: outside the creation points
    # Missing Limb only: every limb is gone, so no roll of Strength or Dexterity is possible
    all_limbs: bool = False
    note: ShortText = ""


class Item(SheetModel):
    """Equipment: a tool (bonus to a skill), a weapon (damage) or protection (armour)."""

    name: ShortText = ""
    attack: Attack = ""
    damage: Score | None = None
    lethal: bool = True
    armour: Score | None = None
    bonus: Score | None = None
    skill: ShortText = ""  # the skill a tool helps
    equipped: bool = True  # worn, carried ready, or (a potion) drunk
    # The sample gear's own rules (gear_rules.py says what each does):
    strength_needed: Score | None = None  # below it, attacks with it lose dice
    armour_cut: Score | None = None  # the target's armour counts this much less
    doubles_armour: bool = False  # the target's armour counts double (shotguns)
    armour_piercing: bool = False  # loaded with AP rounds: target Sta + Armour - damage
    autofire: bool = False  # a dodge against it loses the attack's successes
    strength_damage: bool = False  # a hit deals Strength in damage, no damage roll (sap)
    grants_trait: ShortText = ""  # a trait it gives while in use (a potion drunk)
    trait_rating: Score | None = None
    notes: ShortText = ""


class XpEntry(SheetModel):
    """One line of the ledger. ``amount`` is signed: awards positive, spending negative.

    A raise names what it raised (``attribute`` or a skill or trait ``item`` id) and the
    ratings before and after, so the creation values can be recovered."""

    kind: XpKind
    amount: Amount
    attribute: Attribute | None = None
    item: ShortText = ""
    name: ShortText = ""
    from_rating: Score | None = None
    to_rating: Score | None = None
    note: ShortText = ""
    date: ShortText = ""


class D6PoolSheet(SheetModel):
    system: Literal["d6-pool"] = SYSTEM_ID
    name: ShortText = ""
    player: ShortText = ""
    concept: ShortText = ""
    npc: bool = False
    attribute_roll: Score | None = None  # the 6d6 total
    attributes: dict[Attribute, Score] = Field(default_factory=dict)
    extra_attributes: list[ExtraAttribute] = Field(default_factory=list, max_length=100)
    skills: list[Skill] = Field(default_factory=list, max_length=1000)
    traits: list[Trait] = Field(default_factory=list, max_length=1000)
    equipment: list[Item] = Field(default_factory=list, max_length=1000)
    lethal_damage: Score = 0
    nonlethal_damage: Score = 0
    xp_ledger: list[XpEntry] = Field(default_factory=list, max_length=100_000)
    appearance: LongText = ""
    notes: LongText = ""
