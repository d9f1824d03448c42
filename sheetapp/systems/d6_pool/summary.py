"""A plain-text account of a sheet and its figures, for ``sheetapp show`` in a terminal."""

from __future__ import annotations

from sheetapp.i18n import _, pgettext
from sheetapp.systems.d6_pool.figures import PoolFigures, sheet_figures, shown_chance
from sheetapp.systems.d6_pool.model import D6PoolSheet
from sheetapp.systems.d6_pool.names import SHOWN_DIFFICULTIES, Attribute, label
from sheetapp.systems.wording import plain_count


def _or_dash(value: object) -> str:
    return "-" if value is None else str(value)


def _odds(pool: PoolFigures | None) -> str:
    if pool is None:
        return _("no pool (no attribute)")
    chances = pgettext("list separator", ", ").join(
        _("diff. {difficulty} {chance}").format(difficulty=k, chance=shown_chance(pool, k))
        for k in SHOWN_DIFFICULTIES
    )
    return _("{dice} ({chances})").format(dice=plain_count(pool.dice, "die"), chances=chances)


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
        lines.append(f"  {extra.name or _('(GM attribute)')} {_or_dash(extra.score)}")
    points, skills, traits = f.attribute_points, f.skill_points, f.trait_points
    borrowed = (
        _(" (+{from_traits} from traits)").format(from_traits=skills.from_traits)
        if skills.from_traits
        else ""
    )
    move = f.move
    moving = (
        "-"
        if move is None
        else _("{feet} ft / {metres} m").format(feet=move.feet, metres=move.metres)
    )
    lines.append(
        _(
            "  Attribute points {or_dash} of {or_dash2}; skill points "
            "{spent} of {or_dash3}{borrowed}; trait points {spent2} of "
            "{budget}"
        ).format(
            or_dash=_or_dash(points.assigned),
            or_dash2=_or_dash(points.rolled),
            spent=skills.spent,
            or_dash3=_or_dash(skills.budget),
            borrowed=borrowed,
            spent2=traits.spent,
            budget=traits.budget,
        )
    )
    damage = f.damage
    lines.append(
        _(
            "  Health {or_dash}  lethal {taken}  non-lethal {taken2}  left "
            "{or_dash2} ({or_dash3})  XP {xp}"
        ).format(
            or_dash=_or_dash(f.health),
            taken=damage.lethal.taken,
            taken2=damage.nonlethal.taken,
            or_dash2=_or_dash(damage.left),
            or_dash3=_or_dash(damage.state),
            xp=f.xp,
        )
    )
    lines.append(
        _(
            "  Initiative {plain_count}  to hit: {dodge_needed}  to hurt: "
            "{or_dash} (successes)  move {moving}"
        ).format(
            plain_count=plain_count(f.initiative_pool, "die"),
            dodge_needed=f.dodge_needed,
            or_dash=_or_dash(f.damage_needed),
            moving=moving,
        )
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
            _("  > {name} damage {or_dash}{value}: attack {odds}, damage {damage}").format(
                name=weapon.name,
                or_dash=_or_dash(weapon.damage_rating),
                value="" if weapon.lethal else " non-lethal",
                odds=_odds(weapon.attack_pool),
                damage=damage,
            )
        )
    return "\n".join(lines)
