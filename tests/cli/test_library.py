"""``sheetapp library ...`` as a GM uses it: ids in and out, one-line errors, exit codes."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from sheetapp.cli.library_args import SORTS
from sheetapp.cli.main import main
from sheetapp.storage.document import dumps, load, save
from sheetapp.storage.library import SORT_KEYS, default_path, open_library
from sheetapp.systems.plugin import NewOptions
from sheetapp.systems.registry import get_system

from ..campaign.held import hold_a_rename


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["library", *args])
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(err: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("sheetapp: "), err
    return lines[0]


def sheet_file(tmp_path: Path, seed: int, name: str) -> str:
    sheet = get_system("amazing-engine").new(NewOptions(random=True, seed=seed, npc=True))
    sheet.characters[0].name = name
    path = tmp_path / f"{seed}.json"
    save(path, sheet)
    return str(path)


@pytest.fixture
def stocked(tmp_path, capsys) -> list[int]:
    """Three imported sheets: a Latin, a Cyrillic and a markup-laden name."""
    files = [
        sheet_file(tmp_path, 1, "Brannoc Vey"),
        sheet_file(tmp_path, 2, "Алёша"),
        sheet_file(tmp_path, 3, "Ann <b> & Co"),
    ]
    code, out, err = run(capsys, "import", *files, "--tag", "guests")
    assert (code, err) == (0, "")
    return [int(line) for line in out.split()]


def test_import_prints_the_new_ids_and_list_and_search_show_them(stocked, capsys) -> None:
    assert stocked == [1, 2, 3]
    assert default_path().exists()  # in the data folder (SHEETAPP_DATA_DIR in tests)
    code, out, _ = run(capsys, "list", "--json")
    rows = json.loads(out)
    assert code == 0
    assert [(r["id"], r["name"], r["system"]) for r in rows] == [
        (3, "Ann <b> & Co", "amazing-engine"),
        (1, "Brannoc Vey", "amazing-engine"),
        (2, "Алёша", "amazing-engine"),
    ]
    assert all(r["tags"] == ["guests"] for r in rows)
    code, out, _ = run(capsys, "search", "алеша", "--json")
    assert [(r["id"], r["name"], r["system"]) for r in json.loads(out)] == [
        (2, "Алёша", "amazing-engine")
    ]
    code, out, _ = run(capsys, "list", "--text", "<b>")
    assert code == 0 and "Ann <b> & Co" in out and "Brannoc" not in out


def test_import_skips_what_is_not_a_sheet_and_says_so(tmp_path, capsys) -> None:
    good = sheet_file(tmp_path, 4, "Good")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    code, out, err = run(capsys, "import", str(bad), good, "--json")
    assert code == 2
    report = json.loads(out)
    assert report["ids"] == [1] and report["refused"][0]["file"] == str(bad)
    code, out, err = run(capsys, "import", str(bad))
    assert code == 2 and out == ""
    assert "bad.json" in one_line_error(err)


def test_export_one_sheet_round_trips_through_a_file(stocked, tmp_path, capsys) -> None:
    out_file = tmp_path / "out" / "alesha.sheet.json"
    out_file.parent.mkdir()
    code, out, _ = run(capsys, "export", "2", "-o", str(out_file))
    assert code == 0 and "wrote" in out
    assert dumps(load(out_file)) == out_file.read_text(encoding="utf-8")
    assert load(out_file).characters[0].name == "Алёша"
    assert main(["validate", str(out_file)]) == 0


def test_export_several_to_a_folder_and_to_one_pdf(stocked, tmp_path, capsys) -> None:
    folder = tmp_path / "npcs"
    code, _out, _ = run(capsys, "export", "1", "2", "-o", str(folder))
    assert code == 0
    assert sorted(p.name for p in folder.iterdir()) == [
        "1-Brannoc-Vey.sheet.json",
        "2-Алёша.sheet.json",
    ]
    pdf = tmp_path / "blocks.pdf"
    code, _out, _ = run(capsys, "export", *map(str, stocked), "-o", str(pdf))
    assert code == 0
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf.read_bytes())).pages)
    for name in ("Brannoc Vey", "Алёша", "Ann <b> & Co"):
        assert name in text
    assert "Stat blocks" in text


def test_export_refuses_a_missing_sheet_and_writes_nothing(stocked, tmp_path, capsys) -> None:
    pdf = tmp_path / "blocks.pdf"
    code, _, err = run(capsys, "export", "1", "42", "-o", str(pdf))
    assert code == 2 and "no sheet 42" in one_line_error(err)
    assert not pdf.exists()


def test_generate_is_repeatable_with_a_seed(tmp_path, capsys) -> None:
    first = tmp_path / "a.sqlite3"
    second = tmp_path / "b.sqlite3"
    for path in (first, second):
        code, out, err = run(
            capsys,
            "--file",
            str(path),
            "generate",
            "amazing-engine",
            "--count",
            "4",
            "--seed",
            "9",
            "--profession",
            "rogue",
            "--range",
            "reflexes=50-60",
            "--names",
            "fjordmark",
            "--campaign",
            "Harbour",
        )
        assert (code, err, out.split()) == (0, "", ["1", "2", "3", "4"])
    names = []
    for path in (first, second):
        _, out, _ = run(capsys, "--file", str(path), "list", "--json")
        names.append([r["name"] for r in json.loads(out)])
    assert names[0] == names[1] and len(set(names[0])) > 1
    _, out, _ = run(capsys, "--file", str(first), "show", "1", "--json")
    shown = json.loads(out)
    assert shown["campaign"] == "Harbour"
    assert 50 <= shown["figures"]["characters"][0]["attributes"]["reflexes"] <= 60
    assert shown["condition"] == "" and {t["key"] for t in shown["tracks"]} == {"stamina", "body"}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["generate", "starfall", "--count", "1"], "unknown system 'starfall'"),
        (["generate", "amazing-engine", "--count", "2", "--range", "reflexes=high"], "LOW-HIGH"),
        (["generate", "amazing-engine", "--count", "2", "--range", "luck=1-5"], "not an attribute"),
        (["generate", "amazing-engine", "--count", "2", "--names", "klingon"], "unknown name list"),
        (["generate", "amazing-engine", "--count", "2", "--profession", "pirate"], "soldier"),
        (["generate", "amazing-engine", "--count", "2", "--universe", "mars"], "unknown universe"),
        (["show", "7"], "no sheet 7"),
        (["revisions", "7"], "no sheet 7"),
        (["restore", "7", "1"], "no sheet 7"),
        (["delete", "7"], "no sheet 7"),
        (["tag", "7"], "--add or --remove"),
    ],
)
def test_errors_are_one_line_with_exit_code_2_and_change_nothing(capsys, args, message) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert message in one_line_error(err)
    assert run(capsys, "list")[1] == ""


def test_a_generation_count_out_of_bounds_is_refused_by_the_parser(capsys) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["library", "generate", "amazing-engine", "--count", "0"])
    err = capsys.readouterr().err
    assert stopped.value.code == 2 and len(err.splitlines()) == 1 and "1 to 100,000" in err
    assert run(capsys, "list")[1] == ""


def test_history_restore_and_trash(stocked, tmp_path, capsys) -> None:
    changed = load(sheet_file(tmp_path, 1, "Brannoc the Bold"))
    with open_library() as lib:
        lib.save(1, changed, note="renamed")
    code, out, _ = run(capsys, "revisions", "1", "--json")
    assert [(r["number"], r["note"], r["current"]) for r in json.loads(out)] == [
        (2, "renamed", True),
        (1, "imported", False),
    ]
    code, out, _ = run(capsys, "restore", "1", "1")
    assert code == 0 and "as revision 3" in out
    assert "Brannoc Vey" in run(capsys, "show", "1")[1]
    assert "current already" in run(capsys, "restore", "1", "3")[1]

    assert run(capsys, "delete", "1", "3")[0] == 0
    assert [r["id"] for r in json.loads(run(capsys, "list", "--json")[1])] == [2]
    # Deleted together: in id order.
    assert [r["id"] for r in json.loads(run(capsys, "trash", "--json")[1])] == [1, 3]
    assert run(capsys, "untrash", "3")[0] == 0
    code, out, _ = run(capsys, "empty-trash")
    assert "deleted 1 sheets" in out
    assert [r["id"] for r in json.loads(run(capsys, "list", "--json")[1])] == [3, 2]
    assert run(capsys, "trash", "--json")[1].strip() == "[]"


def test_untrash_takes_a_shared_sheets_change_held_in_the_trash(stocked, capsys) -> None:
    with open_library(default_path()) as library:
        hold_a_rename(library, 2, "Alyosha")
    code, out, err = run(capsys, "untrash", "2")
    assert (code, err) == (0, "")
    assert "sheet 2 took the campaign's changes made while it was in the trash" in out
    with open_library(default_path()) as library:
        assert library.load(2).characters[0].name == "Alyosha"
        assert library.revisions(2)[0].note == "From the campaign"


def test_campaigns_tags_and_duplicates(stocked, capsys) -> None:
    assert run(capsys, "move", "1", "2", "--campaign", "Harbour")[0] == 0
    assert run(capsys, "tag", "1", "--add", "smuggler", "--remove", "guests")[0] == 0
    _code, out, _ = run(capsys, "duplicate", "1")
    copy = int(out)
    rows = {
        r["id"]: r for r in json.loads(run(capsys, "list", "--json", "--campaign", "Harbour")[1])
    }
    assert set(rows) == {1, 2, copy}
    assert rows[copy]["tags"] == ["smuggler"] and rows[copy]["name"] == "Brannoc Vey"
    listed = run(capsys, "list", "--tag", "smuggler", "--sort", "id", "--desc")[1].splitlines()
    assert [int(line.split()[0]) for line in listed] == [copy, 1]


def test_award_gives_xp_and_reports_refusals_with_exit_code_1(stocked, capsys) -> None:
    code, out, err = run(capsys, "award", "1", "2", "--xp", "25", "--note", "the bridge")
    assert (code, err) == (0, "")
    shown = json.loads(run(capsys, "show", "1", "--json")[1])
    assert shown["figures"]["characters"][0]["xp"] == 25
    code, out, err = run(capsys, "award", "3", "--xp", "10", "--core", "5")
    assert code == 1 and "no Player Core" in one_line_error(err)
    assert "+" not in out


def test_check_reports_a_healthy_library_and_a_repaired_one(stocked, capsys) -> None:
    code, out, err = run(capsys, "check")
    assert (code, err) == (0, "") and "ok (3 sheets)" in out
    path = default_path()
    size = path.stat().st_size
    with path.open("r+b") as handle:
        handle.write(b"not a database!!")
    code, out, err = run(capsys, "check", "--json")
    assert code == 1
    assert "damaged" in one_line_error(err).lower() and ".damaged-" in err
    report = json.loads(out)
    assert report["problems"] == [] and report["sheets"] == 3 and report["damage"]
    assert path.stat().st_size != 0 and size > 0
    assert run(capsys, "check")[0] == 0  # repaired: healthy from now on


def test_read_only_refuses_changes(stocked, capsys) -> None:
    code, _, err = run(capsys, "--read-only", "delete", "1")
    assert code == 2 and "read-only" in one_line_error(err)
    assert run(capsys, "--read-only", "list")[0] == 0


def test_names_lists_the_name_lists_and_professions(capsys) -> None:
    code, out, _ = run(capsys, "names")
    assert code == 0
    assert "hearth" in out and "sable" in out and "soldier" in out


def test_the_sort_choices_match_the_library(capsys) -> None:
    assert SORTS == SORT_KEYS
    with pytest.raises(SystemExit) as done:
        main(["library"])
    assert done.value.code == 2
    assert "COMMAND" in capsys.readouterr().err


def test_library_starts_without_qt_or_reportlab(tmp_path) -> None:
    code = (
        "import sys; from sheetapp.cli.main import main; main(['library', 'list']); "
        "bad = [m for m in sys.modules if m.startswith(('PySide6', 'reportlab'))]; "
        "sys.exit(1 if bad else 0)"
    )
    env = {**os.environ, "SHEETAPP_DATA_DIR": str(tmp_path)}
    assert subprocess.run([sys.executable, "-c", code], env=env, check=False).returncode == 0


def test_a_pdf_export_warns_of_characters_no_font_has(tmp_path, capsys) -> None:
    path = sheet_file(tmp_path, 4, "Ali 😀")
    assert run(capsys, "import", path)[0] == 0
    code, _, err = run(capsys, "export", "1", "-o", str(tmp_path / "blocks.pdf"))
    assert code == 0
    assert "library sheet 1: characters.0.name: no bundled font has '😀'" in err
