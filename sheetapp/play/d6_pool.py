"""The GM's tools for the d6 dice pool: NPCs by the procedure with attributes in ranges
(the text has no professions), XP awards, lethal and non-lethal damage with their
thresholds, and initiative as each combatant's own Dexterity + Dodge pool.

Both kinds of damage count down one Health (``derived.Harm``); the two tracks only keep
the kinds apart. At 0 health left the character is helpless (bleeding and unable to act
when lethal damage alone got there); at minus Stamina unconscious, and from then on every
point is lethal, the rest of that hit included. Lethal damage alone at minus Stamina: dead.

>>> from sheetapp.play.damage import TrackState
>>> fresh = (TrackState(LETHAL, "Lethal", 6, minimum=-3),
...          TrackState(NONLETHAL, "Non-lethal", 6, minimum=-3))
>>> hit = land(None, fresh, NONLETHAL, 11)  # 9 reach minus Stamina, 2 spill over
>>> hit.marked, condition(hit.tracks)
({'nonlethal': 9, 'lethal': 2}, 'unconscious')
>>> stabbed = land(None, fresh, LETHAL, 4)
>>> condition(land(None, stabbed.tracks, NONLETHAL, 3).tracks)  # 7 of 6 health, one pool
'helpless'
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from sheetapp.dice import Roller
from sheetapp.i18n import N_, TranslatedTable, _
from sheetapp.play.damage import DamageError, Hit, TrackState, find, take
from sheetapp.play.encounter import OwnInitiative, OwnRule
from sheetapp.play.npcs import checked_ranges, from_template, listed_name, no_universe
from sheetapp.play.support import GmSupport, NpcRequest, XpAward
from sheetapp.plural import counted
from sheetapp.systems.d6_pool import experience
from sheetapp.systems.d6_pool.derived import Harm, initiative_pool
from sheetapp.systems.d6_pool.generation import random_name, random_sheet
from sheetapp.systems.d6_pool.model import D6PoolSheet
from sheetapp.systems.d6_pool.names import MAX_RATING, MIN_RATING, SUCCESS_ON, Attribute, label
from sheetapp.systems.d6_pool.roster import LETHAL, NONLETHAL
from sheetapp.systems.plugin import RequestError

# The system as a sentence names it, read in the reader's language where it is used.
NAME = N_("d6 Dice Pool")


def generate(request: NpcRequest, roller: Roller) -> D6PoolSheet:
    no_universe(request, _(NAME))
    if request.profession:
        raise RequestError(
            _("{NAME} characters have no professions; use a template sheet").format(NAME=_(NAME))
        )
    allowed = {a.value: (MIN_RATING, MAX_RATING) for a in Attribute}
    ranges = {Attribute(k): v for k, v in checked_ranges(request.ranges, allowed).items()}
    unhurt = {"lethal_damage": 0, "nonlethal_damage": 0}
    copy = from_template(request, roller, D6PoolSheet, _(NAME), unhurt=unhurt, name=random_name)
    if copy is not None:
        return copy
    sheet = random_sheet(roller, npc=True, ranges=ranges)
    sheet.name = listed_name(request, roller) or sheet.name
    return sheet


def award_xp(sheet: BaseModel, award: XpAward) -> BaseModel:
    if not isinstance(sheet, D6PoolSheet):
        raise RequestError(_("not a d6 dice pool sheet"))
    if award.core:
        raise experience.XpRefused(
            _("{NAME} has no Player Core to take a share").format(NAME=_(NAME))
        )
    return experience.award(sheet, award.amount, note=award.note)


# --- damage ------------------------------------------------------------------------------------


def harm(states: Sequence[TrackState]) -> Harm | None:
    """The two tracks read as one Health, or None when the sheet has not both."""
    keys = {s.key for s in states}
    if not {LETHAL, NONLETHAL} <= keys:
        return None
    lethal, nonlethal = find(states, LETHAL), find(states, NONLETHAL)
    return Harm(lethal.taken, nonlethal.taken, lethal.maximum, -lethal.minimum)


def route_damage(states: Sequence[TrackState], key: str) -> str:
    """Once health is down to minus Stamina, all further damage is lethal."""
    found = harm(states)
    if key == NONLETHAL and found is not None and found.nonlethal_room == 0:
        return LETHAL
    return key


def land(_sheet: BaseModel, states: Sequence[TrackState], track: str, amount: int | str) -> Hit:
    """The hit on the track it is routed to; non-lethal points past minus Stamina (both
    kinds counted) go on as lethal damage."""
    if isinstance(amount, str):
        raise DamageError(_("'{amount}' is not a number of damage points").format(amount=amount))
    key = route_damage(states, track)
    found = harm(states)
    if key != NONLETHAL or found is None or amount <= found.nonlethal_room:
        return take(states, key, amount)
    kept = found.nonlethal_room
    first = take(states, NONLETHAL, kept) if kept else Hit(tuple(states), NONLETHAL, 0, 0)
    more = take(first.tracks, LETHAL, amount - kept)
    marked = {NONLETHAL: kept, **more.marked} if kept else dict(more.marked)
    return Hit(more.tracks, NONLETHAL, kept + more.absorbed, more.ignored, marked)


SHOWN = TranslatedTable({
    "dead": N_("dead"),
    "unconscious": N_("unconscious"),
    "incapacitated": N_("bleeding and helpless"),
    "helpless": N_("helpless"),
})


def condition(states: Sequence[TrackState]) -> str:
    """Dead; else unconscious, bleeding or helpless ("" while health is above 0)."""
    found = harm(states)
    if found is None:
        return ""
    if found.state == "unconscious" and found.bleeding:
        return _("unconscious, bleeding")
    return SHOWN.get(found.state, "")


# --- initiative --------------------------------------------------------------------------------


def own_initiative(sheet: BaseModel, _states: Sequence[TrackState]) -> OwnInitiative | None:
    """Dexterity + Dodge (half Dexterity without it); ties go to Dexterity, then Wisdom."""
    if not isinstance(sheet, D6PoolSheet):
        return None
    ties = tuple(sheet.attributes.get(a) or 0 for a in (Attribute.DEXTERITY, Attribute.WISDOM))
    return OwnInitiative(score=initiative_pool(sheet).dice, ties=ties)


def _roll(own: OwnInitiative, roller: Roller) -> int:
    return sum(face >= SUCCESS_ON for face in roller.dice(own.score, 6))


def _read(own: OwnInitiative | None, typed: int | str) -> int:
    limit = own.score if own is not None else None
    if isinstance(typed, bool) or not isinstance(typed, int) or typed < 0:
        raise ValueError(
            _("give the successes rolled, a whole number from 0, not {typed!r}").format(typed=typed)
        )
    if limit is not None and typed > limit:
        raise ValueError(
            _("{limit} dice cannot show {typed} successes").format(limit=limit, typed=typed)
        )
    return typed


def _shown(successes: int) -> str:
    return counted(successes, "{n} success", "{n} successes")


INITIATIVE = OwnRule(roll=_roll, read=_read, shown=_shown)


SUPPORT = GmSupport(
    generate=generate,
    attributes=tuple(a.value for a in Attribute),
    attribute_label=lambda attribute: label(Attribute(attribute)),
    award_xp=award_xp,
    route_damage=route_damage,
    condition=condition,
    land=land,
    own_initiative=own_initiative,
    own_rule=INITIATIVE,
)
