"""The Amazing Engine as a sheetapp system plugin."""

from __future__ import annotations

from collections.abc import Mapping

from sheetapp.dice import Roller
from sheetapp.i18n import N_, _
from sheetapp.systems.amazing_engine.catalog import (
    GENERIC_ID,
    installed_universes,
    requested_universe,
)
from sheetapp.systems.amazing_engine.chances import check_odds
from sheetapp.systems.amazing_engine.field_labels import field_label
from sheetapp.systems.amazing_engine.figures import sheet_figures
from sheetapp.systems.amazing_engine.generation import (
    blank_sheet,
    random_npc_sheet,
    random_prime_sheet,
)
from sheetapp.systems.amazing_engine.model import SYSTEM_ID, AmazingEngineSheet
from sheetapp.systems.amazing_engine.roster import (
    damage_tracks,
    focus,
    roster_info,
    sheet_initiative_modifier,
    shown_profession,
    table_characters,
)
from sheetapp.systems.amazing_engine.rules import check
from sheetapp.systems.amazing_engine.summary import describe
from sheetapp.systems.odds_input import given, within
from sheetapp.systems.plugin import NewOptions, OddsOption, SystemPlugin

ODDS_OPTIONS = (
    OddsOption("chance", N_("the percentage to roll under on d100"), required=True),
    OddsOption("success_margin", N_("S#: a success whose ones digit is at most #")),
    OddsOption("failure_margin", N_("F#: a failure whose ones digit is at least #")),
)


def new_sheet(options: NewOptions) -> AmazingEngineSheet:
    universe = requested_universe(installed_universes(), options.universe or GENERIC_ID)
    if not options.random:
        return blank_sheet(universe, npc=options.npc)
    roller = Roller(options.seed)
    if options.npc:
        return random_npc_sheet(roller, universe)
    return random_prime_sheet(roller, universe)


def odds(values: Mapping[str, int | None]) -> dict[str, float]:
    found = given(values, ODDS_OPTIONS)
    margins = ("success_margin", "failure_margin")
    within(found, margins, 0, 9, _("{flag} is a ones digit, {low} to {high}"))
    return check_odds(
        found["chance"],  # type: ignore[arg-type]  # required
        success_margin=found["success_margin"],
        failure_margin=found["failure_margin"],
    ).as_floats()


PLUGIN = SystemPlugin(
    id=SYSTEM_ID,
    name=N_("Amazing Engine"),
    model=AmazingEngineSheet,
    check=check,
    figures=sheet_figures,
    describe=describe,
    new=new_sheet,
    odds=odds,
    field_label=field_label,
    roster=roster_info,
    roster_profession=shown_profession,
    tracks=damage_tracks,
    table_characters=table_characters,
    focus=focus,
    initiative_modifier=sheet_initiative_modifier,
    odds_options=ODDS_OPTIONS,
)
