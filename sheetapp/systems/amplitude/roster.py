"""How an Amplitude Engine sheet shows in the library and at the table: one row named
after the character, the wound track as its damage track, and no initiative rule."""

from __future__ import annotations

from sheetapp.i18n import _
from sheetapp.systems.amplitude.model import AmplitudeSheet
from sheetapp.systems.amplitude.names import TRACK
from sheetapp.systems.plugin import RosterInfo, Track


def roster_info(sheet: AmplitudeSheet) -> RosterInfo:
    words = [sheet.concept, sheet.player, sheet.defence_notes, sheet.notes]
    words += [s.name for s in sheet.skills]
    words += [w.name for w in sheet.weapons] + [t.name for t in sheet.tools]
    return RosterInfo(
        name=sheet.name,
        setting="",
        npc=sheet.npc,
        text=" ".join(w for w in words if w),
        player=sheet.player,
        profession=sheet.concept,
    )


def wound_tracks(_sheet: AmplitudeSheet) -> list[Track]:
    """The wound track, one step per box from unwounded to incapacitated (a K kills
    outright, off the track).

    >>> wound_tracks(AmplitudeSheet())
    [Track(key='wounds', label='Wounds', maximum=4, minimum=0)]
    """
    return [Track("wounds", _("Wounds"), len(TRACK) - 1)]


def initiative_modifier(_sheet: AmplitudeSheet) -> int | None:
    """The text has no initiative rule: the GM orders the scene by hand."""
    return None
