"""What the Party view shows of one character, read from the library and the systems.

Nothing here computes a rule: the figures are the lines the system's own summary
(``describe``, what ``sheetapp show`` prints) gives for the character, and the tracks and
condition come from the table-play layer, as the Table dock shows them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from sheetapp.i18n import _
from sheetapp.play.damage import TrackState
from sheetapp.play.support import gm_support
from sheetapp.play.table import Table
from sheetapp.storage.library import Library
from sheetapp.systems.plugin import RosterCharacter
from sheetapp.systems.registry import get_system

MAX_LINES = 3  # a card's figure lines: the headline figures, not the skill list
LIST_MARKS = ("-", "*", ">")  # summary lines that list skills, traits, gear


@dataclass(frozen=True)
class PartySheet:
    """One card's content. ``marks``: keys of the tracks that are one-box marks (knocked
    out, killed), shown as words rather than bars."""

    sheet_id: int
    name: str
    player: str  # the campaign member who owns it (the sheet's own field when unknown)
    system: str
    figures: tuple[str, ...]
    summary: str  # the system's whole summary, for the card's tooltip
    tracks: tuple[TrackState, ...]
    marks: frozenset[str]
    condition: str


def headline_figures(summary: str, name: str) -> tuple[str, ...]:
    """The headline lines of a system's summary for the character called ``name``: the
    block headed by the name (else the first block), without its heading and lists.

    >>> summary = "Core\\n  rank 4\\n\\nBelth  [generic]\\n  Fitness 26\\n  - Riding"
    >>> headline_figures(summary, "Belth")
    ('Fitness 26',)
    """
    blocks = [b.splitlines() for b in summary.split("\n\n") if b.strip()]
    if not blocks:
        return ()
    block = next((b for b in blocks if name and b[0].startswith(name)), blocks[0])
    lines = [line.strip() for line in block[1:]]
    return tuple(line for line in lines if line and not line.startswith(LIST_MARKS))[:MAX_LINES]


def _player(characters: tuple[RosterCharacter, ...], name: str) -> str:
    """The player of the character called ``name`` (the sheet's row names no player when
    the sheet holds several characters, each with theirs)."""
    named = [c.player for c in characters if c.name == name and c.player]
    return (named or [c.player for c in characters if c.player] or [""])[0]


def owner_name(library: Library, sheet_id: int, members: Mapping[str, str]) -> str:
    """The name of the campaign member who owns the sheet's shared document, from
    ``members`` (member id -> name, the list the host publishes); "" when the sheet is not
    shared or its owner is not (yet) in the list. The sheet's own "player" field is free
    text anyone can fill, so it is no word on whose character this is."""
    link = library.document_for(sheet_id)
    return members.get(link.owner, "") if link is not None else ""


def party_sheet(
    library: Library, table: Table, sheet_id: int, members: Mapping[str, str] | None = None
) -> PartySheet:
    """Read one character for its card (raises ``LibraryError`` when it is gone).
    ``members``: the campaign's member names by id, to name the owner."""
    row = library.row(sheet_id)
    system = get_system(row.system)
    whole = library.load(sheet_id)
    focused, _prefix = system.focus(whole, None)
    summary = system.describe(focused)
    return PartySheet(
        sheet_id=sheet_id,
        name=row.name or _("(unnamed sheet {sheet_id})").format(sheet_id=sheet_id),
        player=owner_name(library, sheet_id, members or {})
        or row.player
        or _player(system.roster(whole).characters, row.name),
        system=system.name,
        figures=headline_figures(summary, row.name),
        summary=summary,
        tracks=table.tracks(sheet_id),
        marks=frozenset(mark.key for mark in gm_support(row.system).marks),
        condition=table.condition(sheet_id),
    )
