"""The Amplitude Engine as a sheetapp system plugin."""

from __future__ import annotations

from collections.abc import Mapping

from sheetapp.dice import Roller
from sheetapp.systems.amplitude.field_labels import field_label
from sheetapp.systems.amplitude.figures import sheet_figures
from sheetapp.systems.amplitude.generation import blank_sheet, random_sheet
from sheetapp.systems.amplitude.model import AmplitudeSheet
from sheetapp.systems.amplitude.names import SYSTEM_ID, SYSTEM_NAME
from sheetapp.systems.amplitude.odds import action_odds
from sheetapp.systems.amplitude.roster import initiative_modifier, roster_info, wound_tracks
from sheetapp.systems.amplitude.rules import check
from sheetapp.systems.amplitude.summary import describe
from sheetapp.systems.plugin import NewOptions, OddsOption, RequestError, SystemPlugin

# Far past anything the table can tell apart (it stops at +-6 columns and row 10).
LIMIT = 1000


def new_sheet(options: NewOptions) -> AmplitudeSheet:
    if options.universe is not None:
        raise RequestError("the Amplitude Engine has no universes; leave out --universe")
    if not options.random:
        return blank_sheet(npc=options.npc)
    return random_sheet(Roller(options.seed), npc=options.npc)


def odds(values: Mapping[str, int | None]) -> dict[str, float]:
    given: dict[str, int] = {}
    for key in ("ob", "db", "amp", "modifier"):
        value = values.get(key)
        if value is None:
            if key in ("ob", "db", "amp"):
                raise RequestError(f"--{key} is required")
            value = 0
        if abs(value) > LIMIT:
            raise RequestError(f"--{key} {value} is out of range (-{LIMIT} to {LIMIT})")
        given[key] = value
    return action_odds(**given).as_floats()


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
    odds_options=(
        OddsOption("ob", "the actor's Offensive Bonus", required=True),
        OddsOption("db", "the opposition's Defensive Bonus", required=True),
        OddsOption(
            "amp",
            "the Amp before its 4dF roll: base task Amp + weapon or tool + momentum spent "
            "+ scale + other modifiers",
            required=True,
        ),
        OddsOption("modifier", "added to the Player's Total Roll, e.g. a wound penalty", default=0),
    ),
)
