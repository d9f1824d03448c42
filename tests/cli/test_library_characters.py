"""``sheetapp library`` over characters: search finds a core's later character by its own
words, a revision diff says what changed in the rules' words, and a stat block comes out as
plain text or Markdown."""

from __future__ import annotations

import json

from sheetapp.cli.main import main
from sheetapp.storage.library import default_path, open_library

from ..storage.library.test_character_rows import three_universe_core


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["library", *args])
    out, err = capsys.readouterr()
    return code, out, err


def stored_core() -> int:
    with open_library(default_path()) as lib:
        return lib.add(three_universe_core())


def test_search_smuggler_returns_the_smugglers_row(capsys) -> None:
    core_id = stored_core()
    code, out, err = run(capsys, "search", "Smuggler", "--json")
    assert (code, err) == (0, "")
    (row,) = json.loads(out)
    assert (row["id"], row["name"], row["character"]) == (core_id, "Quillon Vey", 1)
    assert (row["setting"], row["profession"], row["player"]) == (
        "drift-salvage",
        "Smuggler",
        "Wolfgang",
    )


def test_list_sorts_by_xp_a_row_per_character(capsys) -> None:
    stored_core()
    code, out, _ = run(capsys, "list", "--sort", "xp", "--desc", "--json")
    assert code == 0
    assert [r["name"] for r in json.loads(out)] == ["Tomas Reed", "Quillon Vey", "Kess Marrow"]


def test_diff_names_the_changed_fields_plain_and_json(capsys) -> None:
    core = three_universe_core()
    with open_library(default_path()) as lib:
        sheet_id = lib.add(core)
        core.characters[1].profession = "Harbour pilot"
        lib.save(sheet_id, core)
    code, out, err = run(capsys, "diff", str(sheet_id), "1", "2")
    assert (code, err) == (0, "")
    assert out == "Quillon Vey › Profession Smuggler -> Harbour pilot\n"
    code, out, _ = run(capsys, "diff", str(sheet_id), "1", "--json")
    (change,) = json.loads(out)["changes"]
    assert change["path"] == "characters[1].profession"
    assert (change["before"], change["after"]) == ("Smuggler", "Harbour pilot")
    code, _, err = run(capsys, "diff", str(sheet_id), "1", "9")
    assert code == 2 and err.startswith("sheetapp: ") and "no revision 9" in err


def test_statblock_prints_text_and_markdown_for_one_character_or_all(capsys) -> None:
    core_id = stored_core()
    code, out, err = run(capsys, "statblock", str(core_id))
    assert (code, err) == (0, "")
    assert [line for line in out.splitlines() if line and "·" not in line][:1] == ["Kess Marrow"]
    assert "\nQuillon Vey\n" in out and "\nTomas Reed\n" in out
    code, out, _ = run(capsys, "statblock", str(core_id), "--character", "2", "--markdown")
    assert out.startswith("### Quillon Vey\n\n*Amazing Engine · Drift Salvage")
    assert "Kess" not in out
    code, out, err = run(capsys, "statblock", str(core_id), "99")
    assert code == 2 and out == "" and "no sheet 99" in err


def test_tag_and_move_with_a_character_file_that_character_alone(capsys) -> None:
    core_id = stored_core()
    code, _, err = run(capsys, "tag", str(core_id), "--character", "3", "--add", "tug crew")
    assert (code, err) == (0, "")
    code, out, _ = run(capsys, "list", "--tag", "tug crew", "--json")
    assert [r["name"] for r in json.loads(out)] == ["Tomas Reed"]
    code, _, err = run(capsys, "move", str(core_id), "--character", "2", "--campaign", "Drift")
    assert (code, err) == (0, "")
    code, out, _ = run(capsys, "list", "--campaign", "Drift", "--json")
    assert [r["name"] for r in json.loads(out)] == ["Quillon Vey"]
    code, out, err = run(capsys, "tag", str(core_id), "--character", "9", "--add", "x")
    assert code == 2 and err.strip() == f"sheetapp: sheet {core_id} has no character 9"


def test_rename_a_tag_into_one_that_exists_merges_them(capsys) -> None:
    core_id = stored_core()
    run(capsys, "tag", str(core_id), "--character", "1", "--add", "Crew")
    run(capsys, "tag", str(core_id), "--character", "2", "--add", "crew")
    code, out, _ = run(capsys, "rename-tag", "Crew", "crew")
    assert (code, out) == (
        0,
        "renamed the tag on 1 sheet (a tag already named so is merged with it)\n",
    )
    code, out, _ = run(capsys, "list", "--tag", "crew", "--json")
    assert [r["name"] for r in json.loads(out)] == ["Kess Marrow", "Quillon Vey"]
    code, _, err = run(capsys, "rename-campaign", "Nowhere", "Harbour")
    assert (
        code == 2 and err.strip() == "sheetapp: no sheet or character is in the campaign 'Nowhere'"
    )
