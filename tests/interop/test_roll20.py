"""Roll20 characters as the VTT Enhancement Suite imports them, and macros that parse as
the inline rolls we emit, for every skill of every system."""

from __future__ import annotations

import json
import re

import pytest

from sheetapp.interop import roll20
from sheetapp.interop.mapping import mapping_for
from sheetapp.interop.roll20_macro import MacroError, macro, parse
from tests.interop.conftest import CASES, NPC_CASES, sheet_of

# Roll20's ids (window.generateUUID): 20 characters of "-", digits, letters and "_".
ROLL20_ID = re.compile(r"[-_0-9A-Za-z]{20}")


def vttes_refusal(data: dict) -> str | None:
    """What VTTES's character import says before it creates anything, or None when it
    takes the file: justas-d/roll20-enhancement-suite, src/modules/CharacterIO/Module.tsx
    at 06bcec90f29aab35bcaf7175cdf7174659f1f4b2, on_import_click (schema_version 1, 2, or 3
    with type "character" and the character under "character") and overwrite_char_v1/v2
    (the fields each attribute and ability must have)."""
    version = data.get("schema_version")
    if version == 1:
        for key in ("name", "avatar", "bio", "attribs"):
            if key not in data:
                return f"{key} not found"
        return next((f"Attribute index {n} doesn't have {k}" for n, a in
                     enumerate(data["attribs"]) for k in ("name", "current", "max")
                     if k not in a), None)
    if version == 3:
        if data.get("type") != "character":
            return f"Unknown type: {data.get('type')}"
        data = data["character"]
    elif version != 2:
        return f"Unknown schema version: {version}"
    if "name" not in data:
        return "name not found"
    for n, attrib in enumerate(data["attribs"]):
        for key in ("name", "current", "max", "id"):
            if key not in attrib:
                return f"Attribute index {n} doesn't have {key}"
    for n, ability in enumerate(data["abilities"]):
        for key in ("name", "description", "istokenaction", "action", "order"):
            if key not in ability:
                return f"Ability index {n} doesn't have {key}"
    return None


@pytest.mark.parametrize(("system_id", "seed", "npc"),
                         [(*c, False) for c in CASES] + [(*c, True) for c in NPC_CASES])
def test_vttes_imports_every_export(system_id, seed, npc):
    data = json.loads(roll20.dumps(sheet_of(system_id, seed, npc=npc)))
    assert vttes_refusal(data) is None
    character = data["character"]
    ids = [a["id"] for a in character["attribs"]]
    assert all(ROLL20_ID.fullmatch(i) for i in [*ids, character["oldId"]])
    assert len(set(ids)) == len(ids)
    # VTTES replaces the old id everywhere in the file with the new character's: it must
    # stand for the character only.
    assert json.dumps(data).count(character["oldId"]) == 1
    assert roll20.dumps(sheet_of(system_id, seed, npc=npc)) == json.dumps(data, indent=2,
                                                                         ensure_ascii=False) + "\n"


def test_the_vttes_checks_refuse_what_vttes_refuses():
    data = json.loads(roll20.dumps(sheet_of("d6-pool", 2)))
    del data["character"]["attribs"][0]["id"]
    assert vttes_refusal(data) == "Attribute index 0 doesn't have id"
    assert vttes_refusal({"schema_version": 3, "type": "handout"}) == "Unknown type: handout"


@pytest.mark.parametrize(("system_id", "seed"), CASES)
def test_every_check_is_an_ability_whose_macro_parses(system_id, seed):
    sheet = sheet_of(system_id, seed)
    character = roll20.to_character(sheet)["character"]
    checks = mapping_for(system_id).view(sheet).checks
    assert len(character["abilities"]) == len(checks)
    for ability, check in zip(character["abilities"], checks, strict=True):
        rows = dict(parse(ability["action"]))
        assert rows["roll"] == f"[[{check.dice}]]"
        assert {k: int(v) for k, v in rows.items() if k not in ("name", "roll")} == check.against
    names = [a["name"] for a in character["attribs"]]
    assert len(names) == len(set(names))


@pytest.mark.parametrize(
    "bad",
    [
        "{{name=x}} {{roll=[[1d6]]}}",  # no template
        "&{template:default} {{name=x}} {{roll=[[1d6+@{str}]]}}",  # an attribute call
        "&{template:default} {{name=x}} {{roll=[[/roll 1d6]]}}",
        "&{template:default} {{name=x}} {{roll=[[1d6]] and more}}",
        "&{template:default} {{roll=[[1d6]]}}",  # no name row first
        "&{template:default} {{name=x}} !api",
    ],
)
def test_the_parser_refuses_what_we_never_emit(bad):
    with pytest.raises(MacroError):
        parse(bad)


def test_names_cannot_become_macro_syntax():
    hostile = "Shoot }} {{x=[[9d9]]}} @{target|hp} %{x} &{template:evil}"
    text = macro(hostile, [("roll", "[[1d20]]")])
    rows = parse(text)
    assert [name for name, _ in rows] == ["name", "roll"]
    assert "@{" not in text and "%{" not in text


def test_a_foreign_character_maps_its_attributes_and_says_what_it_left():
    character = {
        "name": "<i>Kestrel</i>",
        "bio": "<p>Pilot.</p><script>steal()</script>",
        "attribs": [
            {"name": "strength", "current": "4", "max": ""},
            {"name": "dexterity", "current": 99999999, "max": ""},
            {"name": "hp", "current": 7, "max": 9},
        ],
        "abilities": [{"name": "Fly", "action": "/roll 1d20"}],
    }
    back = roll20.from_character(json.loads(json.dumps(character)), "k.json", "d6-pool")
    assert back.sheet.name == "Kestrel"
    assert back.sheet.notes == "Pilot."
    assert back.sheet.attributes["strength"] == 4
    assert "dexterity" not in back.sheet.attributes
    # dexterity matched a stat but did not fit: not brought in, so named with the rest
    assert back.left_out == ("attribute dexterity", "attribute hp", "ability Fly")
    codes = sorted(f.code for f in back.findings)
    assert codes == ["interop.text.markup", "interop.text.markup",
                     "interop.unmapped", "interop.value.range"]


def test_a_foreign_characters_gm_notes_and_avatar_are_named_when_left_out():
    character = {
        "name": "Kestrel", "bio": "", "gmnotes": "<p>Secretly a spy.</p>",
        "avatar": "https://example.invalid/kestrel.png", "defaulttoken": "",
        "attribs": [{"name": "strength", "current": "4", "max": ""}], "abilities": [],
    }
    back = roll20.from_character(character, "k.json", "d6-pool")
    assert back.left_out == ("GM notes", "avatar")
    assert any("GM notes, avatar" in f.message for f in back.findings)
