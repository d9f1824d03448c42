"""Names, tags, file names and packs with escape sequences, NUL or bidi overrides never reach
the terminal raw: every command shows them escaped (``\\x1b``, ``\\u202e``, ``\\n``), and
keeps every script (Arabic, Hebrew, CJK) as it is."""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

import pytest

from sheetapp.cli.main import main
from sheetapp.storage.document import save
from sheetapp.systems.amazing_engine.catalog import reload_catalogue, user_pack_folder
from sheetapp.systems.plugin import NewOptions
from sheetapp.systems.registry import get_system

from ..systems.amazing_engine.test_universe_packs import GOOD

HOSTILE = "Zoë\x1b[2J\x07مريم\u202eexe.txt\nforged 李"
SHOWN = "Zoë\\x1b[2J\\x07مريم\\u202eexe.txt\\nforged 李"
# The oracle, written apart from sheetapp.printable: what a terminal must never receive.
BIDI = set("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def raw_controls(text: str) -> list[str]:
    """Every character in ``text`` that could move a cursor or reorder a line."""
    return [
        c
        for c in text
        if c != "\n"
        and (c in BIDI or unicodedata.category(c) in ("Cc", "Cs", "Zl", "Zp"))
    ]


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert raw_controls(out) == [] and raw_controls(err) == [], (out, err)
    return code, out, err


def hostile_sheet(path: Path, name: str = HOSTILE) -> Path:
    sheet = get_system("amazing-engine").new(NewOptions(random=True, seed=3, npc=True))
    sheet.characters[0].name = name
    save(path, sheet)
    return path


def test_show_escapes_a_hostile_name_and_keeps_every_script(tmp_path, capsys) -> None:
    code, out, _ = run(capsys, "show", str(hostile_sheet(tmp_path / "h.json")))
    assert code == 0
    assert SHOWN in out  # the whole name on its one line
    code, out, _ = run(capsys, "show", "--json", str(tmp_path / "h.json"))
    assert json.loads(out)["characters"][0]["name"] == HOSTILE
    assert "\\u202e" in out


def test_validate_escapes_file_names_on_stdout_and_stderr(tmp_path, capsys) -> None:
    good = hostile_sheet(tmp_path / "a\x1b[31mb.json")
    code, out, err = run(capsys, "validate", str(good), str(tmp_path / "gone\u202e.json"))
    assert code == 2
    assert "a\\x1b[31mb.json: " in out
    assert err.startswith("sheetapp: ") and "gone\\u202e.json" in err


def test_library_list_show_search_and_revisions_escape_names_and_tags(tmp_path, capsys) -> None:
    path = hostile_sheet(tmp_path / "h.json")
    code, out, _ = run(capsys, "library", "import", str(path))
    sheet_id = out.strip()
    assert code == 0
    run(capsys, "library", "tag", sheet_id, "--add", "t\x1b]0;pwned\x07ag\u2066")
    for argv in (["list"], ["search", "forged"], ["show", sheet_id], ["trash"]):
        code, out, _ = run(capsys, "library", *argv)
        assert code == 0
        if argv[0] != "trash":
            assert SHOWN in out, out
    assert "#t\\x1b]0;pwned\\x07ag\\u2066" in run(capsys, "library", "list")[1]
    code, out, _ = run(capsys, "library", "list", "--json")
    assert json.loads(out)[0]["name"] == HOSTILE
    assert run(capsys, "library", "revisions", sheet_id)[0] == 0


def user_pack(name: str, text: str) -> str:
    user_pack_folder().mkdir(parents=True, exist_ok=True)
    path = user_pack_folder() / name
    path.write_text(text, encoding="utf-8")
    reload_catalogue()
    return str(path)


def test_universes_and_check_escape_pack_names_and_messages(capsys) -> None:
    good = GOOD.replace('name = "Moonwell"', 'name = "Moon\\u001b[31m\\u202ewell"')
    user_pack("moon.toml", good)
    bad = user_pack("bad\x1b.toml", GOOD.replace('id = "moonwell"', 'id = "other"').replace(
        '  "Lore",\n]', '  "Lo\\u001bre\\u202e",\n]'
    ))
    code, out, err = run(capsys, "universes")
    assert code == 0
    assert re.search(r"^moonwell\s+Moon\\x1b\[31m\\u202ewell\s", out, re.M), out
    assert "bad\\x1b.toml:13: error: profession 'enchanter' lists group 'Lo\\x1bre\\u202e'" in err
    code, out, _ = run(capsys, "universes", "--json")
    assert "Moon\\u001b[31m\\u202ewell" in out
    code, out, _ = run(capsys, "universes", "check", bad)
    assert code == 1 and "lists group 'Lo\\x1bre\\u202e'" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["show", "no\x1b[2Jsuch.json"],
        ["roll", "3d6\u202e"],
        ["universes", "check", "no\x1b[2Jsuch.toml"],
        ["new", "d6-pool", "-o", "{tmp}/took\u202e.json"],
    ],
)
def test_errors_on_stderr_are_escaped(argv, tmp_path, capsys) -> None:
    (tmp_path / "took\u202e.json").write_text("{}")
    code, _, err = run(capsys, *[a.replace("{tmp}", str(tmp_path)) for a in argv])
    assert code == 2 and err.count("\n") == 1 and "\\" in err
