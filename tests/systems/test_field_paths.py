"""Field paths: the same strings findings carry, read and written with validation."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from sheetapp.systems.amazing_engine.model import AmazingEngineSheet, Character, Weapon
from sheetapp.systems.amazing_engine.names import Attribute
from sheetapp.systems.field_paths import get_value, parse_path, set_value


def sheet() -> AmazingEngineSheet:
    return AmazingEngineSheet(characters=[Character(name="Ana", weapons=[Weapon(name="Club")])])


def test_paths_round_trip_with_finding_paths() -> None:
    assert parse_path("characters[0].weapons[0].lethality") == (
        "characters",
        0,
        "weapons",
        0,
        "lethality",
    )


def test_set_and_get_through_models_dicts_and_lists() -> None:
    s = sheet()
    set_value(s, ("characters", 0, "weapons", 0, "lethality"), 5)
    set_value(s, ("core", "ranks", "spirit"), 1)
    set_value(s, ("characters", 0, "creation", "rolls", "charm"), 17)
    assert get_value(s, ("characters", 0, "weapons", 0, "lethality")) == 5
    assert get_value(s, parse_path("core.ranks.spirit")) == 1
    assert s.characters[0].creation.rolls[Attribute.CHARM] == 17


def test_a_wrong_value_is_refused_and_the_sheet_is_unchanged() -> None:
    s = sheet()
    before = s.model_dump()
    with pytest.raises(ValidationError):
        set_value(s, ("characters", 0, "attributes", "fitness"), "strong")
    with pytest.raises(ValidationError):
        set_value(s, ("characters", 0, "status"), "sleeping")
    assert s.model_dump() == before


def test_missing_paths_read_as_none() -> None:
    s = sheet()
    assert get_value(s, ("characters", 5, "name")) is None
    assert get_value(s, ("characters", 0, "nothing")) is None
