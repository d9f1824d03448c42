"""Alternity blocks: species, profession, career and level; the six abilities with their
resistance modifiers; action check, actions, durability and last resorts; skills with
their specialties, weapons and armour, as the PDF block shows them."""

from __future__ import annotations

from sheetapp.i18n import _
from sheetapp.statblocks.text import TextBlock, one_line
from sheetapp.systems.alternity.block_figures import AlternityBlockFigures, block_figures
from sheetapp.systems.alternity.checks import Thresholds
from sheetapp.systems.alternity.model import AlternitySheet
from sheetapp.systems.alternity.names import Ability, abbreviation
from sheetapp.systems.registry import system_name
from sheetapp.systems.wording import signed


def _score(score: Thresholds | None) -> str:
    return "–" if score is None else f"{score.ordinary}/{score.good}/{score.amazing}"


def scores(f: AlternityBlockFigures) -> tuple[tuple[str, str], ...]:
    """The abilities with their resistance modifiers (the PDF block's strip too)."""
    shown = []
    for ability in Ability:
        score, mod = f.abilities.get(ability.value), f.resistance.get(ability.value)
        value = "–" if score is None else str(score)
        value += f" ({signed(mod)})" if mod else ""
        shown.append((abbreviation(ability), value))
    return tuple(shown)


def figures(f: AlternityBlockFigures) -> tuple[tuple[str, str], ...]:
    """Action check, actions, durability and last resorts (the PDF block's too)."""
    check = f.action_check
    durability = "/".join(str(f.durability[k] or "–") for k in ("stun", "wound", "mortal"))
    return (
        (
            _("Action check"),
            f"{check.marginal}+/{check.ordinary}/{check.good}/{check.amazing}" if check else "–",
        ),
        (_("Actions"), str(f.actions_per_round or "–")),
        (_("Durability"), f"{durability}/{f.durability['fatigue'] or '–'}"),
        (_("Last resorts"), str(f.last_resorts)),
    )


def blocks(sheet: AlternitySheet, _character: int | None = None) -> list[TextBlock]:
    f = block_figures(sheet)
    skills = []
    for broad in f.broad_skills:
        key = broad.name.casefold().strip()
        inner = [
            f"{one_line(s.name)} {_score(s.score)}"
            for s in f.specialty_skills
            if s.broad.casefold().strip() == key
        ]
        skills.append(
            f"{one_line(broad.name)} {_score(broad.score)}"
            + (f" ({', '.join(inner)})" if inner else "")
        )
    weapons = []
    for w in f.weapons:
        damage = f" {w.damage.ordinary}/{w.damage.good}/{w.damage.amazing}" if w.damage else ""
        kind = f" {one_line(w.kind)}" if one_line(w.kind) else ""
        weapons.append(f"{one_line(w.name)} {_score(w.score)}{kind}{damage}")
    armour = [f"{one_line(a.name)} {a.li}/{a.hi}/{a.en}" for a in f.armour if a.name]
    return [
        TextBlock(
            name=sheet.name,
            facts=(
                system_name("alternity"),
                f.species,
                f.profession,
                f.career,
                _("level {level}").format(level=f.level),
            ),
            scores=scores(f),
            figures=figures(f),
            lines=(
                (_("Skills"), "; ".join(skills)),
                (_("Weapons"), "; ".join(weapons)),
                (_("Armour"), "; ".join(armour)),
            ),
        )
    ]
