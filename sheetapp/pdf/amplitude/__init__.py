"""Printable Amplitude Engine sheets: the character sheet, stat blocks and blanks.

The system's side of the common interface every PDF module offers (see
``sheetapp.pdf.export``): ``sections``/``render`` for sheets, ``blank_sections``/
``render_blank`` for empty forms.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import BinaryIO

from pydantic import BaseModel

from sheetapp.pdf.amplitude.character_sheet import blank_character_sheet, character_sheet
from sheetapp.pdf.amplitude.stat_blocks import stat_blocks
from sheetapp.pdf.amplitude.wording import SYSTEM_NAME
from sheetapp.pdf.kit.document import Section, render_sections
from sheetapp.systems.amplitude.model import AmplitudeSheet
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
    """One section per sheet, or all of them as stat blocks."""
    checked = [_checked(s) for s in sheets]
    if stat_blocks:
        return [_stat_block_section(checked)]
    return [_sheet_section(sheet) for sheet in checked]


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
    """An empty character sheet; the system has no universes to choose from."""
    if universe is not None:
        raise RequestError("the Amplitude Engine has no universes; leave out --universe")
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


def _checked(sheet: BaseModel) -> AmplitudeSheet:
    if not isinstance(sheet, AmplitudeSheet):
        raise TypeError(f"not an Amplitude Engine sheet: {type(sheet).__name__}")
    return sheet


def _sheet_section(sheet: AmplitudeSheet) -> Section:
    return Section(
        title=sheet.name or "(no name)",
        kind="NPC" if sheet.npc else "Character",
        system=SYSTEM_NAME,
        story=lambda layout: character_sheet(sheet, layout),
        author=sheet.player,
        subject=SYSTEM_NAME,
        names=(sheet.name,),
    )


def _stat_block_section(sheets: list[AmplitudeSheet]) -> Section:
    count = len(sheets)
    return Section(
        title="Stat blocks",
        kind=f"{count} character{'s' if count != 1 else ''}",
        system=SYSTEM_NAME,
        pages=lambda layout: stat_blocks(sheets, layout),
        subject=SYSTEM_NAME,
        names=tuple(s.name for s in sheets),
    )
