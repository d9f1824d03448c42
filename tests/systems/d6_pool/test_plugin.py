"""The plugin's hooks: odds requests, new sheets, the roster row and the damage tracks."""

from __future__ import annotations

from fractions import Fraction

import pytest

from sheetapp.systems.d6_pool.model import D6PoolSheet
from sheetapp.systems.plugin import NewOptions, RequestError
from sheetapp.systems.registry import get_system, modules

from .sheets import finished

PLUGIN = get_system("d6-pool")


def test_registered_by_name() -> None:
    assert modules("d6-pool").name == PLUGIN.name == "d6 Dice Pool"


def test_odds_give_the_success_and_the_whole_distribution() -> None:
    result = PLUGIN.odds({"dice": 4, "difficulty": 2, "target": None})
    exact = [Fraction(16, 81), Fraction(32, 81), Fraction(24, 81), Fraction(8, 81), Fraction(1, 81)]
    assert result["distribution"] == {str(k): float(p) for k, p in enumerate(exact)}
    assert result["success"] == float(sum(exact[2:]))
    assert result["target"] == 5 and result["needed"] == 2


def test_odds_with_a_lower_target_number() -> None:
    result = PLUGIN.odds({"dice": 2, "difficulty": 2, "target": 4})
    assert result["success"] == 0.25


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"dice": -1, "difficulty": 1}, "0 to 1000 dice"),
        ({"dice": 3, "difficulty": 0}, "1 or more"),
        ({"dice": 3, "difficulty": 1, "target": 7}, "1 to 6"),
        ({"dice": 3}, "required"),
    ],
)
def test_impossible_odds_requests_are_refused(values: dict, message: str) -> None:
    with pytest.raises(RequestError, match=message):
        PLUGIN.odds(values)


def test_new_sheets() -> None:
    assert PLUGIN.new(NewOptions()) == D6PoolSheet()
    npc = PLUGIN.new(NewOptions(random=True, seed=3, npc=True))
    assert npc.npc and npc.name and npc.skills
    again = PLUGIN.new(NewOptions(random=True, seed=3))
    no_ids = {"skills": {"__all__": {"id"}}, "traits": {"__all__": {"id"}}, "npc": True}
    assert again.model_dump(exclude=no_ids) == npc.model_dump(exclude=no_ids)
    with pytest.raises(RequestError, match="no universes"):
        PLUGIN.new(NewOptions(universe="x"))


def test_roster_row_and_search_text() -> None:
    info = PLUGIN.roster(finished())
    assert info.name == "Rosa <Vex> & Co" and info.npc is False
    assert "Fire-eater" in info.text and "Short Sword" in info.text and "Phobia" in info.text


def test_tracks_are_lethal_and_nonlethal_against_health() -> None:
    tracks = PLUGIN.tracks(finished())
    assert [(t.key, t.maximum) for t in tracks] == [("lethal", 6), ("nonlethal", 6)]
    assert PLUGIN.tracks(D6PoolSheet()) == []
    assert PLUGIN.initiative_modifier(finished()) is None  # initiative is a pool roll
