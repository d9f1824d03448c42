"""Forgotten Futures as a sheetapp system plugin."""

from __future__ import annotations

from collections.abc import Mapping

from sheetapp.i18n import N_, _
from sheetapp.systems.forgotten_futures.effect_changes import MAX_BLAST
from sheetapp.systems.forgotten_futures.field_labels import field_label
from sheetapp.systems.forgotten_futures.figures import sheet_figures
from sheetapp.systems.forgotten_futures.generation import blank_sheet, random_sheet
from sheetapp.systems.forgotten_futures.model import SYSTEM_ID, ForgottenFuturesSheet
from sheetapp.systems.forgotten_futures.modifiers import Limit
from sheetapp.systems.forgotten_futures.odds import attack_odds
from sheetapp.systems.forgotten_futures.roster import (
    damage_tracks,
    initiative_modifier,
    roster_info,
)
from sheetapp.systems.forgotten_futures.rules import check
from sheetapp.systems.forgotten_futures.summary import describe
from sheetapp.systems.new_sheets import without_universes
from sheetapp.systems.odds_input import given, within
from sheetapp.systems.plugin import OddsOption, RequestError, SystemPlugin

MAX_VALUE = 10_000  # the big-numbers rule scales anything down; this only bounds the work

ODDS_OPTIONS = (
    OddsOption("attack", N_("the attacking characteristic, skill or Effect"), required=True),
    OddsOption("defence", N_("the defending characteristic, skill or difficulty"), required=True),
    OddsOption("effect", N_("the attack's Effect, for the damage columns")),
    OddsOption("body", N_("the target's BODY, for the damage columns")),
    OddsOption(
        "armour", N_("Effect the target's armour stops (below 1 left: no damage)"), default=0
    ),
    OddsOption(
        "pull", N_("pulling punches: 0 full, 1 limited (C as B), 2 minimal (all A)"), default=0
    ),
    OddsOption(
        "blast",
        N_("an explosive's rings beyond its radius: that many D6 off the Effect"),
        default=0,
    ),
)

PULLS: tuple[Limit, ...] = ("full", "limited", "minimal")

new_sheet = without_universes(N_("Forgotten Futures"), blank_sheet, random_sheet)


def odds(values: Mapping[str, int | None]) -> dict[str, float]:
    found = given(values, ODDS_OPTIONS)
    attack, defence, effect, body, armour, pull, blast = (found[o.name] for o in ODDS_OPTIONS)
    if (effect is None) != (body is None):
        raise RequestError(_("give --effect and --body together, or neither"))
    values = ("attack", "defence", "effect", "body")
    within(found, values, 1, MAX_VALUE, _("{flag} is a value from {low} to {high}"))
    within(found, ("armour",), 0, MAX_VALUE, _("{flag} is a value from {low} to {high}"))
    within(found, ("pull",), 0, len(PULLS) - 1, _("{flag} is {low}, 1 or {high}"))
    within(found, ("blast",), 0, MAX_BLAST, _("{flag} is {low} to {high} rings"))
    result = attack_odds(
        attack,  # type: ignore[arg-type]  # required
        defence,  # type: ignore[arg-type]  # required
        effect=effect,
        body=body,
        armour=armour or 0,
        limit=PULLS[pull or 0],
        blast_dice=blast or 0,
    )
    return result.as_floats()


PLUGIN = SystemPlugin(
    id=SYSTEM_ID,
    name=N_("Forgotten Futures"),
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
    odds_options=ODDS_OPTIONS,
)
