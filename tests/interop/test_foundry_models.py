"""Every Foundry export fits the target system's data model (tests/interop/foundry_models.py
holds the models as their public sources define them)."""

from __future__ import annotations

import pytest

from sheetapp.interop import foundry
from tests.interop import foundry_models as models
from tests.interop.conftest import CASES, sheet_of


def problems_of(actor: dict) -> list[str]:
    problems: list[str] = []
    if set(actor) - models.ACTOR_KEYS:
        problems.append(f"actor keys {sorted(set(actor) - models.ACTOR_KEYS)}")
    if not models.FOUNDRY_ID.fullmatch(actor["_id"]):
        problems.append("actor _id")
    system_id = actor["_stats"]["systemId"]
    for n, item in enumerate(actor["items"]):
        if set(item) - models.ITEM_KEYS or not models.FOUNDRY_ID.fullmatch(item["_id"]):
            problems.append(f"items[{n}]: keys or id")
    if system_id == "worldbuilding":
        if actor["type"] != "character":
            problems.append(f"type {actor['type']}")
        models.check(actor["system"], models.WORLDBUILDING_ACTOR, "system", problems)
        for n, item in enumerate(actor["items"]):
            if item["type"] != "item":
                problems.append(f"items[{n}].type {item['type']}")
            models.check(item["system"], models.WORLDBUILDING_ITEM, f"items[{n}]", problems)
    elif system_id == "alternity-v2":
        spec = models.ALTERNITY_ACTOR.get(actor["type"])
        if spec is None:
            return [*problems, f"type {actor['type']}"]
        missing = models.ALTERNITY_REQUIRED[actor["type"]] - set(actor["system"])
        if missing:
            problems.append(f"system lacks {sorted(missing)}")
        models.check(actor["system"], spec, "system", problems)
        for n, item in enumerate(actor["items"]):
            item_spec = models.ALTERNITY_ITEMS.get(item["type"])
            if item_spec is None or item["type"] not in models.ALTERNITY_ITEM_TYPES:
                problems.append(f"items[{n}].type {item['type']}")
                continue
            if set(item_spec) - set(item["system"]):
                problems.append(f"items[{n}] lacks {sorted(set(item_spec) - set(item['system']))}")
            models.check(item["system"], item_spec, f"items[{n}].system", problems)
    else:
        problems.append(f"unknown target system {system_id}")
    return problems


@pytest.mark.parametrize(("system_id", "seed"), CASES)
def test_the_actor_fits_the_target_data_model(system_id, seed):
    actor = foundry.to_actor(sheet_of(system_id, seed))
    assert problems_of(actor) == []
    expected = "alternity-v2" if system_id == "alternity" else "worldbuilding"
    assert actor["_stats"]["systemId"] == expected


def test_the_checker_catches_what_foundry_would_refuse():
    actor = foundry.to_actor(sheet_of("alternity", 3))
    actor["system"]["abilities"]["str"] = 9
    actor["system"]["details"]["career"] = "Medic"
    actor["items"][0]["system"]["rank"] = 11
    actor["system"]["extra"] = 1
    found = problems_of(actor)
    assert len(found) == 4, found
    wb = foundry.to_actor(sheet_of("d6-pool", 3))
    wb["system"]["groups"]["attributes"] = {"key": "attributes", "label": "x", "dtype": "String"}
    wb["system"]["attributes"]["skills"]["dodge"]["value"] = "4d6>5"  # Roll20's spelling
    assert len(problems_of(wb)) == 2


def test_an_alternity_actor_shows_skills_weapons_armour_and_gear():
    actor = foundry.to_actor(sheet_of("alternity", 3))
    kinds = {item["type"] for item in actor["items"]}
    assert {"skill", "weapon", "armor", "personalEquipment"} <= kinds
