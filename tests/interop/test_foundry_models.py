"""Every Foundry export fits the target system's data model, and what Foundry itself adds
(the token, the document stats) is what a real export of v12 or v13 holds.
tests/interop/foundry_models.py holds the models as their public sources define them, with
the repository, path and commit each was read at."""

from __future__ import annotations

import pytest

from sheetapp.interop import foundry
from sheetapp.interop.mapping import mapping_for
from tests.interop import foundry_models as models
from tests.interop.conftest import CASES, NPC_CASES, sheet_of


def _core_problems(actor: dict) -> list[str]:
    problems: list[str] = []
    if set(actor) - models.ACTOR_KEYS:
        problems.append(f"actor keys {sorted(set(actor) - models.ACTOR_KEYS)}")
    if not models.FOUNDRY_ID.fullmatch(actor["_id"]):
        problems.append("actor _id")
    for where, stats in [("_stats", actor.get("_stats"))] + [
            (f"items[{n}]._stats", i.get("_stats", {})) for n, i in enumerate(actor["items"])]:
        if set(stats) - models.STATS_KEYS:
            problems.append(f"{where} keys {sorted(set(stats) - models.STATS_KEYS)}")
    stats = actor.get("_stats", {})
    if not models.CORE_BUILD.fullmatch(str(stats.get("coreVersion"))):
        problems.append(f"_stats.coreVersion {stats.get('coreVersion')!r} is not a build")
    if not stats.get("systemVersion"):
        problems.append("_stats.systemVersion missing")
    token = actor.get("prototypeToken")
    if not isinstance(token, dict):
        problems.append("no prototypeToken")
    elif set(token) - models.TOKEN_KEYS or not isinstance(token.get("actorLink"), bool):
        problems.append(f"prototypeToken {sorted(set(token) - models.TOKEN_KEYS)}")
    for n, item in enumerate(actor["items"]):
        if set(item) - models.ITEM_KEYS or not models.FOUNDRY_ID.fullmatch(item["_id"]):
            problems.append(f"items[{n}]: keys or id")
    return problems


def problems_of(actor: dict) -> list[str]:
    problems = _core_problems(actor)
    system_id = actor["_stats"]["systemId"]
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
        skills = []
        for n, item in enumerate(actor["items"]):
            item_spec = models.ALTERNITY_ITEMS.get(item["type"])
            if item_spec is None or item["type"] not in models.ALTERNITY_ITEM_TYPES:
                problems.append(f"items[{n}].type {item['type']}")
                continue
            if set(item_spec) - set(item["system"]):
                problems.append(f"items[{n}] lacks {sorted(set(item_spec) - set(item['system']))}")
            models.check(item["system"], item_spec, f"items[{n}].system", problems)
            skills.append(item["system"].get("skillId", item["system"].get("requiredSkill")))
        state = actor["flags"].get("alternity-v2", {}).get("characterState")
        problems += models.character_state_problems(state, skills)
    else:
        problems.append(f"unknown target system {system_id}")
    return problems


@pytest.mark.parametrize(("system_id", "seed"), CASES)
def test_the_actor_fits_the_target_data_model(system_id, seed):
    actor = foundry.to_actor(sheet_of(system_id, seed))
    assert problems_of(actor) == []
    expected = "alternity-v2" if system_id == "alternity" else "worldbuilding"
    assert actor["_stats"]["systemId"] == expected


@pytest.mark.parametrize(("system_id", "seed"), NPC_CASES)
def test_an_npc_fits_too_as_the_systems_npc_where_it_has_one(system_id, seed):
    actor = foundry.to_actor(sheet_of(system_id, seed, npc=True))
    assert problems_of(actor) == []
    assert actor["type"] == ("npc" if system_id == "alternity" else "character")


@pytest.mark.parametrize("npc", [False, True])
@pytest.mark.parametrize(("system_id", "seed"), NPC_CASES)
def test_a_player_characters_token_is_linked_and_shows_the_systems_bars(system_id, seed, npc):
    sheet = sheet_of(system_id, seed, npc=npc)
    token = foundry.to_actor(sheet)["prototypeToken"]
    assert token["actorLink"] is (not npc)
    system = foundry.to_actor(sheet)["system"]
    bars = (token["bar1"]["attribute"], token["bar2"]["attribute"])
    expected = ("stamina", "vitality") if system_id == "alternity" else models.WORLDBUILDING_BARS
    # Each bar is the system's own resource, shown where the sheet has that track.
    assert bars == tuple(bar if system[bar]["max"] else None for bar in expected)
    if seed is not None:
        assert bars[0] == expected[0]


@pytest.mark.parametrize(("system_id", "seed"), [c for c in CASES if c[0] != "alternity"])
def test_each_track_is_written_once(system_id, seed):
    """health and power are the token's bars; the same track is not also an attribute
    (two editable copies drift apart at the table)."""
    system = foundry.to_actor(sheet_of(system_id, seed))["system"]
    resources = [key for group in system["attributes"].values() for key, a in group.items()
                 if a["dtype"] == "Resource"]
    view = mapping_for(system_id).view(sheet_of(system_id, seed))
    tracks = [s for s in view.known_stats() if s.maximum is not None]
    assert len(resources) == max(0, len(tracks) - 2)
    if tracks:
        assert (system["health"]["value"], system["health"]["max"]) == (
            tracks[0].value, tracks[0].maximum)


def test_the_checker_catches_what_foundry_would_refuse():
    actor = foundry.to_actor(sheet_of("alternity", 3))
    actor["system"]["abilities"]["str"] = 9
    actor["system"]["details"]["career"] = "Medic"
    actor["items"][0]["system"]["rank"] = 11
    actor["system"]["extra"] = 1
    actor["_stats"]["coreVersion"] = "12"
    actor["flags"]["alternity-v2"]["characterState"]["skills"]["combat-rifle"] = {"rank": 1}
    found = problems_of(actor)
    assert len(found) == 6, found
    wb = foundry.to_actor(sheet_of("d6-pool", 3))
    wb["system"]["groups"]["attributes"] = {"key": "attributes", "label": "x", "dtype": "String"}
    wb["system"]["attributes"]["skills"]["dodge"]["value"] = "4d6>5"  # Roll20's spelling
    del wb["prototypeToken"]
    assert len(problems_of(wb)) == 3


def test_an_alternity_actor_shows_skills_weapons_armour_and_gear():
    actor = foundry.to_actor(sheet_of("alternity", 3))
    kinds = {item["type"] for item in actor["items"]}
    assert {"skill", "weapon", "armor", "personalEquipment"} <= kinds
