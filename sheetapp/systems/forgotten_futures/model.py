"""The Forgotten Futures character record, one character to a sheet.

What is stored is what a player writes on the paper record: the characteristics, the points
put into each skill, weapons, armour, wounds and a ledger of bonus points. Everything that
follows from them (costs, skill ratings, bonus left, wound penalties) is computed by the
rules, never stored twice. Ratings gained in play come from the ledger, so a sheet keeps the
whole story of its training, failures and "12 means never" included.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StrictInt

from sheetapp.systems.forgotten_futures.bases import Base
from sheetapp.systems.forgotten_futures.names import DEFAULT_CHARACTER_POINTS, Characteristic
from sheetapp.systems.sheet_model import Amount, LongText, Score, SheetModel, ShortText

SYSTEM_ID = "forgotten-futures"

Acquired = Literal["creation", "play"]
BonusKind = Literal["award", "odds", "improve", "add", "language", "adjust"]
Outcome = Literal["success", "failure", "never"]
Roll2d6 = Annotated[StrictInt, Field(ge=-99, le=99)]  # the rules say 2..12; they report the rest


class Settings(SheetModel):
    """What the referee decides for a campaign."""

    character_points: Score = DEFAULT_CHARACTER_POINTS
    allow_seven: bool = False  # characteristics of 7 only with the referee's leave
    free_skills: list[ShortText] = Field(default_factory=list, max_length=100)


class Skill(SheetModel):
    name: ShortText = ""
    base: Base = "M"
    # Character points spent at creation; 0 for a skill held free at its base value.
    points: Score = 1
    acquired: Acquired = "creation"  # "play": learned with bonus points, starts one above base
    speciality: ShortText = ""


class Weapon(SheetModel):
    name: ShortText = ""
    multiple: bool = False  # can attack more than one target in a round
    effect: ShortText = ""  # a number, or BODY/a skill with +N or /2 ("BODY+1", "Melee/2")
    a: ShortText = ""  # damage when the Effect roll fails
    b: ShortText = ""  # a success by a small margin
    c: ShortText = ""  # a roll of half the number needed or less
    notes: ShortText = ""


class Armour(SheetModel):
    name: ShortText = ""
    reduction: Annotated[StrictInt, Field(ge=-99, le=99)] = 0  # off the Effect of attacks it stops
    against: ShortText = ""
    covers: ShortText = ""


class Wounds(SheetModel):
    """The five boxes of the human wounds record: B F I I C."""

    bruised: bool = False
    flesh_wound: bool = False
    injury: bool = False
    second_injury: bool = False
    critical: bool = False


class BonusEntry(SheetModel):
    """One line of the bonus-point ledger; ``amount`` is signed (spending is negative).

    Improving and learning skills record the 2D6 ``roll`` and its ``outcome``; the
    ``adventure`` lets the rules see that a skill is tried at most once per adventure.
    """

    kind: BonusKind
    amount: Amount = 0
    skill: ShortText = ""
    base: Base | None = None  # of a skill being learned
    language: ShortText = ""
    roll: Roll2d6 | None = None
    outcome: Outcome | None = None
    adventure: ShortText = ""
    note: ShortText = ""


class ForgottenFuturesSheet(SheetModel):
    system: Literal["forgotten-futures"] = SYSTEM_ID
    player: ShortText = ""
    name: ShortText = ""  # with any title or rank
    profession: ShortText = ""
    sex: ShortText = ""
    age: ShortText = ""
    npc: bool = False
    settings: Settings = Field(default_factory=Settings)
    characteristics: dict[Characteristic, Score] = Field(default_factory=dict)
    skills: list[Skill] = Field(default_factory=list, max_length=500)
    native_language: ShortText = ""
    languages: list[ShortText] = Field(default_factory=list, max_length=500)
    weapons: list[Weapon] = Field(default_factory=list, max_length=500)
    armour: list[Armour] = Field(default_factory=list, max_length=500)
    wounds: Wounds = Field(default_factory=Wounds)
    bonus_ledger: list[BonusEntry] = Field(default_factory=list, max_length=10_000)
    equipment: LongText = ""
    notes: LongText = ""
