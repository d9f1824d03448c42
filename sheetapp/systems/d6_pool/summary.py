"""A plain-text account of a sheet and its figures, for ``sheetapp show`` in a terminal."""

from __future__ import annotations

from sheetapp.systems.d6_pool.figures import PoolFigures, sheet_figures, shown_chance
from sheetapp.systems.d6_pool.model import D6PoolSheet
from sheetapp.systems.d6_pool.names import SHOWN_DIFFICULTIES, Attribute, label
from sheetapp.systems.wording import plain_count


def _or_dash(value: object) -> str:
    return "-" if value is None else str(value)


def _odds(pool: PoolFigures | None) -> str:
    if pool is None:
        return "no pool (no attribute)"
    chances = ", ".join(f"diff. {k} {shown_chance(pool, k)}" for k in SHOWN_DIFFICULTIES)
    return f"{plain_count(pool.dice, 'die')} ({chances})"


def describe(sheet: D6PoolSheet) -> str:
    f = sheet_figures(sheet)
    title = f.name or "(unnamed)"
    if sheet.concept:
        title += f", {sheet.concept}"
    lines = [f"{title}{'  [NPC]' if f.npc else ''}"]
    lines.append(
        "  " + "  ".join(f"{label(a)} {_or_dash(f.attributes.get(a.value))}" for a in Attribute)
    )
    for extra in f.extra_attributes:
        lines.append(f"  {extra.name or '(GM attribute)'} {_or_dash(extra.score)}")
    points, skills, traits = f.attribute_points, f.skill_points, f.trait_points
    borrowed = f" (+{skills.from_traits} from traits)" if skills.from_traits else ""
    move = f.move
    moving = "-" if move is None else f"{move.feet} ft / {move.metres} m"
    lines.append(
        f"  Attribute points {_or_dash(points.assigned)} of {_or_dash(points.rolled)}; "
        f"skill points {skills.spent} of {_or_dash(skills.budget)}"
        f"{borrowed}; "
        f"trait points {traits.spent} of {traits.budget}"
    )
    damage = f.damage
    lines.append(
        f"  Health {_or_dash(f.health)}  lethal {damage.lethal.taken}  non-lethal "
        f"{damage.nonlethal.taken}  left {_or_dash(damage.left)} "
        f"({_or_dash(damage.state)})  XP {f.xp}"
    )
    lines.append(
        f"  Initiative {plain_count(f.initiative_pool, 'die')}  to hit: {f.dodge_needed}  "
        f"to hurt: {_or_dash(f.damage_needed)} (successes)  move "
        f"{moving}"
    )
    for skill in f.skills:
        lines.append(f"  - {skill.name} {_or_dash(skill.rating)}: {_odds(skill.pool)}")
    for trait in f.traits:
        value = _or_dash(trait.value)
        pool = f": {_odds(trait.pool)}" if trait.pool else ""
        lines.append(f"  * {trait.name} {value} ({trait.kind}){pool}")
    for weapon in f.weapons:
        damage = plain_count(weapon.damage_pool.dice, "die")
        lines.append(
            f"  > {weapon.name} damage {_or_dash(weapon.damage_rating)}"
            f"{'' if weapon.lethal else ' non-lethal'}: attack "
            f"{_odds(weapon.attack_pool)}, damage {damage}"
        )
    return "\n".join(lines)
