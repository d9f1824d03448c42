"""Printable d6 dice pool sheets: character sheets, stat blocks and blanks.

The system's side of the common interface every PDF module offers (see
``sheetapp.pdf.export``): ``sections``/``render`` for sheets, ``blank_sections``/
``render_blank`` for empty forms.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import BinaryIO

from pydantic import BaseModel

from sheetapp.pdf.d6_pool.character_sheet import blank_character_sheet, character_sheet
from sheetapp.pdf.d6_pool.stat_blocks import stat_blocks
from sheetapp.pdf.d6_pool.wording import SYSTEM_NAME
from sheetapp.pdf.kit.document import Section, render_sections
from sheetapp.systems.d6_pool.model import D6PoolSheet
from sheetapp.systems.plugin import RequestError

__all__ = [
    "blank_character_sheet",
    "blank_sections",
    "character_sheet",
    "render",
    "render_blank",
    "sections",
    "stat_blocks",
]


def sections(sheets: Sequence[BaseModel], *, stat_blocks: bool = False) -> list[Section]:
    """One character sheet per sheet, or all of them as stat blocks."""
    d6 = [_checked(s) for s in sheets]
    if stat_blocks:
        return [_stat_block_section(d6)]
    return [
        Section(
            title=sheet.name or "(no name)",
            kind="NPC" if sheet.npc else "Character",
            system=SYSTEM_NAME,
            story=lambda layout, sheet=sheet: character_sheet(sheet, layout),
            author=sheet.player,
            subject=SYSTEM_NAME,
            names=(sheet.name,),
        )
        for sheet in d6
    ]


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
    """An empty character sheet; the system has no universes to list."""
    if universe is not None:
        raise RequestError(f"{SYSTEM_NAME} has no universes; leave out --universe")
    return [
        Section(
            title="Character",
            kind="blank",
            system=SYSTEM_NAME,
            story=lambda layout: blank_character_sheet(layout, fillable=fillable),
            subject=SYSTEM_NAME,
        )
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


def _checked(sheet: BaseModel) -> D6PoolSheet:
    if not isinstance(sheet, D6PoolSheet):
        raise TypeError(f"not a d6 Dice Pool sheet: {type(sheet).__name__}")
    return sheet


def _stat_block_section(sheets: list[D6PoolSheet]) -> Section:
    count = len(sheets)
    return Section(
        title="Stat blocks",
        kind=f"{count} character{'s' if count != 1 else ''} · pool: dice and chance of 1+",
        system=SYSTEM_NAME,
        story=lambda layout: stat_blocks(sheets, layout),
        columns=2,
        subject=SYSTEM_NAME,
        names=tuple(s.name for s in sheets),
    )
