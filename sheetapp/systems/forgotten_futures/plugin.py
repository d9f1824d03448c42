"""Forgotten Futures as a sheetapp system plugin."""

from __future__ import annotations

from collections.abc import Mapping

from sheetapp.dice import Roller
from sheetapp.systems.forgotten_futures.field_labels import field_label
from sheetapp.systems.forgotten_futures.figures import sheet_figures
from sheetapp.systems.forgotten_futures.generation import blank_sheet, random_sheet
from sheetapp.systems.forgotten_futures.model import SYSTEM_ID, ForgottenFuturesSheet
from sheetapp.systems.forgotten_futures.odds import attack_odds
from sheetapp.systems.forgotten_futures.roster import (
    damage_tracks,
    initiative_modifier,
    roster_info,
)
from sheetapp.systems.forgotten_futures.rules import check
from sheetapp.systems.forgotten_futures.summary import describe
from sheetapp.systems.plugin import NewOptions, OddsOption, RequestError, SystemPlugin

MAX_VALUE = 10_000  # the big-numbers rule scales anything down; this only bounds the work


def new_sheet(options: NewOptions) -> ForgottenFuturesSheet:
    if options.universe is not None:
        raise RequestError("Forgotten Futures has no universes; leave out --universe")
    if not options.random:
        return blank_sheet(npc=options.npc)
    return random_sheet(Roller(options.seed), npc=options.npc)


def odds(values: Mapping[str, int | None]) -> dict[str, float]:
    attack, defence = values.get("attack"), values.get("defence")
    effect, body = values.get("effect"), values.get("body")
    if attack is None or defence is None:
        raise RequestError("--attack and --defence are required")
    if (effect is None) != (body is None):
        raise RequestError("give --effect and --body together, or neither")
    for key in ("attack", "defence", "effect", "body"):
        value = values.get(key)
        if value is not None and not 1 <= value <= MAX_VALUE:
            raise RequestError(f"--{key} is a value from 1 to {MAX_VALUE}")
    return attack_odds(attack, defence, effect=effect, body=body).as_floats()


PLUGIN = SystemPlugin(
    id=SYSTEM_ID,
    name="Forgotten Futures",
    model=ForgottenFuturesSheet,
    check=check,
    figures=sheet_figures,
    describe=describe,
    new=new_sheet,
    odds=odds,
    field_label=field_label,
    roster=roster_info,
    tracks=damage_tracks,
    initiative_modifier=initiative_modifier,
    odds_options=(
        OddsOption("attack", "the attacking characteristic, skill or Effect", required=True),
        OddsOption("defence", "the defending characteristic, skill or difficulty", required=True),
        OddsOption("effect", "the attack's Effect, for the damage columns"),
        OddsOption("body", "the target's BODY, for the damage columns"),
    ),
)
