"""Roll20 macros parse as the inline rolls we emit, for every skill of every system."""

from __future__ import annotations

import json

import pytest

from sheetapp.interop import roll20
from sheetapp.interop.mapping import mapping_for
from sheetapp.interop.roll20_macro import MacroError, macro, parse
from tests.interop.conftest import CASES, sheet_of


@pytest.mark.parametrize(("system_id", "seed"), CASES)
def test_every_check_is_an_ability_whose_macro_parses(system_id, seed):
    sheet = sheet_of(system_id, seed)
    character = roll20.to_character(sheet)
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
    codes = sorted(f.code for f in back.findings)
    assert codes == ["interop.abilities", "interop.text.markup", "interop.text.markup",
                     "interop.unmapped", "interop.value.range"]
