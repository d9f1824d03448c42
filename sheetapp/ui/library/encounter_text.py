"""The words the table-play panel shows for an encounter: why each side acts when, and what
the opening check decided. Plain functions over ``sheetapp.play.encounter`` values, so the
wording is tested without a window."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from sheetapp.i18n import _
from sheetapp.play.damage import Hit
from sheetapp.play.encounter import Encounter, Opening, Turn
from sheetapp.play.tracker import condition_text
from sheetapp.plural import ngettext

ORDINALS = ("1st", "2nd", "3rd")


def ordinal(n: int) -> str:
    """A position in the round as people say it.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11)]
    ['1st', '2nd', '3rd', '4th', '11th']
    """
    return ORDINALS[n - 1] if 1 <= n <= 3 else f"{n}th"


def roll_text(encounter: Encounter, side: str) -> str:
    """A side's initiative as rolled: "7 + 3 = 10" (die + best modifier)."""
    for roll in encounter.rolls:
        if roll.side == side:
            return f"{roll.die} + {roll.modifier} = {roll.total}"
    return ""


def turn_heading(encounter: Encounter, turn: Turn, position: int) -> str:
    """The heading of one step of the round, saying who acts then and why.

    ``position`` counts the round's steps from 1.
    """
    lead = ordinal(position)
    sides = _(" and ").join(turn.sides)
    names = ", ".join(encounter.combatant(k).name or k for k in dict.fromkeys(turn.keys))
    bonus = encounter.modifiers().get(turn.sides[0]) if turn.sides else None
    edge = _(" ({bonus:+d} on actions against the other side)").format(bonus=bonus) if bonus else ""
    if turn.why in ("initiative", "tie") and encounter.own_rolls:
        shown = {r.key: r.shown for r in encounter.own_rolls}
        result = shown.get(turn.keys[0], "") if turn.keys else ""
        if turn.why == "tie":
            return _("{lead}: {names} — {result} each: at the same time").format(
                lead=lead, names=names, result=result
            )
        return f"{lead}: {names} — {result}"
    if turn.why == "initiative":
        return _("{lead}: {sides} — initiative {roll_text}").format(
            lead=lead, sides=sides, roll_text=roll_text(encounter, turn.sides[0])
        )
    if turn.why == "tie":
        rolls = "; ".join(f"{s} {roll_text(encounter, s)}" for s in turn.sides)
        return _("{lead}: {sides} — initiative {rolls}: at the same time").format(
            lead=lead, sides=sides, rolls=rolls
        )
    if turn.why == "advantage":
        return _("{lead}: {sides} — has the advantage: acts first{edge}").format(
            lead=lead, sides=sides, edge=edge
        )
    if turn.why == "surprise":
        return _("{lead}: {sides} — surprised the other side: acts alone{edge}").format(
            lead=lead, sides=sides, edge=edge
        )
    if turn.why == "surprised":
        return _("{lead}: {sides} — surprised: does nothing this round").format(
            lead=lead, sides=sides
        )
    if turn.why == "by hand":
        return f"{lead}: {names}"
    if turn.why == "no roll":
        return _("{lead}: {names} — no initiative roll: after the others").format(
            lead=lead, names=names
        )
    if turn.why:  # a phase of the round, by name
        return f"{lead}: {turn.why}"
    return f"{lead}: {sides}{edge}"


def opening_text(opening: Opening | None) -> str:
    """What the advantage check before round 1 decided."""
    if opening is None:
        return ""
    leader, trailer = opening.leader(), opening.trailer()
    if leader is None or trailer is None:
        return _("Opening check: neither side has the advantage; initiative decides round 1.")
    if opening.surprise:
        return _(
            "Opening check: {leader} surprise {trailer}. {trailer} do "
            "nothing in round 1 and act after {leader} in round 2 ({leader} "
            "+{bonus}, {trailer} -{bonus}); initiative from round 3."
        ).format(leader=leader, trailer=trailer, bonus=opening.bonus)
    return _(
        "Opening check: {leader} have the advantage and act first in "
        "round 1 (+{bonus} on actions against {trailer}, who are at "
        "-{bonus})."
    ).format(leader=leader, bonus=opening.bonus, trailer=trailer)


def round_text(encounter: Encounter) -> str:
    """The round, and who acts now (the step Next Turn moved to)."""
    if encounter.round == 0:
        return _not_started_text(encounter)
    turn = encounter.current_turn
    if turn is None:
        return _("Round {round}").format(round=encounter.round)
    names = ", ".join(encounter.combatant(k).name or k for k in dict.fromkeys(turn.keys))
    step = _("{ordinal} of {count}").format(
        ordinal=ordinal(encounter.turn + 1), count=len(encounter.turns)
    )
    if not turn.acts:
        return _("Round {round} — now: {names}, surprised, do nothing ({step})").format(
            round=encounter.round, names=names, step=step
        )
    return _("Round {round} — now: {names} ({step})").format(
        round=encounter.round, names=names, step=step
    )


def _not_started_text(encounter: Encounter) -> str:
    """What the GM does next before round 1: with no one to order, add combatants; else
    Next Round, which rolls initiative, or, when no one present has any, starts the round in
    the list's order (moved with the arrows)."""
    if not any(not c.out for c in encounter.combatants):
        return _("Not started: add combatants, then Next Round")
    if encounter.by_hand:
        return _("Not started: Next Round starts round 1 in the list's order")
    return _("Not started: Next Round rolls initiative")


# The units a system's damage track counts in, each a whole counted string.
UNITS: dict[str, Callable[[int], str]] = {
    "points": lambda n: ngettext("{n} point", "{n} points", n),
    "boxes": lambda n: ngettext("{n} box", "{n} boxes", n),
    "wounds": lambda n: ngettext("{n} wound", "{n} wounds", n),
}


def amount_text(amount: int, unit: str) -> str:
    """An amount of damage in the system's unit.

    >>> amount_text(1, "points"), amount_text(5, "points"), amount_text(1, "QO")
    ('1 point', '5 points', '1 QO')
    """
    counted = UNITS.get(unit)
    return counted(amount).format(n=amount) if counted else f"{amount} {unit}"


def hit_text(what: str, hit: Hit, labels: Mapping[str, str]) -> str:
    """What one hit did, track by track, in words.

    >>> hit = Hit((), "body", 7, 1, {"stamina": 2, "body": 5})
    >>> hit_text("8 points", hit, {"stamina": "Stamina", "body": "Body"})
    '8 points: 2 on Stamina, 5 on Body; 1 more is ignored (past the end of the track)'
    """
    marked = dict(hit.marked) or ({hit.track: hit.absorbed} if hit.absorbed else {})
    landed = ", ".join(f"{n} on {labels.get(k, k)}" for k, n in marked.items()) or _(
        "nothing taken"
    )
    ignored = (
        _("; {ignored} more is ignored (past the end of the track)").format(ignored=hit.ignored)
        if hit.ignored
        else ""
    )
    return f"{what}: {landed}{ignored}"


def public_lines(encounter: Encounter, conditions: Mapping[str, str]) -> list[str]:
    """What the players are shown of an encounter: the round, the opening, who acts when
    and why, and each combatant's condition (``conditions`` by combatant key; words the
    GM's Table shows). No scores, no tracks: the GM's NPCs keep their numbers."""
    # round_text's "Not started" line tells the GM what to do; players are only told
    lines = [
        _("Round {round}").format(round=encounter.round)
        if encounter.round
        else _("Not started yet")
    ]
    opening = opening_text(encounter.opening)
    if opening:
        lines.append(opening)
    lines += [turn_heading(encounter, turn, i) for i, turn in enumerate(encounter.turns, 1)]
    for side in encounter.sides():
        names = []
        for combatant in encounter.combatants:
            if combatant.side == side:
                condition = conditions.get(combatant.key, "")
                name = combatant.name or combatant.key
                names.append(f"{name} ({condition})" if condition else name)
        lines.append(f"{side}: {', '.join(names)}")
    return lines


def party_standing(
    encounter: Encounter, conditions: Mapping[str, str]
) -> dict[int, tuple[str, list[str]]]:
    """Each library sheet in the encounter, by sheet id: the name the Table shows and its
    conditions in words, as the Table's Condition column lists them (what its tracks make
    it, ``conditions`` by combatant key, then those the GM marked). The GM's app sends the
    players' characters' part of it with the shown encounter: a player's phone shows its
    party from it, and never reads another member's sheet."""
    standing: dict[int, tuple[str, list[str]]] = {}
    for combatant in encounter.combatants:
        if combatant.sheet_id is None or combatant.sheet_id in standing:
            continue
        words = [conditions[combatant.key]] if conditions.get(combatant.key) else []
        words += [condition_text(marked) for marked in combatant.conditions]
        standing[combatant.sheet_id] = (combatant.name or combatant.key, words)
    return standing
