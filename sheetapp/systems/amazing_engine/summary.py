"""A plain-text account of a sheet and its figures, for ``sheetapp show`` in a terminal."""

from __future__ import annotations

from sheetapp.i18n import _
from sheetapp.locale_format import number
from sheetapp.systems.amazing_engine.figures import sheet_figures
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet
from sheetapp.systems.amazing_engine.names import Attribute, Pool, label


def describe(sheet: AmazingEngineSheet) -> str:
    figures = sheet_figures(sheet)
    lines: list[str] = []
    core = figures.core
    if core is not None:
        lines.append(
            _("Player Core{value}").format(value=" of " + core.player if core.player else "")
        )
        for pool in Pool:
            rank = core.ranks.get(pool.value, "-")
            dice = core.dice.get(pool.value, "-") if core.dice else "-"
            lines.append(
                _("  {label:<10} rank {rank}  dice {dice}").format(
                    label=label(pool), rank=rank, dice=dice
                )
            )
        lines.append(_("  Core XP {xp}").format(xp=core.xp))
    for c in figures.characters:
        lines.append("")
        lines.append(f"{c.name or '(unnamed)'}  [{c.universe}, {c.status}]")
        scores = "  ".join(f"{label(a)} {c.attributes.get(a.value, '-')}" for a in Attribute)
        lines.append(f"  {scores}")
        m = c.movement
        lines.append(
            _(
                "  Stamina {or_dash}  Body {or_dash2}  Initiative +{initiative_modifier}  XP {xp}"
            ).format(
                or_dash=_or_dash(c.stamina),
                or_dash2=_or_dash(c.body),
                initiative_modifier=c.initiative_modifier,
                xp=c.xp,
            )
        )
        lines.append(
            _(
                "  Move (m/turn): walk {walk}, run {run} for {run_minutes} min, "
                "sprint {sprint} for {sprint_turns} turns"
            ).format(
                walk=m.walk,
                run=m.run,
                run_minutes=m.run_minutes,
                sprint=m.sprint,
                sprint_turns=m.sprint_turns,
            )
            + (
                _(", pushed {push_sprint} for {push_tax} XP").format(
                    push_sprint=m.push_sprint, push_tax=m.push_tax
                )
                if m.push_sprint
                else ""
            )
        )
        carry = c.carry_kg
        lines.append(
            _(
                "  Carry (kg): {unhindered} free, {slowed} slowed, {walk_only} "
                "walk only; carrying {load_kg} ({load_status})"
            ).format(
                unhindered=carry.unhindered,
                slowed=carry.slowed,
                walk_only=carry.walk_only,
                load_kg=number(c.load_kg),
                load_status=c.load_status,
            )
        )
        a = c.attack_chance
        lines.append(
            _("  Attack: general {general}%, non-vital {non_vital}%, vital {vital}%").format(
                general=a.general, non_vital=a.non_vital, vital=a.vital
            )
        )
        for skill in c.skills:
            lines.append(
                f"  - {' > '.join(skill.path)} ({skill.attribute}) {skill.chance}%"
            )
    return "\n".join(lines)


def _or_dash(value: int | None) -> str:
    return "-" if value is None else str(value)
