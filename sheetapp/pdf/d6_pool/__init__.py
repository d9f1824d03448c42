"""Printable d6 dice pool sheets: character sheets, stat blocks and blanks.

What every system's PDF module offers ``sheetapp.pdf.export``: ``sections`` for sheets,
``blank_sections`` for empty forms.
"""

from __future__ import annotations

from sheetapp.i18n import N_
from sheetapp.pdf.d6_pool.character_sheet import blank_character_sheet, character_sheet
from sheetapp.pdf.d6_pool.stat_blocks import stat_block_pages
from sheetapp.pdf.d6_pool.wording import SYSTEM_NAME
from sheetapp.pdf.kit.sections import SheetPrinting
from sheetapp.systems.d6_pool.model import D6PoolSheet

__all__ = ["blank_sections", "sections"]

PRINTING = SheetPrinting[D6PoolSheet](
    SYSTEM_NAME,
    character_sheet,
    blank_character_sheet,
    block_pages=stat_block_pages,
    block_note=N_("pool: dice and chance of 1+"),
)
sections = PRINTING.sections
blank_sections = PRINTING.blank_sections
