"""The Movement figure says what a character cannot do instead of printing zero paces, and
counts turns in good English."""

from __future__ import annotations

from sheetapp.systems.amazing_engine.derived import movement
from sheetapp.ui.amazing_engine.character_page import movement_text


def test_an_unfit_character_is_told_no_running_not_run_0() -> None:
    text = movement_text(movement(6), movement(6))
    assert "no running or sprinting" in text and "run 0" not in text


def test_a_sprint_that_lasts_no_turn_is_no_sprint() -> None:
    text = movement_text(movement(9), movement(9))
    assert "no sprint" in text and "sprint 0" not in text


def test_one_turn_is_one_turn() -> None:
    assert "(1 turn)" in movement_text(movement(14), movement(14))
    assert "(2 turns)" in movement_text(movement(25), movement(25))
