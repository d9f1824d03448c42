"""Full-text search over names, notes and tags, in any script, with any characters."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from .conftest import npc


@pytest.fixture
def found(lib):
    ids = {
        "lantern": lib.add(npc(1, "Ilse Zephyrmaker", notes="sells oil")),
        "notes": lib.add(npc(2, "Corvin", notes="keeps a zephyr glass by the door")),
        "greek": lib.add(npc(3, "Ελένη Παππά", notes="ναυτικός")),
        "arabic": lib.add(npc(4, "سليم الحداد"), tags=["تاجر"]),
        "markup": lib.add(npc(5, 'Ann "Quick" <b>O\'Hara</b> & Sons', notes="x*y AND z")),
        "tagged": lib.add(npc(6, "Pell"), tags=["Night Watch"]),
    }

    def search(text: str) -> list[str]:
        by_id = {v: k for k, v in ids.items()}
        return [by_id[row.id] for row in lib.search(text)]

    return search


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Words no generated character's gear holds.
        ("zephyr", ["lantern", "notes"]),  # the name hit ranks first
        ("ZEPHYR door", ["notes"]),  # every word must be there
        ("ελενη", ["greek"]),  # accents and case of any script
        ("ΝΑΥΤ", ["greek"]),  # start of a word in the notes
        ("الحداد", ["arabic"]),
        ("تاجر", ["arabic"]),  # a tag in Arabic
        ("night wat", ["tagged"]),
        ("o'hara", ["markup"]),
        ('"quick"', ["markup"]),
        ("<b>", ["markup"]),
        ("&", ["markup"]),
        ("x*y AND z", ["markup"]),  # operators are words to find
        ("NEAR(", []),
        ("name:corvin", []),  # no column filters sneak in
        ("", []),
        ("   ", []),
    ],
)
def test_search(found, text, expected) -> None:
    assert found(text) == expected


def test_search_limit_and_trash(lib, found) -> None:
    assert len(lib.search("zephyr", limit=1)) == 1
    lib.delete([lib.search("corvin")[0].id])
    assert found("zephyr") == ["lantern"]


def test_renaming_and_retagging_update_the_index(lib, found) -> None:
    sheet_id = lib.search("pell")[0].id
    sheet = lib.load(sheet_id)
    sheet.characters[0].name = "Pellam Stroud"
    lib.save(sheet_id, sheet)
    assert found("stroud") == ["tagged"]
    lib.set_tags(sheet_id, ["Harbour"])
    assert found("night") == [] and found("harb") == ["tagged"]


# Any text but U+0000, which a sheet's name never holds (the model refuses it).
@given(st.text(st.characters(exclude_categories=("Cs",), exclude_characters="\x00"), max_size=30))
def test_any_typed_text_is_a_search_never_an_error(tmp_path_factory, text) -> None:
    from sheetapp.storage.library import RosterQuery, open_library

    path = tmp_path_factory.mktemp("fuzz") / "library.sqlite3"
    with open_library(path) as lib:
        lib.add(npc(1, "Somebody " + text))
        assert isinstance(lib.search(text), list)
        if text.strip():
            assert len(lib.roster(RosterQuery(text=text))) == 1
