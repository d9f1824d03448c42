"""The Alternity document: one hero (or a member of the supporting cast).

Stored values are what a player writes on the sheet; scores, tracks, encumbrance and odds
are computed by the rules. Figures the excerpt we follow does not define (durability, the
action check, last resort points) have documented defaults, and the sheet keeps an
override for each so a game master's ruling or a perk can be written in. A document with
only ``system`` loads: every other field has a default.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StrictInt

from sheetapp.systems.alternity.names import Ability
from sheetapp.systems.sheet_model import LongText, Score, SheetModel, ShortText

SYSTEM_ID = "alternity"

Kilograms = Annotated[float, Field(ge=0, le=1_000_000, allow_inf_nan=False)]
Rate = Annotated[StrictInt, Field(ge=0, le=100_000)]
Override = Annotated[StrictInt, Field(ge=0, le=9999)]
Price = Annotated[StrictInt, Field(ge=1, le=9999)]


class Settings(SheetModel):
    """House rules for this sheet: the creation budget (a human's by default) and whether
    the optional dazed rule for stun and wound damage is in play."""

    ability_points: Score = 60
    ability_min: Score = 4
    ability_max: Score = 14
    optional_dazed: bool = True


class Durability(SheetModel):
    """Boxes on each track when they differ from the default (None: from Constitution)."""

    stun: Override | None = None
    wound: Override | None = None
    mortal: Override | None = None
    fatigue: Override | None = None


class Damage(SheetModel):
    """Boxes marked on each track. ``unconscious``: knocked out by something the boxes do
    not show (fatigue past a full track, a failed breath check)."""

    stun: Score = 0
    wound: Score = 0
    mortal: Score = 0
    fatigue: Score = 0
    unconscious: bool = False


class ResistanceBonus(SheetModel):
    """A profession's or perk's bonus to each resistance modifier."""

    strength: Score = 0
    dexterity: Score = 0
    intelligence: Score = 0
    will: Score = 0


class Movement(SheetModel):
    """Base rates in metres per phase, as the species gives them (None: not entered)."""

    sprint: Rate | None = None
    run: Rate | None = None
    walk: Rate | None = None
    easy_swim: Rate | None = None
    swim: Rate | None = None
    glide: Rate | None = None
    fly: Rate | None = None


class BroadSkill(SheetModel):
    name: ShortText = ""
    ability: Ability = Ability.STRENGTH


class SpecialtySkill(SheetModel):
    """A specialty of a broad skill, rolled with +d0 (the rank adds to the score);
    ``base_step`` is another base die from an explicit source (a perk, gear, a GM's ruling)."""

    broad: ShortText = ""
    name: ShortText = ""
    rank: Score = 1
    base_step: Score | None = None


class Weapon(SheetModel):
    """``damage`` by degree, Ordinary/Good/Amazing, each dice and a type letter (s, w, m,
    f): ``d4s/d6w/d4m``. ``skill`` names the specialty (or broad skill) used to attack."""

    name: ShortText = ""
    skill: ShortText = ""
    damage: ShortText = ""
    kind: ShortText = ""
    range: ShortText = ""
    accuracy: Score = 0
    weight_kg: Kilograms = 0.0
    carried: bool = True
    notes: ShortText = ""


class Armour(SheetModel):
    """Protection rolled against low impact, high impact and energy attacks (``d6-2``)."""

    name: ShortText = ""
    li: ShortText = ""
    hi: ShortText = ""
    en: ShortText = ""
    weight_kg: Kilograms = 0.0
    carried: bool = True
    notes: ShortText = ""


class Equipment(SheetModel):
    name: ShortText = ""
    weight_kg: Kilograms = 0.0
    quantity: Annotated[StrictInt, Field(ge=0, le=1_000_000)] = 1
    carried: bool = True
    notes: ShortText = ""


class AlternitySheet(SheetModel):
    system: Literal["alternity"] = SYSTEM_ID
    name: ShortText = ""
    player: ShortText = ""
    npc: bool = False
    species: ShortText = ""
    profession: ShortText = ""
    career: ShortText = ""
    level: Score = 1
    campaign: ShortText = ""
    gender: ShortText = ""
    age: ShortText = ""
    motivation: ShortText = ""
    moral_attitude: ShortText = ""
    abilities: dict[Ability, Score] = Field(default_factory=dict)
    resistance_bonus: ResistanceBonus = Field(default_factory=ResistanceBonus)
    action_check_bonus: Score = 0
    actions_per_round: Override | None = None
    durability: Durability = Field(default_factory=Durability)
    damage: Damage = Field(default_factory=Damage)
    last_resorts: Score = 1
    last_resorts_max: Override | None = None
    skill_points: Score = 0  # stored, unspent: they buy skills or last resort points
    last_resort_cost: Price | None = None  # skill points a last resort point costs
    movement: Movement = Field(default_factory=Movement)
    broad_skills: list[BroadSkill] = Field(default_factory=list, max_length=500)
    specialty_skills: list[SpecialtySkill] = Field(default_factory=list, max_length=2000)
    weapons: list[Weapon] = Field(default_factory=list, max_length=1000)
    armour: list[Armour] = Field(default_factory=list, max_length=1000)
    equipment: list[Equipment] = Field(default_factory=list, max_length=10_000)
    perks: LongText = ""
    flaws: LongText = ""
    background: LongText = ""
    notes: LongText = ""
    settings: Settings = Field(default_factory=Settings)
