"""Forgotten Futures blocks: profession, sex and age; the characteristics and bonus;
skills best first, weapons with their damage columns and armour, as the PDF block shows
them."""

from __future__ import annotations

from sheetapp.i18n import _
from sheetapp.statblocks.text import TextBlock, one_line
from sheetapp.systems.forgotten_futures.block_figures import (
    ForgottenFuturesBlockFigures,
    block_figures,
)
from sheetapp.systems.forgotten_futures.model import ForgottenFuturesSheet
from sheetapp.systems.forgotten_futures.names import Characteristic, label
from sheetapp.systems.registry import system_name


def _or_dash(value: object) -> str:
    return "-" if value is None else str(value)


def figures(f: ForgottenFuturesBlockFigures) -> tuple[tuple[str, str], ...]:
    """BODY, MIND, SOUL and the bonus points (the PDF block's too)."""
    return (
        *((label(c), _or_dash(f.characteristics[c.value])) for c in Characteristic),
        (_("Bonus"), str(f.bonus_balance)),
    )


def blocks(sheet: ForgottenFuturesSheet, _character: int | None = None) -> list[TextBlock]:
    f = block_figures(sheet)
    ranked = sorted(f.skills, key=lambda s: -(s.rating or 0))
    weapons = []
    for w in f.weapons:
        columns = zip("ABC", (w.a, w.b, w.c), strict=True)
        damage = ", ".join(f"{column} {one_line(v) or '-'}" for column, v in columns)
        weapons.append(
            _("{one_line} Eff {or_dash} ({damage})").format(
                one_line=one_line(w.name), or_dash=_or_dash(w.effect), damage=damage
            )
        )
    return [
        TextBlock(
            name=sheet.name,
            facts=(
                system_name("forgotten-futures"),
                f.profession,
                f.sex,
                _("age {age}").format(age=f.age) if f.age else "",
            ),
            figures=figures(f),
            lines=(
                (
                    _("Skills"),
                    ", ".join(f"{one_line(s.name)} {_or_dash(s.rating)}" for s in ranked),
                ),
                (_("Weapons"), "; ".join(weapons)),
                (_("Armour"), "; ".join(f"{one_line(a.name)} -{a.reduction}" for a in f.armour)),
            ),
        )
    ]
