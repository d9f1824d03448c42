"""An encounter at the table: who is in it, on which side, and who acts when.

Initiative is rolled per side: one die plus the best initiative modifier among the side's
members still in the fight (the Amazing Engine's procedure; the plugin gives each sheet's
modifier). The higher total acts first; equal totals act at the same time. Something
outside either side's control (a fuse burning down) is a side of its own with modifier 0.
When no one in the encounter has a modifier (a system without an initiative rule), the GM
orders the list by hand.

Before the first round, a system with an advantage check (Amazing Engine: each side rolls
percentile dice against its best Psyche) may settle who is forewarned: the side with the
advantage acts first in round 1 without a roll; a surprised side does nothing in round 1
and is still unprepared in round 2; initiative is rolled from then on.

Some systems order each combatant by a roll of its own instead (d6 pool: a Dexterity +
Dodge pool; Alternity: the action check, whose degree sets the phase a combatant acts in).
A combatant then carries its ``OwnInitiative``, and the system's ``OwnRule`` says how the
roll is made and read; ties are broken as the rule says, or act together.

Everything here is a value: each operation returns a new ``Encounter``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from itertools import groupby
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from sheetapp.dice import Roller
from sheetapp.i18n import N_, _
from sheetapp.storage.invalid import first_error


class EncounterError(ValueError):
    """A request the encounter cannot carry out; the message says why."""


class MixedSystems(EncounterError):
    """The combatants' systems order a round in different ways, so no one rule can roll
    it: the GM types each one's initiative as rolled at the table, or orders it by hand."""


class _Value(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class OwnInitiative(_Value):
    """What a combatant rolls alone for its place in the round, where the system orders
    each combatant by its own roll: ``score`` is the dice of a pool (d6 pool) or the score
    to roll at or under (Alternity's action check). Equal results go by ``ties``, higher
    first (d6 pool: Dexterity, then Wisdom)."""

    score: int = Field(ge=0, le=10_000)
    ties: tuple[int, ...] = ()
    step: int = Field(0, ge=-5, le=104)  # a situation die step its state adds (dazed)
    actions: int = Field(1, ge=1, le=100)  # actions a round, one a phase


class Condition(_Value):
    """A state a combatant carries for a while (stunned, on fire, blessed): ``rounds`` left,
    counted down as each new round starts and gone at 0; None lasts until taken off."""

    name: str = Field(min_length=1, max_length=200)
    rounds: int | None = Field(None, ge=1, le=10_000)


class Combatant(_Value):
    """One participant. ``key`` is unique in the encounter (the same library sheet may
    appear twice under two keys); ``out`` marks one no longer present and active, who
    neither acts nor counts for its side's initiative."""

    key: str = Field(min_length=1, max_length=100)
    name: str = Field(max_length=1000)
    side: str = Field(min_length=1, max_length=200)
    sheet_id: int | None = None
    modifier: int | None = None
    awareness: int | None = None
    out: bool = False
    own: OwnInitiative | None = None  # its own initiative roll, where the system has one
    # Which character of the sheet takes part, where a sheet holds several (Amazing Engine:
    # one active per universe); None: the one the system plays it as.
    character: int | None = Field(None, ge=0, le=1000)
    conditions: tuple[Condition, ...] = Field((), max_length=100)


class SideRoll(_Value):
    side: str
    die: int
    modifier: int

    @property
    def total(self) -> int:
        return self.die + self.modifier


class OwnRoll(_Value):
    """One combatant's own initiative this round: ``result`` orders (higher first), as the
    system reads it ("3 successes", "Good")."""

    key: str
    result: int
    shown: str
    ties: tuple[int, ...] = ()


class Turn(_Value):
    """A step of the round: the sides acting together (several after a tie) and their
    combatants, in the order they roll; ``acts`` is False for a surprised side, which only
    watches."""

    sides: tuple[str, ...]
    keys: tuple[str, ...]
    # "advantage", "surprise", "tie", "initiative", "by hand", "no roll" or a phase's name
    why: str = ""
    acts: bool = True


class Opening(_Value):
    """The advantage check made before the first round."""

    outcome: str  # none, player_advantage, npc_advantage, player_surprise, npc_surprise
    first: str  # the side that rolled as the players
    second: str
    bonus: int = 0

    def leader(self) -> str | None:
        if self.outcome.startswith("player_"):
            return self.first
        if self.outcome.startswith("npc_"):
            return self.second
        return None

    def trailer(self) -> str | None:
        leader = self.leader()
        return None if leader is None else (self.second if leader == self.first else self.first)

    @property
    def surprise(self) -> bool:
        return self.outcome.endswith("_surprise")


class Encounter(_Value):
    name: str = ""
    combatants: tuple[Combatant, ...] = ()
    round: int = 0
    opening: Opening | None = None
    rolls: tuple[SideRoll, ...] = ()  # this round's initiative, best first
    own_rolls: tuple[OwnRoll, ...] = ()  # this round's own initiative rolls, best first
    turns: tuple[Turn, ...] = ()  # this round's order
    hand_order: tuple[str, ...] = ()  # the GM's order, used when no one has a modifier
    # The GM chose to order the rounds by hand (a mixed-system fight whose rules differ).
    ordered_by_hand: bool = False
    turn: int = Field(0, ge=0)  # the step of ``turns`` acting now

    @property
    def current_turn(self) -> Turn | None:
        """The step of the round acting now (None before round 1)."""
        if self.round == 0 or not self.turns:
            return None
        return self.turns[min(self.turn, len(self.turns) - 1)]

    def combatant(self, key: str) -> Combatant:
        for combatant in self.combatants:
            if combatant.key == key:
                return combatant
        raise EncounterError(_("no one called '{key}' in this encounter").format(key=key))

    def sides(self) -> list[str]:
        """Every side, in the order its first member joined."""
        return list(dict.fromkeys(c.side for c in self.combatants))

    def active(self, side: str) -> list[Combatant]:
        return [c for c in self.combatants if c.side == side and not c.out]

    @property
    def by_hand(self) -> bool:
        """Whether the GM orders the list: no one present has an initiative modifier or a
        roll of its own."""
        if self.ordered_by_hand:
            return True
        return all(c.modifier is None and c.own is None for c in self.combatants if not c.out)

    @property
    def personal(self) -> bool:
        """Whether each combatant rolls alone: someone present has its own initiative."""
        return any(c.own is not None for c in self.combatants if not c.out)

    def modifiers(self) -> dict[str, int]:
        """What each side adds to actions against the other this round (advantage)."""
        opening = self.opening
        leader, trailer = (opening.leader(), opening.trailer()) if opening else (None, None)
        if opening is None or leader is None or trailer is None:
            return {}
        if self.round == 1 or (self.round == 2 and opening.surprise):
            return {leader: opening.bonus, trailer: -opening.bonus}
        return {}

    def as_dict(self) -> dict[str, Any]:
        return self.model_dump(mode="json")

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Encounter:
        try:
            return cls.model_validate(data)
        except ValueError as exc:
            raise EncounterError(
                _("a saved encounter that cannot be read: {exc}").format(exc=exc)
            ) from None

    @classmethod
    def from_json(cls, text: str | bytes, where: str) -> Encounter:
        """A stored encounter read back: pydantic's parser bounds the nesting (a deep
        array is refused, not a RecursionError), and any failure is one line naming
        ``where`` and the first field at fault."""
        try:
            return cls.model_validate_json(text)
        except ValidationError as exc:
            raise EncounterError(
                _("{where} could not be read: {first_error}").format(
                    where=where, first_error=first_error(exc)
                )
            ) from None


def add(encounter: Encounter, combatant: Combatant) -> Encounter:
    if any(c.key == combatant.key for c in encounter.combatants):
        raise EncounterError(_("'{key}' is in this encounter already").format(key=combatant.key))
    return encounter.model_copy(
        update={
            "combatants": (*encounter.combatants, combatant),
            "hand_order": (*encounter.hand_order, combatant.key),
        }
    )


def remove(encounter: Encounter, key: str) -> Encounter:
    encounter.combatant(key)
    return encounter.model_copy(
        update={
            "combatants": tuple(c for c in encounter.combatants if c.key != key),
            "hand_order": tuple(k for k in encounter.hand_order if k != key),
            "turns": _nonempty(
                tuple(
                    t.model_copy(update={"keys": tuple(k for k in t.keys if k != key)})
                    for t in encounter.turns
                )
            ),
        }
    )


def change(encounter: Encounter, key: str, **fields: Any) -> Encounter:
    """The combatant ``key`` with ``fields`` changed (``out=True``, ``side="..."``...)."""
    current = encounter.combatant(key)
    try:
        changed = Combatant.model_validate({**current.model_dump(), **fields})
    except ValueError as exc:
        raise EncounterError(str(exc)) from None
    if changed.key != key:
        raise EncounterError(_("a combatant's key does not change"))
    return encounter.model_copy(
        update={"combatants": tuple(changed if c.key == key else c for c in encounter.combatants)}
    )


def move(encounter: Encounter, key: str, position: int) -> Encounter:
    """Put ``key`` at ``position`` (from 0) in the GM's order."""
    encounter.combatant(key)
    order = [k for k in encounter.hand_order if k != key]
    order.insert(max(0, min(position, len(order))), key)
    updated = encounter.model_copy(update={"hand_order": tuple(order)})
    if encounter.by_hand and encounter.round:
        updated = updated.model_copy(update={"turns": _hand_turns(updated)})
    return updated


def check_advantage(
    encounter: Encounter,
    first: str,
    second: str,
    first_roll: int,
    second_roll: int,
    *,
    rule: Callable[[int, int, int, int], str],
    bonus: int = 0,
) -> Encounter:
    """Settle who is forewarned before round 1: each side's percentile roll against its best
    awareness score (``rule`` is the system's check, e.g. the Amazing Engine's advantage)."""
    if encounter.round:
        raise EncounterError(_("advantage is checked before the first round"))
    for roll in (first_roll, second_roll):
        if not 1 <= roll <= 100:
            raise EncounterError(
                _("a percentile roll is 1 to 100 (00 is 100), not {roll}").format(roll=roll)
            )
    best = []
    for side in (first, second):
        scores = [c.awareness for c in encounter.active(side) if c.awareness is not None]
        if not scores:
            raise EncounterError(
                _("no one on side '{side}' has a score to check advantage with").format(side=side)
            )
        best.append(max(scores))
    outcome = rule(first_roll, best[0], second_roll, best[1])
    opening = Opening(outcome=outcome, first=first, second=second, bonus=bonus)
    return encounter.model_copy(update={"opening": opening})


@dataclass(frozen=True)
class OwnRule:
    """How a system makes and reads a combatant's own initiative roll.

    ``read`` turns what was typed at the table into a result (ValueError when it cannot be
    one); ``phases`` names the steps of a round, first to last, when results fall into
    phases (``phase`` gives a result's first one; a combatant with more actions acts again
    in each later phase); without phases each distinct result, ties included, is a turn.
    """

    roll: Callable[[OwnInitiative, Roller], int]
    read: Callable[[OwnInitiative | None, int | str], int]
    shown: Callable[[int], str]
    phases: tuple[str, ...] = ()
    phase: Callable[[int], int] = lambda _result: 0
    last: frozenset[int] = frozenset()  # results that act last in their phase, whatever else


def next_round(
    encounter: Encounter,
    roller: Roller | None = None,
    *,
    rolls: Mapping[str, int | str] | None = None,
    die: int = 10,
    rule: OwnRule | None = None,
    each: bool = False,
) -> Encounter:
    """Start the next round and order it. Dice typed at the table go in ``rolls`` (side ->
    die; combatant key -> result where each rolls alone, read by ``rule``); sides and
    combatants without one are rolled with ``roller``. ``each``: every combatant's
    initiative is a number typed in ``rolls`` by key, higher first (a mixed-system fight,
    each rolled by its own system at the table). Conditions count down a round."""
    round_no = encounter.round + 1
    started = encounter.model_copy(
        update={
            "round": round_no,
            "rolls": (),
            "own_rolls": (),
            "turn": 0,
            "combatants": _counted_down(encounter) if encounter.round else encounter.combatants,
        }
    )
    if encounter.by_hand:
        return started.model_copy(update={"turns": _hand_turns(started)})
    opening = encounter.opening
    leader = opening.leader() if opening else None
    if opening is not None and leader is not None:
        trailer = opening.trailer() or ""
        if round_no == 1 and opening.surprise:
            turns = (
                _turn(started, (leader,), "surprise"),
                _turn(started, (trailer,), "surprised", acts=False),
            )
            return started.model_copy(update={"turns": _nonempty(turns)})
        if round_no == 1 or (round_no == 2 and opening.surprise):
            turns = (_turn(started, (leader,), "advantage"), _turn(started, (trailer,), ""))
            return started.model_copy(update={"turns": _nonempty(turns)})
    if each:
        rule = TYPED_EACH
    if encounter.personal or each:
        if rule is None:
            raise MixedSystems(_(MIXED_SYSTEMS))
        own = _roll_own(started, roller, rolls or {}, rule)
        turns = _own_turns(started, own, rule)
        return started.model_copy(update={"own_rolls": own, "turns": _nonempty(turns)})
    side_rolls = _roll_sides(started, roller, rolls or {}, die)
    return started.model_copy(
        update={"rolls": side_rolls, "turns": _nonempty(_initiative_turns(started, side_rolls))}
    )


MIXED_SYSTEMS = (
    N_("These combatants come from systems that order a round in different ways. Type each "
    "one's initiative as rolled at the table by its own system, or order the round by hand.")
)


def _typed_number(_own: OwnInitiative | None, value: int | str) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    text = str(value).strip()
    if not text.lstrip("+-").isdigit():
        raise ValueError(_("type the initiative as a number, not '{text}'").format(text=text))
    return int(text)


def _no_roll(_own: OwnInitiative, _roller: Roller) -> int:
    raise EncounterError(_(MIXED_SYSTEMS))


# Each combatant's initiative typed as a number (higher first), whatever its system.
TYPED_EACH = OwnRule(roll=_no_roll, read=_typed_number, shown=str)


def _counted_down(encounter: Encounter) -> tuple[Combatant, ...]:
    """Every combatant's conditions a round shorter; those that ran out are gone."""
    return tuple(
        c.model_copy(
            update={
                "conditions": tuple(
                    k.model_copy(update={"rounds": k.rounds - 1}) if k.rounds else k
                    for k in c.conditions
                    if k.rounds is None or k.rounds > 1
                )
            }
        )
        for c in encounter.combatants
    )


def _roll_own(
    encounter: Encounter, roller: Roller | None, given: Mapping[str, int | str], rule: OwnRule
) -> tuple[OwnRoll, ...]:
    """Each present combatant's roll, best first; one without initiative of its own and no
    typed result has none (it acts after everyone)."""
    found = []
    for c in encounter.combatants:
        if c.out:
            continue
        if c.key in given:
            try:
                result = rule.read(c.own, given[c.key])
            except ValueError as exc:
                raise EncounterError(f"{c.name or c.key}: {exc}") from None
        elif c.own is None:
            continue
        elif roller is not None:
            result = rule.roll(c.own, roller)
        else:
            raise EncounterError(
                _("no initiative roll for '{value}'").format(value=c.name or c.key)
            )
        ties = c.own.ties if c.own is not None else ()
        found.append(OwnRoll(key=c.key, result=result, shown=rule.shown(result), ties=ties))
    return tuple(sorted(found, key=lambda r: (-r.result, *(-t for t in r.ties))))


def _own_turns(encounter: Encounter, own: tuple[OwnRoll, ...], rule: OwnRule) -> tuple[Turn, ...]:
    turns: list[Turn] = []
    if rule.phases:
        acting: list[list[tuple[int, OwnRoll]]] = [[] for _unused in rule.phases]
        for roll in own:
            combatant = encounter.combatant(roll.key)
            actions = combatant.own.actions if combatant.own is not None else 1
            first = rule.phase(roll.result)
            for n, phase in enumerate(range(first, min(first + actions, len(rule.phases)))):
                acting[phase].append((n, roll))
        for name, entries in zip(rule.phases, acting, strict=True):
            # Who has not acted yet this round goes first, then the better result and tie.
            entries.sort(key=lambda e: (e[1].result in rule.last, e[0] > 0))
            turns.append(_keys_turn(encounter, [r.key for _unused, r in entries], name))
    else:
        for _unused, group in groupby(own, key=lambda r: (r.result, r.ties)):
            keys = [r.key for r in group]
            turns.append(_keys_turn(encounter, keys, "tie" if len(keys) > 1 else "initiative"))
    rolled = {r.key for r in own}
    for key in encounter.hand_order:
        if key not in rolled and not encounter.combatant(key).out:
            turns.append(_keys_turn(encounter, [key], _("no roll")))
    return tuple(turns)


def _keys_turn(encounter: Encounter, keys: list[str], why: str) -> Turn:
    sides = tuple(dict.fromkeys(encounter.combatant(k).side for k in keys))
    return Turn(sides=sides, keys=tuple(keys), why=why)


def _roll_sides(
    encounter: Encounter, roller: Roller | None, given: Mapping[str, int | str], die: int
) -> tuple[SideRoll, ...]:
    found = []
    for side in encounter.sides():
        members = encounter.active(side)
        if not members:
            continue
        if side in given:
            value = given[side]
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= die:
                raise EncounterError(
                    _("a d{die} shows 1 to {die}, not {value}").format(die=die, value=value)
                )
        elif roller is not None:
            value = roller.die(die)
        else:
            raise EncounterError(_("no initiative roll for side '{side}'").format(side=side))
        modifier = max(c.modifier or 0 for c in members)
        found.append(SideRoll(side=side, die=value, modifier=modifier))
    return tuple(sorted(found, key=lambda r: -r.total))


def _initiative_turns(encounter: Encounter, side_rolls: tuple[SideRoll, ...]) -> tuple[Turn, ...]:
    turns: list[Turn] = []
    for total in sorted({r.total for r in side_rolls}, reverse=True):
        tied = tuple(r.side for r in side_rolls if r.total == total)
        turns.append(_turn(encounter, tied, "tie" if len(tied) > 1 else "initiative"))
    return tuple(turns)


def _turn(encounter: Encounter, sides: tuple[str, ...], why: str, *, acts: bool = True) -> Turn:
    keys = tuple(c.key for side in sides for c in encounter.active(side))
    return Turn(sides=sides, keys=keys, why=why, acts=acts)


def _hand_turns(encounter: Encounter) -> tuple[Turn, ...]:
    turns = []
    for key in encounter.hand_order:
        combatant = encounter.combatant(key)
        if not combatant.out:
            turns.append(Turn(sides=(combatant.side,), keys=(key,), why=_("by hand")))
    return tuple(turns)


def _nonempty(turns: tuple[Turn, ...]) -> tuple[Turn, ...]:
    return tuple(t for t in turns if t.keys)
