"""Printable Alternity sheets: the hero sheet, stat blocks, and a blank to fill in.

What every system's PDF module offers ``sheetapp.pdf.export``: ``sections`` for sheets,
``blank_sections`` for empty forms.
"""

from __future__ import annotations

from sheetapp.i18n import N_
from sheetapp.pdf.alternity.hero_sheet import blank_hero_sheet, hero_sheet
from sheetapp.pdf.alternity.stat_blocks import stat_block_pages
from sheetapp.pdf.alternity.wording import SYSTEM_NAME, system_line
from sheetapp.pdf.kit.sections import SheetPrinting
from sheetapp.systems.alternity.model import AlternitySheet

__all__ = ["blank_sections", "sections"]

PRINTING = SheetPrinting[AlternitySheet](
    SYSTEM_NAME,
    hero_sheet,
    blank_hero_sheet,
    blank_title=N_("Hero"),
    kinds=(N_("Hero"), N_("Supporting cast")),
    block_pages=stat_block_pages,
    header=lambda hero: system_line(hero.campaign),
)
sections = PRINTING.sections
blank_sections = PRINTING.blank_sections
