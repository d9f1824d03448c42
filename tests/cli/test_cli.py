"""The command line as scripts and players use it: exit codes, output, one-line errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sheetapp.cli.main import main

from ..systems.amazing_engine import wolfgang


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def write_doc(tmp_path: Path, doc: dict, name: str = "w.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(doc), encoding="utf-8")
    return str(path)


def test_version(capsys) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.startswith("sheetapp ")


def test_new_random_is_repeatable_and_validates(tmp_path, capsys) -> None:
    a, b = str(tmp_path / "a.json"), str(tmp_path / "b.json")
    assert run(capsys, "new", "amazing-engine", "--random", "--seed", "4", "-o", a)[0] == 0
    assert run(capsys, "new", "amazing-engine", "--random", "--seed", "4", "-o", b)[0] == 0
    doc_a, doc_b = json.loads(Path(a).read_text()), json.loads(Path(b).read_text())
    for doc in (doc_a, doc_b):
        doc["characters"][0].pop("id")
    assert doc_a == doc_b
    assert doc_a["core"]["ranks"] and len(doc_a["characters"][0]["skills"]) > 0
    code, out, _ = run(capsys, "validate", a, "--json")
    assert code == 0
    assert json.loads(out)[0]["errors"] == 0


def test_new_refuses_to_overwrite_without_force(tmp_path, capsys) -> None:
    path = tmp_path / "keep.json"
    path.write_text("precious")
    code, _, err = run(capsys, "new", "amazing-engine", "-o", str(path))
    assert code == 2 and "exists" in err
    assert path.read_text() == "precious"


def test_new_npc_has_no_core_and_a_blank_sheet_has_only_warnings(tmp_path, capsys) -> None:
    npc, blank = str(tmp_path / "npc.json"), str(tmp_path / "blank.json")
    run(capsys, "new", "amazing-engine", "--random", "--npc", "--seed", "1", "-o", npc)
    assert json.loads(Path(npc).read_text())["core"] is None
    run(capsys, "new", "amazing-engine", "-o", blank)
    code, out, _ = run(capsys, "validate", npc, blank, "--json")
    reports = json.loads(out)
    assert code == 0
    assert reports[1]["errors"] == 0 and reports[1]["warnings"] > 0


def test_validate_exit_codes_follow_the_worst_file(tmp_path, capsys) -> None:
    good = write_doc(tmp_path, wolfgang.document(), "good.json")
    bad = write_doc(tmp_path, wolfgang.document(smuggler=wolfgang.SMUGGLER_PRINTED), "bad.json")
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    assert run(capsys, "validate", good)[0] == 0
    code, out, _ = run(capsys, "validate", good, bad)
    assert code == 1
    assert "characters[1].attributes.willpower" in out
    code, _, err = run(capsys, "validate", good, bad, str(broken))
    assert code == 2
    assert err.count("\n") == 1 and "broken.json" in err


def test_show_json_gives_the_interoperable_figures(tmp_path, capsys) -> None:
    path = write_doc(tmp_path, wolfgang.document())
    code, out, _ = run(capsys, "show", path, "--json")
    assert code == 0
    data = json.loads(out)
    assert data["core"]["dice"] == wolfgang.POOL_DICE
    assert data["core"]["ranks"] == wolfgang.RANKS
    leo = data["characters"][0]
    assert leo["attributes"] == wolfgang.PRIME_FINAL
    assert leo["stamina"] == 24 and leo["body"] == 5  # ceil((12+36)/2), ceil(21/5)
    assert leo["initiative_modifier"] == 3
    assert leo["movement"] == {
        "walk": 15,
        "run": 21,
        "sprint": 42,
        "run_minutes": 21,
        "sprint_turns": 2,
        "walk_per_minute": 90,
        "run_per_minute": 126,
        "sprint_per_minute": 84,  # two turns of sprinting
        "walk_per_hour": 5000,
        "rest_walk": 10,
        "walk_limit": None,
        "push_sprint": 62,  # taxing 10 XP of Fitness a turn
        "push_tax": 10,
    }
    assert leo["carry_kg"] == {"unhindered": 21, "slowed": 42, "walk_only": 63}
    assert leo["attack_chance"] == {"general": 36, "non_vital": 18, "vital": 4}
    assert leo["xp"] == 0 and leo["skills"] == []


def test_show_text_reads_like_a_sheet(tmp_path, capsys) -> None:
    code, out, _ = run(capsys, "show", write_doc(tmp_path, wolfgang.document()))
    assert code == 0
    assert "Physique" in out and "rank 2" in out and "dice 6" in out
    assert "Stamina 24" in out


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (
            ["--chance", "45", "--success-margin", "1"],
            {"success": 0.45, "critical_success": 0.09, "failure": 0.55, "critical_failure": 0.0},
        ),
        # 95-99 end in 5..9; 100 reads as a ones digit of 0, so it is a plain failure
        (
            ["--chance", "94", "--failure-margin", "5"],
            {"success": 0.94, "critical_success": 0.0, "failure": 0.06, "critical_failure": 0.05},
        ),
        (
            ["--chance", "0"],
            {"success": 0.0, "critical_success": 0.0, "failure": 1.0, "critical_failure": 0.0},
        ),
    ],
)
def test_odds_json(capsys, args, expected) -> None:
    code, out, _ = run(capsys, "odds", "amazing-engine", *args, "--json")
    assert code == 0
    assert json.loads(out) == pytest.approx(expected)


def test_odds_reports_bad_margins_in_one_line(capsys) -> None:
    code, _, err = run(
        capsys, "odds", "amazing-engine", "--chance", "40", "--success-margin", "12", "--json"
    )
    assert code == 2 and "ones digit" in err


def test_schema_and_roll(capsys) -> None:
    code, out, _ = run(capsys, "schema", "amazing-engine")
    assert code == 0 and "characters" in json.loads(out)["properties"]
    code, out, _ = run(capsys, "roll", "3d6+2", "--seed", "9", "--json")
    first = json.loads(out)
    assert code == 0 and 5 <= first["total"] <= 20
    assert json.loads(run(capsys, "roll", "3d6+2", "--seed", "9", "--json")[1]) == first
    code, _, err = run(capsys, "roll", "3d")
    assert code == 2 and err.startswith("sheetapp: ")


def test_unknown_system_and_universe_are_one_line_errors(tmp_path, capsys) -> None:
    code, _, err = run(capsys, "new", "chess", "-o", str(tmp_path / "x.json"))
    assert code == 2 and "unknown system 'chess'" in err
    code, _, err = run(
        capsys, "new", "amazing-engine", "--universe", "nowhere", "-o", str(tmp_path / "y.json")
    )
    assert code == 2 and "unknown universe 'nowhere'" in err


def test_headless_verbs_import_neither_qt_nor_reportlab_and_print_no_traceback(tmp_path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text(
        '{"format": "sheetapp", "format_version": 1, "system": "amazing-engine", "characters": 5}'
    )
    probe = (
        "import sys; from sheetapp.cli.main import main; "
        f"code = main(['validate', {str(broken)!r}]); "
        "main(['odds', 'amazing-engine', '--chance', '50', '--json']); "
        "bad = [m for m in sys.modules if m.startswith(('PySide6', 'reportlab'))]; "
        "print('IMPORTED', bad); sys.exit(code)"
    )
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, env=env, timeout=60
    )
    assert done.returncode == 2
    assert "IMPORTED []" in done.stdout
    assert "Traceback" not in done.stderr
    assert done.stderr.strip().startswith("sheetapp: ")


def test_the_window_without_a_display_is_a_clear_error(monkeypatch, capsys) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    for name in ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"):
        monkeypatch.delenv(name, raising=False)
    code, _, err = run(capsys)
    assert code == 2 and "no display" in err
