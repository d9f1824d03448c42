"""Printable Alternity sheets: the hero sheet, stat blocks, and a blank to fill in.

The system's side of the common interface every PDF module offers (see
``sheetapp.pdf.export``): ``sections``/``render`` for sheets, ``blank_sections``/
``render_blank`` for empty forms.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import BinaryIO

from pydantic import BaseModel

from sheetapp.pdf.alternity.hero_sheet import blank_hero_sheet, hero_sheet
from sheetapp.pdf.alternity.stat_blocks import stat_blocks as stat_blocks_story
from sheetapp.pdf.alternity.wording import SYSTEM_NAME, system_line
from sheetapp.pdf.kit.document import Section, render_sections
from sheetapp.systems.alternity.model import AlternitySheet
from sheetapp.systems.plugin import RequestError

__all__ = [
    "blank_hero_sheet",
    "blank_sections",
    "hero_sheet",
    "render",
    "render_blank",
    "sections",
    "stat_blocks_story",
]


def sections(sheets: Sequence[BaseModel], *, stat_blocks: bool = False) -> list[Section]:
    """One hero sheet per sheet, or all of them as stat blocks."""
    heroes = [_checked(s) for s in sheets]
    if stat_blocks:
        count = len(heroes)
        return [
            Section(
                title="Stat blocks",
                kind=f"{count} character{'s' if count != 1 else ''}",
                system=SYSTEM_NAME,
                story=lambda layout: stat_blocks_story(heroes, layout),
                columns=2,
                subject=SYSTEM_NAME,
                names=tuple(h.name for h in heroes),
            )
        ]
    return [
        Section(
            title=hero.name or "(no name)",
            kind="Supporting cast" if hero.npc else "Hero",
            system=system_line(hero.campaign),
            story=lambda layout, hero=hero: hero_sheet(hero, layout),
            author=hero.player,
            subject=SYSTEM_NAME,
            names=(hero.name,),
        )
        for hero in heroes
    ]


def render(
    sheets: Sequence[BaseModel],
    out: BinaryIO | str | os.PathLike[str],
    *,
    paper: str = "a4",
    stat_blocks: bool = False,
    invariant: bool = False,
) -> None:
    render_sections(
        sections(sheets, stat_blocks=stat_blocks), out, paper=paper, invariant=invariant
    )


def blank_sections(*, fillable: bool = False, universe: str | None = None) -> list[Section]:
    """An empty hero sheet (with form fields when ``fillable``)."""
    if universe is not None:
        raise RequestError("Alternity has no universes; leave out --universe")
    return [
        Section(
            title="Hero",
            kind="blank",
            system=SYSTEM_NAME,
            story=lambda layout: blank_hero_sheet(layout, fillable=fillable),
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
        blank_sections(fillable=fillable, universe=universe), out, paper=paper, invariant=invariant
    )


def _checked(sheet: BaseModel) -> AlternitySheet:
    if not isinstance(sheet, AlternitySheet):
        raise TypeError(f"not an Alternity sheet: {type(sheet).__name__}")
    return sheet
