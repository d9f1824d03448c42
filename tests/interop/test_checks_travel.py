"""Every check a player rolls is rollable at both tables with the number that decides it:
Foundry (Simple Worldbuilding: a Formula attribute rolled by a click, foundryvtt/
worldbuilding module/helper.js onAttributeRoll at 02659bc5a8aa2cffa0c02c231e1a5cc4b7e19fb9)
and Roll20 (an ability whose macro rolls inline)."""

from __future__ import annotations

import re

import pytest

from sheetapp.interop import foundry, roll20
from sheetapp.interop.mapping import mapping_for
from sheetapp.interop.roll20_macro import parse
from tests.interop.conftest import CASES, sheet_of

WORLDBUILDING = [c for c in CASES if c[0] != "alternity" and c[1] is not None]


def _attributes(actor: dict) -> dict:
    return {key: a for group in actor["system"]["attributes"].values()
            for key, a in group.items()}


@pytest.mark.parametrize(("system_id", "seed"), WORLDBUILDING)
def test_every_check_is_a_formula_with_its_numbers_beside_it(system_id, seed):
    sheet = sheet_of(system_id, seed)
    attributes = _attributes(foundry.to_actor(sheet))
    checks = mapping_for(system_id).view(sheet).checks
    assert checks
    for check in checks:
        formula = attributes[check.key]
        assert formula["dtype"] == "Formula"
        for name, number in check.against.items():
            beside = attributes[f"{check.key}_{name}"]
            assert (beside["dtype"], beside["value"]) == ("Number", number)


@pytest.mark.parametrize("seed", range(6))
def test_an_amazing_engine_roll_says_itself_whether_it_succeeded(seed):
    """d100 counted as one success at or under the chance (95 and up always fail), at
    both tables, for the skills and for the attributes."""
    sheet = sheet_of("amazing-engine", seed)
    figures = sheet.characters[0].attributes
    attributes = _attributes(foundry.to_actor(sheet))
    abilities = {a["name"]: a["action"] for a in roll20.to_character(sheet)["character"]
                 ["abilities"]}
    for attribute, score in figures.items():
        key = f"check_{attribute.value}"
        assert attributes[key]["value"] == f"1d100cs<={min(score, 94)}"
        assert attributes[f"{key}_chance"]["value"] == score
        rows = dict(parse(abilities[f"{attribute.value.title()} check"]))
        assert rows["roll"] == f"[[1d100<{min(score, 94)}]]"
    skills = [c for c in mapping_for("amazing-engine").view(sheet).checks
              if c.group == "skills"]
    assert skills
    for check in skills:
        chance = check.against["chance"]
        assert attributes[check.key]["value"] == f"1d100cs<={max(0, min(chance, 94))}"


@pytest.mark.parametrize("seed", range(4))
def test_each_system_rolls_its_own_dice(seed):
    expected = {"forgotten-futures": r"2d6", "d6-pool": r"\d+d6cs>=5",
                "amplitude": r"4df([+-]\d+)?"}
    for system_id, pattern in expected.items():
        sheet = sheet_of(system_id, seed)
        attributes = _attributes(foundry.to_actor(sheet))
        for check in mapping_for(system_id).view(sheet).checks:
            assert re.fullmatch(pattern, attributes[check.key]["value"]), check
    ff = mapping_for("forgotten-futures").view(sheet_of("forgotten-futures", seed)).checks
    attributes = _attributes(foundry.to_actor(sheet_of("forgotten-futures", seed)))
    assert all(attributes[f"{c.key}_rating"]["value"] == c.against["rating"] for c in ff)
