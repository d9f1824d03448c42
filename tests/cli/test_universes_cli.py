"""``sheetapp universes``: the list a game master reads, and ``check`` for one pack file."""

from __future__ import annotations

import json
import os
import re
from importlib import resources
from pathlib import Path

import pytest

from sheetapp.cli.main import main
from sheetapp.systems.amazing_engine.catalog import reload_catalogue, user_pack_folder

from ..systems.amazing_engine.test_universe_packs import GOOD

LINE = re.compile(r"^(?P<file>.+):(?P<line>\d+): (?P<severity>error|warning): (?P<message>.+)$")


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def user_pack(name: str, text: str) -> Path:
    user_pack_folder().mkdir(parents=True, exist_ok=True)
    path = user_pack_folder() / name
    path.write_text(text, encoding="utf-8")
    reload_catalogue()
    return path


def test_the_list_shows_each_universe_with_its_counts_and_source(capsys) -> None:
    code, out, err = run(capsys, "universes")
    assert code == 0 and err == ""
    rows = {line.split()[0]: line for line in out.splitlines()[1:] if line.strip()}
    assert "generic" in rows and "verdigris" in rows and "drift-salvage" in rows
    assert re.search(r"Generic\s+7\s+82\s+shipped$", rows["generic"])
    assert str(user_pack_folder()) in out


def test_the_json_list_has_ids_names_counts_sources_and_problems(capsys) -> None:
    good = user_pack("moonwell.toml", GOOD)
    user_pack("broken.toml", GOOD.replace('id = "moonwell"', 'id = "b"\nid = "c"'))
    code, out, _ = run(capsys, "universes", "--json")
    data = json.loads(out)
    assert code == 0
    by_id = {u["id"]: u for u in data["universes"]}
    assert by_id["verdigris"]["source"] == "shipped"
    assert by_id["verdigris"]["professions"] == 8 and by_id["verdigris"]["skills"] == 110
    assert by_id["moonwell"] == {
        "id": "moonwell",
        "name": "Moonwell",
        "professions": 1,
        "skill_groups": 2,
        "skills": 4,
        "species": 0,
        "weapons": 0,
        "armour": 0,
        "equipment": 0,
        "source": "user",
        "file": str(good),
    }
    assert "b" not in by_id and "c" not in by_id
    [problem] = data["problems"]
    assert problem["file"].endswith("broken.toml") and problem["line"] == 2
    assert data["folder"] == str(user_pack_folder())


def test_the_text_list_names_a_user_pack_by_path_and_reports_broken_ones(capsys) -> None:
    good = user_pack("moonwell.toml", GOOD)
    broken = user_pack("broken.toml", "id = ")
    code, out, err = run(capsys, "universes")
    assert code == 0
    assert re.search(rf"moonwell\s+Moonwell\s+1\s+4\s+{re.escape(str(good))}$", out, re.M)
    match = LINE.match(err.strip())
    assert match and match["file"] == str(broken) and match["line"] == "1"


@pytest.mark.parametrize("name", ["generic.toml", "verdigris.toml", "drift-salvage.toml"])
def test_check_passes_each_shipped_pack(capsys, name: str) -> None:
    path = str(resources.files("sheetapp.resources").joinpath("universes", name))
    code, out, err = run(capsys, "universes", "check", path)
    assert code == 0 and err == ""
    assert out.startswith(f"{path}: ok: ")


def test_check_lists_file_line_messages_and_exits_1(tmp_path, capsys) -> None:
    path = tmp_path / "moon.toml"
    text = GOOD.replace('"Lore",\n]', '"Loer",\n]')
    path.write_text(text.replace('"psyche", enhancement', '"magic", enhancement'))
    code, out, err = run(capsys, "universes", "check", str(path))
    assert code == 1 and err == ""
    lines = [LINE.match(line) for line in out.splitlines()]
    assert all(lines), out
    assert [(m["file"], m["line"], m["severity"]) for m in lines] == [
        (str(path), "21", "error")
    ]  # a model error stops the deeper checks until it is fixed
    path.write_text(GOOD.replace('"Lore",\n]', '"Loer",\n]'))
    code, out, _ = run(capsys, "universes", "check", str(path))
    assert code == 1 and out.startswith(f"{path}:13: error: profession 'enchanter' lists")


def test_check_with_only_warnings_exits_0(tmp_path, capsys) -> None:
    path = tmp_path / "warn.toml"
    path.write_text(GOOD.replace('"ceil((willpower + reflexes) / 2)"', '"willpower"'))
    code, out, _ = run(capsys, "universes", "check", str(path))
    assert code == 0
    assert out.splitlines()[0] == (
        f"{path}:5: warning: stamina does not use reflexes; in every universe stamina grows "
        "with reflexes and willpower"
    )
    assert out.splitlines()[1].startswith(f"{path}: ok: 'moonwell'")


def test_check_json(tmp_path, capsys) -> None:
    path = tmp_path / "moon.toml"
    path.write_text(GOOD.replace('"Lore",\n]', '"Loer",\n]'))
    for args in (
        ("universes", "check", str(path), "--json"),
        ("universes", "--json", "check", str(path)),
    ):
        code, out, _ = run(capsys, *args)
        data = json.loads(out)
        assert code == 1 and data["ok"] is False and data["universe"] == "moonwell"
        assert data["problems"][0]["line"] == 13


def test_check_says_when_the_id_is_taken(tmp_path, capsys) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(GOOD.replace('id = "moonwell"', 'id = "verdigris"'))
    code, out, _ = run(capsys, "universes", "check", str(path))
    assert code == 1
    assert f"{path}:1: error: id 'verdigris' is already used by a shipped universe" in out


def test_check_exits_2_when_the_file_cannot_be_read(tmp_path, capsys) -> None:
    code, out, err = run(capsys, "universes", "check", str(tmp_path / "missing.toml"))
    assert code == 2 and out == ""
    assert err.startswith("sheetapp: ") and "missing.toml: cannot read" in err
    code, _, err = run(capsys, "universes", "check", str(tmp_path))
    assert code == 2 and "cannot read" in err


def test_check_of_a_binary_file_is_a_problem_not_a_crash(tmp_path, capsys) -> None:
    path = tmp_path / "image.toml"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\xff\xfe")
    code, out, err = run(capsys, "universes", "check", str(path))
    assert code == 1 and err == ""
    assert LINE.match(out.splitlines()[0])


def test_a_pipe_a_device_or_a_broken_link_among_the_packs_is_reported(capsys) -> None:
    folder = user_pack_folder()
    folder.mkdir(parents=True, exist_ok=True)
    os.mkfifo(folder / "pipe.toml")
    (folder / "zero.toml").symlink_to("/dev/zero")
    (folder / "gone.toml").symlink_to(folder / "nowhere.toml")
    reload_catalogue()
    code, out, err = run(capsys, "universes")
    assert code == 0 and "generic" in out
    reported = {Path(m["file"]).name: m["message"] for m in map(LINE.match, err.splitlines())}
    assert "named pipe" in reported["pipe.toml"]
    assert "character device" in reported["zero.toml"]
    assert "gone.toml" in reported
