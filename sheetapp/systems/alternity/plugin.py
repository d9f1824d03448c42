"""Alternity as a sheetapp system plugin.

``odds`` takes ``--score S`` and ``--situation STEP``: 0 is +d0, negative steps are bonus
dice (-1 is -d4 ... -5 is -d20), positive steps penalty dice (+1 is +d4 ... +5 is +d20,
+6 is +2d20, +7 is +3d20, and each step past that adds one more d20).
"""

from __future__ import annotations

from collections.abc import Mapping

from sheetapp.dice import Roller
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
from sheetapp.systems.plugin import NewOptions, OddsOption, RequestError, SystemPlugin

MAX_SCORE = 999


def new_sheet(options: NewOptions) -> AlternitySheet:
    if options.universe is not None:
        raise RequestError("Alternity has no universes; leave out --universe")
    if not options.random:
        return blank_sheet(npc=options.npc)
    return random_sheet(Roller(options.seed), npc=options.npc)


def odds(values: Mapping[str, int | None]) -> dict[str, float]:
    score = values.get("score")
    if score is None:
        raise RequestError("--score is required")
    if not 0 <= score <= MAX_SCORE:
        raise RequestError(f"--score is a skill or ability score, 0 to {MAX_SCORE}")
    step = values.get("situation") or 0
    if not BEST_STEP <= step <= MAX_STEP:
        raise RequestError(
            f"--situation is a step from {BEST_STEP} (-d20, the best there is) to {MAX_STEP}"
        )
    return check_odds(score, step).as_floats()


PLUGIN = SystemPlugin(
    id=SYSTEM_ID,
    name="Alternity",
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
    odds_options=(
        OddsOption("score", "the skill or ability score to roll at or under", required=True),
        OddsOption(
            "situation",
            "situation die step: 0 = +d0, -1..-5 = -d4..-d20, 1..7 = +d4..+3d20, "
            "8 = +4d20 and so on",
            default=0,
        ),
    ),
)
