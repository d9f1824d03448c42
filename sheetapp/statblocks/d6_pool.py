"""d6 pool blocks: concept; the attributes; health, initiative, to hit, to hurt and move;
skills, traits and weapons with their pools, as the PDF block shows them."""

from __future__ import annotations

from sheetapp.i18n import N_, TranslatedTable, _
from sheetapp.statblocks.text import TextBlock, one_line
from sheetapp.systems.d6_pool.block_figures import (
    BlockPool,
    BlockWeapon,
    D6PoolBlockFigures,
    block_figures,
)
from sheetapp.systems.d6_pool.model import D6PoolSheet
from sheetapp.systems.d6_pool.names import ABBREVIATIONS, Attribute
from sheetapp.systems.registry import system_name
from sheetapp.systems.wording import percent

# A weapon's kind inside its line, in the case the language writes it there (lowering a
# label would put a German noun in small letters).
ATTACK_IN_A_LINE = TranslatedTable({"melee": N_("melee"), "ranged": N_("ranged"), "": ""})


def _pool(pool: BlockPool | None) -> str:
    return "-" if pool is None else f"{pool.dice}d {percent(pool.chance)}"


def _damage(weapon: BlockWeapon) -> str:
    if weapon.fixed_damage is not None:
        return _("Str {fixed_damage} (no roll)").format(fixed_damage=weapon.fixed_damage)
    return f"{weapon.damage_dice}d"


def _or_dash(value: object) -> str:
    return "-" if value is None else str(value)


def scores(f: D6PoolBlockFigures) -> tuple[tuple[str, str], ...]:
    """The six attributes (the PDF block's strip too)."""
    return tuple(
        (ABBREVIATIONS[a].upper(), _or_dash(f.attributes.get(a.value))) for a in Attribute
    )


def figures(f: D6PoolBlockFigures) -> tuple[tuple[str, str], ...]:
    """The GM's attributes, health, initiative, to hit, to hurt and move (the PDF's too)."""
    move = f.move
    return (
        # Translators: an unnamed attribute the game master added, abbreviated
        *((one_line(x.name) or _("GM"), _or_dash(x.score)) for x in f.extra_attributes),
        (_("Health"), _or_dash(f.health)),
        (_("Initiative"), f"{f.initiative_pool}d"),
        (_("To hit"), str(f.dodge_needed)),
        (_("To hurt"), _or_dash(f.damage_needed)),
        (_("Move"), _("{feet} ft").format(feet=move.feet) if move else "-"),
    )


def blocks(sheet: D6PoolSheet, _character: int | None = None) -> list[TextBlock]:
    f = block_figures(sheet)
    skills = [f"{one_line(s.name) or '?'} {s.rating or '-'} ({_pool(s.pool)})" for s in f.skills]
    traits = [
        f"{one_line(t.name) or '?'} {_or_dash(t.value)}" + (f" ({_pool(t.pool)})" if t.pool else "")
        for t in f.traits
    ]
    weapons = [
        (
            _("{name} ({lower}) attack {pool}, damage {damage}")
            if w.lethal
            else _("{name} ({lower}) attack {pool}, damage {damage} non-lethal")
        ).format(
            name=one_line(w.name) or "?",
            lower=ATTACK_IN_A_LINE[w.attack],
            pool=_pool(w.attack_pool),
            damage=_damage(w),
        )
        + (f" ({'; '.join(one_line(r) for r in w.rules)})" if w.rules else "")
        for w in f.weapons
    ]
    return [
        TextBlock(
            name=sheet.name,
            facts=(system_name("d6-pool"), sheet.concept, _("NPC") if sheet.npc else ""),
            scores=scores(f),
            figures=figures(f),
            lines=(
                (_("Skills"), "; ".join(skills)),
                (_("Traits"), "; ".join(traits)),
                (_("Weapons"), "; ".join(weapons)),
            ),
        )
    ]
