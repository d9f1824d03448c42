"""The d6 dice pool system through the command line, as a script or a player uses it."""

from __future__ import annotations

import io
import json
from fractions import Fraction
from pathlib import Path

import pypdf

from sheetapp.cli.main import main


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_new_random_validate_show_and_print(tmp_path: Path, capsys) -> None:
    sheet = str(tmp_path / "rosa.json")
    assert run(capsys, "new", "d6-pool", "--random", "--seed", "5", "-o", sheet)[0] == 0
    code, out, _ = run(capsys, "validate", sheet, "--json")
    report = json.loads(out)[0]
    assert code == 0 and report["errors"] == report["warnings"] == 0
    code, out, _ = run(capsys, "show", sheet, "--json")
    figures = json.loads(out)
    assert code == 0 and figures["system"] == "d6-pool"
    assert figures["health"] == 2 * figures["attributes"]["stamina"]
    assert sum(figures["attributes"].values()) == figures["attribute_points"]["rolled"]
    code, out, _ = run(capsys, "show", sheet)
    assert code == 0 and figures["name"] in out and "Health" in out
    pdf = tmp_path / "rosa.pdf"
    assert run(capsys, "export-pdf", sheet, "-o", str(pdf))[0] == 0
    printed = pypdf.PdfReader(pdf).pages[0].extract_text()
    assert figures["name"] in printed and "d6 Dice Pool" in printed
    blocks = tmp_path / "blocks.pdf"
    assert run(capsys, "export-pdf", sheet, sheet, "--stat-blocks", "-o", str(blocks))[0] == 0
    assert "Stat blocks" in pypdf.PdfReader(blocks).pages[0].extract_text()


def test_the_same_seed_makes_the_same_character(tmp_path: Path, capsys) -> None:
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    for path in (a, b):
        run(capsys, "new", "d6-pool", "--random", "--seed", "9", "-o", str(path))
    docs = [json.loads(p.read_text()) for p in (a, b)]
    for doc in docs:
        for item in doc["skills"] + doc["traits"]:
            item.pop("id")
    assert docs[0] == docs[1]


def test_odds_json_is_exact(capsys) -> None:
    code, out, _ = run(capsys, "odds", "d6-pool", "--dice", "3", "--difficulty", "2", "--json")
    result = json.loads(out)
    assert code == 0
    assert result["success"] == float(Fraction(7, 27))
    assert result["distribution"] == {
        "0": float(Fraction(8, 27)),
        "1": float(Fraction(12, 27)),
        "2": float(Fraction(6, 27)),
        "3": float(Fraction(1, 27)),
    }


def test_odds_edge_cases(capsys) -> None:
    code, out, _ = run(
        capsys, "odds", "d6-pool", "--dice", "2", "--difficulty", "5", "--target", "6", "--json"
    )
    assert code == 0 and json.loads(out)["success"] == float(Fraction(1, 36))
    _, out, _ = run(capsys, "odds", "d6-pool", "--dice", "0", "--difficulty", "1", "--json")
    assert json.loads(out)["success"] == 0.0 and json.loads(out)["distribution"] == {"0": 1.0}
    code, _, err = run(capsys, "odds", "d6-pool", "--dice", "3", "--difficulty", "0")
    assert code == 2 and "1 or more" in err


def test_blank_and_fillable_blank(tmp_path: Path, capsys) -> None:
    out = tmp_path / "blank.pdf"
    assert run(capsys, "blank", "d6-pool", "--fillable", "-o", str(out))[0] == 0
    reader = pypdf.PdfReader(io.BytesIO(out.read_bytes()))
    assert "character_name" in (reader.get_fields() or {})
    other = tmp_path / "other.pdf"
    code, _, err = run(capsys, "blank", "d6-pool", "--universe", "x", "-o", str(other))
    assert code == 2 and "no universes" in err


def test_a_blank_sheet_validates_with_warnings_only(tmp_path: Path, capsys) -> None:
    sheet = str(tmp_path / "blank.json")
    run(capsys, "new", "d6-pool", "-o", sheet)
    code, out, _ = run(capsys, "validate", sheet, "--json")
    report = json.loads(out)[0]
    assert code == 0 and report["errors"] == 0 and report["warnings"] > 0
    code, out, _ = run(capsys, "schema", "d6-pool")
    assert code == 0 and json.loads(out)["properties"]["system"]["const"] == "d6-pool"


def test_odds_as_text_list_the_distribution_one_count_per_line(capsys) -> None:
    from sheetapp.cli.main import main

    assert main(["odds", "d6-pool", "--dice", "3", "--difficulty", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "success" in lines[lines.index("distribution:") - 1]
    assert [line.split()[0] for line in lines[lines.index("distribution:") + 1 :]] == [
        "0",
        "1",
        "2",
        "3",
    ]
    assert lines[-1].split()[1] == "3.70%"  # all three dice succeed: 1/27
