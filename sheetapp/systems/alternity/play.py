"""Table play on a sheet: damage, check results and last resort spends, each a pure
function from one sheet to a new one (the form installs it as one undoable step).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from sheetapp.i18n import N_, _
from sheetapp.systems.alternity.checks import CheckOdds, check_odds
from sheetapp.systems.alternity.damage import (
    DamageMarks,
    Marks,
    apply_damage,
    apply_suffocation,
    end_of_scene,
    heal,
)
from sheetapp.systems.alternity.derived import (
    broad_figure,
    check_penalty,
    last_resorts_max,
    sheet_action_check,
    specialty_ability,
    specialty_figure,
)
from sheetapp.systems.alternity.derived import marks as marks_of
from sheetapp.systems.alternity.derived import maxima as _maxima
from sheetapp.systems.alternity.last_resort import buy, spend
from sheetapp.systems.alternity.model import AlternitySheet, Damage
from sheetapp.systems.alternity.names import FREE_AGENT, Ability, Degree, Track, label
from sheetapp.systems.alternity.recovery import (
    BREATH_DAMAGE,
    DYING_DAMAGE,
    FATIGUE_DAMAGE,
    FATIGUE_RECOVERED,
    STUN_RECOVERED,
)
from sheetapp.systems.alternity.scores import untrained
from sheetapp.systems.alternity.situation import die_for, shift

CheckKind = Literal["breath", "dying", "fatigue", "stun_recovery", "fatigue_recovery"]

CHECKS: tuple[tuple[CheckKind, str], ...] = (
    ("breath", N_("Holding breath (Stamina-endurance)")),
    ("dying", N_("Dying (Stamina-endurance)")),
    ("fatigue", N_("Fatiguing activity (Stamina-endurance)")),
    ("stun_recovery", N_("Knocked out, coming round (Resolve-physical resolve)")),
    ("fatigue_recovery", N_("An hour of rest (Resolve-physical resolve)")),
)


def _with_marks(sheet: AlternitySheet, marks: Marks) -> AlternitySheet:
    damage = Damage(
        stun=marks.stun,
        wound=marks.wound,
        mortal=marks.mortal,
        fatigue=marks.fatigue,
        unconscious=marks.unconscious,
    )
    return sheet.model_copy(update={"damage": damage}, deep=True)


def take_damage(
    sheet: AlternitySheet, track: Track | Literal["suffocation"], points: int
) -> tuple[AlternitySheet, DamageMarks]:
    """The sheet after one attack (or one failed breath's worth) of damage, and the hit."""
    marks, maxima = marks_of(sheet), _maxima(sheet)
    hit: DamageMarks = (
        apply_suffocation(marks, maxima, points)
        if track == "suffocation"
        else apply_damage(marks, maxima, Track(track), points)
    )
    return _with_marks(sheet, hit.marks), hit


def check_result(sheet: AlternitySheet, kind: CheckKind, degree: Degree) -> AlternitySheet:
    """The sheet after a check of ``kind`` came out ``degree``.

    Breath checks cost stun that spills into wound and mortal, and a failed one knocks the
    hero out; dying checks mark mortal boxes directly (they are not an attack, so no
    secondary damage); a successful recovery check while knocked out wakes the hero.
    """
    marks, maxima = marks_of(sheet), _maxima(sheet)
    if kind == "breath":
        marks = apply_suffocation(marks, maxima, BREATH_DAMAGE[degree]).marks
        if not degree.succeeded:
            marks = replace(marks, unconscious=True)
    elif kind == "dying":
        mortal = min(marks.mortal + DYING_DAMAGE[degree], max(maxima.mortal, marks.mortal))
        marks = replace(marks, mortal=mortal)
    elif kind == "fatigue":
        marks = apply_damage(marks, maxima, Track.FATIGUE, FATIGUE_DAMAGE[degree]).marks
    elif kind == "stun_recovery":
        marks = heal(marks, Track.STUN, STUN_RECOVERED[degree])
        if degree.succeeded:
            marks = replace(marks, unconscious=False)
    else:
        marks = heal(marks, Track.FATIGUE, FATIGUE_RECOVERED[degree])
    return _with_marks(sheet, marks)


def heal_track(sheet: AlternitySheet, track: Track, points: int) -> AlternitySheet:
    return _with_marks(sheet, heal(marks_of(sheet), track, points))


def scene_ends(sheet: AlternitySheet) -> AlternitySheet:
    return _with_marks(sheet, end_of_scene(marks_of(sheet)))


def buy_last_resort(sheet: AlternitySheet) -> AlternitySheet:
    """The sheet after buying one last resort point with stored skill points (between
    adventures); SpendError, saying why, when the price, the maximum or the points are
    missing."""
    held, stored = buy(
        sheet.last_resorts, last_resorts_max(sheet), sheet.skill_points, sheet.last_resort_cost
    )
    return sheet.model_copy(update={"last_resorts": held, "skill_points": stored}, deep=True)


def spend_last_resort(sheet: AlternitySheet, points: int = 1) -> AlternitySheet:
    """The sheet with ``points`` last resort points spent; ValueError when it has fewer."""
    if points > sheet.last_resorts:
        raise ValueError(
            _("only {max} last resort points are left").format(max=max(sheet.last_resorts, 0))
        )
    return sheet.model_copy(update={"last_resorts": sheet.last_resorts - points}, deep=True)


@dataclass(frozen=True)
class CheckOption:
    """Something a hero can roll: a skill, an untrained ability, the action check."""

    label: str
    score: int
    step: int  # its base situation die
    ability: Ability | None


BROAD_ONLY = N_("{skill}, a specialty not taken")
"""How a broad skill is offered as a check: it is rolled alone only for a specialty the
hero lacks (its own specialties are listed by name)."""


def check_options(sheet: AlternitySheet) -> list[CheckOption]:
    """Every check the sheet can roll now, with its score and base situation die: the action
    check, each broad skill for a specialty the hero lacks (+d4), each specialty (+d0 unless
    the sheet names a better die) and each ability untrained (half of it, +d4)."""
    options: list[CheckOption] = []
    check = sheet_action_check(sheet)
    if check is not None:
        options.append(CheckOption(_("Action check"), check.ordinary, 0, None))
    for broad in sheet.broad_skills:
        score = broad_figure(sheet, broad)
        if score is not None and broad.name:
            options.append(
                CheckOption(
                    _(BROAD_ONLY).format(skill=broad.name), score.score, score.step, broad.ability
                )
            )
    for skill in sheet.specialty_skills:
        score = specialty_figure(sheet, skill)
        if score is not None and skill.name:
            ability = specialty_ability(sheet, skill)
            options.append(
                CheckOption(f"{skill.broad}-{skill.name}", score.score, score.step, ability)
            )
    for ability in Ability:
        if ability in sheet.abilities:
            u = untrained(sheet.abilities[ability])
            options.append(
                CheckOption(
                    _("{label}, untrained").format(label=label(ability)), u.score, u.step, ability
                )
            )
    return options


@dataclass(frozen=True)
class PlannedCheck:
    """A check's situation die worked out step by step, and its exact odds."""

    step: int
    parts: tuple[tuple[str, int], ...]  # (what, steps) from the base die on
    odds: CheckOdds

    @property
    def die(self) -> str:
        return die_for(self.step).label

    @property
    def base_die(self) -> str:
        return die_for(self.parts[0][1]).label


def plan_check(
    sheet: AlternitySheet,
    score: int,
    base_step: int,
    ability: Ability | None,
    modifiers: Sequence[tuple[str, int]] = (),
) -> PlannedCheck:
    """The base die moved by the modifiers and by what the hero's state adds (dazed, the load
    on Strength and Dexterity skills), clamped to the ladder, with the odds at ``score``."""
    parts = [(_("Base die"), base_step), *((n, s) for n, s in modifiers if s)]
    from_the_sheet = {
        "dazed": _("Dazed (from the sheet)"),
        "encumbered": _("Encumbered (from the sheet)"),
    }
    parts += [(from_the_sheet[what], n) for what, n in check_penalty(sheet, ability).items()]
    step = shift(base_step, sum(n for _unused, n in parts[1:]))
    return PlannedCheck(step, tuple(parts), check_odds(max(score, 0), step))


def spend_outcome(
    sheet: AlternitySheet, degree: Degree, points: int, *, hinder: bool
) -> tuple[AlternitySheet, Degree]:
    """Spend ``points`` last resorts on a check that came out ``degree``: the sheet with the
    points gone and the new degree. Raises ValueError (SpendError) when the rules forbid it."""
    after = spend(degree, points=points, free_agent=is_free_agent(sheet), hinder=hinder)
    return spend_last_resort(sheet, points), after


def is_free_agent(sheet: AlternitySheet) -> bool:
    return sheet.profession.strip().casefold() == FREE_AGENT.casefold()
