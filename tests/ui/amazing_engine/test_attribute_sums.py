"""An attribute row adds up on screen: roll + rank points + the universe's base + what came
since makes the score, each part in its own column."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QLabel, QSpinBox

from sheetapp.storage.document import save
from sheetapp.systems.amazing_engine.catalog import builtin_universes
from sheetapp.systems.amazing_engine.generation import prime_from_rolls
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet, Core
from sheetapp.systems.amazing_engine.names import Attribute, Pool

ROLLS = {a: 21 for a in Attribute}


def test_the_base_adjustment_and_later_points_are_shown_so_the_row_adds_up(
    window, qtbot, tmp_path: Path
) -> None:
    universe = builtin_universes()["drift-salvage"]
    assert universe.base_adjustment == 5
    four = list(Attribute)[:4]
    character = prime_from_rolls(
        universe, four_dice=four, rolls=ROLLS, rank_points={Attribute.PSYCHE: 5}, name="Ada"
    )
    character.attributes[Attribute.FITNESS] += 3  # bought with XP since
    core = Core(player="Ana", ranks={pool: i for i, pool in enumerate(Pool, 1)})
    path = tmp_path / "ada.json"
    save(path, AmazingEngineSheet(core=core, characters=[character]))
    form = window.open_path(path)
    form.show_character(0)

    def cell(name: str) -> str:
        return form.findChild(QLabel, name).text()

    score = form.findChild(QSpinBox, "score_psyche").value()
    assert cell("base_psyche") == "+5"
    assert score == 21 + 5 + 5  # roll, rank points, base
    assert cell("since_psyche") == ""
    assert cell("since_fitness") == "+3"
