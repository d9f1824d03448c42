"""A plain-text account of a record and its figures, for ``sheetapp show`` in a terminal."""

from __future__ import annotations

from sheetapp.i18n import _
from sheetapp.systems.forgotten_futures.figures import sheet_figures
from sheetapp.systems.forgotten_futures.model import ForgottenFuturesSheet
from sheetapp.systems.forgotten_futures.names import Characteristic, label


def describe(sheet: ForgottenFuturesSheet) -> str:
    f = sheet_figures(sheet)
    who = ", ".join(v for v in (f.profession, f.sex, f.age and f"age {f.age}") if v)
    lines = [f"{f.name or '(unnamed)'}{'  (' + who + ')' if who else ''}"]
    if f.player:
        lines.append(_("  Player {player}").format(player=f.player))
    lines.append(
        "  "
        + "  ".join(f"{label(c)} {_or_dash(f.characteristics[c.value])}" for c in Characteristic)
    )
    p = f.points
    lines.append(
        _(
            "  Points {spent}/{allowed} spent ({characteristics} "
            "characteristics, {skills} skills), {saved} saved; bonus "
            "{balance} ({at_creation} at creation)"
        ).format(
            spent=p.spent,
            allowed=p.allowed,
            characteristics=p.characteristics,
            skills=p.skills,
            saved=p.saved,
            balance=f.bonus.balance,
            at_creation=f.bonus.at_creation,
        )
    )
    wounds = f.wounds
    penalty = wounds.body_penalty
    lines.append(
        _("  Wounds: {condition}").format(condition=wounds.condition)
        + (_("; BODY {penalty:+d}").format(penalty=penalty) if penalty else "")
        + (
            _(" (BODY now {body_now})").format(body_now=wounds.body_now)
            if penalty and wounds.body_now
            else ""
        )
    )
    for s in f.skills:
        shown = _or_dash(s.rating)
        if s.rating_now != s.rating:
            shown += _(" (now {or_dash})").format(or_dash=_or_dash(s.rating_now))
        marks = _("  peaked") if s.peaked else ""
        speciality = f" ({s.speciality})" if s.speciality else ""
        lines.append(
            _("  - {name}{speciality} [{shown}]  base {base}{marks}").format(
                name=s.name, speciality=speciality, shown=shown, base=s.base, marks=marks
            )
        )
    languages = f.languages
    if languages.native or languages.known:
        lines.append(
            _("  Languages: {join}").format(join=", ".join([languages.native, *languages.known]))
        )
    for w in f.weapons:
        lines.append(
            _(
                "  Weapon {name}: Effect {or_dash} ({effect_text}), A {value} / "
                "B {value2} / C {value3}"
            ).format(
                name=w.name,
                or_dash=_or_dash(w.effect),
                effect_text=w.effect_text,
                value=w.a or "-",
                value2=w.b or "-",
                value3=w.c or "-",
            )
            + (_("  multiple targets") if w.multiple else "")
        )
    for a in f.armour:
        lines.append(
            _("  Armour {name}: -{reduction} Effect vs {value}").format(
                name=a.name, reduction=a.reduction, value=a.against or "all"
            )
        )
    return "\n".join(lines)


def _or_dash(value: object) -> str:
    return "-" if value is None else str(value)
