"""An English reader's start reads the shipped packs without their translations (four times
the rest of each file); that is only the same universe if the translations close the file."""

from __future__ import annotations

from importlib import resources

import pytest

from sheetapp.systems.amazing_engine.catalog import _without_translations
from sheetapp.systems.amazing_engine.packs import parse_pack

SHIPPED = sorted(
    item
    for item in resources.files("sheetapp.resources").joinpath("universes").iterdir()
    if item.name.endswith(".toml")
)


@pytest.mark.parametrize("item", SHIPPED, ids=lambda item: item.name)
def test_a_shipped_pack_cut_before_its_translations_is_the_same_universe(item) -> None:
    text = item.read_bytes()
    whole = parse_pack(text, item.name, lint=False).universe
    cut = parse_pack(_without_translations(text), item.name, lint=False).universe
    assert whole is not None and cut is not None
    assert whole.translations, "the shipped packs carry their names in other languages"
    assert cut.translations == {}
    assert cut.model_dump(exclude={"translations"}) == whole.model_dump(exclude={"translations"})
