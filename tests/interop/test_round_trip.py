"""Export then import gives the same sheet, for every system, target and many seeds."""

from __future__ import annotations

import json

import pytest

from sheetapp.interop import foundry, roll20
from sheetapp.storage.document import dumps as sheet_dumps
from tests.interop.conftest import CASES, sheet_of

TARGETS = {"foundry": foundry, "roll20": roll20}


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize(("system_id", "seed"), CASES)
def test_export_then_import_is_the_same_sheet(target, system_id, seed, tmp_path):
    sheet = sheet_of(system_id, seed)
    path = tmp_path / "out.json"
    path.write_text(TARGETS[target].dumps(sheet), encoding="utf-8")
    back = TARGETS[target].load(path)
    assert back.ours
    assert back.findings == []
    assert sheet_dumps(back.sheet) == sheet_dumps(sheet)


@pytest.mark.parametrize(("system_id", "seed"), CASES[::5])
def test_an_actor_edited_in_foundry_says_so_and_keeps_the_sheet(system_id, seed):
    sheet = sheet_of(system_id, seed)
    actor = json.loads(foundry.dumps(sheet))
    actor["name"] = "Renamed at the table"
    back = foundry.from_actor(actor, "x.json")
    assert back.sheet == sheet
    assert [f.code for f in back.findings] == ["interop.edited"]


def test_text_with_markup_survives_the_round_trip_as_text():
    sheet = sheet_of("d6-pool", 1).model_copy(
        update={"name": "<b>Bold</b> & {{name}} @{x}", "notes": "<script>alert(1)</script>"}
    )
    for target in TARGETS.values():
        back = target.from_character(json.loads(target.dumps(sheet)), "x") if target is roll20 \
            else target.from_actor(json.loads(target.dumps(sheet)), "x")
        assert back.sheet == sheet
    actor = foundry.to_actor(sheet)
    assert "<script>" not in actor["system"]["biography"]
    assert "&lt;script&gt;" in actor["system"]["biography"]


@pytest.mark.parametrize(("system_id", "seed"), CASES[1::6])
def test_what_a_tabletop_adds_on_its_own_is_not_an_edit(system_id, seed):
    """Foundry fills its defaults and ids in; Roll20 keeps numbers as text."""
    sheet = sheet_of(system_id, seed)
    actor = json.loads(foundry.dumps(sheet))
    actor["prototypeToken"] = {"name": actor["name"]}
    actor["system"]["combatMovement"] = {"walk": 0}
    actor["sort"] = 100
    assert foundry.from_actor(actor, "a.json").findings == []
    character = json.loads(roll20.dumps(sheet))
    for attrib in character["character"]["attribs"]:
        attrib["current"] = str(attrib["current"])
        attrib["id"] = "-Mabc"  # the ids of the character VTTES made, exported again
    character["character"]["oldId"] = "-Mxyz"
    assert roll20.from_character(character, "c.json").findings == []


def test_an_edit_at_the_table_is_named():
    sheet = sheet_of("d6-pool", 4)
    character = json.loads(roll20.dumps(sheet))
    character["character"]["attribs"][0]["current"] = 1
    back = roll20.from_character(character, "c.json")
    assert back.sheet == sheet
    assert "attribs.strength.current" in back.findings[0].message


@pytest.mark.parametrize(("system_id", "seed"), CASES[2::7])
def test_an_actor_exported_again_by_foundry_13_comes_back_unchanged(system_id, seed):
    """What Foundry v13's Export Data writes for an actor we made (the v13.347 layout:
    the whole prototype token, document stats with exportSource, sort and ownership)."""
    sheet = sheet_of(system_id, seed)
    actor = json.loads(foundry.dumps(sheet))
    actor["prototypeToken"].update(
        lockRotation=False, rotation=0, alpha=1, light={"dim": 0, "bright": 0},
        detectionModes=[], occludable={"radius": 0}, flags={}, randomImg=False,
        appendNumber=False, prependAdjective=False, movementAction=None,
        ring={"enabled": False}, turnMarker={"mode": 1})
    actor["_stats"].update(coreVersion="13.347", createdTime=1758588861236,
                           modifiedTime=1761087144910, lastModifiedBy="43ZsAUIqWWCyHqBS",
                           exportSource={"worldId": "w", "uuid": f"Actor.{actor['_id']}",
                                         "coreVersion": "13.347",
                                         "systemId": actor["_stats"]["systemId"],
                                         "systemVersion": actor["_stats"]["systemVersion"]})
    actor.update(sort=0, ownership={"default": 0, "43ZsAUIqWWCyHqBS": 3})
    for item in actor["items"]:
        item.update(folder=None, sort=0, ownership={"default": 0})
    back = foundry.from_actor(actor, "a.json")
    assert back.ours and back.findings == [] and back.sheet == sheet
