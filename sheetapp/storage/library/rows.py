"""What the library hands out: roster rows, revisions, queries and errors.

All are frozen values read from columns; none holds a parsed sheet, so a list of 10,000
rows costs what the rows cost.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal, get_args

from sheetapp.i18n import _


class LibraryError(Exception):
    """An expected failure (no such sheet, a read-only library...); the message says what
    to do."""


class NotALibraryError(LibraryError):
    """A file that is neither a sheetapp library (sound or damaged) nor empty: another
    program's database, a text file... It is refused as found, never copied or rebuilt."""


class ReadOnlyError(LibraryError):
    """A change asked of a library opened read-only (after damage, or on request)."""


def kind_word(npc: bool) -> str:
    """A non-player's or a player's character, as the roster's Kind column marks it."""
    # Translators: the short marks of a non-player and a player character (the Kind column).
    return _("NPC") if npc else _("PC")


@dataclass(frozen=True, slots=True)
class RosterRow:
    """One sheet as the roster shows it. ``trashed`` is when it went to the trash (None while
    it is in the roster); times are seconds since the epoch. A row of the app's roster is
    one character of a sheet: ``name`` and ``setting`` are then the character's,
    ``character`` its place in the sheet, and ``player``, ``profession``, ``status`` and
    ``xp`` (XP to spend, or the level where the system counts levels) its own."""

    id: int
    name: str
    system: str
    setting: str
    npc: bool
    campaign: str
    tags: tuple[str, ...]
    updated: float
    trashed: float | None = None
    character: int = 0
    player: str = ""
    profession: str = ""
    status: str = ""
    xp: int | None = None

    def kind_word(self) -> str:
        """PC or NPC as a person reads it; ``npc`` stays the ``--json`` identifier."""
        return kind_word(self.npc)

    def as_dict(self) -> dict[str, object]:
        return {
            "id": self.id,
            "name": self.name,
            "system": self.system,
            "setting": self.setting,
            "npc": self.npc,
            "campaign": self.campaign,
            "tags": list(self.tags),
            "updated": self.updated,
            **({"trashed": self.trashed} if self.trashed is not None else {}),
            "character": self.character,
            "player": self.player,
            "profession": self.profession,
            "status": self.status,
            "xp": self.xp,
        }


@dataclass(frozen=True, slots=True)
class Revision:
    """One saved version of a sheet; ``number`` counts from 1 for each sheet."""

    number: int
    saved: float
    note: str
    size: int  # bytes of the stored document
    current: bool

    def as_dict(self) -> dict[str, object]:
        return {
            "number": self.number,
            "saved": self.saved,
            "note": self.note,
            "size": self.size,
            "current": self.current,
        }


SortKey = Literal[
    "name",
    "system",
    "setting",
    "kind",
    "campaign",
    "updated",
    "id",
    "player",
    "profession",
    "status",
    "xp",
]
SORT_KEYS: tuple[SortKey, ...] = get_args(SortKey)
# The sorts of a row per sheet (``Library.roster``): the last four are a character's own.
SHEET_SORT_KEYS = SORT_KEYS[:7]


@dataclass(frozen=True)
class RosterQuery:
    """Which sheets the roster shows and in what order.

    ``text`` matches the start of any word of a name, tag or the sheet's searchable text,
    or any part of a name (case- and accent-blind); ``system``, ``campaign`` and ``tag``
    match exactly (``campaign=""`` is the sheets in no campaign); ``npc`` keeps only NPCs
    (True) or only player characters (False). Empty text and None mean "any".
    """

    text: str = ""
    system: str | None = None
    campaign: str | None = None
    tag: str | None = None
    npc: bool | None = None
    sort: SortKey = "name"
    descending: bool = False


@dataclass(frozen=True)
class DamageReport:
    """What was found wrong with a library file at open and what was done about it.

    ``action`` is "rebuilt" (a new file holds what could be read; ``salvaged`` sheets of
    ``found``) or "read-only" (the damaged file is open for reading and exporting only).
    The damaged file (and its journal) was first copied to ``backup``.
    """

    problem: str
    backup: Path
    action: Literal["rebuilt", "read-only"]
    found: int = 0
    salvaged: int = 0

    def summary(self) -> str:
        if self.action == "read-only":
            done = "opened read-only (export what you need, then run 'sheetapp library check')"
        else:
            done = (
                f"rebuilt with {self.salvaged} of the {self.found} sheets found"
                if self.found
                else "rebuilt empty: no sheet could be read from it (the copy keeps all it held)"
            )
        return f"the library was damaged ({self.problem}); a copy is in {self.backup}; {done}"
