"""Everything a sheet shows beyond what the player wrote, gathered in one place.

``show --json``, the form and the PDF all read these figures, so every number is computed
one way wherever it appears. A figure that needs a missing score is None. The figures are
frozen dataclasses, so a reader names each one as an attribute and a renamed figure is an
error where it is read; maps keyed by an ability, a track or a movement stay dicts.
"""

from __future__ import annotations

from dataclasses import dataclass

from sheetapp.systems.alternity.damage_rating import DamageRatingError, parse_rating
from sheetapp.systems.alternity.derived import (
    MOVES,
    broad_figure,
    encumbered_resistance,
    last_resorts_max,
    load_kg,
    movement_now,
    resistance,
    sheet_action_check,
    sheet_actions,
    sheet_condition,
    sheet_encumbrance,
    specialty_ability,
    specialty_figure,
    track_maxima,
    weapon_skill,
)
from sheetapp.systems.alternity.encumbrance import ThrowRanges, throw_ranges
from sheetapp.systems.alternity.model import AlternitySheet, Weapon
from sheetapp.systems.alternity.names import Ability, Track
from sheetapp.systems.alternity.overland import OverlandPace, overland_paces
from sheetapp.systems.alternity.recovery import breath_rounds
from sheetapp.systems.alternity.scores import ActionCheck, SkillScore, untrained
from sheetapp.systems.alternity.situation import die_for
from sheetapp.systems.alternity.surprise import PREPARED_BONUS, SurpriseCheck, surprise_check


@dataclass(frozen=True)
class ScoreFigures:
    """A skill score's three degrees and the base situation die it is rolled with."""

    ordinary: int
    good: int
    amazing: int
    step: int
    die: str

    @classmethod
    def of(cls, score: SkillScore) -> ScoreFigures:
        t = score.thresholds
        return cls(t.ordinary, t.good, t.amazing, score.step, score.die)


@dataclass(frozen=True)
class ActionCheckFigures:
    marginal: int
    ordinary: int
    good: int
    amazing: int

    @classmethod
    def of(cls, check: ActionCheck) -> ActionCheckFigures:
        return cls(check.marginal, check.ordinary, check.good, check.amazing)


@dataclass(frozen=True)
class ConditionFigures:
    knocked_out: list[str]
    dying: bool
    dead: bool
    dazed_steps: int
    dazed: dict[str, int]
    resolve_due: bool


@dataclass(frozen=True)
class LastResortFigures:
    current: int
    maximum: int | None
    cost: int | None  # skill points a last resort costs; None: the GM has set no price


@dataclass(frozen=True)
class EncumbranceFigures:
    multiple: int | None  # the band's limit in multiples of Strength; None past six
    limit_kg: int | None
    movement_percent: int
    penalty_steps: int
    overloaded: bool


@dataclass(frozen=True)
class MovementFigures:
    base: dict[str, int | None]  # by movement mode, as entered
    now: dict[str, int | None]  # slowed by the load
    overland: list[OverlandPace]  # the overland table, slowed by the load


@dataclass(frozen=True)
class BroadSkillFigures:
    name: str
    ability: str
    score: ScoreFigures | None


@dataclass(frozen=True)
class SpecialtyFigures:
    broad: str
    name: str
    rank: int
    ability: str | None
    score: ScoreFigures | None


@dataclass(frozen=True)
class WeaponDamageFigures:
    ordinary: str
    good: str
    amazing: str


@dataclass(frozen=True)
class WeaponFigures:
    name: str
    skill: str
    score: ScoreFigures | None
    damage: WeaponDamageFigures | None
    kind: str
    range: str
    accuracy: int


@dataclass(frozen=True)
class ArmourFigures:
    name: str
    li: str
    hi: str
    en: str


@dataclass(frozen=True)
class SurpriseFigures:
    """The check against surprise, unprepared and prepared (bonus 1 to 3 steps), each with
    the chance of not being surprised (0..1)."""

    unprepared: str  # what is rolled, with its score and die
    prepared: str
    unprepared_chance: float
    prepared_chances: list[float]  # prepared somewhat, well, very well


@dataclass(frozen=True)
class AlternityFigures:
    system: str
    name: str
    player: str
    npc: bool
    species: str
    profession: str
    career: str
    level: int
    abilities: dict[str, int]
    ability_total: int | None
    ability_budget: int
    resistance: dict[str, int]
    resistance_loaded: dict[str, int]
    untrained: dict[str, ScoreFigures]
    action_check: ActionCheckFigures | None
    action_check_bonus: int
    actions_per_round: int | None
    durability: dict[str, int | None]
    damage: dict[str, int]
    condition: ConditionFigures
    last_resorts: LastResortFigures
    skill_points: int
    breath_rounds: int | None
    surprise: SurpriseFigures | None
    load_kg: float
    carry_free_kg: int | None
    encumbrance: EncumbranceFigures | None
    movement: MovementFigures
    throwing: ThrowRanges | None
    broad_skills: list[BroadSkillFigures]
    specialty_skills: list[SpecialtyFigures]
    weapons: list[WeaponFigures]
    armour: list[ArmourFigures]


def sheet_figures(sheet: AlternitySheet) -> AlternityFigures:
    scores = sheet.abilities
    strength = scores.get(Ability.STRENGTH)
    constitution = scores.get(Ability.CONSTITUTION)
    load = sheet_encumbrance(sheet)
    state = sheet_condition(sheet)
    return AlternityFigures(
        system=sheet.system,
        name=sheet.name,
        player=sheet.player,
        npc=sheet.npc,
        species=sheet.species,
        profession=sheet.profession,
        career=sheet.career,
        level=sheet.level,
        abilities=ability_scores(sheet),
        ability_total=sum(scores.values()) if len(scores) == len(Ability) else None,
        ability_budget=sheet.settings.ability_points,
        resistance=resistance_figures(sheet),
        resistance_loaded={a.value: m for a, m in encumbered_resistance(sheet).items()},
        untrained={
            a.value: ScoreFigures.of(untrained(scores[a])) for a in Ability if a in scores
        },
        action_check=action_check_figures(sheet),
        action_check_bonus=sheet.action_check_bonus,
        actions_per_round=sheet_actions(sheet),
        durability=durability_figures(sheet),
        damage={t.value: getattr(sheet.damage, t.value) for t in Track},
        condition=ConditionFigures(
            knocked_out=list(state.knocked_out),
            dying=state.dying,
            dead=state.dead,
            dazed_steps=state.dazed_steps,
            dazed={t.value: n for t, n in state.dazed.items()},
            resolve_due=state.resolve_due,
        ),
        last_resorts=LastResortFigures(
            current=sheet.last_resorts,
            maximum=last_resorts_max(sheet),
            cost=sheet.last_resort_cost,
        ),
        skill_points=sheet.skill_points,
        breath_rounds=None if constitution is None else breath_rounds(constitution),
        surprise=surprise_figures(sheet),
        load_kg=load_kg(sheet),
        carry_free_kg=None if strength is None else 2 * max(strength, 0),
        encumbrance=None
        if load is None
        else EncumbranceFigures(
            multiple=load.multiple,
            limit_kg=load.limit_kg,
            movement_percent=load.movement_percent,
            penalty_steps=load.penalty_steps,
            overloaded=load.overloaded,
        ),
        movement=MovementFigures(
            base={m: getattr(sheet.movement, m) for m in MOVES},
            now=movement_now(sheet),
            overland=overland_paces(100 if load is None else load.movement_percent),
        ),
        throwing=None if strength is None else throw_ranges(strength),
        broad_skills=[
            BroadSkillFigures(
                name=b.name,
                ability=b.ability.value,
                score=_score(broad_figure(sheet, b)),
            )
            for b in sheet.broad_skills
        ],
        specialty_skills=[_specialty(sheet, i) for i in range(len(sheet.specialty_skills))],
        weapons=[_weapon(sheet, w) for w in sheet.weapons],
        armour=armour_figures(sheet),
    )


def surprise_figures(sheet: AlternitySheet) -> SurpriseFigures | None:
    unprepared = surprise_check(sheet)
    if unprepared is None:
        return None
    prepared = [
        check
        for n in range(1, len(PREPARED_BONUS) + 1)
        if (check := surprise_check(sheet, prepared=n)) is not None
    ]
    return SurpriseFigures(
        unprepared=_check_words(unprepared),
        prepared=f"{prepared[0].label} {prepared[0].score}" if prepared else "",
        unprepared_chance=unprepared.not_surprised,
        prepared_chances=[p.not_surprised for p in prepared],
    )


def _check_words(check: SurpriseCheck) -> str:
    """ "Awareness-intuition 11 (+d0)"."""
    return f"{check.label} {check.score} ({die_for(check.step).label})"


def ability_scores(sheet: AlternitySheet) -> dict[str, int]:
    """The abilities filled in, by name, in the names' order."""
    return {a.value: sheet.abilities[a] for a in Ability if a in sheet.abilities}


def resistance_figures(sheet: AlternitySheet) -> dict[str, int]:
    return {a.value: m for a, m in resistance(sheet).items()}


def action_check_figures(sheet: AlternitySheet) -> ActionCheckFigures | None:
    check = sheet_action_check(sheet)
    return ActionCheckFigures.of(check) if check else None


def durability_figures(sheet: AlternitySheet) -> dict[str, int | None]:
    """Each track's boxes, by track."""
    return {t.value: n for t, n in track_maxima(sheet).items()}


def weapon_damage(weapon: Weapon) -> WeaponDamageFigures | None:
    """The weapon's damage by degree, None when it has none that reads as a rating."""
    try:
        rating = parse_rating(weapon.damage) if weapon.damage.strip() else None
    except DamageRatingError:
        rating = None
    if rating is None:
        return None
    return WeaponDamageFigures(str(rating.ordinary), str(rating.good), str(rating.amazing))


def armour_figures(sheet: AlternitySheet) -> list[ArmourFigures]:
    return [ArmourFigures(a.name, a.li, a.hi, a.en) for a in sheet.armour]


def _score(score: SkillScore | None) -> ScoreFigures | None:
    return ScoreFigures.of(score) if score else None


def _specialty(sheet: AlternitySheet, index: int) -> SpecialtyFigures:
    skill = sheet.specialty_skills[index]
    ability = specialty_ability(sheet, skill)
    score = specialty_figure(sheet, skill)
    return SpecialtyFigures(
        broad=skill.broad,
        name=skill.name,
        rank=skill.rank,
        ability=ability.value if ability else None,
        score=_score(score),
    )


def _weapon(sheet: AlternitySheet, weapon: Weapon) -> WeaponFigures:
    return WeaponFigures(
        name=weapon.name,
        skill=weapon.skill,
        score=_score(weapon_skill(sheet, weapon)),
        damage=weapon_damage(weapon),
        kind=weapon.kind,
        range=weapon.range,
        accuracy=weapon.accuracy,
    )
