"""Printable Forgotten Futures records: the character record, blanks and stat blocks.

What every system's PDF module offers ``sheetapp.pdf.export``: ``sections`` for sheets,
``blank_sections`` for empty forms.
"""

from __future__ import annotations

from sheetapp.i18n import N_
from sheetapp.pdf.forgotten_futures.record_sheet import blank_record_sheet, record_sheet
from sheetapp.pdf.forgotten_futures.stat_blocks import stat_block_pages
from sheetapp.pdf.forgotten_futures.wording import SYSTEM_NAME
from sheetapp.pdf.kit.sections import SheetPrinting
from sheetapp.systems.forgotten_futures.model import ForgottenFuturesSheet

__all__ = ["blank_sections", "sections"]

PRINTING = SheetPrinting[ForgottenFuturesSheet](
    SYSTEM_NAME,
    record_sheet,
    blank_record_sheet,
    blank_title=N_("Character record"),
    block_pages=stat_block_pages,
)
sections = PRINTING.sections
blank_sections = PRINTING.blank_sections
