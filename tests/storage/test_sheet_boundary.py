"""Every sheet file passes one boundary (``document.loads``): whatever is wrong with it,
even a failure nobody foresaw, is one DocumentError naming the file and the place, so no
command stops with "internal error" and a batch keeps its good files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sheetapp.cli.main import EXIT_UNUSABLE, main
from sheetapp.storage import document
from sheetapp.storage.document import DocumentError, dumps, load, loads, save
from sheetapp.systems.plugin import NewOptions
from sheetapp.systems.registry import get_system


def good_sheet(path: Path, seed: int = 1) -> Path:
    save(path, get_system("amazing-engine").new(NewOptions(random=True, seed=seed)))
    return path


def huge_number_sheet(path: Path, digits: int = 5000) -> Path:
    """A sheet whose first character's fitness has ``digits`` digits."""
    text = dumps(get_system("amazing-engine").new(NewOptions(random=True, seed=2)))
    fitness = '"fitness": ' + str(json.loads(text)["characters"][0]["attributes"]["fitness"])
    path.write_text(text.replace(fitness, '"fitness": ' + "9" * digits, 1), encoding="utf-8")
    return path


def test_a_number_past_pythons_digit_limit_is_one_error_with_its_place(tmp_path) -> None:
    path = huge_number_sheet(tmp_path / "big.json")
    # the fitness line (a character's random id may hold "999" too)
    line = next(
        i for i, t in enumerate(path.read_text().splitlines(), 1) if '"fitness": 999' in t
    )
    with pytest.raises(DocumentError) as caught:
        load(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: line {line}, column ")
    assert "a number of 5000 digits" in message and "\n" not in message


def test_a_number_of_up_to_100_digits_is_read_and_then_checked(tmp_path) -> None:
    with pytest.raises(DocumentError, match=r"fitness: must be at most"):
        load(huge_number_sheet(tmp_path / "ok.json", 100))
    with pytest.raises(DocumentError, match="a number of 101 digits"):
        loads(huge_number_sheet(tmp_path / "n.json", 101).read_text(), "n.json")


def test_an_unforeseen_failure_while_loading_is_still_one_document_error(monkeypatch) -> None:
    def broken(data):
        raise RuntimeError("nobody\nthought of this")

    monkeypatch.setattr(document, "_upgrade", lambda data, source: broken(data))
    text = dumps(get_system("d6-pool").new(NewOptions()))
    with pytest.raises(DocumentError) as caught:
        loads(text, "odd.json")
    assert str(caught.value) == (
        "odd.json: cannot be read as a sheet (RuntimeError: nobody thought of this)"
    )


@pytest.mark.parametrize("verb", ["validate", "show", "export-pdf"])
def test_commands_refuse_the_file_with_one_line_and_exit_2(verb, tmp_path, capsys) -> None:
    path = huge_number_sheet(tmp_path / "big.json")
    argv = [verb, str(path)] + (["-o", str(tmp_path / "x.pdf")] if verb == "export-pdf" else [])
    assert main(argv) == EXIT_UNUSABLE
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "internal error" not in err
    assert err.startswith(f"sheetapp: {path}: line ")


def test_library_import_names_the_bad_file_and_imports_the_good_ones(tmp_path, capsys) -> None:
    good = [good_sheet(tmp_path / f"g{i}.json", i) for i in (1, 3)]
    bad = huge_number_sheet(tmp_path / "big.json")
    code = main(["library", "import", str(good[0]), str(bad), str(good[1]), "--json"])
    result = json.loads(capsys.readouterr().out)
    assert code == EXIT_UNUSABLE
    assert len(result["ids"]) == 2
    assert [r["file"] for r in result["refused"]] == [str(bad)]
    assert "a number of 5000 digits" in result["refused"][0]["error"]


def test_a_path_no_file_can_have_is_one_document_error() -> None:
    with pytest.raises(DocumentError, match="cannot read: embedded null byte"):
        load("sheet\x00.json")
