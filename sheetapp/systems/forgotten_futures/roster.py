"""How a record shows in the library and at the table: its roster row, and the wounds
record as the one damage track (five boxes, B F I I C)."""

from __future__ import annotations

from sheetapp.i18n import _
from sheetapp.systems.forgotten_futures.model import ForgottenFuturesSheet
from sheetapp.systems.forgotten_futures.wounds import BOXES
from sheetapp.systems.plugin import RosterInfo, Track


def roster_info(sheet: ForgottenFuturesSheet) -> RosterInfo:
    words = [sheet.player, sheet.profession, sheet.equipment, sheet.notes]
    words += [s.name for s in sheet.skills] + [w.name for w in sheet.weapons]
    words += [a.name for a in sheet.armour] + list(sheet.languages)
    return RosterInfo(
        name=sheet.name or sheet.player,
        npc=sheet.npc,
        text=" ".join(w for w in words if w),
        player=sheet.player,
        profession=sheet.profession,
    )


def damage_tracks(sheet: ForgottenFuturesSheet) -> list[Track]:
    letters = " ".join(letter for _unused, letter, _unused in BOXES)
    return [Track("wounds", _("Wounds {letters}").format(letters=letters), len(BOXES))]


def initiative_modifier(_sheet: ForgottenFuturesSheet) -> int | None:
    """None: everything in a round happens at once, so there is no initiative to roll."""
    return None
