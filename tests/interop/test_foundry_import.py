"""Foundry actors made elsewhere: mapped as far as they go, the rest named in findings."""

from __future__ import annotations

import pytest

from sheetapp.interop import foundry
from sheetapp.storage.document import DocumentError

WORLDBUILDING = {
    "name": "Mara",
    "type": "character",
    "system": {
        "biography": "<h1>Backstory</h1><p>Raised on a barge.</p>",
        "health": {"value": 10, "min": 0, "max": 10},
        "attributes": {
            "fitness": {"dtype": "Number", "value": 45, "label": "Fitness"},
            "stats": {"reflexes": {"dtype": "Number", "value": 38, "group": "stats"}},
            "luck": {"dtype": "Number", "value": 3},
        },
        "groups": {"stats": {"key": "stats", "label": "Stats", "dtype": "Number"}},
    },
    "items": [{"name": "Rope", "type": "item", "system": {}}],
    "_stats": {"systemId": "worldbuilding"},
}


def test_a_worldbuilding_actor_fills_what_it_can():
    back = foundry.from_actor(WORLDBUILDING, "mara.json", "amazing-engine")
    character = back.sheet.characters[0]
    assert character.name == "Mara"
    assert character.notes == "Backstory\nRaised on a barge."
    assert character.attributes["fitness"] == 45
    assert character.attributes["reflexes"] == 38
    assert not back.ours
    assert back.left_out == ("attribute luck", "item Rope")
    messages = " ".join(f.message for f in back.findings)
    assert "attribute luck, item Rope" in messages


def test_an_actor_of_unknown_system_asks_which():
    with pytest.raises(DocumentError, match="name the game system"):
        foundry.from_actor(WORLDBUILDING, "mara.json")


def test_a_foreign_alternity_actor_is_recognised_by_its_system_id():
    actor = {"name": "Vex", "type": "character", "_stats": {"systemId": "alternity-v2"},
             "system": {"details": {"species": "Fraal", "focus": "Pilot"}, "abilities": {}}}
    back = foundry.from_actor(actor, "vex.json")
    assert (back.sheet.name, back.sheet.species, back.sheet.career) == ("Vex", "Fraal", "Pilot")


def test_a_dnd5e_biography_comes_in_from_where_dnd5e_keeps_it():
    """dnd5e (and the systems built like it) keep the biography at
    system.details.biography.value; the rest of a 5e character has no place here."""
    actor = {
        "name": "Thia", "type": "character",
        "system": {"details": {"biography": {"value": "<p>A ranger of the north.</p>",
                                             "public": ""}, "level": 3},
                   "abilities": {"str": {"value": 12}}},
        "items": [{"name": "Longbow", "type": "weapon", "system": {}}],
        "_stats": {"coreVersion": "12.343", "systemId": "dnd5e", "systemVersion": "4.3.9"},
    }
    back = foundry.from_actor(actor, "thia.json", "d6-pool")
    assert back.sheet.name == "Thia"
    assert back.sheet.notes == "A ranger of the north."
    assert back.left_out == ("item Longbow",)


def test_an_actors_active_effects_are_named_when_left_out():
    actor = {**WORLDBUILDING, "items": [],
             "effects": [{"name": "Blessed", "changes": []}, {"label": "Poisoned"}]}
    back = foundry.from_actor(actor, "mara.json", "amazing-engine")
    assert back.left_out == ("attribute luck", "effect Blessed", "effect Poisoned")
