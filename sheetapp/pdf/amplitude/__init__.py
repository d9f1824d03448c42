"""Printable Amplitude Engine sheets: the character sheet, stat blocks and blanks.

What every system's PDF module offers ``sheetapp.pdf.export``: ``sections`` for sheets,
``blank_sections`` for empty forms.
"""

from __future__ import annotations

from sheetapp.pdf.amplitude.character_sheet import blank_character_sheet, character_sheet
from sheetapp.pdf.amplitude.stat_blocks import stat_block_pages
from sheetapp.pdf.amplitude.wording import SYSTEM_NAME
from sheetapp.pdf.kit.sections import SheetPrinting
from sheetapp.systems.amplitude.model import AmplitudeSheet

__all__ = ["blank_sections", "sections"]

PRINTING = SheetPrinting[AmplitudeSheet](
    SYSTEM_NAME,
    character_sheet,
    blank_character_sheet,
    block_pages=stat_block_pages,
)
sections = PRINTING.sections
blank_sections = PRINTING.blank_sections
