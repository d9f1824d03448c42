"""Saved encounters as input from outside: whatever bytes, JSON or nesting a row holds, the
broken encounter is reported by number and skipped; the window still starts, the Table dock
says which encounter could not be read, and ``library check`` lists it.

``HYPOTHESIS_PROFILE=large`` runs the fuzzers at length.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sheetapp.cli.main import EXIT_INTERNAL, main
from sheetapp.play.encounter import EncounterError
from sheetapp.play.table import Table
from sheetapp.storage.library import LibraryError, default_path, open_library
from sheetapp.storage.library.play_state import MAX_STATE_CHARS
from sheetapp.ui.main_window import MainWindow

from ..storage.library.conftest import npc
from .test_hostile_input import JSON_VALUES

GOOD = {"name": "Ford", "round": 2}


def stored(state: object) -> int:
    """Save a good encounter, then put ``state`` (any SQLite value) in its place; its id."""
    with open_library(default_path()) as lib:
        encounter_id = lib.save_encounter("Broken", GOOD)
        lib._db.execute("UPDATE encounters SET state = ? WHERE id = ?", (state, encounter_id))
    return encounter_id


def one_damaged_byte() -> str:
    text = json.dumps(GOOD)
    return text[:5] + "\x00" + text[6:]


DEEP = "[" * 100_000 + "]" * 100_000


def read_or_refused(encounter_id: int) -> None:
    with open_library(default_path()) as lib:
        try:
            Table(lib).load(encounter_id)
        except (EncounterError, LibraryError) as exc:
            message = str(exc)
            assert f"encounter {encounter_id}" in message and "\n" not in message


@pytest.mark.parametrize(
    "state", [one_damaged_byte(), DEEP, '{"name": "x", "combatants": 5}', b"\xff\xfe", 7]
)
def test_the_window_starts_and_the_table_dock_names_the_broken_encounter(qtbot, state) -> None:
    with open_library(default_path()) as lib:
        readable = lib.save_encounter("Readable", {"name": "Readable"})
    broken = stored(state)
    win = MainWindow()
    qtbot.addWidget(win)
    win.library_area.build()
    panel = win.table_panel
    assert panel is not None
    assert f"encounter {broken} could not be read" in panel.notice.text()
    assert panel.chooser.encounter_id == readable  # the readable one is shown


@pytest.mark.parametrize("state", [one_damaged_byte(), DEEP, "x" * (MAX_STATE_CHARS + 1)])
def test_library_check_reports_an_encounter_that_cannot_be_read(capsys, state) -> None:
    broken = stored(state)
    code = main(["library", "check"])
    out, err = capsys.readouterr()
    assert code == 1, err
    assert f"problem: encounter {broken} could not be read" in out


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.one_of(
        st.binary(max_size=200),
        st.text(max_size=200),
        JSON_VALUES.map(json.dumps),
        st.builds(
            lambda depth, inner: "[" * depth + inner + "]" * depth,
            st.integers(0, 5000),
            JSON_VALUES.map(json.dumps),
        ),
        st.builds(
            lambda combatant: json.dumps({"name": "x", "combatants": [combatant]}),
            st.dictionaries(
                st.sampled_from(["key", "name", "side", "sheet_id", "out", "own", "extra"]),
                JSON_VALUES,
            ),
        ),
    )
)
def test_any_stored_state_is_read_or_refused_in_one_line(state) -> None:
    read_or_refused(stored(state))
    assert main(["library", "check"]) != EXIT_INTERNAL


@settings(max_examples=30, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.one_of(
        st.none(),
        st.integers(min_value=-(2**63), max_value=2**63 - 1),
        st.floats(allow_nan=False),  # SQLite stores NaN as NULL, which NOT NULL refuses
        st.text(max_size=10),
        st.binary(max_size=10),
    ),
    st.sampled_from(["stamina", "body", "", b"\xff"]),
)
def test_any_stored_damage_is_shown_or_left_out(taken, track) -> None:
    with open_library(default_path()) as lib:
        sheet_id = lib.add(npc(3, "Hurt"))
        lib._db.execute("PRAGMA ignore_check_constraints = ON")
        lib._db.execute(
            "INSERT OR REPLACE INTO damage (sheet_id, track, taken) VALUES (?, ?, ?)",
            (sheet_id, track, taken if taken is not None else 0),
        )
        table = Table(lib)
        for state in table.tracks(sheet_id):
            assert isinstance(state.taken, int) and state.taken >= 0
        table.condition(sheet_id)


def test_library_check_reports_damage_rows_that_are_left_out() -> None:
    with open_library(default_path()) as lib:
        sheet_id = lib.add(npc(3, "Hurt"))
        lib._db.execute(
            "INSERT INTO damage (sheet_id, track, taken) VALUES (?, 'body', 'a lot')", (sheet_id,)
        )
        assert lib.damage_taken(sheet_id) == {}
        assert lib.check() == ["damage: 1 rows are not a track and a count (left out at play)"]
