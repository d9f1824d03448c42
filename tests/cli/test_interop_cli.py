"""``sheetapp export --to foundry|roll20`` and ``sheetapp import``."""

from __future__ import annotations

import json
import zipfile

import pytest

from sheetapp.cli.main import main
from sheetapp.storage.document import load, save
from sheetapp.systems.plugin import NewOptions
from sheetapp.systems.registry import get_system, system_ids


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def sheets(tmp_path):
    paths = []
    for n, system_id in enumerate(system_ids()):
        path = tmp_path / f"{system_id}.json"
        save(path, get_system(system_id).new(NewOptions(random=True, seed=n)))
        paths.append(str(path))
    return paths


@pytest.mark.parametrize("target", ["foundry", "roll20"])
def test_export_then_import_gives_the_same_file(capsys, tmp_path, sheets, target):
    for path in sheets:
        out, back = tmp_path / "out.json", tmp_path / "back.json"
        assert run(capsys, "export", "--to", target, path, "-o", str(out), "--force")[0] == 0
        code, _, err = run(capsys, "import", str(out), "-o", str(back), "--force")
        assert (code, err) == (0, "")
        assert back.read_bytes() == open(path, "rb").read()


def test_several_sheets_go_into_a_folder_or_a_zip(capsys, tmp_path, sheets):
    folder = tmp_path / "table"
    assert run(capsys, "export", "--to", "foundry", *sheets, "-o", str(folder))[0] == 0
    assert len(list(folder.glob("*.foundry.json"))) == len(sheets)
    archive = tmp_path / "table.zip"
    assert run(capsys, "export", "--to", "roll20", *sheets, "-o", str(archive))[0] == 0
    with zipfile.ZipFile(archive) as z:
        names = z.namelist()
        assert len(names) == len(sheets) and all(n.endswith(".roll20.json") for n in names)


def test_an_existing_output_needs_force_and_is_left_alone(capsys, tmp_path, sheets):
    out = tmp_path / "out.json"
    out.write_text("mine")
    code, _, err = run(capsys, "export", "--to", "foundry", sheets[0], "-o", str(out))
    assert code == 2 and "add --force" in err and out.read_text() == "mine"
    code, _, err = run(capsys, "import", sheets[0], "-o", str(out))
    assert code == 2 and "add --force" in err and out.read_text() == "mine"


def test_a_foreign_file_needs_a_system_and_prints_its_findings(capsys, tmp_path):
    actor = tmp_path / "actor.json"
    actor.write_text(json.dumps({"name": "Ada", "system": {"biography": "<b>Hi</b>"}}))
    out = tmp_path / "ada.json"
    code, _, err = run(capsys, "import", str(actor), "-o", str(out))
    assert code == 2 and err.count("\n") == 1 and "name the game system" in err
    assert not out.exists()
    code, stdout, err = run(capsys, "import", str(actor), "-o", str(out), "--system", "d6-pool")
    assert code == 0 and "kept its words as plain text" in stdout
    assert load(out).notes == "Hi"


def test_an_unreadable_sheet_exports_nothing(capsys, tmp_path, sheets):
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    folder = tmp_path / "out"
    code, _, err = run(capsys, "export", "--to", "roll20", sheets[0], str(bad), "-o", str(folder))
    assert code == 2 and "bad.json" in err and not folder.exists()
