"""What the library and the table-play view read from an Amazing Engine sheet."""

from __future__ import annotations

import json

from sheetapp.storage.document import loads
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet
from sheetapp.systems.registry import get_system
from tests.systems.amazing_engine import wolfgang

PLUGIN = get_system("amazing-engine")


def test_roster_row_names_the_active_character_and_searches_every_character() -> None:
    sheet = loads(json.dumps(wolfgang.document(smuggler=wolfgang.SMUGGLER_PRINTED)))
    info = PLUGIN.roster(sheet)
    assert info.name == "Smuggler captain"  # Leo, the prime, has retired
    assert info.setting == "generic"
    assert info.npc is False
    assert "Leonardo" in info.text


def test_a_core_without_characters_is_listed_by_its_player() -> None:
    sheet = AmazingEngineSheet.model_validate({"core": {"player": "Wolfgang"}})
    assert PLUGIN.roster(sheet).name == "Wolfgang"
    assert PLUGIN.tracks(sheet) == []
    assert PLUGIN.initiative_modifier(sheet) is None


def test_a_character_without_core_is_an_npc_with_stamina_body_and_initiative() -> None:
    sheet = AmazingEngineSheet.model_validate(
        {"core": None, "characters": [{"name": "Guard", "attributes": wolfgang.PRIME_FINAL}]}
    )
    assert PLUGIN.roster(sheet).npc is True
    tracks = {t.key: t.maximum for t in PLUGIN.tracks(sheet)}
    # Generic universe: stamina = ceil((Willpower + Reflexes) / 2), body = ceil(Fitness / 5).
    assert tracks == {"stamina": (12 + 36 + 1) // 2, "body": (21 + 4) // 5}
    assert PLUGIN.initiative_modifier(sheet) == wolfgang.PRIME_FINAL["reflexes"] // 10
