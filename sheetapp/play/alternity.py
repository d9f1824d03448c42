"""The GM's tools for Alternity: NPCs of a profession with abilities in ranges, damage
landed with secondary damage and knockouts by the rules in
``sheetapp.systems.alternity``, the condition a hero is in, and the round ordered by
each combatant's action check: its degree is the phase it acts in (Amazing, Good,
Ordinary, Marginal), one action a phase from there. The excerpt has no experience rules,
so XP awards are refused.

A hit is applied to a copy of the sheet carrying the table's damage, by the sheet's own
play rules, so the table and the form never count an attack differently:

>>> from sheetapp.play.damage import TrackState
>>> hero = AlternitySheet(abilities={"constitution": 9})
>>> tracks = (TrackState("stun", "Stun", 9), TrackState("wound", "Wound", 9),
...           TrackState("mortal", "Mortal", 5), TrackState("fatigue", "Fatigue", 5),
...           TrackState(KNOCKED_OUT, "Knocked out", 1))
>>> hit = land(hero, tracks, "wound", 5)  # 5 wounds bring 2 stun
>>> hit.marked
{'stun': 2, 'wound': 5}
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from pydantic import BaseModel

from sheetapp.dice import Roller
from sheetapp.i18n import N_, TranslatedTable, _
from sheetapp.play.damage import DamageError, Hit, TrackState, positive, take
from sheetapp.play.encounter import OwnInitiative, OwnRule
from sheetapp.play.npcs import (
    checked_ranges,
    chosen,
    from_template,
    listed_name,
    no_universe,
    slug,
)
from sheetapp.play.support import Choice, GmSupport, NpcRequest
from sheetapp.plural import counted
from sheetapp.systems.alternity.checks import roll_degree
from sheetapp.systems.alternity.damage import Condition, Marks, Maxima
from sheetapp.systems.alternity.damage import condition as marks_condition
from sheetapp.systems.alternity.derived import sheet_action_check, sheet_actions
from sheetapp.systems.alternity.generation import (
    GENERATED_PROFESSIONS,
    random_name,
    random_sheet,
)
from sheetapp.systems.alternity.model import AlternitySheet, Damage
from sheetapp.systems.alternity.names import Ability, Degree, Track, label
from sheetapp.systems.alternity.play import take_damage
from sheetapp.systems.alternity.situation import die_for, shift
from sheetapp.systems.plugin import RequestError
from sheetapp.systems.plugin import Track as TableTrack

NAME = "Alternity"
KNOCKED_OUT = "knocked_out"  # knocked out by what the boxes do not show (fatigue, breath)
HIGHEST_ABILITY = 30  # far past any species; ranges past it are refused
NO_XP = N_(
    "the Alternity excerpt sheetapp follows has no experience rules, so there is no XP to award"
)


def professions(_universe: str | None) -> list[Choice]:
    return [Choice(slug(p), p) for p in GENERATED_PROFESSIONS]


def generate(request: NpcRequest, roller: Roller) -> AlternitySheet:
    no_universe(request, NAME)
    allowed = {a.value: (1, HIGHEST_ABILITY) for a in Ability}
    ranges = {Ability(k): v for k, v in checked_ranges(request.ranges, allowed).items()}
    profession = chosen(professions(None), request.profession, _("a profession"))
    copy = from_template(
        request,
        roller,
        AlternitySheet,
        NAME,
        unhurt={"damage": Damage()},
        name=random_name,
        role=("profession", profession),
    )
    if copy is not None:
        return copy
    chosen_name = profession.label if profession is not None else None
    sheet = random_sheet(roller, npc=True, profession=chosen_name, ranges=ranges)
    sheet.name = listed_name(request, roller) or sheet.name
    return sheet


# --- damage ------------------------------------------------------------------------------------

MARKS = (TableTrack(KNOCKED_OUT, N_("Knocked out"), 1),)


def _taken(states: Sequence[TrackState]) -> dict[str, int]:
    return {s.key: s.taken for s in states}


def _maxima(states: Sequence[TrackState]) -> Maxima:
    maximum = {s.key: s.maximum for s in states}
    return Maxima(*(maximum.get(t.value, 0) for t in Track))


def _marks(states: Sequence[TrackState]) -> Marks:
    taken = _taken(states)
    return Marks(*(taken.get(t.value, 0) for t in Track), unconscious=taken.get(KNOCKED_OUT, 0) > 0)


def _with_damage(sheet: AlternitySheet, states: Sequence[TrackState]) -> AlternitySheet:
    """The sheet carrying the table's damage in place of its own."""
    m = _marks(states)
    damage = Damage(
        stun=m.stun, wound=m.wound, mortal=m.mortal, fatigue=m.fatigue, unconscious=m.unconscious
    )
    return sheet.model_copy(update={"damage": damage})


def land(sheet: BaseModel, states: Sequence[TrackState], track: str, amount: int | str) -> Hit:
    """One attack of ``amount`` points of ``track`` damage (stun, wound, mortal or
    fatigue), by ``sheetapp.systems.alternity.play.take_damage``."""
    if not isinstance(sheet, AlternitySheet):
        raise RequestError(_("not an Alternity sheet"))
    if track == KNOCKED_OUT and isinstance(amount, int):
        return take(states, track, amount)  # the mark set by hand (a failed breath check)
    if isinstance(amount, str) or track not in {t.value for t in Track}:
        raise DamageError(
            _("give points of stun, wound, mortal or fatigue damage, not {track}").format(
                track=track
            )
        )
    positive(amount)
    before = _taken(states)
    if track not in before:
        raise DamageError(
            _("this hero has no {track} boxes yet: fill in Constitution first").format(track=track)
        )
    after, hit = take_damage(_with_damage(sheet, states), Track(track), amount)
    now = {t.value: getattr(after.damage, t.value) for t in Track}
    now[KNOCKED_OUT] = int(after.damage.unconscious)
    tracks = tuple(replace(s, taken=now.get(s.key, s.taken)) for s in states)
    marked = {s.key: s.taken - before[s.key] for s in tracks if s.taken != before[s.key]}
    absorbed = sum(v for k, v in marked.items() if k != KNOCKED_OUT)
    return Hit(tracks, track, absorbed, hit.unabsorbed, marked)


def _condition(states: Sequence[TrackState], *, optional_dazed: bool = True) -> Condition:
    return marks_condition(_marks(states), _maxima(states), optional_dazed=optional_dazed)


def _text(state: Condition) -> str:
    if state.dead:
        return "dead"
    parts = [_("knocked out")] if state.knocked_out else []
    if state.dying:
        parts.append("dying")
    if state.dazed_steps:
        parts.append(counted(state.dazed_steps, "dazed: +{n} step", "dazed: +{n} steps"))
    if state.resolve_due:
        parts.append(_("fatigue full: a Resolve check or collapse"))
    return ", ".join(parts)


def condition(states: Sequence[TrackState]) -> str:
    """Knocked out, dying or dead, and the dazed penalty on every check (the optional dazed
    rule for stun and wound counted, as by default)."""
    return _text(_condition(states))


def describe(sheet: BaseModel, states: Sequence[TrackState]) -> str:
    """The condition with the sheet's own choice about the optional dazed rule."""
    optional = sheet.settings.optional_dazed if isinstance(sheet, AlternitySheet) else True
    return _text(_condition(states, optional_dazed=optional))


def out(states: Sequence[TrackState]) -> bool:
    """Knocked out or dead: a dying hero who is awake still acts."""
    state = _condition(states)
    return state.dead or bool(state.knocked_out)


# --- initiative: the action check --------------------------------------------------------------

PHASES = (N_("Amazing phase"), N_("Good phase"), N_("Ordinary phase"), N_("Marginal phase"))
# Results are degrees by rank, worst first: a failure acts in the Marginal phase, and a
# critical failure after everyone there.
SHOWN = TranslatedTable({
    Degree.CRITICAL_FAILURE: N_("Critical failure"),
    Degree.FAILURE: N_("Marginal"),
    Degree.ORDINARY: N_("Ordinary"),
    Degree.GOOD: N_("Good"),
    Degree.AMAZING: N_("Amazing"),
})
TYPED = {d.value.replace("_", " "): d for d in Degree} | {"marginal": Degree.FAILURE}


def own_initiative(sheet: BaseModel, states: Sequence[TrackState]) -> OwnInitiative | None:
    """The action check, rolled with the dazed penalty, and the actions a round."""
    if not isinstance(sheet, AlternitySheet):
        return None
    check = sheet_action_check(sheet)
    if check is None:
        return None
    dazed = _condition(states, optional_dazed=sheet.settings.optional_dazed).dazed_steps
    return OwnInitiative(
        score=max(check.ordinary, 0),
        ties=(check.ordinary,),
        step=shift(0, dazed),
        actions=max(sheet_actions(sheet) or 1, 1),
    )


def _roll(own: OwnInitiative, roller: Roller) -> int:
    situation = roller.sample(die_for(own.step).distribution())
    return roll_degree(roller.die(20), situation, own.score, own.step).degree.rank


def _read(_own: OwnInitiative | None, typed: int | str) -> int:
    degree = TYPED.get(str(typed).strip().casefold().replace("_", " "))
    if degree is None:
        raise ValueError(
            _(
                "'{typed}' is not an action check result: amazing, good, "
                "ordinary, marginal or critical failure"
            ).format(typed=typed)
        )
    return degree.rank


def _shown(rank: int) -> str:
    return SHOWN[list(Degree)[rank]]


def _phase(rank: int) -> int:
    return min(Degree.AMAZING.rank - rank, len(PHASES) - 1)


INITIATIVE = OwnRule(
    roll=_roll,
    read=_read,
    shown=_shown,
    phases=PHASES,
    phase=_phase,
    last=frozenset({Degree.CRITICAL_FAILURE.rank}),
)


SUPPORT = GmSupport(
    generate=generate,
    professions=professions,
    attributes=tuple(a.value for a in Ability),
    attribute_label=lambda attribute: label(Ability(attribute)),
    no_xp=NO_XP,
    condition=condition,
    marks=MARKS,
    land=land,
    out=out,
    describe=describe,
    own_initiative=own_initiative,
    own_rule=INITIATIVE,
)
