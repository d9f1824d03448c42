"""The Amazing Engine document: one Player Core and the characters made from it.

Stored values are what a player writes on paper; everything that can be computed (pool
dice when absent, stamina, chances, XP balances) is computed by the rules, never stored
twice. A document holding only the interoperable keys loads: every other field has a
default.
"""

from __future__ import annotations

import uuid
from typing import Annotated, Literal

from pydantic import Field, StrictInt

from sheetapp.systems.amazing_engine.names import Attribute, Pool
from sheetapp.systems.amazing_engine.universe import SkillNode
from sheetapp.systems.sheet_model import Amount, LongText, Score, SheetModel, ShortText

SYSTEM_ID = "amazing-engine"

Status = Literal["active", "retired", "dead"]
Method = Literal["prime", "from-core", "manual"]
SkillSource = Literal["profession", "free", "xp", "granted"]

CharacterXpKind = Literal["award", "tax", "attribute", "skill", "transfer", "lost", "adjust"]
CoreXpKind = Literal["award", "pool_die", "transfer", "adjust"]


# The bounds of every list, declared once: far past any character a person keeps (the
# other systems bound theirs alike), so a hostile file is refused, never walked for minutes.
MAX_CHARACTERS = 1000
MAX_SKILLS = 1000
MAX_WEAPONS = 1000
MAX_EQUIPMENT = 10_000
MAX_LEDGER = 10_000


def _new_id() -> str:
    return uuid.uuid4().hex[:12]


class XpEntry(SheetModel):
    """One line of an XP ledger. ``amount`` is signed: deposits positive, spending negative."""

    kind: str
    amount: Amount
    attribute: Attribute | None = None
    pool: Pool | None = None
    points: Annotated[StrictInt, Field(ge=0, le=10_000)] | None = None
    skill: ShortText | None = None
    character: ShortText | None = None
    note: ShortText = ""
    date: ShortText = ""


class CharacterXpEntry(XpEntry):
    kind: CharacterXpKind


class CoreXpEntry(XpEntry):
    kind: CoreXpKind


class Core(SheetModel):
    player: ShortText = ""
    ranks: dict[Pool, Score] = Field(default_factory=dict)
    # Pool dice as rated when the core was made; None means "compute from the prime character".
    dice: dict[Pool, Score] | None = None
    xp_ledger: list[CoreXpEntry] = Field(default_factory=list, max_length=MAX_LEDGER)
    notes: LongText = ""


class Creation(SheetModel):
    method: Method = "manual"
    rolls: dict[Attribute, Score] = Field(default_factory=dict)
    four_dice: list[Attribute] = Field(default_factory=list, max_length=8)
    dice: dict[Attribute, Score] = Field(default_factory=dict)
    rank_points: dict[Attribute, Score] = Field(default_factory=dict)
    # The core's pool dice when a from-core character was made (dice bought later do not
    # change an existing character); absent means "the core's current dice".
    pool_dice: dict[Pool, Score] | None = None
    # How many entries the core's XP ledger held when the character was made: core XP comes
    # only to characters made after it was deposited, so the ledger rules need this moment.
    # None on sheets from before it was recorded (a prime character counts as made at 0).
    core_xp_entries: Annotated[StrictInt, Field(ge=0, le=1_000_000)] | None = None


class Skill(SheetModel):
    """A known skill, named by its group and its path from the basic skill down."""

    group: ShortText = ""
    path: list[ShortText] = Field(min_length=1, max_length=20)
    attribute: Attribute
    enhancement: bool = False
    source: SkillSource = "profession"
    note: ShortText = ""

    @property
    def name(self) -> str:
        return self.path[-1]

    @classmethod
    def from_tree(
        cls, group: str, path: tuple[str, ...], node: SkillNode, source: SkillSource
    ) -> Skill:
        """A known skill as the universe's tree defines it."""
        return cls(
            group=group,
            path=list(path),
            attribute=node.attribute,
            enhancement=node.enhancement,
            source=source,
        )


Kilograms = Annotated[float, Field(ge=0, le=1_000_000, allow_inf_nan=False)]


class Weapon(SheetModel):
    """A weapon the character has; it is carried, so its weight counts towards the load."""

    name: ShortText = ""
    damage: ShortText = ""
    lethality: Annotated[StrictInt, Field(ge=-99, le=99)] = 1
    skill: ShortText = ""
    range: ShortText = ""
    weight_kg: Kilograms = 0.0
    notes: ShortText = ""


class Equipment(SheetModel):
    name: ShortText = ""
    weight_kg: Kilograms = 0.0
    quantity: Annotated[StrictInt, Field(ge=0, le=1_000_000)] = 1
    carried: bool = True
    notes: ShortText = ""


class Character(SheetModel):
    id: Annotated[str, Field(min_length=1, max_length=64)] = Field(default_factory=_new_id)
    name: ShortText = ""
    player: ShortText = ""
    universe: ShortText = "generic"
    profession: ShortText = ""
    species: ShortText = ""
    gender: ShortText = ""
    handedness: ShortText = ""
    appearance: LongText = ""
    portrait: LongText = ""
    status: Status = "active"
    attributes: dict[Attribute, Score] = Field(default_factory=dict)
    creation: Creation = Field(default_factory=Creation)
    skills: list[Skill] = Field(default_factory=list, max_length=MAX_SKILLS)
    weapons: list[Weapon] = Field(default_factory=list, max_length=MAX_WEAPONS)
    equipment: list[Equipment] = Field(default_factory=list, max_length=MAX_EQUIPMENT)
    xp_ledger: list[CharacterXpEntry] = Field(default_factory=list, max_length=MAX_LEDGER)
    notes: LongText = ""


class AmazingEngineSheet(SheetModel):
    """A Player Core with its characters; ``core`` is None for characters made without one."""

    system: Literal["amazing-engine"] = SYSTEM_ID
    core: Core | None = Field(default_factory=Core)
    characters: list[Character] = Field(default_factory=list, max_length=MAX_CHARACTERS)
