"""The few figures a stat block shows, without the rest of the character's.

A game master prints hundreds of blocks at once; ``character_figures`` also works out
movement, carrying limits, load and experience, none of which a block shows. These are the
same figures from the same functions; tests check them against ``character_figures``.
"""

from __future__ import annotations

from dataclasses import dataclass

from sheetapp.systems.amazing_engine.catalog import universe_or_generic
from sheetapp.systems.amazing_engine.derived import (
    AttackChances,
    attack_chances,
    initiative_modifier,
    universe_figure,
)
from sheetapp.systems.amazing_engine.figures import (
    SkillFigures,
    WeaponFigures,
    attribute_scores,
    skill_figures,
    weapon_figures,
)
from sheetapp.systems.amazing_engine.model import Character
from sheetapp.systems.amazing_engine.names import Attribute


@dataclass(frozen=True)
class CharacterBlockFigures:
    attributes: dict[str, int]
    stamina: int | None
    body: int | None
    initiative_modifier: int
    attack_chance: AttackChances
    weapons: list[WeaponFigures]
    skills: list[SkillFigures]


def block_figures(character: Character) -> CharacterBlockFigures:
    universe, _ = universe_or_generic(character.universe)
    reflexes = character.attributes.get(Attribute.REFLEXES, 0)
    return CharacterBlockFigures(
        attributes=attribute_scores(character),
        stamina=universe_figure(universe, "stamina", character),
        body=universe_figure(universe, "body", character),
        initiative_modifier=initiative_modifier(reflexes),
        attack_chance=attack_chances(reflexes),
        weapons=weapon_figures(character),
        skills=skill_figures(character, universe),
    )
