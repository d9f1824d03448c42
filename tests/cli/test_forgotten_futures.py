"""Forgotten Futures through the command line, as a script or a player uses it."""

from __future__ import annotations

import io
import json
from fractions import Fraction
from pathlib import Path

import pypdf
import pytest

from sheetapp.cli.main import main
from sheetapp.storage.document import save
from tests.systems.forgotten_futures.records import played


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_new_random_validate_show_and_print(tmp_path: Path, capsys) -> None:
    sheet = str(tmp_path / "hero.json")
    assert run(capsys, "new", "forgotten-futures", "--random", "--seed", "1", "-o", sheet)[0] == 0
    code, out, _ = run(capsys, "validate", sheet, "--json")
    report = json.loads(out)[0]
    assert code == 0 and report["errors"] == report["warnings"] == 0
    code, out, _ = run(capsys, "show", sheet, "--json")
    f = json.loads(out)
    assert code == 0 and f["system"] == "forgotten-futures" and f["name"]
    assert f["points"]["spent"] + f["points"]["saved"] == f["points"]["allowed"] == 21
    assert f["bonus"]["balance"] == 2 * f["points"]["saved"]
    assert {s["name"] for s in f["skills"]} >= {"Brawling", "Stealth"}
    assert all(s["rating"] == s["base_value"] + s["points"] for s in f["skills"])
    code, out, _ = run(capsys, "show", sheet)
    assert code == 0 and f["name"] in out and "BODY" in out and "Wounds: unhurt" in out
    pdf = tmp_path / "hero.pdf"
    assert run(capsys, "export-pdf", sheet, "-o", str(pdf))[0] == 0
    printed = pypdf.PdfReader(pdf).pages[0].extract_text()
    assert f["name"] in printed and "Forgotten Futures" in printed
    blocks = tmp_path / "blocks.pdf"
    assert run(capsys, "export-pdf", sheet, sheet, "--stat-blocks", "-o", str(blocks))[0] == 0
    assert "Stat blocks" in pypdf.PdfReader(blocks).pages[0].extract_text()


def test_the_same_seed_makes_the_same_character(tmp_path: Path, capsys) -> None:
    a, b, c = tmp_path / "a.json", tmp_path / "b.json", tmp_path / "c.json"
    for path, seed in ((a, "9"), (b, "9"), (c, "10")):
        run(capsys, "new", "forgotten-futures", "--random", "--seed", seed, "-o", str(path))
    assert a.read_text() == b.read_text() != c.read_text()


def test_a_played_record_shows_its_history(tmp_path: Path, capsys) -> None:
    path = tmp_path / "played.json"
    save(path, played())
    assert run(capsys, "validate", str(path))[0] == 0
    _, out, _ = run(capsys, "show", str(path), "--json")
    f = json.loads(out)
    assert [(s["name"], s["rating"]) for s in f["skills"]][3:] == [
        ("Mechanic", 8),
        ("Linguist", 6),
        ("Morse Code", 6),
    ]
    assert f["never_learnable"] == ["riding"] and f["bonus"]["balance"] == 0
    assert f["wounds"]["body_penalty"] == -1 and f["characteristics_now"]["body"] == 3


def test_odds_json_is_exact(capsys) -> None:
    code, out, _ = run(
        capsys, "odds", "forgotten-futures", "--attack", "5", "--defence", "6", "--json"
    )
    result = json.loads(out)
    assert code == 0
    assert result == {"success": float(Fraction(15, 36)), "needed": 6}  # 5 against 6: 6 or under
    _, out, _ = run(
        capsys,
        "odds",
        "forgotten-futures",
        "--attack", "4", "--defence", "6",
        "--effect", "4", "--body", "3",
        "--json",
    )  # fmt: skip
    result = json.loads(out)
    # the hit needs 5 (10 of 36 rolls); Effect 4 against BODY 3 needs 8:
    # A on 9-12, B on 5-8, C on 2-4
    assert result["success"] == float(Fraction(10, 36))
    assert result["damage_needed"] == 8
    assert (result["A"], result["B"], result["C"]) == (
        float(Fraction(10, 36)),
        float(Fraction(20, 36)),
        float(Fraction(6, 36)),
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--attack", "3", "--defence", "4", "--effect", "5"), "together"),
        (("--attack", "0", "--defence", "4"), "1 to"),
    ],
)
def test_odds_errors_are_one_line(capsys, args: tuple[str, ...], message: str) -> None:
    code, _, err = run(capsys, "odds", "forgotten-futures", *args)
    assert code == 2 and message in err and err.count("\n") <= 1


def test_odds_needs_both_values(capsys) -> None:
    with pytest.raises(SystemExit) as done:
        main(["odds", "forgotten-futures", "--attack", "3"])
    assert done.value.code == 2 and "--defence" in capsys.readouterr().err


def test_odds_dash_and_big_numbers(capsys) -> None:
    _, out, _ = run(capsys, "odds", "forgotten-futures", "--attack", "1", "--defence", "9",
                    "--json")  # fmt: skip
    assert json.loads(out) == {"success": 0.0, "needed": 0}
    _, out, _ = run(capsys, "odds", "forgotten-futures", "--attack", "25", "--defence", "30",
                    "--json")  # fmt: skip
    # both off the table: divided by 2.5 (a tenth of the attack), 10 against 12
    assert json.loads(out)["needed"] == 5


def test_blank_and_fillable_blank(tmp_path: Path, capsys) -> None:
    out = tmp_path / "blank.pdf"
    assert run(capsys, "blank", "forgotten-futures", "-o", str(out))[0] == 0
    assert "ATTACK VERSUS DEFENCE" in "".join(p.extract_text() for p in pypdf.PdfReader(out).pages)
    args = ("blank", "forgotten-futures", "--fillable", "-o", str(out), "--force")
    assert run(capsys, *args)[0] == 0
    reader = pypdf.PdfReader(io.BytesIO(out.read_bytes()))
    assert {"character_name", "character_body", "character_wound_critical"} <= set(
        reader.get_fields() or {}
    )
    other = str(tmp_path / "other.pdf")
    code, _, err = run(capsys, "blank", "forgotten-futures", "--universe", "x", "-o", other)
    assert code == 2 and "no universes" in err


def test_a_blank_sheet_validates_with_warnings_only(tmp_path: Path, capsys) -> None:
    sheet = str(tmp_path / "blank.json")
    run(capsys, "new", "forgotten-futures", "-o", sheet)
    code, out, _ = run(capsys, "validate", sheet, "--json")
    report = json.loads(out)[0]
    assert code == 0 and report["errors"] == 0 and report["warnings"] > 0
    code, _, err = run(capsys, "new", "forgotten-futures", "--universe", "x", "-o", sheet + "2")
    assert code == 2 and "no universes" in err
    code, out, _ = run(capsys, "schema", "forgotten-futures")
    assert code == 0 and json.loads(out)["properties"]["system"]["const"] == "forgotten-futures"


def test_odds_with_armour_that_stops_the_blow_and_pulled_punches(capsys) -> None:
    code, out, _ = run(capsys, "odds", "forgotten-futures", "--attack", "5", "--defence", "6",
                       "--effect", "4", "--body", "3", "--armour", "6", "--json")  # fmt: skip
    result = json.loads(out)
    assert code == 0 and result["no_damage"] == 1.0 and result["effect"] == -2
    _, out, _ = run(capsys, "odds", "forgotten-futures", "--attack", "5", "--defence", "6",
                    "--effect", "6", "--body", "3", "--pull", "2", "--json")  # fmt: skip
    assert json.loads(out)["A"] == 1.0
    code, _, err = run(capsys, "odds", "forgotten-futures", "--attack", "5", "--defence", "6",
                       "--pull", "3")  # fmt: skip
    assert code == 2 and "--pull is 0, 1 or 2" in err
