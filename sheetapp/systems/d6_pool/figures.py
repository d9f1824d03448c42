"""Everything a sheet shows beyond what the player wrote, gathered in one place.

``show --json``, the form and the PDF all read these figures, so a number is computed in
exactly one way wherever it appears. Odds are probabilities (0..1) of meeting each of the
usual difficulties; ``percent`` formats one for people. The figures are frozen dataclasses,
so a reader names each one as an attribute and a renamed figure fails where it is read.
"""

from __future__ import annotations

from dataclasses import dataclass

from sheetapp.i18n import N_
from sheetapp.systems.d6_pool.creation import attribute_points, budget
from sheetapp.systems.d6_pool.derived import (
    Harm,
    armour,
    breath_turns,
    breathes_water,
    dodge_needed,
    health,
    initiative_pool,
    weapon_pools,
)
from sheetapp.systems.d6_pool.gear_rules import rules_text
from sheetapp.systems.d6_pool.ledger import balance
from sheetapp.systems.d6_pool.model import D6PoolSheet, Item, Trait
from sheetapp.systems.d6_pool.names import MAX_RATING, SHOWN_DIFFICULTIES, Attribute
from sheetapp.systems.d6_pool.odds import success_chance
from sheetapp.systems.d6_pool.pools import (
    Pool,
    granted_traits,
    skill_pool,
    trait_pool,
    unskilled_pool,
)
from sheetapp.systems.d6_pool.resist_rolls import ResistRoll, defend_pool, trait_rolls
from sheetapp.systems.wording import percent

CAPPED_MARK = "*"
CAPPED_NOTE = N_("* fewer dice than the difficulty: every die must succeed")


@dataclass(frozen=True)
class PoolFigures:
    dice: int
    odds: dict[str, float]  # by difficulty, "1" to the hardest shown
    explain: str
    blocked: str

    @classmethod
    def of(cls, pool: Pool) -> PoolFigures:
        return cls(
            dice=pool.dice,
            odds={str(k): float(success_chance(pool.dice, k)) for k in SHOWN_DIFFICULTIES},
            explain=pool.explain(),
            blocked=pool.blocked,
        )

    def chance(self, difficulty: int) -> float:
        """The chance of meeting ``difficulty`` (one of ``SHOWN_DIFFICULTIES``)."""
        return self.odds[str(difficulty)]


def shown_chance(pool: PoolFigures, difficulty: int) -> str:
    """The chance of a pool against ``difficulty`` as sheets print it, marked ``*`` where the
    pool has fewer dice than the difficulty. The text then asks for a success on every die,
    so a 1-die pool shows the same third at difficulty 1, 2 and 3; the mark says why.

    >>> shown_chance(pool_figures(Pool(1)), 1), shown_chance(pool_figures(Pool(1)), 3)
    ('33%', '33%*')
    """
    mark = CAPPED_MARK if 0 < pool.dice < difficulty else ""
    return percent(pool.chance(difficulty)) + mark


def pool_figures(pool: Pool | None) -> PoolFigures | None:
    return None if pool is None else PoolFigures.of(pool)


@dataclass(frozen=True)
class ExtraAttributeFigures:
    name: str
    score: int | None
    player_controlled: bool


@dataclass(frozen=True)
class AttributePointFigures:
    rolled: int | None
    assigned: int
    left: int | None


@dataclass(frozen=True)
class SkillPointFigures:
    budget: int | None  # None until Intelligence, Wisdom and Charisma are all set
    spent: int
    from_traits: int
    left: int | None


@dataclass(frozen=True)
class TraitPointFigures:
    budget: int
    spent: int
    left: int


@dataclass(frozen=True)
class TakenFigures:
    taken: int


@dataclass(frozen=True)
class DamageFigures:
    """Both kinds of damage taken, and what they leave of the one Health (None without
    Stamina)."""

    lethal: TakenFigures
    nonlethal: TakenFigures
    left: int | None
    state: str | None
    bleeding: bool | None
    floor: int | None


@dataclass(frozen=True)
class HealingFigures:
    nonlethal_per_day: int
    lethal_per_week: int


@dataclass(frozen=True)
class MoveFigures:
    feet: int
    metres: int


@dataclass(frozen=True)
class SkillFigures:
    name: str
    attribute: str | None
    rating: int | None
    pool: PoolFigures | None


@dataclass(frozen=True)
class ResistFigures:
    """A roll against a number: what it decides, its dice, the successes it needs and the
    chance of getting them."""

    purpose: str
    dice: int
    needed: int
    chance: float
    explain: str

    @classmethod
    def of(cls, roll: ResistRoll) -> ResistFigures:
        return cls(
            purpose=roll.purpose,
            dice=roll.pool.dice,
            needed=roll.needed,
            chance=float(success_chance(roll.pool.dice, roll.needed)),
            explain=roll.pool.explain(),
        )


@dataclass(frozen=True)
class DefendFigures:
    """The Defend roll after a hit, with its chance against attackers of each skill rating."""

    pool: PoolFigures
    by_attacker_skill: dict[str, float]  # "1".."6"


@dataclass(frozen=True)
class TraitFigures:
    name: str
    kind: str
    rating: int | None
    value: int | None  # minus the rating for a negative trait
    pool: PoolFigures | None
    resist: list[ResistFigures]  # Phobia and Rage: the rolls against the rating


@dataclass(frozen=True)
class WeaponFigures:
    name: str
    attack: str
    damage_rating: int | None
    lethal: bool
    attack_pool: PoolFigures
    damage_pool: PoolFigures
    fixed_damage: int | None  # a sap's hit deals Strength in damage without a roll
    rules: list[str]


@dataclass(frozen=True)
class GrantedTraitFigures:
    name: str
    rating: int | None
    source: str
    attribute: str | None
    skill: str
    pool: PoolFigures | None


@dataclass(frozen=True)
class D6PoolFigures:
    system: str
    name: str
    npc: bool
    attributes: dict[str, int]
    extra_attributes: list[ExtraAttributeFigures]
    attribute_points: AttributePointFigures
    skill_points: SkillPointFigures
    trait_points: TraitPointFigures
    health: int | None
    damage: DamageFigures
    healing: HealingFigures | None
    unskilled: dict[str, int]
    initiative_pool: int
    dodge_needed: int
    defend: DefendFigures
    armour: int
    damage_needed: int | None
    breath_turns: int | None
    breathes_water: bool
    move: MoveFigures | None
    skills: list[SkillFigures]
    traits: list[TraitFigures]
    weapons: list[WeaponFigures]
    granted: list[GrantedTraitFigures]
    xp: int


def sheet_figures(sheet: D6PoolSheet) -> D6PoolFigures:
    scores = sheet.attributes
    stamina = scores.get(Attribute.STAMINA)
    points = attribute_points(sheet)
    spent = budget(sheet)
    max_health = health(stamina)
    dexterity = scores.get(Attribute.DEXTERITY)
    worn = armour(sheet)
    return D6PoolFigures(
        system=sheet.system,
        name=sheet.name,
        npc=sheet.npc,
        attributes=attribute_scores(sheet),
        extra_attributes=extra_attribute_figures(sheet),
        attribute_points=AttributePointFigures(points.rolled, points.assigned, points.left),
        skill_points=SkillPointFigures(
            budget=spent.skill_points,
            spent=spent.skills_spent,
            from_traits=spent.from_traits,
            left=spent.skill_points_left,
        ),
        trait_points=TraitPointFigures(
            budget=spent.trait_points,
            spent=spent.traits_spent,
            left=spent.trait_points_left - spent.from_traits,
        ),
        health=max_health,
        damage=_damage(sheet, max_health, stamina),
        healing=None
        if stamina is None
        else HealingFigures(nonlethal_per_day=stamina, lethal_per_week=stamina // 2),
        unskilled={a.value: unskilled_pool(sheet, a).dice for a in Attribute if a in scores},
        initiative_pool=initiative_pool(sheet).dice,
        dodge_needed=dodge_needed(sheet),
        defend=defend_figures(sheet),
        armour=worn,
        damage_needed=damage_needed(stamina, worn),
        breath_turns=breath_turns(sheet),
        breathes_water=breathes_water(sheet),
        move=move_figures(dexterity),
        skills=[
            SkillFigures(
                name=s.name,
                attribute=s.attribute.value if s.attribute else None,
                rating=s.rating,
                pool=pool_figures(skill_pool(sheet, s)),
            )
            for s in sheet.skills
        ],
        traits=[
            TraitFigures(
                name=t.name,
                kind=t.kind,
                rating=t.rating,
                value=trait_value(t),
                pool=pool_figures(trait_pool(sheet, t)),
                resist=[ResistFigures.of(roll) for roll in trait_rolls(sheet, t)],
            )
            for t in sheet.traits
        ],
        weapons=[_weapon(sheet, item) for item in sheet.equipment if item.attack],
        granted=[
            GrantedTraitFigures(
                name=t.name,
                rating=t.rating,
                source=t.note,
                attribute=t.attribute.value if t.attribute else None,
                skill=t.skill,
                pool=pool_figures(trait_pool(sheet, t)),
            )
            for t in granted_traits(sheet)
        ],
        xp=balance(sheet.xp_ledger),
    )


def _weapon(sheet: D6PoolSheet, item: Item) -> WeaponFigures:
    pools = weapon_pools(sheet, item)
    assert pools is not None  # only weapons are passed in
    attack, damage = pools
    return WeaponFigures(
        name=item.name,
        attack=item.attack,
        damage_rating=item.damage,
        lethal=item.lethal,
        attack_pool=PoolFigures.of(attack),
        damage_pool=PoolFigures.of(damage),
        fixed_damage=fixed_damage(sheet, item),
        rules=rules_text(item),
    )


def defend_figures(sheet: D6PoolSheet) -> DefendFigures:
    pool = defend_pool(sheet)
    return DefendFigures(
        pool=PoolFigures.of(pool),
        by_attacker_skill={
            str(k): float(success_chance(pool.dice, k)) for k in range(1, MAX_RATING + 1)
        },
    )


def attribute_scores(sheet: D6PoolSheet) -> dict[str, int]:
    """The attributes filled in, by name, in the names' order."""
    return {a.value: sheet.attributes[a] for a in Attribute if a in sheet.attributes}


def extra_attribute_figures(sheet: D6PoolSheet) -> list[ExtraAttributeFigures]:
    return [
        ExtraAttributeFigures(x.name, x.score, x.player_controlled)
        for x in sheet.extra_attributes
    ]


def damage_needed(stamina: int | None, worn: int) -> int | None:
    """What a hit must roll to hurt: Stamina plus the armour worn."""
    return None if stamina is None else stamina + worn


def move_figures(dexterity: int | None) -> MoveFigures | None:
    return None if dexterity is None else MoveFigures(feet=3 * dexterity, metres=dexterity)


def trait_value(trait: Trait) -> int | None:
    """A trait's rating, negative for a negative trait."""
    if trait.rating is None:
        return None
    return -trait.rating if trait.kind == "negative" else trait.rating


def fixed_damage(sheet: D6PoolSheet, item: Item) -> int | None:
    """A sap's hit deals Strength in damage without a roll; None for other weapons."""
    return sheet.attributes.get(Attribute.STRENGTH) if item.strength_damage else None


def _damage(sheet: D6PoolSheet, max_health: int | None, stamina: int | None) -> DamageFigures:
    """Both kinds of damage taken, and what they leave of the one Health."""
    lethal, nonlethal = TakenFigures(sheet.lethal_damage), TakenFigures(sheet.nonlethal_damage)
    if max_health is None or stamina is None:
        return DamageFigures(lethal, nonlethal, left=None, state=None, bleeding=None, floor=None)
    harm = Harm(sheet.lethal_damage, sheet.nonlethal_damage, max_health, stamina)
    return DamageFigures(lethal, nonlethal, harm.left, harm.state, harm.bleeding, harm.floor)
