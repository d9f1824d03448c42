"""Everything an Amplitude Engine sheet shows beyond what the player wrote, in one place.

``show --json``, the form and the PDF read these figures, so each number is computed once.
"""

from __future__ import annotations

from typing import Any

from sheetapp.systems.amplitude.model import AmplitudeSheet, Thresholds
from sheetapp.systems.amplitude.names import PENALTIES, TRACK, WOUND_LABELS
from sheetapp.systems.amplitude.odds import check_odds
from sheetapp.systems.amplitude.outcome_table import BEST_QO, OUTCOMES
from sheetapp.systems.amplitude.wounds import (
    ACTION_CHECK_AMP,
    ACTION_CHECK_QO,
    after_hit,
    penalty,
    track_position,
    wound_steps,
)

MAJOR_PENALTY = PENALTIES["major"]


def sheet_figures(sheet: AmplitudeSheet) -> dict[str, Any]:
    level = sheet.wound
    roll_penalty = penalty(level)
    shift = roll_penalty or 0
    return {
        "system": sheet.system,
        "name": sheet.name,
        "player": sheet.player,
        "concept": sheet.concept,
        "npc": sheet.npc,
        "defensive_bonus": sheet.defensive_bonus,
        "wound": {
            "level": level,
            "label": WOUND_LABELS[level],
            "position": track_position(level),
            "track_length": len(TRACK) - 1,
            "penalty": roll_penalty,  # None: the character cannot act
            "can_act": roll_penalty is not None,
            "action_check_required": level == "major",
        },
        "action_check": action_check(),
        "thresholds": sheet.thresholds.model_dump(),
        "steps_by_qo": steps_by_qo(sheet.thresholds),
        "after_hit": {r: after_hit(level, r, sheet.thresholds) for r in OUTCOMES},
        "skills": [{"name": s.name, "ob": s.ob, "roll_bonus": s.ob + shift} for s in sheet.skills],
        "weapons": [
            {"name": w.name, "power": w.power, "skill": w.skill, "amp_bonus": w.power}
            for w in sheet.weapons
        ],
        "tools": [
            {"name": t.name, "quality": t.quality, "skill": t.skill, "amp_bonus": t.quality}
            for t in sheet.tools
        ],
        "momentum": sheet.momentum,
        "misfortune": {
            "streak": sheet.misfortune,
            "owed": sheet.misfortune_owed,
            "next_negative_owes": sheet.misfortune >= 1,
        },
    }


def steps_by_qo(thresholds: Thresholds) -> dict[str, int]:
    """How many steps down the track a hit of each QO moves the target."""
    return {str(qo): wound_steps(qo, thresholds) for qo in range(BEST_QO + 1)}


def action_check() -> dict[str, Any]:
    """The major wound's action check: Amp 5, QO 5 needed, with the major wound's -4 on the
    Player's Total Roll and no skill (the text names none)."""
    chance = check_odds(amp=ACTION_CHECK_AMP, needed=ACTION_CHECK_QO, modifier=MAJOR_PENALTY)
    return {"amp": ACTION_CHECK_AMP, "needed": ACTION_CHECK_QO, "chance": float(chance)}
