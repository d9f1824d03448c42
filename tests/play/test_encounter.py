"""Encounters: advantage, per-side initiative, ties, events and ordering by hand."""

from __future__ import annotations

import pytest

from sheetapp.dice import Roller
from sheetapp.play import encounter as enc
from sheetapp.play.encounter import Combatant, Encounter, EncounterError
from sheetapp.systems.amazing_engine.combat import advantage
from sheetapp.systems.registry import get_system

from .conftest import character

AE = get_system("amazing-engine")


def member(key: str, side: str, **scores: int) -> Combatant:
    sheet = character(key, **scores)
    return Combatant(
        key=key,
        name=key,
        side=side,
        modifier=AE.initiative_modifier(sheet),
        awareness=sheet.characters[0].attributes["psyche"],
    )


def squad_and_bugs() -> Encounter:
    fight = Encounter(name="Acey-Two")
    for c in (
        member("Selinko", "squad", reflexes=44, psyche=37),
        member("Anthony", "squad", reflexes=56, psyche=20),
        member("Bug 1", "stalkers", reflexes=62, psyche=73),
        member("Bug 2", "stalkers", reflexes=62, psyche=73),
    ):
        fight = enc.add(fight, c)
    return fight


def test_the_system_guides_initiative_the_bugs_attack_first() -> None:
    # Best Reflexes 56 on the squad: 5 + 5 = 10; the bugs roll 9 + 6 = 15.
    fight = enc.next_round(squad_and_bugs(), rolls={"squad": 5, "stalkers": 9})
    assert [(r.side, r.die, r.modifier, r.total) for r in fight.rolls] == [
        ("stalkers", 9, 6, 15),
        ("squad", 5, 5, 10),
    ]
    assert [t.keys for t in fight.turns] == [("Bug 1", "Bug 2"), ("Selinko", "Anthony")]
    assert fight.round == 1 and fight.modifiers() == {}


def test_the_system_guides_advantage_the_squad_goes_first_without_a_roll() -> None:
    # Michele rolls 18 against Selinko's Psyche 37; the GM rolls 83 against the bugs' 73.
    fight = enc.check_advantage(
        squad_and_bugs(), "squad", "stalkers", 18, 83, rule=advantage, bonus=5
    )
    assert fight.opening is not None and fight.opening.outcome == "player_advantage"
    first = enc.next_round(fight)  # no dice needed
    assert first.rolls == ()
    assert [(t.sides, t.why) for t in first.turns] == [
        (("squad",), "advantage"),
        (("stalkers",), ""),
    ]
    assert first.modifiers() == {"squad": 5, "stalkers": -5}
    # From round 2 initiative is rolled: 3 + 5 against 1 + 6.
    second = enc.next_round(first, rolls={"squad": 3, "stalkers": 1})
    assert [(r.side, r.total) for r in second.rolls] == [("squad", 8), ("stalkers", 7)]
    assert second.modifiers() == {}


def test_surprise_costs_a_round_and_then_the_advantage() -> None:
    fight = enc.check_advantage(
        squad_and_bugs(), "squad", "stalkers", 30, 97, rule=advantage, bonus=5
    )
    assert fight.opening.outcome == "player_surprise"
    first = enc.next_round(fight)
    assert [(t.sides, t.acts) for t in first.turns] == [(("squad",), True), (("stalkers",), False)]
    assert first.modifiers() == {"squad": 5, "stalkers": -5}
    second = enc.next_round(first)
    assert [(t.sides, t.why, t.acts) for t in second.turns] == [
        (("squad",), "advantage", True),
        (("stalkers",), "", True),
    ]
    assert second.modifiers() == {"squad": 5, "stalkers": -5}
    third = enc.next_round(second, Roller(1))
    assert len(third.rolls) == 2 and third.modifiers() == {}


def test_only_members_still_in_the_fight_count_and_act() -> None:
    fight = enc.change(squad_and_bugs(), "Anthony", out=True)
    fight = enc.next_round(fight, rolls={"squad": 5, "stalkers": 1})
    squad = next(r for r in fight.rolls if r.side == "squad")
    assert squad.modifier == 4  # Selinko's Reflexes 44 now lead
    assert all("Anthony" not in t.keys for t in fight.turns)


def test_equal_totals_act_at_the_same_time() -> None:
    fight = enc.next_round(squad_and_bugs(), rolls={"squad": 7, "stalkers": 6})
    assert [(t.sides, t.why) for t in fight.turns] == [(("squad", "stalkers"), "tie")]
    assert set(fight.turns[0].keys) == {"Selinko", "Anthony", "Bug 1", "Bug 2"}


def test_an_event_rolls_an_unmodified_die() -> None:
    fight = enc.add(
        squad_and_bugs(), Combatant(key="grenade", name="Grenade", side="grenade", modifier=0)
    )
    fight = enc.next_round(fight, rolls={"squad": 1, "stalkers": 1, "grenade": 10})
    assert (fight.rolls[0].side, fight.rolls[0].total) == ("grenade", 10)


def test_without_modifiers_the_gm_orders_by_hand() -> None:
    fight = Encounter()
    for key in ("a", "b", "c"):
        fight = enc.add(
            fight, Combatant(key=key, name=key.upper(), side="x" if key != "b" else "y")
        )
    assert fight.by_hand
    fight = enc.next_round(fight, rolls={"x": 99})  # no dice are read
    assert [t.keys for t in fight.turns] == [("a",), ("b",), ("c",)]
    fight = enc.move(fight, "c", 0)
    assert [t.keys for t in fight.turns] == [("c",), ("a",), ("b",)]
    fight = enc.remove(fight, "a")
    assert [t.keys for t in fight.turns] == [("c",), ("b",)] and fight.hand_order == ("c", "b")


def test_rolls_from_a_seeded_roller_repeat() -> None:
    one = enc.next_round(squad_and_bugs(), Roller(5))
    two = enc.next_round(squad_and_bugs(), Roller(5))
    assert one == two and all(1 <= r.die <= 10 for r in one.rolls)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda f: enc.next_round(f, rolls={"squad": 11, "stalkers": 1}), "1 to 10"),
        (lambda f: enc.next_round(f, rolls={"squad": 3}), "no initiative roll for side 'stalkers'"),
        (lambda f: enc.add(f, member("Bug 1", "stalkers")), "already"),
        (lambda f: enc.remove(f, "nobody"), "no one called 'nobody'"),
        (lambda f: enc.change(f, "Bug 1", side=""), "side"),
        (lambda f: enc.check_advantage(f, "squad", "stalkers", 0, 50, rule=advantage), "1 to 100"),
        (lambda f: enc.check_advantage(f, "squad", "ghosts", 5, 50, rule=advantage), "ghosts"),
        (
            lambda f: enc.check_advantage(
                enc.next_round(f, Roller(1)), "squad", "stalkers", 5, 5, rule=advantage
            ),
            "before the first round",
        ),
    ],
)
def test_bad_requests_are_refused(call, message) -> None:
    with pytest.raises(EncounterError, match=message):
        call(squad_and_bugs())


def test_an_encounter_round_trips_through_json_and_refuses_garbage() -> None:
    fight = enc.next_round(
        enc.check_advantage(squad_and_bugs(), "squad", "stalkers", 18, 83, rule=advantage, bonus=5)
    )
    assert Encounter.from_dict(fight.as_dict()) == fight
    with pytest.raises(EncounterError, match="cannot be read"):
        Encounter.from_dict({"combatants": [{"key": ""}]})


def test_an_encounter_saved_before_own_initiative_existed_still_loads() -> None:
    saved = enc.next_round(squad_and_bugs(), rolls={"squad": 5, "stalkers": 9}).as_dict()
    for combatant in saved["combatants"]:
        del combatant["own"]
    del saved["own_rolls"]
    loaded = Encounter.from_dict(saved)
    assert loaded.own_rolls == () and all(c.own is None for c in loaded.combatants)
    assert [r.total for r in loaded.rolls] == [15, 10]


def test_a_side_die_must_be_a_number() -> None:
    with pytest.raises(EncounterError, match="1 to 10, not five"):
        enc.next_round(squad_and_bugs(), rolls={"squad": "five", "stalkers": 1})
