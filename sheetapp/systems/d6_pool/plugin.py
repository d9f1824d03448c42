"""The generic d6 dice pool as a sheetapp system plugin."""

from __future__ import annotations

from collections.abc import Mapping

from sheetapp.i18n import N_
from sheetapp.systems.d6_pool.field_labels import field_label
from sheetapp.systems.d6_pool.figures import sheet_figures
from sheetapp.systems.d6_pool.generation import blank_sheet, random_sheet
from sheetapp.systems.d6_pool.model import SYSTEM_ID, D6PoolSheet
from sheetapp.systems.d6_pool.names import SUCCESS_ON
from sheetapp.systems.d6_pool.odds import OddsError, pool_odds
from sheetapp.systems.d6_pool.roster import damage_tracks, roster_info, sheet_initiative_modifier
from sheetapp.systems.d6_pool.rules import check
from sheetapp.systems.d6_pool.summary import describe
from sheetapp.systems.new_sheets import without_universes
from sheetapp.systems.odds_input import given
from sheetapp.systems.plugin import OddsOption, RequestError, SystemPlugin

NAME = N_("d6 Dice Pool")

ODDS_OPTIONS = (
    OddsOption("dice", N_("dice in the pool (attribute + skill or trait)"), required=True),
    OddsOption(
        "difficulty", N_("successes needed (all dice when more than the pool)"), required=True
    ),
    OddsOption(
        "target",
        N_("a die at or above this is a success (default %(default)s)"),  # argparse's
        default=SUCCESS_ON,
    ),
)

new_sheet = without_universes(NAME, blank_sheet, random_sheet)


def odds(values: Mapping[str, int | None]) -> dict[str, object]:
    found = given(values, ODDS_OPTIONS)
    dice, difficulty, target = (found[o.name] for o in ODDS_OPTIONS)
    target = SUCCESS_ON if target is None else target
    try:
        result = pool_odds(dice, difficulty, target=target)  # type: ignore[arg-type]  # required
    except OddsError as exc:
        raise RequestError(str(exc)) from None
    return result.as_floats()


PLUGIN = SystemPlugin(
    id=SYSTEM_ID,
    name=NAME,
    model=D6PoolSheet,
    check=check,
    figures=sheet_figures,
    describe=describe,
    new=new_sheet,
    odds=odds,  # type: ignore[arg-type]  # the distribution is a nested mapping
    field_label=field_label,
    roster=roster_info,
    tracks=damage_tracks,
    initiative_modifier=sheet_initiative_modifier,
    odds_options=ODDS_OPTIONS,
)
