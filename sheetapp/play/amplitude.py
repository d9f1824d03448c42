"""The GM's tools for the Amplitude Engine: NPCs from a stock concept (the text has no
attributes to give ranges for), the wound track with each sheet's resilience thresholds,
the penalty in force, and the GM ordering the scene by hand (the text has no initiative).
The text has no experience rules either, so XP awards are refused.

At the table an amount of damage is the hit's Quality of Outcome: it moves the target 1,
2 or 3 steps down the track as it meets the sheet's thresholds. The Outcome Table's U and
K are named results; healing moves up the track a step at a time.

>>> from sheetapp.play.damage import TrackState
>>> from sheetapp.systems.amplitude.model import AmplitudeSheet
>>> track = (TrackState(WOUNDS, "Wounds", 4), TrackState(KILLED, "Killed", 1))
>>> hit = land(AmplitudeSheet(), track, WOUNDS, 5)  # QO 5 meets the moderate threshold 4
>>> hit.absorbed, condition(hit.tracks)
(2, 'moderate wound: -2 to every roll')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from pydantic import BaseModel

from sheetapp.dice import Roller
from sheetapp.i18n import N_, _
from sheetapp.play.damage import DamageError, Hit, TrackState, find, positive, swap, take
from sheetapp.play.npcs import chosen, from_template, listed_name, no_universe, slug
from sheetapp.play.support import Choice, GmSupport, NpcRequest
from sheetapp.systems.amplitude.archetypes import ARCHETYPES
from sheetapp.systems.amplitude.generation import random_name, random_sheet
from sheetapp.systems.amplitude.model import AmplitudeSheet
from sheetapp.systems.amplitude.names import SYSTEM_NAME, TRACK, WOUND_LABELS, WoundLevel
from sheetapp.systems.amplitude.wounds import (
    ACTION_CHECK_AMP,
    ACTION_CHECK_QO,
    after_hit,
    penalty,
    wound_steps,
)
from sheetapp.systems.plugin import RequestError, Track

WOUNDS, KILLED = "wounds", "killed"
HIGHEST_QO = 10  # the Outcome Table's best number
NO_XP = (
    N_("the Amplitude Engine text has no experience rules, so there is no XP to award; "
    "Thematic Momentum is tracked on the sheet")
)


def professions(_universe: str | None) -> list[Choice]:
    """The stock concepts a random character is drawn from."""
    return [Choice(slug(a.concept), a.concept) for a in ARCHETYPES]


def generate(request: NpcRequest, roller: Roller) -> AmplitudeSheet:
    no_universe(request, _("the {SYSTEM_NAME}").format(SYSTEM_NAME=SYSTEM_NAME))
    if request.ranges:
        raise RequestError(
            _("the {SYSTEM_NAME} has no attributes to give ranges for").format(
                SYSTEM_NAME=SYSTEM_NAME
            )
        )
    concept = chosen(professions(None), request.profession, _("a concept"))
    copy = from_template(
        request,
        roller,
        AmplitudeSheet,
        SYSTEM_NAME,
        unhurt={"wound": "unwounded", "misfortune": 0, "misfortune_owed": 0},
        name=random_name,
        role=("concept", concept),
    )
    if copy is not None:
        return copy
    archetype = next((a for a in ARCHETYPES if concept and a.concept == concept.label), None)
    sheet = random_sheet(roller, npc=True, archetype=archetype)
    sheet.name = listed_name(request, roller) or sheet.name
    return sheet


# --- the wound track ---------------------------------------------------------------------------

MARKS = (Track(KILLED, N_("Killed"), 1),)
RESULTS = (Choice("U", N_("Incapacitated")), Choice("K", N_("Killed")))


def land(sheet: BaseModel, states: Sequence[TrackState], track: str, amount: int | str) -> Hit:
    """A hit of Quality ``amount`` (1 to 10) against the sheet's thresholds, or a U or a K,
    by ``sheetapp.systems.amplitude.wounds.after_hit``."""
    if not isinstance(sheet, AmplitudeSheet):
        raise RequestError(_("not an Amplitude Engine sheet"))
    if track != WOUNDS and isinstance(amount, int):
        return take(states, track, amount)  # a mark set by hand
    if isinstance(amount, int) and positive(amount) > HIGHEST_QO:
        raise DamageError(
            _("a Quality of Outcome is 1 to {HIGHEST_QO}; U and K are results").format(
                HIGHEST_QO=HIGHEST_QO
            )
        )
    result = str(amount).strip().upper()
    wounds = find(states, WOUNDS)
    level = _level(states)
    try:
        after = after_hit(level, result, sheet.thresholds)
    except RequestError as exc:
        raise DamageError(str(exc)) from None
    if after == "killed":
        killed = find(states, KILLED)
        tracks = swap(states, replace(killed, taken=killed.maximum))
        return Hit(tracks, KILLED, 1 - killed.taken, 0, {KILLED: 1 - killed.taken})
    steps = TRACK.index(after) - wounds.taken
    tracks = swap(states, replace(wounds, taken=wounds.taken + steps))
    # Steps a QO calls for past the end of the track are ignored, as points past 0 are.
    wanted = wound_steps(int(result), sheet.thresholds) if result.isdigit() else steps
    return Hit(tracks, WOUNDS, steps, max(wanted - steps, 0), {WOUNDS: steps} if steps else {})


def _level(states: Sequence[TrackState]) -> WoundLevel:
    by_key = {s.key: s.taken for s in states}
    if by_key.get(KILLED):
        return "killed"
    return TRACK[min(by_key.get(WOUNDS, 0), len(TRACK) - 1)]


def condition(states: Sequence[TrackState]) -> str:
    """Where the target stands on the track and what that costs ("" unwounded)."""
    level = _level(states)
    if level == "unwounded":
        return ""
    if level == "killed":
        return _("killed")
    if level == "incapacitated":
        return _("incapacitated: cannot act")
    text = _("{lower}: {penalty} to every roll").format(
        lower=WOUND_LABELS[level].lower(), penalty=penalty(level)
    )
    if level == "major":
        check = _("Amp {ACTION_CHECK_AMP} / QO {ACTION_CHECK_QO}").format(
            ACTION_CHECK_AMP=ACTION_CHECK_AMP, ACTION_CHECK_QO=ACTION_CHECK_QO
        )
        text += _("; an {check} check before any significant action, else minor ones only").format(
            check=check
        )
    return text


def out(states: Sequence[TrackState]) -> bool:
    """Incapacitated or killed."""
    return _level(states) in ("incapacitated", "killed")


SUPPORT = GmSupport(
    generate=generate,
    professions=professions,
    no_xp=NO_XP,
    condition=condition,
    marks=MARKS,
    land=land,
    results=RESULTS,
    amount_label="QO",
    out=out,
)
