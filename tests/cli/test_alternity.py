"""The command line with Alternity heroes: new, validate, show, odds, schema, export-pdf,
blank, as scripts and players use them."""

from __future__ import annotations

import io
import json
from fractions import Fraction
from math import comb
from pathlib import Path

import pypdf
import pytest

from sheetapp.cli.main import main


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def hero(tmp_path: Path, capsys) -> Path:
    path = tmp_path / "hero.json"
    assert run(capsys, "new", "alternity", "--random", "--seed", "1", "-o", str(path))[0] == 0
    return path


def test_new_random_is_repeatable_complete_and_validates(tmp_path, capsys, hero) -> None:
    again = tmp_path / "again.json"
    run(capsys, "new", "alternity", "--random", "--seed", "1", "-o", str(again))
    assert again.read_text() == hero.read_text()
    doc = json.loads(hero.read_text())
    assert doc["system"] == "alternity" and doc["name"]
    assert len(doc["abilities"]) == 6 and doc["broad_skills"] and doc["specialty_skills"]
    assert doc["weapons"] and doc["armour"] and doc["equipment"]
    code, out, _ = run(capsys, "validate", str(hero), "--json")
    report = json.loads(out)[0]
    assert code == 0 and (report["errors"], report["warnings"]) == (0, 0)


def test_a_blank_sheet_validates_with_warnings_only(tmp_path, capsys) -> None:
    blank = tmp_path / "blank.json"
    assert run(capsys, "new", "alternity", "-o", str(blank))[0] == 0
    code, out, _ = run(capsys, "validate", str(blank), "--json")
    report = json.loads(out)[0]
    assert code == 0 and report["errors"] == 0 and report["warnings"] >= 6


def test_universe_is_refused_in_one_line(tmp_path, capsys) -> None:
    code, _, err = run(capsys, "new", "alternity", "--universe", "x", "-o", str(tmp_path / "x"))
    assert code == 2 and "no universes" in err and err.count("\n") == 1


def test_a_rule_error_makes_validate_exit_1(tmp_path, capsys, hero) -> None:
    doc = json.loads(hero.read_text())
    doc["damage"]["stun"] = 99
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    code, out, _ = run(capsys, "validate", str(bad))
    assert code == 1 and "damage.stun" in out and "alt.damage.over" in out


def test_show_json_gives_the_figures(capsys, hero) -> None:
    code, out, _ = run(capsys, "show", str(hero), "--json")
    assert code == 0
    f = json.loads(out)
    doc = json.loads(hero.read_text())
    con = doc["abilities"]["constitution"]
    assert f["durability"] == {
        "stun": con,
        "wound": con,
        "mortal": -(-con // 2),
        "fatigue": -(-con // 2),
    }
    dex, intel = doc["abilities"]["dexterity"], doc["abilities"]["intelligence"]
    assert f["action_check"]["ordinary"] == -(-(dex + intel) // 2)
    assert f["throwing"]["short"] == doc["abilities"]["strength"]
    assert f["breath_rounds"] == con // 2
    first = doc["specialty_skills"][0]
    shown = f["specialty_skills"][0]
    assert shown["score"]["ordinary"] == doc["abilities"][shown["ability"]] + first["rank"]
    assert f["weapons"][0]["damage"]["ordinary"] == doc["weapons"][0]["damage"].split("/")[0]


def test_show_text_reads_like_a_sheet(capsys, hero) -> None:
    code, out, _ = run(capsys, "show", str(hero))
    assert code == 0
    assert "Action check" in out and "Durability" in out and "STR" in out


def odds(capsys, *args: str) -> dict[str, float]:
    code, out, err = run(capsys, "odds", "alternity", *args, "--json")
    assert code == 0, err
    return json.loads(out)


def test_odds_json_are_exact(capsys) -> None:
    assert odds(capsys, "--score", "13", "--situation", "0") == {
        "critical_failure": 0.05,
        "failure": 0.3,
        "ordinary": 0.35,
        "good": 0.15,
        "amazing": 0.15,
    }
    mad_dog = odds(capsys, "--score", "13", "--situation", "8")
    assert mad_dog["ordinary"] + mad_dog["good"] == pytest.approx(
        float(Fraction(comb(13, 5), 20**5)), abs=1e-15
    )
    assert mad_dog["critical_failure"] == 0.05 and mad_dog["amazing"] == 0.0
    # Score 40 with -d20: nothing fails, so a 20 is bad luck, not a Critical Failure.
    assert odds(capsys, "--score", "40", "--situation", "-5")["critical_failure"] == 0.0
    # The situation defaults to +d0.
    assert odds(capsys, "--score", "13") == odds(capsys, "--score", "13", "--situation", "0")


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--situation", "1"], "--score"),
        (["--score", "10", "--situation", "-6"], "-d20"),
        (["--score", "10", "--situation", "500"], "--situation"),
        (["--score", "-1"], "--score"),
    ],
)
def test_odds_refuse_bad_input_in_one_line(capsys, args: list[str], says: str) -> None:
    try:
        code, _, err = run(capsys, "odds", "alternity", *args)
    except SystemExit as exc:  # argparse's own refusal of a missing required option
        code, err = int(exc.code or 0), capsys.readouterr().err
    assert code == 2 and says in err


def test_schema_names_the_system(capsys) -> None:
    code, out, _ = run(capsys, "schema", "alternity")
    schema = json.loads(out)
    assert code == 0 and "abilities" in schema["properties"]
    assert schema["properties"]["system"]["const"] == "alternity"


def pdf_text(path: Path) -> str:
    reader = pypdf.PdfReader(io.BytesIO(path.read_bytes()))
    return "\n".join(page.extract_text() for page in reader.pages)


def test_export_pdf_prints_the_hero(tmp_path, capsys, hero) -> None:
    out = tmp_path / "hero.pdf"
    code, _, err = run(capsys, "export-pdf", str(hero), "-o", str(out))
    assert (code, err) == (0, "")
    text = pdf_text(out)
    doc = json.loads(hero.read_text())
    assert doc["name"] in text
    assert all(part in text for part in doc["weapons"][0]["damage"].split("/"))
    figures = json.loads(run(capsys, "show", str(hero), "--json")[1])
    assert "ACTION CHECK" in text and f"{figures['action_check']['marginal']}+" in text
    assert "SITUATION DIE" in text and "+3d20" in text


def test_stat_blocks_and_blanks(tmp_path, capsys, hero) -> None:
    blocks = tmp_path / "blocks.pdf"
    assert run(capsys, "export-pdf", str(hero), "--stat-blocks", "-o", str(blocks))[0] == 0
    assert json.loads(hero.read_text())["name"] in pdf_text(blocks)
    blank = tmp_path / "blank.pdf"
    assert run(capsys, "blank", "alternity", "--fillable", "-o", str(blank))[0] == 0
    reader = pypdf.PdfReader(io.BytesIO(blank.read_bytes()))
    fields = reader.get_fields() or {}
    assert "character_name" in fields and any(name.startswith("character_stun") for name in fields)
    other = str(tmp_path / "other.pdf")
    code, _, err = run(capsys, "blank", "alternity", "--universe", "x", "-o", other)
    assert code == 2 and "universe" in err
