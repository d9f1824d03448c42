"""Printable Amazing Engine sheets: Player Core, character sheets, stat blocks, blanks.

The system's side of the common interface every PDF module offers (see
``sheetapp.pdf.export``): ``sections``/``render`` for sheets, ``blank_sections``/
``render_blank`` for empty forms.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import BinaryIO

from pydantic import BaseModel

from sheetapp.pdf.amazing_engine.character_sheet import blank_character_sheet, character_sheet
from sheetapp.pdf.amazing_engine.core_sheet import blank_core_sheet, player_core_sheet
from sheetapp.pdf.amazing_engine.stat_blocks import stat_blocks
from sheetapp.pdf.amazing_engine.wording import SYSTEM_NAME, system_line
from sheetapp.pdf.kit.document import Section, render_sections
from sheetapp.systems.amazing_engine.catalog import installed_universes
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet, Character
from sheetapp.systems.plugin import RequestError

__all__ = [
    "blank_character_sheet",
    "blank_core_sheet",
    "blank_sections",
    "character_sheet",
    "player_core_sheet",
    "render",
    "render_blank",
    "sections",
    "stat_blocks",
]


def sections(sheets: Sequence[BaseModel], *, stat_blocks: bool = False) -> list[Section]:
    """What ``sheets`` print as: per sheet its core then each character, or all their
    characters as stat blocks."""
    ae = [_checked(s) for s in sheets]
    if stat_blocks:
        return [_stat_block_section([c for s in ae for c in s.characters])]
    out: list[Section] = []
    for sheet in ae:
        player = sheet.core.player if sheet.core else ""
        if sheet.core is not None:
            out.append(
                Section(
                    title=player or "Player Core",
                    kind="Player Core" if player else "",
                    system=SYSTEM_NAME,
                    story=lambda layout, sheet=sheet: player_core_sheet(sheet, layout),
                    author=player,
                    subject=SYSTEM_NAME,
                )
            )
        for character in sheet.characters:
            out.append(_character_section(character, player))
    return out


def render(
    sheets: Sequence[BaseModel],
    out: BinaryIO | str | os.PathLike[str],
    *,
    paper: str = "a4",
    stat_blocks: bool = False,
    invariant: bool = False,
) -> None:
    """Print ``sheets`` into one PDF at ``out`` (a path, replaced atomically, or a stream)."""
    render_sections(
        sections(sheets, stat_blocks=stat_blocks), out, paper=paper, invariant=invariant
    )


def blank_sections(*, fillable: bool = False, universe: str | None = None) -> list[Section]:
    """An empty Player Core and character sheet; ``universe`` lists its skills to tick."""
    found = None
    if universe is not None:
        universes = installed_universes()
        if universe not in universes:
            raise RequestError(
                f"unknown universe '{universe}'; installed: {', '.join(sorted(universes))}"
            )
        found = universes[universe]
    return [
        Section(
            title="Player Core",
            kind="blank",
            system=SYSTEM_NAME,
            story=lambda layout: blank_core_sheet(layout, fillable=fillable),
            subject=SYSTEM_NAME,
        ),
        Section(
            title="Character",
            kind="blank",
            system=system_line(universe),
            story=lambda layout: blank_character_sheet(layout, fillable=fillable, universe=found),
            subject=SYSTEM_NAME,
        ),
    ]


def render_blank(
    out: BinaryIO | str | os.PathLike[str],
    *,
    paper: str = "a4",
    fillable: bool = False,
    universe: str | None = None,
    invariant: bool = False,
) -> None:
    render_sections(
        blank_sections(fillable=fillable, universe=universe),
        out,
        paper=paper,
        invariant=invariant,
    )


def _checked(sheet: BaseModel) -> AmazingEngineSheet:
    if not isinstance(sheet, AmazingEngineSheet):
        raise TypeError(f"not an Amazing Engine sheet: {type(sheet).__name__}")
    return sheet


def _character_section(character: Character, core_player: str) -> Section:
    return Section(
        title=character.name or "(no name)",
        kind="Character",
        system=system_line(character.universe),
        story=lambda layout: character_sheet(character, layout),
        author=character.player or core_player,
        subject=SYSTEM_NAME,
        names=(character.name,),
    )


def _stat_block_section(characters: list[Character]) -> Section:
    count = len(characters)
    return Section(
        title="Stat blocks",
        kind=f"{count} character{'s' if count != 1 else ''}",
        system=SYSTEM_NAME,
        pages=lambda layout: stat_blocks(characters, layout),  # drawn straight on the canvas
        subject=SYSTEM_NAME,
        names=tuple(c.name for c in characters),
    )
