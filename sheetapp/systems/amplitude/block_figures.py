"""The few figures a stat block shows, without the rest of the sheet's.

A game master prints hundreds of blocks at once; ``sheet_figures`` also works out where
each QO and each outcome of the hit table leaves the character and the action check's
odds, none of which a block shows. These are the same figures from the same functions;
tests check them against ``sheet_figures``.
"""

from __future__ import annotations

from dataclasses import dataclass

from sheetapp.systems.amplitude.figures import (
    SkillFigures,
    ThresholdFigures,
    ToolFigures,
    WeaponFigures,
    WoundFigures,
    skill_figures,
    threshold_figures,
    tool_figures,
    weapon_figures,
    wound_figures,
)
from sheetapp.systems.amplitude.model import AmplitudeSheet


@dataclass(frozen=True)
class AmplitudeBlockFigures:
    wound: WoundFigures
    defensive_bonus: int
    thresholds: ThresholdFigures
    momentum: int
    skills: list[SkillFigures]
    weapons: list[WeaponFigures]
    tools: list[ToolFigures]


def block_figures(sheet: AmplitudeSheet) -> AmplitudeBlockFigures:
    return AmplitudeBlockFigures(
        wound=wound_figures(sheet.wound),
        defensive_bonus=sheet.defensive_bonus,
        thresholds=threshold_figures(sheet),
        momentum=sheet.momentum,
        skills=skill_figures(sheet),
        weapons=weapon_figures(sheet),
        tools=tool_figures(sheet),
    )
