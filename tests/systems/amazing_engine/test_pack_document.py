"""The pack document the editor edits: a hand-written pack's layout survives every kind of
edit, new parts are written the way the shipped packs are, and the skill tree's structural
edits never lose a skill nor make a cycle."""

from __future__ import annotations

from importlib import resources

import pytest

from sheetapp.systems.amazing_engine import skill_tree_edits as edits
from sheetapp.systems.amazing_engine.pack_document import (
    PackDocument,
    PackTextError,
    copy_text,
    new_pack_text,
)
from sheetapp.systems.amazing_engine.packs import parse_pack

SHIPPED = [
    item.name
    for item in resources.files("sheetapp.resources").joinpath("universes").iterdir()
    if item.name.endswith(".toml")
]


def shipped(name: str) -> str:
    return resources.files("sheetapp.resources").joinpath("universes", name).read_text("utf-8")


@pytest.mark.parametrize("name", SHIPPED)
def test_a_shipped_pack_reads_and_writes_back_unchanged(name: str) -> None:
    assert PackDocument(shipped(name)).text == shipped(name)


def test_a_copy_changes_the_id_and_name_and_nothing_else() -> None:
    text = shipped("verdigris.toml")
    copy = copy_text(text, "verdigris-house", "Verdigris (house rules)")
    changed = [(a, b) for a, b in zip(text.splitlines(), copy.splitlines(), strict=True) if a != b]
    assert changed == [
        ('id = "verdigris"', 'id = "verdigris-house"'),
        ('name = "Verdigris, the Wound City"', 'name = "Verdigris (house rules)"'),
    ]


def test_a_new_pack_passes_its_checks_but_for_lacking_professions() -> None:
    report = parse_pack(new_pack_text("moonwell", 'Moon "well"'), "new.toml")
    assert report.usable
    assert [p.code for p in report.problems] == ["pack.no_professions"]
    assert report.universe.name == 'Moon "well"'


def test_moving_and_removing_records_keeps_their_comments() -> None:
    pack = PackDocument(
        'id = "x"\nname = "X"\n\n[[species]]\nid = "a"  # first\nname = "A"\n\n'
        '[[species]]\nid = "b"  # second\nname = "B"\n'
    )
    pack.move_record("species", 1, 0)
    assert pack.text.index('id = "b"  # second') < pack.text.index('id = "a"  # first')
    pack.remove_record("species", 1)
    assert "# first" not in pack.text and "# second" in pack.text


def test_renaming_a_formula_keeps_its_place_and_comment() -> None:
    pack = PackDocument(
        '[formulas]\n# tough folk\nstamina = "willpower + reflexes"\nbody = "fitness"\n'
        'air = "fitness // 10"  # minutes\n'
    )
    pack.rename_key("formulas", "body", "bulk")
    assert pack.text == (
        '[formulas]\n# tough folk\nstamina = "willpower + reflexes"\nbulk = "fitness"\n'
        'air = "fitness // 10"  # minutes\n'
    )


def test_text_that_is_not_toml_is_refused_with_a_line() -> None:
    with pytest.raises(PackTextError):
        PackDocument('id = "x\n')
    with pytest.raises(PackTextError, match="line 1"):
        PackDocument("a." * 20 + "b = 1\n")


TREE = [
    {"name": "A", "children": [{"name": "A1"}, {"name": "A2", "children": [{"name": "A2a"}]}]},
    {"name": "B"},
]


def names(tree) -> list:
    return [(n["name"], names(n.get("children", []))) for n in tree]


def test_indent_outdent_and_moves_keep_every_skill() -> None:
    tree, at = edits.indent(TREE, (1,))
    assert names(tree)[0][1][-1] == ("B", []) and at == (0, 2)
    tree, at = edits.outdent(tree, at)
    assert names(tree) == names(TREE) and at == (1,)
    tree, at = edits.move(TREE, (0, 1), -1)
    assert [n["name"] for n in tree[0]["children"]] == ["A2", "A1"] and at == (0, 0)
    assert edits.move(TREE, (0,), -1) is None
    assert edits.outdent(TREE, (1,)) is None
    assert edits.indent(TREE, (0,)) is None
    assert TREE[1] == {"name": "B"}  # the edits never change the tree they are given


def test_a_skill_cannot_be_put_under_itself_or_its_own_specialty() -> None:
    assert edits.reparent(TREE, (0,), (0, 1, 0), 0) is None
    assert edits.reparent(TREE, (0, 1), (0, 1), 0) is None
    _tree, at = edits.reparent(TREE, (1,), (0, 1, 0), 0)
    assert at == (0, 1, 0, 0)


def test_a_rendered_tree_reads_back_as_the_same_tree() -> None:
    pack = PackDocument('id = "x"\nname = "X"\n\n[[skill_groups]]\nname = "G"\nskills = []\n')
    nodes = [
        {"name": "Warding", "attribute": "psyche", "learned": True, "children": [
            {"name": 'Salt "circles"', "attribute": "psyche", "enhancement": True},
        ]},
    ]
    pack.set_skills(0, nodes)
    assert pack.value(("skill_groups", 0, "skills")) == nodes
    assert '  { name = "Warding", attribute = "psyche", learned = true, children = [\n' in pack.text
