"""NPCs in batches: valid sheets, named from our lists, with the profession and ranges asked."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sheetapp.dice import Roller
from sheetapp.findings import Severity
from sheetapp.play.batch import generate_npcs
from sheetapp.play.names import NameListError, name_list, name_lists, parse_list
from sheetapp.play.support import GENERIC, NpcRequest, gm_support
from sheetapp.systems.amazing_engine.names import Attribute
from sheetapp.systems.amazing_engine.rules import check
from sheetapp.systems.plugin import RequestError
from sheetapp.systems.registry import UnknownSystemError

from .conftest import character


def errors(sheet) -> list[str]:
    return [f.message for f in check(sheet) if f.severity is Severity.ERROR]


def test_the_shipped_name_lists_are_several_cultures_and_scripts() -> None:
    lists = name_lists()
    assert len(lists) >= 6
    first_letters = {names.given[0][0] for names in lists.values()}
    assert any("\u0400" <= c <= "\u04ff" for c in first_letters)  # Cyrillic
    assert any("\u0370" <= c <= "\u03ff" for c in first_letters)  # Greek
    for names in lists.values():
        assert len(set(names.given)) == len(names.given) and len(names.family) >= 10


def test_name_order_follows_the_culture() -> None:
    east = name_list("harbour-east")
    family, given = east.pick(Roller(2)).split(" ", 1)
    assert family in east.family and given in east.given


def test_a_broken_name_list_is_refused_with_its_file_named() -> None:
    with pytest.raises(NameListError, match=r"mine\.toml: given"):
        parse_list('id = "x"\nname = "X"\ngiven = []\nfamily = ["A"]\n', "mine.toml")
    with pytest.raises(NameListError, match=r"mine\.toml: not valid TOML"):
        parse_list("id = ", "mine.toml")
    with pytest.raises(NameListError, match="unknown name list 'elvish'"):
        name_list("elvish")


def test_a_batch_of_amazing_engine_npcs_validates_and_repeats_with_its_seed() -> None:
    request = NpcRequest("amazing-engine", profession="physician", names="dune")
    first = list(generate_npcs(request, 25, seed=3))
    again = list(generate_npcs(request, 25, seed=3))
    dune = name_list("dune")
    for sheet, twin in zip(first, again, strict=True):
        assert errors(sheet) == []
        character = sheet.characters[0]
        assert character.name == twin.characters[0].name
        assert character.attributes == twin.characters[0].attributes
        assert character.profession == "physician" and sheet.core is None
        given = character.name.split(" ")[0]
        assert given in dune.given
        assert character.skills  # chosen for the profession
    assert len({s.characters[0].name for s in first}) > 10


@given(
    st.dictionaries(
        st.sampled_from([a.value for a in Attribute]),
        st.tuples(st.integers(0, 90), st.integers(0, 90)).map(sorted).map(tuple),
        max_size=4,
    ),
    st.integers(0, 2**16),
)
def test_attribute_ranges_are_kept_and_the_sheet_still_validates(ranges, seed) -> None:
    (sheet,) = generate_npcs(NpcRequest("amazing-engine", ranges=ranges), 1, seed=seed)
    character = sheet.characters[0]
    for name, (low, high) in ranges.items():
        assert low <= character.attributes[Attribute(name)] <= high
    assert errors(sheet) == []


def test_a_template_is_copied_with_a_new_name_and_id() -> None:
    template = character("Guard captain", reflexes=61)
    template.characters[0].notes = "Carries the gate keys."
    copies = list(generate_npcs(NpcRequest("amazing-engine", template=template), 3, seed=1))
    ids = {c.characters[0].id for c in copies} | {template.characters[0].id}
    assert len(ids) == 4
    for copy in copies:
        assert copy.characters[0].notes == "Carries the gate keys."
        assert copy.characters[0].attributes[Attribute.REFLEXES] == 61
        assert copy.characters[0].name != "Guard captain"
    assert template.characters[0].name == "Guard captain"  # the template is untouched


@pytest.mark.parametrize(
    ("request_", "message"),
    [
        (NpcRequest("amazing-engine", profession="pirate"), "not a profession.*soldier"),
        (NpcRequest("amazing-engine", universe="mars"), "unknown universe 'mars'"),
        (NpcRequest("amazing-engine", ranges={"luck": (1, 2)}), "'luck' is not an attribute"),
        (NpcRequest("amazing-engine", ranges={"psyche": (50, 40)}), "low to high"),
        (NpcRequest("amazing-engine", ranges={"psyche": (0, 95)}), "within 0-90"),
    ],
)
def test_impossible_requests_are_refused(request_, message) -> None:
    with pytest.raises(RequestError, match=message):
        list(generate_npcs(request_, 2))


def test_counts_outside_reason_are_refused() -> None:
    for count in (0, -1, 100_001):
        with pytest.raises(RequestError, match="1 to 100,000"):
            generate_npcs(NpcRequest("amazing-engine"), count)
    with pytest.raises(UnknownSystemError):
        gm_support("starfall")


def test_a_system_without_gm_support_makes_npcs_with_its_own_new() -> None:
    request = NpcRequest("amazing-engine")  # the generic path works for any system
    sheet = GENERIC.generate(request, Roller(4))
    assert sheet.core is None and sheet.characters[0].name
    template = character("Goblin")
    copy = GENERIC.generate(NpcRequest("amazing-engine", template=template), Roller(1))
    assert copy == template and copy is not template
    for asked in ({"profession": "soldier"}, {"ranges": {"psyche": (1, 2)}}, {"names": "dune"}):
        with pytest.raises(RequestError, match="cannot be made with"):
            GENERIC.generate(NpcRequest("amazing-engine", **asked), Roller(1))
