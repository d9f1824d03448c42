"""The Amplitude Engine through the command line: new, validate, show, odds, PDFs."""

from __future__ import annotations

import io
import json
from pathlib import Path

from pypdf import PdfReader

from sheetapp.cli.main import main
from sheetapp.systems.amplitude.odds import action_odds


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_new_random_validate_show_and_show_json(tmp_path, capsys) -> None:
    a, b = str(tmp_path / "a.json"), str(tmp_path / "b.json")
    assert run(capsys, "new", "amplitude", "--random", "--seed", "1", "-o", a)[0] == 0
    assert run(capsys, "new", "amplitude", "--random", "--seed", "1", "-o", b)[0] == 0
    assert Path(a).read_text() == Path(b).read_text()
    code, out, _ = run(capsys, "validate", a, "--json")
    assert code == 0 and json.loads(out)[0]["errors"] == 0
    doc = json.loads(Path(a).read_text())
    code, out, _ = run(capsys, "show", a, "--json")
    figures = json.loads(out)
    assert code == 0
    assert figures["name"] == doc["name"] and figures["thresholds"] == doc["thresholds"]
    assert [s["ob"] for s in figures["skills"]] == [s["ob"] for s in doc["skills"]]
    assert figures["wound"]["penalty"] == 0
    code, out, _ = run(capsys, "show", a)
    assert code == 0 and doc["name"] in out and "Thresholds" in out


def test_a_blank_sheet_has_the_texts_defaults_and_only_warnings(tmp_path, capsys) -> None:
    blank, npc = str(tmp_path / "blank.json"), str(tmp_path / "npc.json")
    run(capsys, "new", "amplitude", "-o", blank)
    run(capsys, "new", "amplitude", "--random", "--npc", "--seed", "9", "-o", npc)
    doc = json.loads(Path(blank).read_text())
    assert doc["thresholds"] == {"minor": 1, "moderate": 4, "major": 8}
    assert doc["wound"] == "unwounded"
    assert json.loads(Path(npc).read_text())["npc"] is True
    code, out, _ = run(capsys, "validate", blank, npc, "--json")
    reports = json.loads(out)
    assert code == 0
    assert reports[0]["errors"] == 0 and reports[0]["warnings"] == 2


def test_a_rule_error_exits_1_and_names_the_field(tmp_path, capsys) -> None:
    path = tmp_path / "bad.json"
    run(capsys, "new", "amplitude", "--random", "--seed", "2", "-o", str(path))
    doc = json.loads(path.read_text())
    doc["thresholds"]["moderate"] = 0
    path.write_text(json.dumps(doc))
    code, out, _ = run(capsys, "validate", str(path))
    assert code == 1 and "thresholds.moderate" in out and "amp.thresholds.order" in out


def test_odds_json_gives_every_cell_and_auto_fail_exactly(capsys) -> None:
    code, out, _ = run(
        capsys, "odds", "amplitude", "--ob", "3", "--db", "1", "--amp", "2", "--json"
    )
    result = json.loads(out)
    expected = action_odds(ob=3, db=1, amp=2)
    assert code == 0
    assert list(result) == [*(str(n) for n in range(11)), "U", "K", "auto_fail"]
    assert result["auto_fail"] == float(expected.auto_fail) == 15 / 81  # 4dF of -2 or less
    assert result == expected.as_floats()
    assert abs(sum(result.values()) - 1) < 1e-12


def test_odds_takes_a_modifier_and_refuses_missing_options(capsys) -> None:
    _, out, _ = run(
        capsys,
        "odds",
        "amplitude",
        "--ob",
        "0",
        "--db",
        "0",
        "--amp",
        "5",
        "--modifier",
        "-4",
        "--json",
    )
    assert json.loads(out) == action_odds(ob=0, db=0, amp=5, modifier=-4).as_floats()
    try:
        code = main(["odds", "amplitude", "--ob", "1", "--json"])
    except SystemExit as done:  # argparse refuses a missing required option
        code = done.code
    assert code == 2
    assert "--db" in capsys.readouterr().err


def test_new_refuses_a_universe(tmp_path, capsys) -> None:
    code, _, err = run(
        capsys, "new", "amplitude", "--universe", "generic", "-o", str(tmp_path / "x.json")
    )
    assert code == 2 and "no universes" in err


def test_export_pdf_and_blank_read_back(tmp_path, capsys) -> None:
    sheet, pdf = tmp_path / "a.json", tmp_path / "a.pdf"
    run(capsys, "new", "amplitude", "--random", "--seed", "4", "-o", str(sheet))
    name = json.loads(sheet.read_text())["name"]
    assert run(capsys, "export-pdf", str(sheet), "-o", str(pdf))[0] == 0
    text = "".join(p.extract_text() for p in PdfReader(pdf).pages)
    assert name in text and "OUTCOME TABLE" in text and "Amplitude Engine" in text
    blocks = tmp_path / "blocks.pdf"
    assert run(capsys, "export-pdf", str(sheet), "--stat-blocks", "-o", str(blocks))[0] == 0
    assert name in PdfReader(blocks).pages[0].extract_text()
    blank = tmp_path / "blank.pdf"
    assert run(capsys, "blank", "amplitude", "--fillable", "-o", str(blank))[0] == 0
    reader = PdfReader(io.BytesIO(blank.read_bytes()))
    assert reader.get_fields()
    assert "OUTCOME TABLE" in "".join(p.extract_text() for p in reader.pages)
    code, _, err = run(
        capsys, "blank", "amplitude", "--universe", "generic", "-o", str(tmp_path / "u.pdf")
    )
    assert code == 2 and "no universes" in err
