"""The Amplitude Engine as a sheetapp system plugin."""

from __future__ import annotations

from collections.abc import Mapping

from sheetapp.i18n import N_, _
from sheetapp.systems.amplitude.field_labels import field_label
from sheetapp.systems.amplitude.figures import sheet_figures
from sheetapp.systems.amplitude.generation import blank_sheet, random_sheet
from sheetapp.systems.amplitude.model import AmplitudeSheet
from sheetapp.systems.amplitude.names import SYSTEM_ID, SYSTEM_NAME
from sheetapp.systems.amplitude.odds import action_odds
from sheetapp.systems.amplitude.roster import initiative_modifier, roster_info, wound_tracks
from sheetapp.systems.amplitude.rules import check
from sheetapp.systems.amplitude.summary import describe
from sheetapp.systems.new_sheets import without_universes
from sheetapp.systems.odds_input import given, within
from sheetapp.systems.plugin import OddsOption, SystemPlugin

# Far past anything the table can tell apart (it stops at +-6 columns and row 10).
LIMIT = 1000

ODDS_OPTIONS = (
    OddsOption("ob", N_("the actor's Offensive Bonus"), required=True),
    OddsOption("db", N_("the opposition's Defensive Bonus"), required=True),
    OddsOption(
        "amp",
        N_("the Amp before its 4dF roll: base task Amp + weapon or tool + momentum spent "
        "+ scale + other modifiers"),
        required=True,
    ),
    OddsOption("modifier", N_("added to the Player's Total Roll, e.g. a wound penalty"), default=0),
)

new_sheet = without_universes(N_("the Amplitude Engine"), blank_sheet, random_sheet)


def odds(values: Mapping[str, int | None]) -> dict[str, float]:
    found = given(values, ODDS_OPTIONS)
    within(
        found, found.keys(), -LIMIT, LIMIT, _("{flag} {value} is out of range ({low} to {high})")
    )
    return action_odds(**found).as_floats()  # type: ignore[arg-type]  # all given by now


PLUGIN = SystemPlugin(
    id=SYSTEM_ID,
    name=SYSTEM_NAME,
    model=AmplitudeSheet,
    check=check,
    figures=sheet_figures,
    describe=describe,
    new=new_sheet,
    odds=odds,
    field_label=field_label,
    roster=roster_info,
    tracks=wound_tracks,
    initiative_modifier=initiative_modifier,
    odds_options=ODDS_OPTIONS,
)
