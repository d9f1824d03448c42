"""Foundry actors and Roll20 characters from anyone: random shapes, wrong types, huge
arrays, markup and script in text. Each is refused with one DocumentError line or imported
as a valid sheet whose text holds no markup; nothing is run and nothing is written."""

from __future__ import annotations

import json
import os
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from sheetapp.interop import foundry, roll20
from sheetapp.interop.reading import MAX_ENTRIES
from sheetapp.storage.document import DocumentError, dumps
from sheetapp.systems.plugin import NewOptions
from sheetapp.systems.registry import get_system, system_ids

SCRIPTS = st.sampled_from([
    "<script>alert(1)</script>", '<img src=x onerror="alert(1)">', "<iframe src=//x>",
    "javascript:alert(1)", "<p onclick='x()'>hi</p>", "[[1d6]] @{hp} %{x}", "\x00\x1b[2J",
    "<style>*{display:none}</style>Hi", "a" * 3000,
])
VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=False, allow_infinity=False) | SCRIPTS | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                               max_size=4),
    max_leaves=15,
)
SYSTEMS = st.sampled_from([None, *system_ids()])


def _foundry_shape() -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries({}, optional={
        "name": VALUES | SCRIPTS, "type": VALUES, "system": VALUES | st.fixed_dictionaries(
            {"biography": SCRIPTS, "attributes": VALUES, "details": VALUES}),
        "items": VALUES, "flags": VALUES, "_stats": VALUES,
    })


def _roll20_shape() -> st.SearchStrategy[dict[str, Any]]:
    attrib = st.fixed_dictionaries({"name": st.text(max_size=12) | VALUES},
                                   optional={"current": VALUES | SCRIPTS, "max": VALUES})
    return st.fixed_dictionaries({}, optional={
        "name": VALUES | SCRIPTS, "bio": VALUES | SCRIPTS,
        "attribs": st.lists(attrib, max_size=6) | VALUES, "abilities": VALUES,
    })


def _no_markup(sheet: Any) -> None:
    text = json.dumps(sheet.model_dump(mode="json"))
    for tag in ("<script", "<img", "<iframe", "<style", "onclick"):
        assert tag not in text


@given(actor=_foundry_shape(), system_id=SYSTEMS)
def test_a_random_foundry_actor_is_imported_or_refused(actor, system_id):
    try:
        result = foundry.from_actor(actor, "actor.json", system_id)
    except DocumentError as exc:
        assert "\n" not in str(exc) and str(exc).startswith("actor.json")
        return
    get_system(result.sheet.system).model.model_validate(result.sheet.model_dump())
    _no_markup(result.sheet)


@given(character=_roll20_shape(), system_id=SYSTEMS)
@example(character={"name": "\x00\x1b[2J"}, system_id="amazing-engine")  # NUL: no sheet keeps it
def test_a_random_roll20_character_is_imported_or_refused(character, system_id):
    try:
        result = roll20.from_character(character, "pc.json", system_id)
    except DocumentError as exc:
        assert "\n" not in str(exc) and str(exc).startswith("pc.json")
        return
    _no_markup(result.sheet)


@given(flag=VALUES)
def test_a_forged_sheetapp_flag_goes_through_the_sheet_loader(flag):
    with pytest.raises(DocumentError, match=r"flags\.sheetapp"):
        foundry.from_actor({"name": "x", "flags": {"sheetapp": flag}}, "a.json")


@pytest.mark.parametrize("where", ["items", "attribs", "abilities", "flags", "system"])
def test_huge_arrays_and_objects_are_refused_in_one_line(where):
    huge: Any = [{}] * (MAX_ENTRIES + 1)
    if where in ("flags", "system"):
        huge = {str(n): 0 for n in range(MAX_ENTRIES + 1)}
    for importer in (foundry.from_actor, roll20.from_character):
        if (where in ("attribs", "abilities")) != (importer is roll20.from_character):
            continue
        with pytest.raises(DocumentError, match=f"{where} has {MAX_ENTRIES + 1}"):
            importer({where: huge}, "big.json", "d6-pool")


@pytest.mark.parametrize("importer", [foundry.from_actor, roll20.from_character])
def test_millions_of_values_nested_anywhere_are_refused(importer):
    deep = {"system": {"attributes": {"g": {str(n): [0] * 100 for n in range(3000)}}},
            "attribs": [], "bio": {"x": [[0] * 100] * 3000}}
    with pytest.raises(DocumentError, match="more than 200,000 values"):
        importer(deep, "many.json", "d6-pool")


def test_wrong_types_where_lists_belong_are_refused():
    with pytest.raises(DocumentError, match="items must be a list"):
        foundry.from_actor({"items": "sword"}, "a.json", "d6-pool")
    with pytest.raises(DocumentError, match=r"attribs\[0\] has no name"):
        roll20.from_character({"attribs": [7]}, "a.json", "d6-pool")


def test_script_in_a_biography_is_kept_as_its_words_only():
    actor = {"name": "Eve<script>x()</script>", "system": {
        "biography": "<p>Kind.</p><script>fetch('//evil')</script><img src=x onerror=y()>"}}
    result = foundry.from_actor(actor, "eve.json", "amplitude")
    assert (result.sheet.name, result.sheet.notes) == ("Eve", "Kind.")
    assert {f.code for f in result.findings} >= {"interop.text.markup"}


def test_escaped_markup_is_text_and_is_escaped_again_on_the_way_out():
    actor = {"name": "x", "system": {"biography": "<p>&lt;script&gt;</p>"}}
    sheet = foundry.from_actor(actor, "a.json", "amplitude").sheet
    assert sheet.notes == "<script>"  # the words a reader saw, as plain text
    assert foundry.to_actor(sheet)["system"]["biography"] == "<p>&lt;script&gt;</p>"


def test_files_over_the_limit_or_not_json_are_refused_and_nothing_is_written(tmp_path):
    big = tmp_path / "big.json"
    with open(big, "wb") as handle:
        handle.truncate(17 * 1024 * 1024)
    bad = tmp_path / "bad.json"
    bad.write_bytes(b'{"name": "x", "name": "y"}')
    nan = tmp_path / "nan.json"
    nan.write_text('{"system": {"health": NaN}}')
    before = sorted(os.listdir(tmp_path))
    for path, message in ((big, "at most 16 MB"), (bad, "appears twice"), (nan, "NaN")):
        for load in (foundry.load, roll20.load):
            with pytest.raises(DocumentError, match=message):
                load(path, "d6-pool")
    assert sorted(os.listdir(tmp_path)) == before


def test_our_own_export_inside_a_hostile_wrapper_still_loads_strictly():
    sheet = get_system("d6-pool").new(NewOptions(random=True, seed=2))
    document = json.loads(dumps(sheet))
    document["surprise"] = "<script>"
    with pytest.raises(DocumentError, match="surprise"):
        foundry.from_actor({"flags": {"sheetapp": document}}, "a.json")
