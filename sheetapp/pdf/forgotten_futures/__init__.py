"""Printable Forgotten Futures records: the character record, blanks and stat blocks.

The system's side of the common interface every PDF module offers (see
``sheetapp.pdf.export``): ``sections``/``render`` for sheets, ``blank_sections``/
``render_blank`` for empty forms.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import BinaryIO

from pydantic import BaseModel

from sheetapp.pdf.forgotten_futures.record_sheet import blank_record_sheet, record_sheet
from sheetapp.pdf.forgotten_futures.stat_blocks import stat_blocks
from sheetapp.pdf.forgotten_futures.wording import SYSTEM_NAME
from sheetapp.pdf.kit.document import Section, render_sections
from sheetapp.systems.forgotten_futures.model import ForgottenFuturesSheet
from sheetapp.systems.plugin import RequestError

__all__ = [
    "blank_record_sheet",
    "blank_sections",
    "record_sheet",
    "render",
    "render_blank",
    "sections",
    "stat_blocks",
]


def sections(sheets: Sequence[BaseModel], *, stat_blocks: bool = False) -> list[Section]:
    """One record per sheet, or all of them as stat blocks."""
    ff = [_checked(s) for s in sheets]
    if stat_blocks:
        return [_stat_block_section(ff)]
    return [_record_section(sheet) for sheet in ff]


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
    """An empty character record; Forgotten Futures has no universes to choose from."""
    if universe is not None:
        raise RequestError("Forgotten Futures has no universes; leave out --universe")
    return [
        Section(
            title="Character record",
            kind="blank",
            system=SYSTEM_NAME,
            story=lambda layout: blank_record_sheet(layout, fillable=fillable),
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


def _checked(sheet: BaseModel) -> ForgottenFuturesSheet:
    if not isinstance(sheet, ForgottenFuturesSheet):
        raise TypeError(f"not a Forgotten Futures sheet: {type(sheet).__name__}")
    return sheet


def _record_section(sheet: ForgottenFuturesSheet) -> Section:
    return Section(
        title=sheet.name or "(no name)",
        kind="NPC" if sheet.npc else "Character",
        system=SYSTEM_NAME,
        story=lambda layout: record_sheet(sheet, layout),
        author=sheet.player,
        subject=SYSTEM_NAME,
        names=(sheet.name,),
    )


def _stat_block_section(sheets: list[ForgottenFuturesSheet]) -> Section:
    count = len(sheets)
    return Section(
        title="Stat blocks",
        kind=f"{count} character{'s' if count != 1 else ''}",
        system=SYSTEM_NAME,
        pages=lambda layout: stat_blocks(sheets, layout),
        subject=SYSTEM_NAME,
        names=tuple(s.name for s in sheets),
    )
