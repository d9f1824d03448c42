"""How an Alternity sheet shows in the library and at the table: one row per hero, the four
durability tracks to count down, and no initiative modifier (order comes from each
character's action check, rolled against a score rather than added to a shared roll)."""

from __future__ import annotations

from sheetapp.systems.alternity.derived import track_maxima
from sheetapp.systems.alternity.model import AlternitySheet
from sheetapp.systems.alternity.names import label
from sheetapp.systems.plugin import RosterInfo, Track


def roster_info(sheet: AlternitySheet) -> RosterInfo:
    words = [sheet.player, sheet.species, sheet.profession, sheet.career, sheet.motivation]
    words += [sheet.perks, sheet.flaws, sheet.background, sheet.notes]
    words += [b.name for b in sheet.broad_skills]
    words += [f"{s.broad}-{s.name}" for s in sheet.specialty_skills]
    words += [w.name for w in sheet.weapons] + [a.name for a in sheet.armour]
    words += [e.name for e in sheet.equipment]
    return RosterInfo(
        name=sheet.name,
        setting=sheet.campaign,
        npc=sheet.npc,
        text=" ".join(w for w in words if w),
        player=sheet.player,
        profession=" / ".join(p for p in (sheet.profession, sheet.career) if p),
        xp=sheet.level,  # Alternity counts levels; its achievement points are spent
    )


def damage_tracks(sheet: AlternitySheet) -> list[Track]:
    """Stun, wound, mortal and fatigue, each once its number of boxes is known."""
    return [
        Track(t.value, label(t), boxes)
        for t, boxes in track_maxima(sheet).items()
        if boxes is not None
    ]


def sheet_initiative_modifier(_sheet: AlternitySheet) -> int | None:
    """None: in Alternity each character rolls an action check against its own score (the
    figure ``action_check``), so there is nothing to add to a side's roll."""
    return None
