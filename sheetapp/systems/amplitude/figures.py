"""Everything an Amplitude Engine sheet shows beyond what the player wrote, in one place.

``show --json``, the form and the PDF read these figures, so each number is computed once.
They are frozen dataclasses: a reader names each figure as an attribute, so a renamed one is
an error where it is read.
"""

from __future__ import annotations

from dataclasses import dataclass

from sheetapp.systems.amplitude.model import AmplitudeSheet, Thresholds
from sheetapp.systems.amplitude.names import PENALTIES, TRACK, WOUND_LABELS, WoundLevel
from sheetapp.systems.amplitude.odds import check_odds
from sheetapp.systems.amplitude.outcome_table import BEST_QO, OUTCOMES
from sheetapp.systems.amplitude.wounds import (
    ACTION_CHECK_AMP,
    ACTION_CHECK_QO,
    RECOVERY_KINDS,
    after_hit,
    after_recovery,
    penalty,
    track_position,
    wound_steps,
)

MAJOR_PENALTY = PENALTIES["major"]


@dataclass(frozen=True)
class WoundFigures:
    level: WoundLevel
    label: str
    position: int
    track_length: int
    penalty: int | None  # None: the character cannot act
    can_act: bool
    action_check_required: bool


@dataclass(frozen=True)
class ActionCheckFigures:
    amp: int
    needed: int
    chance: float


@dataclass(frozen=True)
class ThresholdFigures:
    minor: int
    moderate: int
    major: int

    def by_wound(self) -> dict[str, int]:
        """The thresholds keyed by the wound each inflicts, for a table of all three."""
        return {"minor": self.minor, "moderate": self.moderate, "major": self.major}


@dataclass(frozen=True)
class SkillFigures:
    name: str
    ob: int
    roll_bonus: int


@dataclass(frozen=True)
class WeaponFigures:
    name: str
    power: int
    skill: str
    amp_bonus: int


@dataclass(frozen=True)
class ToolFigures:
    name: str
    quality: int
    skill: str
    amp_bonus: int


@dataclass(frozen=True)
class MisfortuneFigures:
    streak: int
    owed: int
    next_negative_owes: bool


@dataclass(frozen=True)
class AmplitudeFigures:
    system: str
    name: str
    player: str
    concept: str
    npc: bool
    defensive_bonus: int
    wound: WoundFigures
    action_check: ActionCheckFigures
    thresholds: ThresholdFigures
    steps_by_qo: dict[str, int]  # by QO, "0" to the best
    after_hit: dict[str, WoundLevel]  # by outcome of the table: "0".."10", U, K
    # Where a recovery roll leaves the character, by kind (first_aid, rest), then outcome;
    # empty once killed (no healing).
    after_recovery: dict[str, dict[str, WoundLevel]]
    skills: list[SkillFigures]
    weapons: list[WeaponFigures]
    tools: list[ToolFigures]
    momentum: int
    misfortune: MisfortuneFigures


def sheet_figures(sheet: AmplitudeSheet) -> AmplitudeFigures:
    level = sheet.wound
    return AmplitudeFigures(
        system=sheet.system,
        name=sheet.name,
        player=sheet.player,
        concept=sheet.concept,
        npc=sheet.npc,
        defensive_bonus=sheet.defensive_bonus,
        wound=wound_figures(level),
        action_check=action_check(),
        thresholds=threshold_figures(sheet),
        steps_by_qo=steps_by_qo(sheet.thresholds),
        after_hit={r: after_hit(level, r, sheet.thresholds) for r in OUTCOMES},
        after_recovery={}
        if level == "killed"
        else {
            kind: {r: after_recovery(level, kind, r, sheet.thresholds) for r in OUTCOMES}
            for kind, _ in RECOVERY_KINDS
        },
        skills=skill_figures(sheet),
        weapons=weapon_figures(sheet),
        tools=tool_figures(sheet),
        momentum=sheet.momentum,
        misfortune=MisfortuneFigures(
            streak=sheet.misfortune,
            owed=sheet.misfortune_owed,
            next_negative_owes=sheet.misfortune >= 1,
        ),
    )


def wound_figures(level: WoundLevel) -> WoundFigures:
    roll_penalty = penalty(level)
    return WoundFigures(
        level=level,
        label=WOUND_LABELS[level],
        position=track_position(level),
        track_length=len(TRACK) - 1,
        penalty=roll_penalty,
        can_act=roll_penalty is not None,
        action_check_required=level == "major",
    )


def threshold_figures(sheet: AmplitudeSheet) -> ThresholdFigures:
    t = sheet.thresholds
    return ThresholdFigures(t.minor, t.moderate, t.major)


def skill_figures(sheet: AmplitudeSheet) -> list[SkillFigures]:
    """Each skill's Ob, and its bonus to a roll with the wound's penalty applied."""
    shift = penalty(sheet.wound) or 0
    return [SkillFigures(s.name, s.ob, s.ob + shift) for s in sheet.skills]


def weapon_figures(sheet: AmplitudeSheet) -> list[WeaponFigures]:
    return [WeaponFigures(w.name, w.power, w.skill, w.power) for w in sheet.weapons]


def tool_figures(sheet: AmplitudeSheet) -> list[ToolFigures]:
    return [ToolFigures(t.name, t.quality, t.skill, t.quality) for t in sheet.tools]


def steps_by_qo(thresholds: Thresholds) -> dict[str, int]:
    """How many steps down the track a hit of each QO moves the target."""
    return {str(qo): wound_steps(qo, thresholds) for qo in range(BEST_QO + 1)}


def action_check() -> ActionCheckFigures:
    """The major wound's action check: Amp 5, QO 5 needed, with the major wound's -4 on the
    Player's Total Roll and no skill (the text names none)."""
    chance = check_odds(amp=ACTION_CHECK_AMP, needed=ACTION_CHECK_QO, modifier=MAJOR_PENALTY)
    return ActionCheckFigures(amp=ACTION_CHECK_AMP, needed=ACTION_CHECK_QO, chance=float(chance))
