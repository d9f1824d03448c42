"""Forgotten Futures as a tabletop sees it: BODY, MIND and SOUL, the wounds record as a
track, every skill as 2D6 read against the table (its rating is the attacking value)."""

from __future__ import annotations

from sheetapp.interop.mapping import SystemMapping
from sheetapp.interop.view import Check, Item, Stat, TabletopView, key_of
from sheetapp.systems.forgotten_futures.figures import sheet_figures
from sheetapp.systems.forgotten_futures.model import ForgottenFuturesSheet
from sheetapp.systems.forgotten_futures.names import Characteristic

_WOUND_BOXES = 5


def view(sheet: ForgottenFuturesSheet) -> TabletopView:
    fig = sheet_figures(sheet)
    stats = [
        Stat(key_of(c), c.upper(), fig.characteristics.get(c), group="characteristics",
             path=f"characteristics.{c}")
        for c in (characteristic.value for characteristic in Characteristic)
    ]
    stats += [
        Stat("wounds", "Wound boxes free", _WOUND_BOXES - fig.wounds.ticked,
             maximum=_WOUND_BOXES, group="resources"),
        Stat("profession", "Profession", sheet.profession, group="details", path="profession"),
        Stat("bonus_points", "Bonus points", fig.bonus.balance, group="details"),
    ]
    checks = [
        Check(key_of(s.name, s.speciality),
              s.name + (f" ({s.speciality})" if s.speciality else ""),
              "2d6", {"rating": s.rating_now})
        for s in fig.skills if s.rating_now is not None
    ]
    items = [
        Item(w.name, "weapon", notes=w.notes,
             details={"effect": w.effect, "a": w.a, "b": w.b, "c": w.c, "multiple": w.multiple})
        for w in sheet.weapons
    ] + [
        Item(a.name, "armour",
             details={"reduction": a.reduction, "against": a.against, "covers": a.covers})
        for a in sheet.armour
    ]
    biography = "\n\n".join(t for t in (sheet.notes, sheet.equipment) if t)
    return TabletopView(sheet.system, sheet.name, sheet.npc, biography, tuple(stats),
                        tuple(checks), tuple(items))


MAPPING = SystemMapping(
    view=view, name_path="name", notes_path="notes", blank=ForgottenFuturesSheet
)
