"""Two revisions compared field by field, in the rules' own words, for every system."""

from __future__ import annotations

import pytest

from sheetapp.storage.library.diff import changes, summary
from sheetapp.systems.amazing_engine.model import Skill
from sheetapp.systems.plugin import NewOptions
from sheetapp.systems.registry import get_system, system_ids

from .test_character_rows import three_universe_core


def test_an_attribute_raised_and_a_skill_learned_read_as_a_gm_says_them(lib) -> None:
    core = three_universe_core()
    sheet_id = lib.add(core)
    later = core.model_copy(deep=True)
    smuggler = later.characters[1]
    smuggler.attributes["fitness"] = smuggler.attributes.get("fitness", 0) + 5
    smuggler.skills.append(Skill(path=["Pilot"], attribute="reflexes"))
    smuggler.notes = "sold the boat and took up honest work on the docks of the east quarter"
    lib.save(sheet_id, later)
    found = changes(lib.load(sheet_id, 1), lib.load(sheet_id, 2))
    before = core.characters[1].attributes.get("fitness", 0)
    assert [c.text for c in found] == [
        f"Quillon Vey › Attributes › Fitness {before} -> {before + 5}",
        "Quillon Vey › Skills › Pilot added",
        "Quillon Vey › Notes changed",  # long text is named, not quoted
    ]
    assert summary(changes(lib.load(sheet_id, 2), lib.load(sheet_id, 1))).endswith(
        "Quillon Vey › Skills › Pilot removed; Quillon Vey › Notes changed"
    )


def test_a_character_added_to_a_core_is_named(lib) -> None:
    core = three_universe_core()
    shorter = core.model_copy(deep=True)
    del shorter.characters[2]
    assert [c.text for c in changes(shorter, core)] == ["Tomas Reed added"]
    assert changes(core, core.model_copy(deep=True)) == []


@pytest.mark.parametrize("system_id", system_ids())
def test_every_system_names_its_changed_fields(system_id) -> None:
    plugin = get_system(system_id)
    sheet = plugin.new(NewOptions(random=True, seed=3, npc=True))
    later = sheet.model_copy(deep=True)
    target = later.characters[0] if system_id == "amazing-engine" else later
    target.name = "Renamed Person"
    found = changes(sheet, later)
    assert len(found) == 1 and found[0].kind == "changed"
    assert found[0].text.endswith("-> Renamed Person")
    assert "Name" in found[0].label or found[0].path.endswith("name")
    assert "[" not in found[0].label  # words, not the raw path
