"""The initiative tracker's state between rolls: whose turn it is, conditions that last a
number of rounds and count down, and a round of combatants from several systems, whose
rules differ, ordered by the numbers typed at the table or by hand."""

from __future__ import annotations

import pytest

from sheetapp import i18n
from sheetapp.dice import Roller
from sheetapp.play import encounter as enc
from sheetapp.play import tracker
from sheetapp.play.encounter import Combatant, Encounter, EncounterError, MixedSystems
from sheetapp.play.table import Table

from .conftest import character
from .test_d6_pool import fighter


def fight() -> Encounter:
    encounter = Encounter(name="Docks")
    for key, side, modifier in (("ada", "crew", 3), ("bo", "crew", 1), ("rat", "rats", 0)):
        encounter = enc.add(encounter, Combatant(key=key, name=key, side=side, modifier=modifier))
    return encounter


def test_next_turn_walks_the_round_and_stops_at_its_end() -> None:
    started = enc.next_round(fight(), rolls={"crew": 9, "rats": 2})
    assert started.current_turn is not None and started.current_turn.sides == ("crew",)
    assert not tracker.last_turn(started)
    second = tracker.next_turn(started)
    assert second.current_turn.sides == ("rats",) and tracker.last_turn(second)
    with pytest.raises(EncounterError, match="Next Round starts the next"):
        tracker.next_turn(second)
    again = enc.next_round(second, rolls={"crew": 1, "rats": 10})
    assert again.turn == 0 and again.current_turn.sides == ("rats",)


def test_a_condition_counts_down_as_rounds_start_and_ends_at_zero() -> None:
    encounter = enc.next_round(fight(), rolls={"crew": 9, "rats": 2})  # round 1
    encounter = tracker.add_condition(encounter, "rat", "stunned", 2)
    encounter = tracker.add_condition(encounter, "ada", " on   fire ", None)
    names = [tracker.condition_text(c) for c in encounter.combatant("rat").conditions]
    assert names == ["stunned (2 rounds)"]
    round_2 = enc.next_round(encounter, rolls={"crew": 9, "rats": 2})
    assert [tracker.condition_text(c) for c in round_2.combatant("rat").conditions] == [
        "stunned (1 round)"
    ]
    round_3 = enc.next_round(round_2, rolls={"crew": 9, "rats": 2})
    assert round_3.combatant("rat").conditions == ()
    assert [c.name for c in round_3.combatant("ada").conditions] == ["on fire"]  # until off
    assert tracker.remove_condition(round_3, "ada", "on fire").combatant("ada").conditions == ()


def test_conditions_put_on_before_round_1_last_their_whole_rounds() -> None:
    encounter = tracker.add_condition(fight(), "bo", "prone", 1)
    round_1 = enc.next_round(encounter, rolls={"crew": 9, "rats": 2})
    assert [c.name for c in round_1.combatant("bo").conditions] == ["prone"]
    assert enc.next_round(round_1, rolls={"crew": 9, "rats": 2}).combatant("bo").conditions == ()


@pytest.mark.parametrize(("name", "rounds"), [("  ", 2), ("stunned", 0)])
def test_a_condition_without_a_name_or_rounds_is_refused(name, rounds) -> None:
    with pytest.raises(EncounterError):
        tracker.add_condition(fight(), "ada", name, rounds)


def test_a_mixed_system_round_says_what_to_do_then_takes_typed_numbers(lib) -> None:
    table = Table(lib)
    d6 = lib.add(fighter("Rosa", 4, 2, dodge=2))
    ae = lib.add(character("Ada", reflexes=56))
    encounter = table.join(table.join(Encounter(), d6, "crew"), ae, "crew")
    assert table.mixed(encounter)
    with pytest.raises(MixedSystems, match="Type each one's initiative"):
        table.next_round(encounter, Roller(1))
    typed = table.next_round(encounter, Roller(1), rolls={f"sheet-{d6}": 3, f"sheet-{ae}": "12"})
    assert [t.keys for t in typed.turns] == [(f"sheet-{ae}",), (f"sheet-{d6}",)]
    with pytest.raises(EncounterError, match="as a number, not 'good'"):
        table.next_round(encounter, Roller(1), rolls={f"sheet-{d6}": 3, f"sheet-{ae}": "good"})
    by_hand = table.next_round(encounter.model_copy(update={"ordered_by_hand": True}))
    assert [t.keys for t in by_hand.turns] == [(f"sheet-{d6}",), (f"sheet-{ae}",)]


def test_the_mixed_system_message_reads_in_the_language(lib) -> None:
    """An Arabic GM adding combatants of two systems read this message in English."""
    table = Table(lib)
    d6 = lib.add(fighter("Rosa", 4, 2, dodge=2))
    ae = lib.add(character("Ada", reflexes=56))
    encounter = table.join(table.join(Encounter(), d6, "crew"), ae, "crew")
    i18n.use_language("de")
    try:
        with pytest.raises(MixedSystems) as raised:
            table.next_round(encounter, Roller(1))
    finally:
        i18n.use_language(i18n.SOURCE_LANGUAGE)
    assert str(raised.value).startswith("Diese Kämpfer stammen aus Systemen")
