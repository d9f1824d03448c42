"""A plain-text account of a record and its figures, for ``sheetapp show`` in a terminal."""

from __future__ import annotations

from sheetapp.systems.forgotten_futures.figures import sheet_figures
from sheetapp.systems.forgotten_futures.model import ForgottenFuturesSheet
from sheetapp.systems.forgotten_futures.names import Characteristic, label


def describe(sheet: ForgottenFuturesSheet) -> str:
    f = sheet_figures(sheet)
    who = ", ".join(v for v in (f.profession, f.sex, f.age and f"age {f.age}") if v)
    lines = [f"{f.name or '(unnamed)'}{'  (' + who + ')' if who else ''}"]
    if f.player:
        lines.append(f"  Player {f.player}")
    lines.append(
        "  "
        + "  ".join(f"{label(c)} {_or_dash(f.characteristics[c.value])}" for c in Characteristic)
    )
    p = f.points
    lines.append(
        f"  Points {p.spent}/{p.allowed} spent ({p.characteristics} characteristics, "
        f"{p.skills} skills), {p.saved} saved; bonus {f.bonus.balance} "
        f"({f.bonus.at_creation} at creation)"
    )
    wounds = f.wounds
    penalty = wounds.body_penalty
    lines.append(
        f"  Wounds: {wounds.condition}"
        + (f"; BODY {penalty:+d}" if penalty else "")
        + (f" (BODY now {wounds.body_now})" if penalty and wounds.body_now else "")
    )
    for s in f.skills:
        shown = _or_dash(s.rating)
        if s.rating_now != s.rating:
            shown += f" (now {_or_dash(s.rating_now)})"
        marks = "  peaked" if s.peaked else ""
        speciality = f" ({s.speciality})" if s.speciality else ""
        lines.append(f"  - {s.name}{speciality} [{shown}]  base {s.base}{marks}")
    languages = f.languages
    if languages.native or languages.known:
        lines.append(f"  Languages: {', '.join([languages.native, *languages.known])}")
    for w in f.weapons:
        lines.append(
            f"  Weapon {w.name}: Effect {_or_dash(w.effect)} ({w.effect_text}), "
            f"A {w.a or '-'} / B {w.b or '-'} / C {w.c or '-'}"
            + ("  multiple targets" if w.multiple else "")
        )
    for a in f.armour:
        lines.append(f"  Armour {a.name}: -{a.reduction} Effect vs {a.against or 'all'}")
    return "\n".join(lines)


def _or_dash(value: object) -> str:
    return "-" if value is None else str(value)
