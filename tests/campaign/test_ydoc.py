"""A sheet's JSON in a Yjs document: it reads back as written, and edits made apart on two
machines both survive the merge when they touch different fields or rows."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pycrdt import Doc

from sheetapp.campaign.ydoc import Unshareable, read, write

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**53) + 1, max_value=2**53 - 1),
    st.floats(allow_nan=False, allow_infinity=False).filter(lambda f: not f.is_integer()),
    st.text(max_size=12),
)
keys = st.text(min_size=1, max_size=6)
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(keys, inner, max_size=4),
    max_leaves=25,
)
sheets = st.dictionaries(keys, json_values, max_size=6)


def copy_of(doc: Doc) -> Doc:
    other = Doc()
    other.apply_update(doc.get_update())
    return other


def exchange(a: Doc, b: Doc) -> None:
    a_update = a.get_update(b.get_state())
    b_update = b.get_update(a.get_state())
    b.apply_update(a_update)
    a.apply_update(b_update)


@given(sheets, sheets)
@settings(max_examples=150, deadline=None)
def test_reads_back_what_was_last_written(first: dict[str, Any], second: dict[str, Any]) -> None:
    doc = Doc()
    write(doc, first)
    assert read(doc) == first
    write(doc, second)
    assert read(doc) == second
    assert read(copy_of(doc)) == second


@given(sheets)
@settings(max_examples=60, deadline=None)
def test_writing_the_same_sheet_again_changes_nothing(sheet: dict[str, Any]) -> None:
    doc = Doc()
    write(doc, sheet)
    state = doc.get_state()
    write(doc, json.loads(json.dumps(sheet)))
    assert doc.get_state() == state


def test_edits_to_different_fields_on_two_machines_both_survive() -> None:
    sheet = {
        "name": "Ana",
        "skills": [{"name": "Climb", "rank": 2}, {"name": "Swim", "rank": 1}],
        "notes": "",
    }
    laptop = Doc()
    write(laptop, sheet)
    tablet = copy_of(laptop)

    write(laptop, {**sheet, "skills": [{"name": "Climb", "rank": 3}, sheet["skills"][1]]})
    write(tablet, {**sheet, "notes": "owes the guild", "skills": [
        sheet["skills"][0], {"name": "Swim", "rank": 1, "note": "river"},
    ]})
    exchange(laptop, tablet)

    merged = read(laptop)
    assert merged == read(tablet)
    assert merged["notes"] == "owes the guild"
    assert merged["skills"] == [
        {"name": "Climb", "rank": 3},
        {"name": "Swim", "rank": 1, "note": "river"},
    ]


def test_rows_added_on_two_machines_are_both_kept() -> None:
    laptop = Doc()
    write(laptop, {"gear": ["rope"]})
    tablet = copy_of(laptop)
    write(laptop, {"gear": ["rope", "lamp"]})
    write(tablet, {"gear": ["rope", "knife"]})
    exchange(laptop, tablet)
    assert read(laptop) == read(tablet)
    assert sorted(read(laptop)["gear"]) == ["knife", "lamp", "rope"]


def test_true_is_not_one() -> None:
    doc = Doc()
    write(doc, {"flag": 1})
    write(doc, {"flag": True})
    assert read(doc) == {"flag": True}


@pytest.mark.parametrize(
    ("value", "message"),
    [(2**53, "too large"), (float("nan"), "not a number"), (b"x", "not JSON")],
)
def test_what_a_document_cannot_hold_is_refused_before_anything_changes(
    value: object, message: str
) -> None:
    doc = Doc()
    write(doc, {"kept": 1})
    with pytest.raises(Unshareable, match=message):
        write(doc, {"kept": 2, "bad": {"deep": [value]}})
    assert read(doc) == {"kept": 1}
