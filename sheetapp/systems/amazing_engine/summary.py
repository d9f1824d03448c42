"""A plain-text account of a sheet and its figures, for ``sheetapp show`` in a terminal."""

from __future__ import annotations

from sheetapp.systems.amazing_engine.figures import sheet_figures
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet
from sheetapp.systems.amazing_engine.names import Attribute, Pool, label


def describe(sheet: AmazingEngineSheet) -> str:
    figures = sheet_figures(sheet)
    lines: list[str] = []
    core = figures.core
    if core is not None:
        lines.append(f"Player Core{' of ' + core.player if core.player else ''}")
        for pool in Pool:
            rank = core.ranks.get(pool.value, "-")
            dice = core.dice.get(pool.value, "-") if core.dice else "-"
            lines.append(f"  {label(pool):<10} rank {rank}  dice {dice}")
        lines.append(f"  Core XP {core.xp}")
    for c in figures.characters:
        lines.append("")
        lines.append(f"{c.name or '(unnamed)'}  [{c.universe}, {c.status}]")
        scores = "  ".join(f"{label(a)} {c.attributes.get(a.value, '-')}" for a in Attribute)
        lines.append(f"  {scores}")
        m = c.movement
        lines.append(
            f"  Stamina {_or_dash(c.stamina)}  Body {_or_dash(c.body)}  "
            f"Initiative +{c.initiative_modifier}  XP {c.xp}"
        )
        lines.append(
            f"  Move (m/turn): walk {m.walk}, run {m.run} for {m.run_minutes} min, "
            f"sprint {m.sprint} for {m.sprint_turns} turns"
            + (f", pushed {m.push_sprint} for {m.push_tax} XP" if m.push_sprint else "")
        )
        carry = c.carry_kg
        lines.append(
            f"  Carry (kg): {carry.unhindered} free, {carry.slowed} slowed, "
            f"{carry.walk_only} walk only; carrying {c.load_kg:g} ({c.load_status})"
        )
        a = c.attack_chance
        lines.append(
            f"  Attack: general {a.general}%, non-vital {a.non_vital}%, vital {a.vital}%"
        )
        for skill in c.skills:
            lines.append(
                f"  - {' > '.join(skill.path)} ({skill.attribute}) {skill.chance}%"
            )
    return "\n".join(lines)


def _or_dash(value: int | None) -> str:
    return "-" if value is None else str(value)
