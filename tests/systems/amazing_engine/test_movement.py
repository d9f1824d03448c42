"""Movement as the text gives it, and the three places an audit found it wrong."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from sheetapp.systems.amazing_engine.derived import loaded_movement, movement

fitness_scores = st.integers(0, 120)


def test_fitness_8_and_9_sprint_for_no_turn_so_show_no_sprint() -> None:
    for fitness in (8, 9):
        m = movement(fitness)
        assert (m.sprint, m.sprint_turns, m.sprint_per_minute) == (0, 0, 0)
    assert movement(10).sprint == 20


@given(fitness_scores)
def test_a_slowed_character_never_runs_slower_than_it_walks(fitness: int) -> None:
    slowed = loaded_movement(movement(fitness), "slowed", fitness)
    for pace in (slowed.run, slowed.sprint):
        assert pace == 0 or pace >= slowed.walk
    assert slowed.run <= max(movement(fitness).run, slowed.walk)


def test_at_three_times_fitness_the_walk_stops_after_fitness_metres() -> None:
    loaded = loaded_movement(movement(21), "walk_only", 21)
    assert (loaded.walk, loaded.walk_limit, loaded.run, loaded.sprint) == (15, 21, 0, 0)
    assert movement(21).walk_limit is None


@given(fitness_scores, st.integers(0, 30))
def test_more_fitness_never_moves_slower(fitness: int, more: int) -> None:
    low, high = movement(fitness), movement(fitness + more)
    for pace in ("run", "sprint", "run_minutes", "sprint_turns", "push_sprint"):
        assert getattr(high, pace) >= getattr(low, pace)


def test_pushing_adds_at_most_half_fitness_to_a_sprint_in_tax_steps() -> None:
    m = movement(32)
    assert (m.push_tax, m.push_sprint) == (15, 94)  # 32 + 15 = 47, sprinting 94 m
    assert m.push_sprint <= m.sprint * 3 // 2
