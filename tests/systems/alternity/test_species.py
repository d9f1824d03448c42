"""The game master's species table: read from the data folder, bad entries left out with one
line each, and movement filled from it by the generator and by choosing a species."""

from __future__ import annotations

from pathlib import Path

import pytest

from sheetapp.dice import Roller
from sheetapp.systems.alternity.generation import random_sheet
from sheetapp.systems.alternity.model import Movement
from sheetapp.systems.alternity.species import (
    Species,
    fill_movement,
    parse_species,
    reload_species,
    species_file,
    species_table,
)

TABLE = """\
# movement in metres a phase, from our game's species table
[[species]]
name = "Human"
sprint = 8
run = 6
walk = 2
easy_swim = 1
swim = 1

[[species]]
name = "Skyborn"
walk = 3
glide = 12
fly = 20
"""


def write_table(text: str) -> Path:
    path = species_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    reload_species()
    return path


@pytest.fixture(autouse=True)
def _fresh_table():
    reload_species()
    yield
    reload_species()


def test_no_file_means_no_species_and_no_problem() -> None:
    table = species_table()
    assert table.names() == [] and table.problems == ()


def test_the_table_is_read_from_the_data_folder() -> None:
    write_table(TABLE)
    table = species_table()
    assert table.names() == ["Human", "Skyborn"]
    human = table.find("  human ")
    assert human is not None and human.movement.sprint == 8 and human.movement.fly is None
    assert table.problems == ()


def test_each_bad_entry_is_left_out_with_one_line_naming_it() -> None:
    text = (
        TABLE
        + '\n[[species]]\nname = "Ooze"\nwalk = "slow"\n'
        + "\n[[species]]\nwalk = 2\n"
        + '\n[[species]]\nname = "Human"\nwalk = 3\n'
        + '\n[[species]]\nname = "Wisp"\nhover = 4\n'
        + '\n[[species]]\nname = "Mole"\nwalk = -1\n'
        + '\n[[species]]\nname = "Comet"\nfly = 5000\n'
    )
    table = parse_species(text, "species.toml")
    assert table.names() == ["Human", "Skyborn"]
    assert len(table.problems) == 6
    assert all(p.count("\n") == 0 and p.startswith("species.toml, line ") for p in table.problems)
    ooze, nameless, twice, wisp, mole, comet = table.problems
    assert "line 18" in ooze and "Ooze" in ooze and "walk" in ooze
    assert "no name" in nameless
    assert "already" in twice and "Human" in twice
    assert "hover" in wisp and "sprint" in wisp
    assert "Mole" in mole and "walk" in mole
    assert "Comet" in comet and "fly" in comet and "999" in comet


def test_a_file_that_is_not_toml_is_one_line_and_no_species() -> None:
    table = parse_species("[[species]\nname = ", "species.toml")
    assert table.names() == [] and len(table.problems) == 1
    assert table.problems[0].startswith("species.toml: not valid TOML")


def test_the_generator_moves_a_hero_at_its_species_rates() -> None:
    assert random_sheet(Roller(5)).movement == Movement()  # no table: left empty, as before
    write_table(TABLE)
    hero = random_sheet(Roller(5))
    assert hero.species == "Human"
    assert (hero.movement.sprint, hero.movement.walk, hero.movement.glide) == (8, 2, None)


def test_choosing_a_species_fills_empty_rates_and_those_the_last_species_gave() -> None:
    table = parse_species(TABLE, "species.toml")
    human, skyborn = table.find("Human"), table.find("Skyborn")
    assert human is not None and skyborn is not None
    first = fill_movement(Movement(), human, None)
    assert first.movement == human.movement and first.kept == ()
    # the player typed a walk of 5 over the human rates, then chose Skyborn
    typed = first.movement.model_copy(update={"walk": 5})
    second = fill_movement(typed, skyborn, human)
    assert second.kept == ("walk",)
    assert second.movement.walk == 5  # typed: kept
    assert second.movement.sprint is None  # the human's sprint came from the table
    assert (second.movement.glide, second.movement.fly) == (12, 20)


def test_a_rate_matching_the_new_species_is_not_reported_as_kept() -> None:
    human = Species("Human", Movement(walk=2))
    assert fill_movement(Movement(walk=2), human, None).kept == ()


def test_an_edited_table_is_read_again_when_next_used() -> None:
    import os

    path = write_table(TABLE)
    assert species_table().find("Skyborn") is not None
    path.write_text(TABLE.replace("Skyborn", "Cloudkin"), encoding="utf-8")
    later = os.stat(path).st_mtime_ns + 1_000_000_000
    os.utime(path, ns=(later, later))  # a clock too coarse to tell the two writes apart
    assert species_table().names() == ["Human", "Cloudkin"]


def test_a_name_with_a_control_character_or_nothing_visible_is_left_out() -> None:
    table = parse_species(
        '[[species]]\nname = "Nul\\u0000x"\nwalk = 3\n'
        '[[species]]\nname = "Two\\nlines"\nwalk = 3\n'
        '[[species]]\nname = "\\u200b\\u00a0"\nwalk = 3\n'
        '[[species]]\nname = "שלום"\nwalk = 4\n',
        "species.toml",
    )
    assert table.names() == ["שלום"]
    assert len(table.problems) == 3
    assert "control character" in table.problems[0] and "line 2" in table.problems[0]
    assert "control character" in table.problems[1]
    assert "no name" in table.problems[2]
