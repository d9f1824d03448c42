"""Printable Amazing Engine sheets: Player Core, character sheets, stat blocks, blanks.

What every system's PDF module offers ``sheetapp.pdf.export``: ``sections`` for sheets,
``blank_sections`` for empty forms.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from sheetapp.i18n import _
from sheetapp.pdf.amazing_engine.character_sheet import blank_character_sheet, character_sheet
from sheetapp.pdf.amazing_engine.core_sheet import blank_core_sheet, player_core_sheet
from sheetapp.pdf.amazing_engine.stat_blocks import stat_block_pages
from sheetapp.pdf.amazing_engine.wording import SYSTEM_NAME, system_line
from sheetapp.pdf.kit.document import Section
from sheetapp.pdf.kit.sections import blank_section, sheet_section, stat_block_section
from sheetapp.systems.amazing_engine.catalog import installed_universes, requested_universe
from sheetapp.systems.amazing_engine.ledger import balance
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet

__all__ = ["blank_sections", "sections"]


def sections(sheets: Sequence[AmazingEngineSheet], *, stat_blocks: bool = False) -> list[Section]:
    """Per sheet its Player Core then each character; or every character as a stat block."""
    if stat_blocks:
        characters = [c for s in sheets for c in s.characters]
        names = [c.name for c in characters]
        return [
            stat_block_section(_(SYSTEM_NAME), names, pages=partial(stat_block_pages, characters))
        ]
    out: list[Section] = []
    for sheet in sheets:
        player = sheet.core.player if sheet.core else ""
        core_xp = balance(sheet.core.xp_ledger) if sheet.core else None
        if sheet.core is not None:
            out.append(
                Section(
                    title=player or _("Player Core"),
                    kind=_("Player Core") if player else "",
                    system=_(SYSTEM_NAME),
                    story=partial(player_core_sheet, sheet),
                    author=player,
                    subject=_(SYSTEM_NAME),
                )
            )
        out += [
            sheet_section(
                c.name,
                system_line(c.universe),
                kind=_("Character"),
                story=partial(character_sheet, c, core_xp=core_xp),
                author=c.player or player,
                subject=_(SYSTEM_NAME),
            )
            for c in sheet.characters
        ]
    return out


def blank_sections(*, fillable: bool = False, universe: str | None = None) -> list[Section]:
    """An empty Player Core and character sheet; ``universe`` lists its skills to tick."""
    found = None if universe is None else requested_universe(installed_universes(), universe)
    character = partial(blank_character_sheet, fillable=fillable, universe=found)
    return [
        blank_section(
            _("Player Core"),
            _(SYSTEM_NAME),
            partial(blank_core_sheet, fillable=fillable),
            fillable=fillable,
        ),
        blank_section(
            _("Character"),
            system_line(universe),
            character,
            fillable=fillable,
            subject=_(SYSTEM_NAME),
        ),
    ]
