"""Everything a sheet shows beyond what the player wrote, gathered in one place.

``show --json``, the forms and the PDF all read these figures, so a number is computed in
exactly one way wherever it appears. The figures are frozen dataclasses (one for the core,
one per character), so a reader names each one as an attribute and a renamed figure fails
where it is read.
"""

from __future__ import annotations

from dataclasses import dataclass

from sheetapp.systems.amazing_engine.catalog import universe_or_generic
from sheetapp.systems.amazing_engine.chances import BEST_POSSIBLE, known_by_group, skill_chance
from sheetapp.systems.amazing_engine.combat import attack_odds
from sheetapp.systems.amazing_engine.derived import (
    AttackChances,
    CarryLimits,
    Movement,
    area_lethality,
    attack_chances,
    carry_limits,
    initiative_modifier,
    load_kg,
    load_status,
    loaded_movement,
    movement,
    universe_figure,
)
from sheetapp.systems.amazing_engine.ledger import balance
from sheetapp.systems.amazing_engine.lifting import Lift, taxed_lift
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet, Character
from sheetapp.systems.amazing_engine.names import Attribute, Pool
from sheetapp.systems.amazing_engine.pool_dice import current_pool_dice
from sheetapp.systems.amazing_engine.universe import Universe

AREAS = ("general", "non_vital", "vital")


@dataclass(frozen=True)
class CoreFigures:
    player: str
    ranks: dict[str, int]  # by pool
    dice: dict[str, int] | None  # by pool; None until the dice are placed
    xp: int


@dataclass(frozen=True)
class AreaLethality:
    """A weapon's lethality after each target area's shift."""

    general: int
    non_vital: int
    vital: int

    @classmethod
    def of(cls, lethality: int) -> AreaLethality:
        return cls(*(area_lethality(lethality, area) for area in AREAS))

    def by_area(self) -> dict[str, int]:
        """The lethalities keyed by target area, for a table of all three."""
        return {"general": self.general, "non_vital": self.non_vital, "vital": self.vital}


@dataclass(frozen=True)
class AreaBodyHits:
    """The chance (0..1) that one attack roll hits and lands on body, per target area."""

    general: float
    non_vital: float
    vital: float

    @classmethod
    def of(cls, chances: AttackChances, lethality: int) -> AreaBodyHits:
        by_area = chances.by_area()
        return cls(
            *(float(attack_odds(by_area[area], lethality, area)["body"]) for area in AREAS)
        )

    def by_area(self) -> dict[str, float]:
        return {"general": self.general, "non_vital": self.non_vital, "vital": self.vital}


@dataclass(frozen=True)
class WeaponFigures:
    name: str
    damage: str
    lethality: AreaLethality
    body_hits: AreaBodyHits  # with the character's attack chances


@dataclass(frozen=True)
class SkillFigures:
    name: str
    group: str
    path: list[str]
    attribute: str
    chance: int


@dataclass(frozen=True)
class CharacterFigures:
    id: str
    name: str
    universe: str
    status: str
    attributes: dict[str, int]
    stamina: int | None
    body: int | None
    initiative_modifier: int
    movement: Movement
    carry_kg: CarryLimits
    load_kg: float
    load_status: str
    movement_loaded: Movement
    attack_chance: AttackChances
    prepared_chance: int  # the Reflexes check that acts before a prepared action
    lift: Lift  # the heaviest lift the character's XP can buy by taxing Fitness
    weapons: list[WeaponFigures]
    skills: list[SkillFigures]
    xp: int


@dataclass(frozen=True)
class AmazingEngineFigures:
    system: str
    core: CoreFigures | None
    characters: list[CharacterFigures]


def sheet_figures(sheet: AmazingEngineSheet) -> AmazingEngineFigures:
    core = None
    if sheet.core is not None:
        dice = current_pool_dice(sheet)
        core = CoreFigures(
            player=sheet.core.player,
            ranks={p.value: sheet.core.ranks[p] for p in Pool if p in sheet.core.ranks},
            dice={p.value: n for p, n in dice.items()} if dice else None,
            xp=balance(sheet.core.xp_ledger),
        )
    return AmazingEngineFigures(
        system=sheet.system,
        core=core,
        characters=[character_figures(c) for c in sheet.characters],
    )


def character_figures(character: Character) -> CharacterFigures:
    universe, _ = universe_or_generic(character.universe)
    scores = character.attributes
    fitness = scores.get(Attribute.FITNESS, 0)
    reflexes = scores.get(Attribute.REFLEXES, 0)
    limits = carry_limits(fitness)
    load = load_kg(character.equipment, character.weapons)
    status = load_status(load, limits)
    base_move = movement(fitness)
    xp = balance(character.xp_ledger)
    return CharacterFigures(
        id=character.id,
        name=character.name,
        universe=character.universe,
        status=character.status,
        attributes=attribute_scores(character),
        stamina=universe_figure(universe, "stamina", character),
        body=universe_figure(universe, "body", character),
        initiative_modifier=initiative_modifier(reflexes),
        movement=base_move,
        carry_kg=limits,
        load_kg=load,
        load_status=status,
        movement_loaded=loaded_movement(base_move, status, fitness),
        attack_chance=attack_chances(reflexes),
        prepared_chance=min(max(reflexes, 0), BEST_POSSIBLE),
        lift=taxed_lift(fitness, scores.get(Attribute.WILLPOWER, 0), xp),
        weapons=weapon_figures(character),
        skills=skill_figures(character, universe),
        xp=xp,
    )


def attribute_scores(character: Character) -> dict[str, int]:
    """The attributes filled in, by name, in the names' order."""
    return {a.value: character.attributes[a] for a in Attribute if a in character.attributes}


def weapon_figures(character: Character) -> list[WeaponFigures]:
    chances = attack_chances(character.attributes.get(Attribute.REFLEXES, 0))
    return [
        WeaponFigures(
            name=w.name,
            damage=w.damage,
            lethality=AreaLethality.of(w.lethality),
            body_hits=AreaBodyHits.of(chances, w.lethality),
        )
        for w in character.weapons
    ]


def skill_figures(character: Character, universe: Universe) -> list[SkillFigures]:
    """Each skill's effective chance in ``universe`` (the character's, or the generic)."""
    known = known_by_group(character)
    return [
        SkillFigures(
            name=skill.name,
            group=skill.group,
            path=list(skill.path),
            attribute=skill.attribute.value,
            chance=skill_chance(
                character, universe, skill.group, tuple(skill.path), known=known[skill.group]
            ).effective,
        )
        for skill in character.skills
    ]
