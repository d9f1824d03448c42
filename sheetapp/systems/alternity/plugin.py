"""Alternity as a sheetapp system plugin.

``odds`` takes ``--score S`` and ``--situation STEP``: 0 is +d0, negative steps are bonus
dice (-1 is -d4 ... -5 is -d20), positive steps penalty dice (+1 is +d4 ... +5 is +d20,
+6 is +2d20, +7 is +3d20, and each step past that adds one more d20).
"""

from __future__ import annotations

from collections.abc import Mapping

from sheetapp.i18n import N_, _
from sheetapp.systems.alternity.checks import check_odds
from sheetapp.systems.alternity.field_labels import field_label
from sheetapp.systems.alternity.figures import sheet_figures
from sheetapp.systems.alternity.generation import blank_sheet, random_sheet
from sheetapp.systems.alternity.model import SYSTEM_ID, AlternitySheet
from sheetapp.systems.alternity.roster import (
    damage_tracks,
    roster_info,
    sheet_initiative_modifier,
)
from sheetapp.systems.alternity.rules import check
from sheetapp.systems.alternity.situation import BEST_STEP, MAX_STEP
from sheetapp.systems.alternity.summary import describe
from sheetapp.systems.new_sheets import without_universes
from sheetapp.systems.odds_input import given, within
from sheetapp.systems.plugin import OddsOption, SystemPlugin

MAX_SCORE = 999

ODDS_OPTIONS = (
    OddsOption("score", N_("the skill or ability score to roll at or under"), required=True),
    OddsOption(
        "situation",
        N_(
            "situation die step: 0 = +d0, -1..-5 = -d4..-d20, "
            "1..7 = +d4..+3d20, 8 = +4d20 and so on"
        ),
        default=0,
    ),
)

new_sheet = without_universes(N_("Alternity"), blank_sheet, random_sheet)


def odds(values: Mapping[str, int | None]) -> dict[str, float]:
    found = given(values, ODDS_OPTIONS)
    within(found, ["score"], 0, MAX_SCORE, _("{flag} is a skill or ability score, {low} to {high}"))
    within(
        found,
        ["situation"],
        BEST_STEP,
        MAX_STEP,
        _("{flag} is a step from {low} (-d20, the best there is) to {high}"),
    )
    return check_odds(found["score"], found["situation"]).as_floats()  # type: ignore[arg-type]


PLUGIN = SystemPlugin(
    id=SYSTEM_ID,
    name=N_("Alternity"),
    model=AlternitySheet,
    check=check,
    figures=sheet_figures,
    describe=describe,
    new=new_sheet,
    odds=odds,
    field_label=field_label,
    roster=roster_info,
    tracks=damage_tracks,
    initiative_modifier=sheet_initiative_modifier,
    odds_options=ODDS_OPTIONS,
)
