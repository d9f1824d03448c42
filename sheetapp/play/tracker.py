"""What an initiative tracker keeps between rolls: whose turn it is in the round, and the
conditions each combatant carries for a number of rounds (counted down as each round
starts, by ``encounter.next_round``). Values in, values out, like ``encounter``."""

from __future__ import annotations

from sheetapp.i18n import _
from sheetapp.play.encounter import Condition, Encounter, EncounterError, change
from sheetapp.plural import counted


def next_turn(encounter: Encounter) -> Encounter:
    """The next step of the round acts; refused after the last (the round is over)."""
    if encounter.round == 0 or not encounter.turns:
        raise EncounterError(_("the first round has not started: Next Round orders it"))
    if encounter.turn + 1 >= len(encounter.turns):
        raise EncounterError(_("everyone has acted this round: Next Round starts the next"))
    return encounter.model_copy(update={"turn": encounter.turn + 1})


def last_turn(encounter: Encounter) -> bool:
    """Whether the step acting now is the round's last (or no round has started)."""
    return encounter.round == 0 or encounter.turn + 1 >= len(encounter.turns)


def add_condition(encounter: Encounter, key: str, name: str, rounds: int | None) -> Encounter:
    """``key`` carries ``name`` for ``rounds`` rounds (None: until taken off); a condition
    of the same name is replaced, so giving it again sets a new duration."""
    name = " ".join(name.split())
    if not name:
        raise EncounterError(_("a condition needs a name (stunned, on fire...)"))
    if rounds is not None and rounds < 1:
        raise EncounterError(
            _("a condition lasts at least 1 round, not {rounds}").format(rounds=rounds)
        )
    kept = tuple(c for c in encounter.combatant(key).conditions if c.name != name)
    return change(encounter, key, conditions=(*kept, Condition(name=name, rounds=rounds)))


def remove_condition(encounter: Encounter, key: str, name: str) -> Encounter:
    conditions = encounter.combatant(key).conditions
    if all(c.name != name for c in conditions):
        raise EncounterError(_("no condition '{name}' to take off").format(name=name))
    return change(encounter, key, conditions=tuple(c for c in conditions if c.name != name))


def condition_text(condition: Condition) -> str:
    """A condition as the tracker lists it.

    >>> condition_text(Condition(name="stunned", rounds=2))
    'stunned (2 rounds)'
    >>> condition_text(Condition(name="stunned", rounds=1)), condition_text(Condition(name="prone"))
    ('stunned (1 round)', 'prone')
    """
    if condition.rounds is None:
        return condition.name
    return f"{condition.name} ({counted(condition.rounds, '{n} round', '{n} rounds')})"
