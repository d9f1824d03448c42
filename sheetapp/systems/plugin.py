"""The shape every game system has, so the command line, storage, forms and PDF treat all
systems alike and a new system is one folder plus one registry line."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, ClassVar, Protocol

from pydantic import BaseModel

from sheetapp.findings import Finding


class RequestError(ValueError):
    """A request (odds, a new sheet) a system cannot carry out; the message says why."""


class XpRefused(ValueError):
    """A system's rules do not allow this XP operation (spending, taxing, an award); the
    message says why. One class for every system, so the XP dialogs and the GM's award
    catch the same thing."""


@dataclass(frozen=True)
class OddsOption:
    """One input of a system's odds calculator (``--chance 45`` and the like)."""

    name: str
    help: str
    required: bool = False
    default: int | None = None


@dataclass(frozen=True)
class NewOptions:
    """What ``sheetapp new`` may ask of any system."""

    universe: str | None = None
    random: bool = False
    seed: int | None = None
    npc: bool = False


@dataclass(frozen=True)
class RosterCharacter:
    """One character of a sheet as the roster lists it (a row each): every column is the
    character's own, and ``text`` is what the roster's search finds it by (its own notes,
    profession, gear... and what its sheet shares, such as a core's player)."""

    name: str
    player: str = ""
    setting: str = ""  # the character's universe or setting, "" when the system has none
    profession: str = ""  # profession or career, as the sheet words it
    status: str = ""  # "active", "retired" or "dead"; "" where the system keeps none
    xp: int | None = None  # XP to spend, or the level where the system counts levels
    text: str = ""
    # What names this character in its sheet for good (the Amazing Engine's character id),
    # so the library's tags and groups set on it stay with it when the sheet's characters
    # are reordered; "" for a sheet that is one row.
    key: str = ""


@dataclass(frozen=True)
class RosterInfo:
    """How a sheet appears in the library's roster and what its full-text search sees.
    ``characters``: a row each, in the sheet's order, when the sheet holds several (an
    Amazing Engine core's); empty: the sheet is one row, named ``name``, whose columns are
    ``player``, ``setting``, ``profession``, ``status`` and ``xp``."""

    name: str
    setting: str = ""  # the universe or setting, "" when the system has none
    npc: bool = False
    text: str = ""  # further searchable words: profession, notes, equipment...
    characters: tuple[RosterCharacter, ...] = ()
    player: str = ""
    profession: str = ""
    status: str = ""
    xp: int | None = None

    def rows(self) -> tuple[RosterCharacter, ...]:
        """The roster rows of the sheet: its characters, or the sheet as one."""
        if self.characters:
            return self.characters
        return (
            RosterCharacter(
                self.name,
                self.player,
                self.setting,
                self.profession,
                self.status,
                self.xp,
                self.text,
            ),
        )


@dataclass(frozen=True)
class Track:
    """A damage track the table-play view counts down (Amazing Engine stamina and body, a
    wound track...): ``maximum`` boxes or points when unhurt, down to ``minimum`` (below 0
    where the rules count past it: d6 pool health runs to minus Stamina)."""

    key: str
    label: str
    maximum: int
    minimum: int = 0


class Figures(Protocol):
    """A system's derived figures: a frozen dataclass whose attributes the form, the PDF and
    the command line read, so a renamed figure fails where it is read, not on some page."""

    __dataclass_fields__: ClassVar[dict[str, Any]]


def figures_json(figures: Figures) -> dict[str, Any]:
    """The figures as ``show --json`` prints them: each field under its own name, in order."""
    return asdict(figures)


def _no_tracks(_sheet: Any) -> list[Track]:
    return []


@dataclass(frozen=True)
class SystemPlugin:
    id: str
    name: str
    model: type[BaseModel]
    check: Callable[[Any], list[Finding]]
    figures: Callable[[Any], Figures]
    describe: Callable[[Any], str]
    new: Callable[[NewOptions], BaseModel]
    odds: Callable[[Mapping[str, int | None]], dict[str, float]]
    odds_options: Sequence[OddsOption] = field(default=())
    # A finding's field path as a player reads it; the raw path by default.
    field_label: Callable[[Any, str], str] = field(default=lambda _sheet, path: path)
    # The roster row and search text of a sheet (library).
    roster: Callable[[Any], RosterInfo] = field(default=lambda _sheet: RosterInfo(name=""))
    # The roster's profession column as the reader reads it: (setting, the profession the
    # library stored) -> what is shown; the stored text where a player typed it.
    roster_profession: Callable[[str, str], str] = field(
        default=lambda _setting, profession: profession
    )
    # The damage tracks of the character a sheet is played as at the table.
    tracks: Callable[[Any], list[Track]] = field(default=_no_tracks)
    # The characters of a sheet a GM may choose among at the table, as (index, name); empty
    # when the sheet is played as one character.
    table_characters: Callable[[Any], list[tuple[int, str]]] = field(default=lambda _sheet: [])
    # The sheet narrowed to the character played at the table (``index``, or the system's
    # choice when None) and the prefix that character's damage is kept under.
    focus: Callable[[Any, int | None], tuple[Any, str]] = field(
        default=lambda sheet, _index: (sheet, "")
    )
    # What a sheet adds to its side's initiative roll (Amazing Engine: the tens digit of
    # Reflexes); None when the system has no initiative rule and the GM orders by hand.
    initiative_modifier: Callable[[Any], int | None] = field(default=lambda _sheet: None)
