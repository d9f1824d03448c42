"""The Amplitude Engine as a tabletop sees it: the defensive bonus and momentum, the wound
track, every skill as 4dF plus its OB (the column) and 4dF for the Amp (the row)."""

from __future__ import annotations

from sheetapp.interop.mapping import SystemMapping
from sheetapp.interop.view import Check, Item, Stat, TabletopView, key_of
from sheetapp.systems.amplitude.figures import sheet_figures
from sheetapp.systems.amplitude.model import AmplitudeSheet


def view(sheet: AmplitudeSheet) -> TabletopView:
    fig = sheet_figures(sheet)
    wound = fig.wound
    stats = (
        Stat("defensive_bonus", "Defensive bonus", sheet.defensive_bonus, group="combat",
             path="defensive_bonus"),
        Stat("momentum", "Momentum", sheet.momentum, group="resources", path="momentum"),
        Stat("wound_steps", "Wound steps left", wound.track_length - wound.position,
             maximum=wound.track_length, group="resources"),
        Stat("concept", "Concept", sheet.concept, group="details", path="concept"),
    )
    checks = tuple(
        Check(key_of(s.name), s.name, _plus("4dF", s.ob), {"ob": s.ob})
        for s in fig.skills
    )
    items = tuple(
        Item(w.name, "weapon", notes=w.notes, details={"power": w.power, "skill": w.skill})
        for w in sheet.weapons
    ) + tuple(
        Item(t.name, "gear", notes=t.notes, details={"quality": t.quality, "skill": t.skill})
        for t in sheet.tools
    )
    return TabletopView(sheet.system, sheet.name, sheet.npc, sheet.notes, stats, checks, items)


def _plus(dice: str, bonus: int) -> str:
    return dice if bonus == 0 else f"{dice}{bonus:+d}"


MAPPING = SystemMapping(view=view, name_path="name", notes_path="notes", blank=AmplitudeSheet)
