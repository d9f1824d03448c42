"""Roll20 characters made elsewhere, in the shapes the tools that export them write:
VTTES schemas 1, 2 and 3 (justas-d/roll20-enhancement-suite, src/modules/CharacterIO/
Module.tsx at 06bcec90f29aab35bcaf7175cdf7174659f1f4b2: on_export_click writes schema 3,
the attributes with their Roll20 ids, the abilities without) and R20Exporter
(kakaroto/R20Exporter, src/R20Exporter.js at dbcb7dc54abe11564e4de09ed7f905c6569cd847,
parseCharacter: the character's own fields, ``attributes`` and ``abilities`` as Roll20's
models give them, ``inplayerjournals`` and ``controlledby`` split into lists)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from sheetapp.interop import roll20
from sheetapp.interop.targets import detect, import_file
from sheetapp.storage.document import DocumentError, load

ATTRIBS = [
    {"name": "strength", "current": "3", "max": "", "id": "-NQk7hXb2Vd9PzA1bC3e"},
    {"name": "wisdom", "current": "2", "max": "", "id": "-NQk7hXb2Vd9PzA1bC3f"},
    {"name": "hp", "current": "11", "max": "14", "id": "-NQk7hXb2Vd9PzA1bC3g"},
    {"name": "repeating_inventory_-NQk8aaZ_itemname", "current": "Rope", "max": "",
     "id": "-NQk7hXb2Vd9PzA1bC3h"},
]
ABILITIES = [{"name": "Sneak", "description": "", "istokenaction": True,
              "action": "/roll 3d6", "order": 0}]
CHARACTER = {
    "oldId": "-NQk7gZr0mL4sT8uV2wX",
    "name": "Wren Ashdown",
    "avatar": "https://s3.amazonaws.com/files.d20.io/images/1/avatar.png",
    "bio": "<p>Grew up in the <b>salt marsh</b>.</p>",
    "gmnotes": "",
    "defaulttoken": "",
    "tags": "",
    "controlledby": "-NQk7abc",
    "inplayerjournals": "all",
    "attribs": ATTRIBS,
    "abilities": ABILITIES,
}
SCHEMA_3 = {"schema_version": 3, "type": "character", "character": CHARACTER}
SCHEMA_2 = {"schema_version": 2, **CHARACTER}
SCHEMA_1 = {"schema_version": 1, "name": CHARACTER["name"], "avatar": "", "bio": CHARACTER["bio"],
            "attribs": [{k: a[k] for k in ("name", "current", "max")} for a in ATTRIBS]}
R20EXPORTER = {
    "id": "-NQk7gZr0mL4sT8uV2wX", "name": "Wren Ashdown", "avatar": "", "archived": False,
    "inplayerjournals": ["all"], "controlledby": ["-NQk7abc"], "tags": "[]",
    "bio": CHARACTER["bio"], "gmnotes": "", "defaulttoken": "",
    "attributes": ATTRIBS, "abilities": [{**ABILITIES[0], "id": "-NQk9zzz"}],
}
LEFT = ("attribute hp", "attribute repeating_inventory_-NQk8aaZ_itemname", "ability Sneak")


@pytest.mark.parametrize("data", [SCHEMA_1, SCHEMA_2, SCHEMA_3, R20EXPORTER],
                         ids=["vttes-1", "vttes-2", "vttes-3", "r20exporter"])
def test_a_character_from_each_exporter_comes_in_with_name_stats_and_what_was_left(data):
    assert detect(data).id == "roll20"
    back = roll20.from_character(json.loads(json.dumps(data)), "wren.json", "d6-pool")
    assert back.sheet.name == "Wren Ashdown"
    assert back.sheet.notes == "Grew up in the salt marsh."
    assert (back.sheet.attributes["strength"], back.sheet.attributes["wisdom"]) == (3, 2)
    expected = LEFT if data is not SCHEMA_1 else LEFT[:2]  # schema 1 has no abilities
    if data.get("avatar") or data.get("character", {}).get("avatar"):
        expected += ("avatar",)  # a picture has no place on the sheet
    assert back.left_out == expected
    assert any(f.code == "interop.unmapped" and "attribute hp" in f.message
               for f in back.findings)


@pytest.mark.parametrize(("data", "message"), [
    ({"schema_version": 3, "type": "handout", "handout": {"name": "Map"}},
     "a Roll20 handout, not a character"),
    ({"schema_version": 7, "name": "x", "attribs": []}, "schema 7"),
    ({"name": "Campaign", "characters": [R20EXPORTER, R20EXPORTER]},  # R20Exporter's whole
     "a Roll20 campaign of 2 characters"),
    ({"schema_version": 3, "type": "character", "character": {"avatar": ""}},
     "not a Roll20 character"),
])
def test_what_is_not_a_character_is_refused_in_one_line(data, message):
    with pytest.raises(DocumentError, match=message):
        roll20.from_character(data, "x.json", "d6-pool")


def _cli(*args, env_dir) -> subprocess.CompletedProcess:
    env = {**os.environ, "SHEETAPP_DATA_DIR": str(env_dir)}
    return subprocess.run([sys.executable, "-m", "sheetapp", *args], capture_output=True,
                          text=True, env=env, timeout=120)


def test_the_cli_recognises_a_schema_3_file_and_lists_what_it_left(tmp_path):
    source = tmp_path / "wren.json"
    source.write_text(json.dumps(SCHEMA_3), encoding="utf-8")
    out = tmp_path / "sheet.json"
    run = _cli("import", str(source), "-o", str(out), "--system", "d6-pool", env_dir=tmp_path)
    assert run.returncode == 0, run.stderr
    sheet = load(out)
    assert (sheet.name, sheet.attributes["strength"]) == ("Wren Ashdown", 3)
    listed = run.stdout.split("not brought in")[1]
    assert all(name in listed for name in LEFT)
    forced = _cli("import", str(source), "-o", str(tmp_path / "b.json"), "--from", "roll20",
                  "--system", "d6-pool", env_dir=tmp_path)
    assert forced.returncode == 0 and load(tmp_path / "b.json").name == "Wren Ashdown"


def test_a_file_we_wrote_is_recognised_without_flags(tmp_path):
    from tests.interop.conftest import sheet_of

    sheet = sheet_of("forgotten-futures", 3)
    path = tmp_path / "hero.roll20.json"
    path.write_text(roll20.dumps(sheet), encoding="utf-8")
    back = import_file(path)
    assert back.ours and back.sheet == sheet and back.left_out == ()
