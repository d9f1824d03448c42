"""The GM's tools for Forgotten Futures: NPCs of a profession with characteristics in
ranges, bonus points as the award, the wounds record as the damage track, and no
initiative (everything in a round happens at once, so the GM keeps the list by hand).

At the table the record's five boxes, B F I I C, fill in order: a track of 3 taken means
bruised, flesh wound and the first injury ticked, and the worst box ticked sets the BODY
penalty. A hit is either a number of boxes (each marks the next one) or a damage result
as the weapon columns write it, which lands where the rules put it:

>>> from sheetapp.play.damage import TrackState
>>> fresh = (TrackState(WOUNDS, "Wounds", 5), TrackState(KNOCKED_OUT, "", 1),
...          TrackState(KILLED, "", 1))
>>> hit = land_result(fresh, "I")
>>> condition(hit.tracks)
'injured: slow, needs care; BODY -2'
>>> condition(land_result(hit.tracks, "I+KO").tracks)
'knocked out; crawling: cannot fight; BODY -4'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from pydantic import BaseModel

from sheetapp.dice import Roller
from sheetapp.i18n import N_, _
from sheetapp.play.damage import DamageError, Hit, TrackState, find, swap, take
from sheetapp.play.npcs import (
    checked_ranges,
    chosen,
    from_template,
    listed_name,
    no_universe,
    slug,
)
from sheetapp.play.support import Choice, GmSupport, NpcRequest, XpAward
from sheetapp.systems.forgotten_futures import experience
from sheetapp.systems.forgotten_futures.damage import RESULTS
from sheetapp.systems.forgotten_futures.generation import PROFESSIONS, random_name, random_sheet
from sheetapp.systems.forgotten_futures.model import ForgottenFuturesSheet, Wounds
from sheetapp.systems.forgotten_futures.names import HIGHEST, LOWEST, Characteristic, label
from sheetapp.systems.forgotten_futures.wounds import BOXES, body_penalty
from sheetapp.systems.forgotten_futures.wounds import condition as wound_condition
from sheetapp.systems.plugin import RequestError, Track

NAME = "Forgotten Futures"
WOUNDS, KNOCKED_OUT, KILLED = "wounds", "knocked_out", "killed"
BRUISED, FLESH, INJURY, SECOND_INJURY, CRITICAL = range(1, len(BOXES) + 1)  # boxes, in order
TWO_INJURIES = SECOND_INJURY  # from here the character cannot fight


def professions(_universe: str | None) -> list[Choice]:
    return [Choice(slug(p.name), p.name) for p in PROFESSIONS]


def generate(request: NpcRequest, roller: Roller) -> ForgottenFuturesSheet:
    no_universe(request, NAME)
    allowed = {c.value: (LOWEST, HIGHEST) for c in Characteristic}
    ranges = {Characteristic(k): v for k, v in checked_ranges(request.ranges, allowed).items()}
    profession = chosen(professions(None), request.profession, _("a profession"))
    template = request.template
    sex = template.sex if isinstance(template, ForgottenFuturesSheet) else ""
    copy = from_template(
        request,
        roller,
        ForgottenFuturesSheet,
        NAME,
        unhurt={"wounds": Wounds()},
        name=lambda r: random_name(r, sex),
        role=("profession", profession),
    )
    if copy is not None:
        return copy
    kind = next((p for p in PROFESSIONS if profession and p.name == profession.label), None)
    sheet = random_sheet(roller, npc=True, profession=kind, ranges=ranges)
    sheet.name = listed_name(request, roller) or sheet.name
    return sheet


def award_xp(sheet: BaseModel, award: XpAward) -> BaseModel:
    """The award is bonus points, the game's experience."""
    if not isinstance(sheet, ForgottenFuturesSheet):
        raise RequestError(_("not a Forgotten Futures record"))
    if award.core:
        raise experience.BonusRefused(_("Forgotten Futures has no Player Core to take a share"))
    return experience.award(sheet, award.amount, note=award.note)


# --- the wounds record at the table -----------------------------------------------------------

MARKS = (Track(KNOCKED_OUT, N_("Knocked out"), 1), Track(KILLED, N_("Killed"), 1))
RESULT_CHOICES = tuple(Choice(code, name) for code, name in RESULTS.items())


def land(_sheet: BaseModel, states: Sequence[TrackState], track: str, amount: int | str) -> Hit:
    """A number of boxes marks the next ones; a damage result lands as the rules say."""
    if isinstance(amount, str):
        return land_result(states, amount)
    return take(states, track, amount)


def land_result(states: Sequence[TrackState], result: str) -> Hit:
    """A damage result: ``B``, ``F``, ``I``, ``C``, ``KO`` or ``K``, or two joined by ``+``
    (both at once). A bruise or flesh wound over a worse wound adds nothing; each injury
    ticks the next injury box, and one more past both is critical."""
    if "/" in result:
        raise DamageError(
            _(
                "'{result}' asks for a second Effect roll against BODY: give the one result it gave"
            ).format(result=result)
        )
    codes = [c for c in re.split(r"\s*\+\s*", result.strip().upper()) if c not in ("", "-")]
    unknown = [c for c in codes if c not in RESULTS]
    if unknown:
        raise DamageError(
            _("'{unknown}' is not a damage result; use {join}").format(
                unknown=unknown[0], join=", ".join(RESULTS)
            )
        )
    before = {s.key: s.taken for s in states}
    for code in codes:
        states = _result(states, code)
    marked = {s.key: s.taken - before[s.key] for s in states if s.taken != before[s.key]}
    return Hit(tuple(states), WOUNDS, sum(marked.values()), 0, marked)


def _result(states: Sequence[TrackState], code: str) -> tuple[TrackState, ...]:
    if code in ("KO", "K"):
        mark = find(states, KNOCKED_OUT if code == "KO" else KILLED)
        return swap(states, replace(mark, taken=mark.maximum))
    wounds = find(states, WOUNDS)
    if code == "I":
        box = INJURY if wounds.taken < INJURY else min(wounds.taken + 1, CRITICAL)
    else:
        box = {"B": BRUISED, "F": FLESH, "C": CRITICAL}[code]
    return swap(states, replace(wounds, taken=max(wounds.taken, box)))


def _record(states: Sequence[TrackState]) -> Wounds:
    """The boxes the track has ticked, as the sheet's wounds record."""
    ticked = {s.key: s.taken for s in states}.get(WOUNDS, 0)
    return Wounds(**{key: ticked > n for n, (key, _unused, _unused) in enumerate(BOXES)})


def _marked(states: Sequence[TrackState], key: str) -> bool:
    return any(s.key == key and s.taken > 0 for s in states)


def condition(states: Sequence[TrackState]) -> str:
    """The character's state and the BODY penalty in force ("" when unhurt)."""
    if _marked(states, KILLED):
        return _("dead")
    record = _record(states)
    parts = [_("knocked out")] if _marked(states, KNOCKED_OUT) else []
    if record != Wounds():
        penalty = body_penalty(record)
        shown = wound_condition(record)
        parts.append(
            _("{condition}; BODY {penalty}").format(condition=shown, penalty=penalty)
            if penalty
            else shown
        )
    return "; ".join(parts)


def out(states: Sequence[TrackState]) -> bool:
    """Dead, knocked out, or hurt past fighting (two injuries, critical)."""
    wounds = {s.key: s.taken for s in states}.get(WOUNDS, 0)
    return _marked(states, KILLED) or _marked(states, KNOCKED_OUT) or wounds >= TWO_INJURIES


SUPPORT = GmSupport(
    generate=generate,
    professions=professions,
    attributes=tuple(c.value for c in Characteristic),
    attribute_label=lambda attribute: label(Characteristic(attribute)),
    award_xp=award_xp,
    condition=condition,
    marks=MARKS,
    land=land,
    results=RESULT_CHOICES,
    amount_label="boxes",
    out=out,
)
