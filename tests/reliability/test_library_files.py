"""Library files as input from outside: a text file, another program's database, a device
or a crafted library. Only a sheetapp library (sound or damaged) or an empty file is opened;
anything else is refused in one line and left exactly as it was; ``library check`` compares
the schema with the one sheetapp builds, so a trigger or view slipped in is found.

``HYPOTHESIS_PROFILE=large`` runs the fuzzers at length.
"""

from __future__ import annotations

import os
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sheetapp.cli.main import EXIT_INTERNAL, EXIT_UNUSABLE, main
from sheetapp.storage.library import LibraryError, NotALibraryError, open_library
from sheetapp.storage.library.schema import reference_schemas
from sheetapp.ui.main_window import MainWindow

from ..storage.library.conftest import npc

TRIGGER = (
    "CREATE TRIGGER forget AFTER INSERT ON revisions BEGIN "
    "DELETE FROM revisions WHERE id != new.id; END"
)


def folder_listing(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def cli(capsys, path: Path, *verb: str) -> tuple[int, str, str]:
    code = main(["library", "--file", str(path), *verb])
    out, err = capsys.readouterr()
    return code, out, err


def assert_refused_untouched(capsys, path: Path, *options: str) -> str:
    before = folder_listing(path.parent)
    code, _out, err = cli(capsys, path, *options, "list")
    assert code == EXIT_UNUSABLE, err
    assert len(err.splitlines()) == 1 and str(path) in err
    assert folder_listing(path.parent) == before  # untouched, and no copy made
    return err


def other_programs_database(path: Path, user_version: int = 0) -> None:
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
    db.execute("INSERT INTO notes (body) VALUES ('buy milk')")
    db.execute(f"PRAGMA user_version = {user_version}")
    db.commit()
    db.close()


@pytest.mark.parametrize("read_only", [(), ("--read-only",)])
def test_a_text_file_is_refused_untouched(tmp_path, capsys, read_only) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("session 3: the smuggler lied\n")
    err = assert_refused_untouched(capsys, notes, *read_only)
    assert "not a sheetapp library" in err


@pytest.mark.parametrize("user_version", [0, 2, 40])
def test_another_programs_database_is_refused_untouched(tmp_path, capsys, user_version) -> None:
    path = tmp_path / "other.db"
    other_programs_database(path, user_version)
    err = assert_refused_untouched(capsys, path)
    assert "another program's database" in err


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_a_link_to_a_device_or_a_pipe_is_refused_at_once(tmp_path) -> None:
    (tmp_path / "zero.sqlite3").symlink_to("/dev/zero")
    os.mkfifo(tmp_path / "pipe.sqlite3")
    for name in ("zero.sqlite3", "pipe.sqlite3"):
        # In a child, so a copy without end fails the test instead of filling the disk.
        done = subprocess.run(
            [sys.executable, "-m", "sheetapp", "library", "--file", str(tmp_path / name), "list"],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert done.returncode == EXIT_UNUSABLE, done.stderr
        assert "not a regular file" in done.stderr and len(done.stderr.splitlines()) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe.sqlite3", "zero.sqlite3"]


def crafted(path: Path, *statements: str) -> None:
    with open_library(path) as lib:
        lib.add(npc(1, "Kept"))
    db = sqlite3.connect(path)
    for statement in statements:
        db.execute(statement)
    db.commit()
    db.close()


def test_a_trigger_deleting_revisions_is_damage_and_the_rebuild_drops_it(tmp_path) -> None:
    path = tmp_path / "library.sqlite3"
    crafted(path, TRIGGER)
    with open_library(path) as lib:
        assert lib.damage_report is not None
        assert "trigger forget" in lib.damage_report.problem
        lib.save(1, npc(2, "Changed"))
        assert [r.number for r in lib.revisions(1)] == [2, 1]  # nothing deleted behind us
        assert lib.check() == []


def test_library_check_finds_a_view_in_place_of_a_table(tmp_path, capsys) -> None:
    path = tmp_path / "library.sqlite3"
    crafted(
        path,
        "DROP TABLE tags",
        "CREATE VIEW tags AS SELECT id AS sheet_id, name AS tag FROM sheets",
    )
    code, _out, err = cli(capsys, path, "check")
    assert code == 1 and "view tags" in err  # damage: kept aside, then rebuilt
    with open_library(path) as lib:
        assert lib.check() == [] and lib.roster()[0].name == "Kept"


@pytest.mark.parametrize(
    ("statement", "found"),
    [
        ("CREATE INDEX odd ON revisions (note)", "schema: index odd is not sheetapp's"),
        ("ALTER TABLE tags ADD COLUMN colour TEXT", "schema: table tags differs"),
        ("DROP INDEX sheets_roster", "schema: index sheets_roster is missing"),
    ],
)
def test_library_check_compares_the_schema_with_sheetapps(tmp_path, statement, found) -> None:
    path = tmp_path / "library.sqlite3"
    crafted(path, statement)
    with open_library(path) as lib:
        assert any(p.startswith(found) for p in lib.check()), lib.check()


def test_a_fresh_library_matches_the_schema_it_is_checked_against(tmp_path) -> None:
    with open_library(tmp_path / "library.sqlite3") as lib:
        assert lib.check() == []


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_library_files_and_copies_are_the_owners_only(tmp_path) -> None:
    path = tmp_path / "library.sqlite3"
    old = os.umask(0o022)
    try:
        with open_library(path) as lib:
            lib.add(npc(1, "Private"))
            modes = {p.name: p.stat().st_mode for p in tmp_path.iterdir()}
        crafted_path = tmp_path / "crafted.sqlite3"
        crafted(crafted_path, TRIGGER)
        crafted_path.chmod(0o644)  # a copy is private whatever the file it copies
        with open_library(crafted_path) as lib:  # a damaged copy and a rebuilt file
            lib.add(npc(2, "Also private"))
            modes |= {p.name: p.stat().st_mode for p in tmp_path.glob("crafted*")}
    finally:
        os.umask(old)
    assert {"library.sqlite3-wal", "library.sqlite3-shm", "crafted.sqlite3-wal"} <= set(modes)
    assert any(".damaged-" in name for name in modes)
    assert {name: stat.S_IMODE(mode) for name, mode in modes.items()} == dict.fromkeys(modes, 0o600)


NAMES = st.sampled_from(["sheets", "revisions", "tags", "notes", "search", "encounters", "x"])


@st.composite
def foreign_files(draw) -> bytes | list[str]:
    """Bytes of any kind, or the statements of another program's database."""
    if draw(st.booleans()):
        return draw(st.binary(max_size=2000) | st.text(max_size=500).map(str.encode))
    tables = draw(st.lists(NAMES, min_size=1, max_size=3, unique=True))
    columns = draw(st.lists(st.sampled_from(["id", "name", "body", "document"]), min_size=1))
    version = draw(st.integers(0, 50))
    return [
        *(f"CREATE TABLE {t} ({', '.join(dict.fromkeys(columns))})" for t in tables),
        f"PRAGMA user_version = {version}",
    ]


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(foreign_files())
def test_any_foreign_file_is_opened_or_refused_in_one_line(tmp_path_factory, content) -> None:
    folder = tmp_path_factory.mktemp("foreign")
    path = folder / "library.sqlite3"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        db = sqlite3.connect(path)
        for statement in content:
            db.execute(statement)
        db.commit()
        db.close()
    before = folder_listing(folder)
    try:
        open_library(path).close()
    except NotALibraryError as exc:
        assert "\n" not in str(exc) and str(path) in str(exc)
        assert folder_listing(folder) == before
    except LibraryError as exc:
        assert "\n" not in str(exc)
    assert main(["library", "--file", str(path), "--read-only", "list"]) != EXIT_INTERNAL


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.sampled_from(
        [
            TRIGGER,
            "CREATE TRIGGER t BEFORE DELETE ON sheets BEGIN SELECT 1; END",
            "CREATE VIEW v AS SELECT * FROM revisions",
            "CREATE TABLE extra (x)",
            "CREATE INDEX i ON damage (taken)",
            "DROP TABLE encounters",
            "DROP INDEX tags_by_tag",
            "ALTER TABLE sheets ADD COLUMN colour TEXT",
        ]
    ),
)
def test_any_crafted_schema_is_damage_or_a_finding(tmp_path_factory, statement) -> None:
    path = tmp_path_factory.mktemp("crafted") / "library.sqlite3"
    crafted(path, statement)
    with open_library(path) as lib:
        assert lib.damage_report is not None or lib.check(), statement
        assert lib.roster()[0].name == "Kept"
        # No trigger or view but the library's own (version 9 keeps groups by triggers).
        found = set(
            lib._db.execute(
                "SELECT type, name, sql FROM sqlite_schema WHERE type IN ('trigger', 'view')"
            )
        )
        ours = {o for o in reference_schemas()[-1] if o[0] in ("trigger", "view")}
        assert {(kind, name) for kind, name, _sql in found} == {(k, n) for k, n, _s in ours}


SQLITE_VALUES = st.one_of(
    st.none(),
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.floats(allow_nan=False),  # SQLite stores NaN as NULL
    st.text(max_size=30),
    st.binary(max_size=30),
)


@settings(
    max_examples=30, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None
)
@given(
    st.dictionaries(
        st.sampled_from(["name", "system", "setting", "campaign", "updated", "trashed"]),
        SQLITE_VALUES,
        min_size=1,
    )
)
def test_any_value_in_a_roster_column_is_shown(tmp_path_factory, qtbot, capsys, values) -> None:
    path = tmp_path_factory.mktemp("rows") / "library.sqlite3"
    # Only "trashed" may be NULL (the others are NOT NULL; SQLite enforces that much).
    values = {k: b"" if v is None and k != "trashed" else v for k, v in values.items()}
    with open_library(path) as lib:
        lib.add(npc(1, "Row"), tags=["t"])
        sets = ", ".join(f"{column} = ?" for column in values)
        lib._db.execute(f"UPDATE sheets SET {sets} WHERE id = 1", list(values.values()))
        [row] = lib.roster() or lib.trash()
        assert all(isinstance(v, str) for v in (row.name, row.system, row.setting, row.campaign))
        assert isinstance(row.updated, float)
        win = MainWindow(library=lib)
        qtbot.addWidget(win)
        win.library_area.build()
        win.close()
    for verb in (["list"], ["list", "--json"], ["trash"], ["check"]):
        assert main(["library", "--file", str(path), *verb]) != EXIT_INTERNAL, verb
    capsys.readouterr()
