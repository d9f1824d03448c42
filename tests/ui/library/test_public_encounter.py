"""What players are shown of an encounter: who acts when and why, and each side's
condition in words, never a score or a track."""

from __future__ import annotations

from sheetapp.play.encounter import Combatant, Encounter, Turn
from sheetapp.ui.library.encounter_text import public_lines, round_text


def test_players_see_the_order_and_conditions_but_no_numbers_of_the_gms_npcs() -> None:
    encounter = Encounter(
        name="The bridge",
        combatants=(
            Combatant(key="a", name="Belth", side="Crew", modifier=2),
            Combatant(key="b", name="Toll-keeper", side="Bandits", modifier=5),
        ),
        round=2,
        turns=(Turn(sides=("Crew", "Bandits"), keys=("a", "b"), why="by hand"),),
    )
    lines = public_lines(encounter, {"b": "stunned"})
    assert lines == [
        "Round 2",
        "1st: Belth, Toll-keeper",
        "Crew: Belth",
        "Bandits: Toll-keeper (stunned)",
    ]


def test_before_the_first_round_players_are_told_it_has_not_started() -> None:
    encounter = Encounter(combatants=(Combatant(key="a", name="Belth", side="Crew"),))
    lines = public_lines(encounter, {})
    assert lines == ["Not started yet", "Crew: Belth"]
    assert round_text(encounter) not in lines  # the GM's instruction stays the GM's


def test_before_the_first_round_the_gm_is_told_the_next_step_for_who_is_there() -> None:
    assert round_text(Encounter()) == "Not started: add combatants, then Next Round"
    rolling = Encounter(combatants=(Combatant(key="a", name="Belth", side="Crew", modifier=2),))
    assert round_text(rolling) == "Not started: Next Round rolls initiative"
    by_hand = Encounter(combatants=(Combatant(key="a", name="Belth", side="Crew"),))
    assert round_text(by_hand) == "Not started: Next Round starts round 1 in the list's order"


def test_each_sheet_in_the_encounter_carries_its_name_and_conditions_as_the_table_lists_them(
) -> None:
    from sheetapp.play.encounter import Condition
    from sheetapp.ui.library.encounter_text import party_standing

    encounter = Encounter(combatants=(
        Combatant(key="a", name="Belth", side="Crew", sheet_id=4,
                  conditions=(Condition(name="on fire", rounds=1), Condition(name="prone"))),
        Combatant(key="a2", name="Belth again", side="Crew", sheet_id=4),
        Combatant(key="b", name="", side="Crew", sheet_id=9),
        Combatant(key="c", name="Toll-keeper", side="Bandits"),
    ))
    assert party_standing(encounter, {"a": "Knocked out", "c": "stunned"}) == {
        4: ("Belth", ["Knocked out", "on fire (1 round)", "prone"]),
        9: ("b", []),
    }
