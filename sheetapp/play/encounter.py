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

Everything here is a value: each operation returns a new ``Encounter``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from sheetapp.dice import Roller


class EncounterError(ValueError):
    """A request the encounter cannot carry out; the message says why."""


class _Value(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


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


class SideRoll(_Value):
    side: str
    die: int
    modifier: int

    @property
    def total(self) -> int:
        return self.die + self.modifier


class Turn(_Value):
    """A step of the round: the sides acting together (several after a tie) and their
    combatants; ``acts`` is False for a surprised side, which only watches."""

    sides: tuple[str, ...]
    keys: tuple[str, ...]
    why: str = ""  # "advantage", "surprise", "tie", "initiative" or "by hand"
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
    turns: tuple[Turn, ...] = ()  # this round's order
    hand_order: tuple[str, ...] = ()  # the GM's order, used when no one has a modifier

    def combatant(self, key: str) -> Combatant:
        for combatant in self.combatants:
            if combatant.key == key:
                return combatant
        raise EncounterError(f"no one called '{key}' in this encounter")

    def sides(self) -> list[str]:
        """Every side, in the order its first member joined."""
        return list(dict.fromkeys(c.side for c in self.combatants))

    def active(self, side: str) -> list[Combatant]:
        return [c for c in self.combatants if c.side == side and not c.out]

    @property
    def by_hand(self) -> bool:
        """Whether the GM orders the list: no one present has an initiative modifier."""
        return all(c.modifier is None for c in self.combatants if not c.out)

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
            raise EncounterError(f"a saved encounter that cannot be read: {exc}") from None


def add(encounter: Encounter, combatant: Combatant) -> Encounter:
    if any(c.key == combatant.key for c in encounter.combatants):
        raise EncounterError(f"'{combatant.key}' is in this encounter already")
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
        raise EncounterError("a combatant's key does not change")
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
        raise EncounterError("advantage is checked before the first round")
    for roll in (first_roll, second_roll):
        if not 1 <= roll <= 100:
            raise EncounterError(f"a percentile roll is 1 to 100 (00 is 100), not {roll}")
    best = []
    for side in (first, second):
        scores = [c.awareness for c in encounter.active(side) if c.awareness is not None]
        if not scores:
            raise EncounterError(f"no one on side '{side}' has a score to check advantage with")
        best.append(max(scores))
    outcome = rule(first_roll, best[0], second_roll, best[1])
    opening = Opening(outcome=outcome, first=first, second=second, bonus=bonus)
    return encounter.model_copy(update={"opening": opening})


def next_round(
    encounter: Encounter,
    roller: Roller | None = None,
    *,
    rolls: Mapping[str, int] | None = None,
    die: int = 10,
) -> Encounter:
    """Start the next round and order it. Dice typed at the table go in ``rolls`` (side ->
    die); sides without one are rolled with ``roller``."""
    round_no = encounter.round + 1
    started = encounter.model_copy(update={"round": round_no, "rolls": ()})
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
    side_rolls = _roll_sides(started, roller, rolls or {}, die)
    return started.model_copy(
        update={"rolls": side_rolls, "turns": _nonempty(_initiative_turns(started, side_rolls))}
    )


def _roll_sides(
    encounter: Encounter, roller: Roller | None, given: Mapping[str, int], die: int
) -> tuple[SideRoll, ...]:
    found = []
    for side in encounter.sides():
        members = encounter.active(side)
        if not members:
            continue
        if side in given:
            value = given[side]
            if not 1 <= value <= die:
                raise EncounterError(f"a d{die} shows 1 to {die}, not {value}")
        elif roller is not None:
            value = roller.die(die)
        else:
            raise EncounterError(f"no initiative roll for side '{side}'")
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
            turns.append(Turn(sides=(combatant.side,), keys=(key,), why="by hand"))
    return tuple(turns)


def _nonempty(turns: tuple[Turn, ...]) -> tuple[Turn, ...]:
    return tuple(t for t in turns if t.keys)
