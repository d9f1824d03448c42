"""What the phone shows of a character of each system, computed by the system's own code:
every check's exact odds add up to 1 and a roll reads as one of them; damage lands as the
Table lands it; edits that would leave an invalid sheet are refused in one line."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from pycrdt import Doc

from sheetapp.campaign import ydoc
from sheetapp.campaign.phone import character, dice_log
from sheetapp.dice import Roller
from sheetapp.storage.document import dumps
from sheetapp.systems.plugin import NewOptions
from sheetapp.systems.registry import get_system

SYSTEMS = ("amazing-engine", "alternity", "amplitude", "d6-pool", "forgotten-futures")


def shared(system: str, seed: int = 5) -> Doc:
    doc = Doc()
    sheet = get_system(system).new(NewOptions(random=True, seed=seed))
    ydoc.write(doc, json.loads(dumps(sheet)))
    return doc


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_check_rolls_one_of_its_own_outcomes(system):
    doc = shared(system)
    seen = character.view(doc)
    assert seen["system"] == get_system(system).name
    rollable = [c for c in seen["checks"] if "odds" in c]
    assert rollable, seen["checks"]
    for check in rollable:
        assert sum(Fraction(p) for _, p in check["odds"]) == 1, check
    roller = Roller(11)
    for check in rollable[:5]:
        reading = character.roll(doc, check["key"], "Ana", roller)
        assert reading["outcome"] in dict(check["odds"]), (check, reading)
    assert len(dice_log.rolls(doc)) == min(5, len(rollable))
    assert dice_log.newest(doc).startswith("Ana: ")


@pytest.mark.parametrize("system", SYSTEMS)
def test_damage_and_healing_land_as_at_the_table(system):
    doc = shared(system)
    tracks = character.view(doc)["tracks"]
    if not tracks:
        pytest.skip(f"{system} sheets keep no tracks")
    first = tracks[0]
    character.hurt(doc, first["key"], 1)
    after = {t["key"]: t for t in character.view(doc)["tracks"]}
    assert sum(t["taken"] for t in after.values()) >= 1
    character.hurt(doc, first["key"], 1, healing=True)
    assert character.view(doc)["tracks"][0]["taken"] == first["taken"]
    with pytest.raises(character.EditRefused):
        character.hurt(doc, "no such track", 1)


def test_quantities_and_notes_are_checked_before_they_are_written():
    doc = shared("alternity")
    data = ydoc.read(doc)
    data["equipment"] = [{"name": "Credits", "weight_kg": 0.0, "quantity": 250,
                          "carried": True, "notes": ""}]
    ydoc.write(doc, data)
    character.set_quantity(doc, "equipment", 0, 240)
    assert ydoc.read(doc)["equipment"][0]["quantity"] == 240
    (credits,) = [g for g in character.view(doc)["gear"] if g["list"] == "equipment"]
    assert credits["quantity"] == 240
    for bad in (-1, 1_000_001):
        with pytest.raises(character.EditRefused):
            character.set_quantity(doc, "equipment", 0, bad)
    with pytest.raises(character.EditRefused):
        character.set_quantity(doc, "weapons", -1, 1)  # not the last row by the back door
    character.set_notes(doc, "Owes the pilot")
    assert character.view(doc)["notes"] == "Owes the pilot"
    before = ydoc.read(doc)
    with pytest.raises(character.EditRefused):
        character.set_notes(doc, "nul\x00")
    assert ydoc.read(doc) == before


def test_a_roll_the_sheet_no_longer_has_is_refused_in_one_line():
    doc = shared("amazing-engine")
    with pytest.raises(character.EditRefused, match="no such roll"):
        character.roll(doc, "skill:no such skill", "Ana", Roller(3))
    assert dice_log.rolls(doc) == []
