"""The few figures a stat block shows, without the rest of the sheet's.

A game master prints hundreds of blocks at once, and ``sheet_figures`` works out untrained
scores, situation dice, the condition, load, movement and throwing ranges, none of which a
block shows. A block shows each skill's three degrees (``Thresholds``). These are the same
numbers from the same rules functions; tests check them against ``sheet_figures``.
"""

from __future__ import annotations

from dataclasses import dataclass

from sheetapp.systems.alternity.checks import Thresholds
from sheetapp.systems.alternity.derived import (
    broad_figure,
    sheet_actions,
    specialty_figure,
    weapon_skill,
)
from sheetapp.systems.alternity.figures import (
    ActionCheckFigures,
    ArmourFigures,
    WeaponDamageFigures,
    ability_scores,
    action_check_figures,
    armour_figures,
    durability_figures,
    resistance_figures,
    weapon_damage,
)
from sheetapp.systems.alternity.model import AlternitySheet
from sheetapp.systems.alternity.scores import SkillScore


@dataclass(frozen=True)
class BlockSkill:
    name: str
    score: Thresholds | None


@dataclass(frozen=True)
class BlockSpecialty:
    broad: str
    name: str
    score: Thresholds | None


@dataclass(frozen=True)
class BlockWeapon:
    name: str
    score: Thresholds | None
    kind: str
    damage: WeaponDamageFigures | None


@dataclass(frozen=True)
class AlternityBlockFigures:
    species: str
    profession: str
    career: str
    level: int
    abilities: dict[str, int]
    resistance: dict[str, int]
    action_check: ActionCheckFigures | None
    actions_per_round: int | None
    durability: dict[str, int | None]
    last_resorts: int
    broad_skills: list[BlockSkill]
    specialty_skills: list[BlockSpecialty]
    weapons: list[BlockWeapon]
    armour: list[ArmourFigures]


def block_figures(sheet: AlternitySheet) -> AlternityBlockFigures:
    return AlternityBlockFigures(
        species=sheet.species,
        profession=sheet.profession,
        career=sheet.career,
        level=sheet.level,
        abilities=ability_scores(sheet),
        resistance=resistance_figures(sheet),
        action_check=action_check_figures(sheet),
        actions_per_round=sheet_actions(sheet),
        durability=durability_figures(sheet),
        last_resorts=sheet.last_resorts,
        broad_skills=[
            BlockSkill(b.name, _degrees(broad_figure(sheet, b))) for b in sheet.broad_skills
        ],
        specialty_skills=[
            BlockSpecialty(s.broad, s.name, _degrees(specialty_figure(sheet, s)))
            for s in sheet.specialty_skills
        ],
        weapons=[
            BlockWeapon(w.name, _degrees(weapon_skill(sheet, w)), w.kind, weapon_damage(w))
            for w in sheet.weapons
        ],
        armour=armour_figures(sheet),
    )


def _degrees(score: SkillScore | None) -> Thresholds | None:
    return score.thresholds if score else None
