"""A pack a game master wrote by hand keeps its comments, blank lines and key order through
an edit in the pack editor; undo gives the text back byte for byte; a pack that fails its
checks is saved as a draft and stays out of the catalogue until it passes."""

from __future__ import annotations

import difflib

from PySide6.QtWidgets import QDialogButtonBox, QMessageBox, QTreeWidget

from sheetapp.systems.amazing_engine.catalog import installed_universes, user_pack_folder
from sheetapp.ui.universe_editor.opening import open_pack

from .driving import answer_dialog, click, go_to, set_spin, type_focused, type_into

HAND_WRITTEN = """\
# Harbour Lights: my own universe. Keep this comment!
format = 1
id = "harbour"
name = "Harbour Lights"
xp_per_skill = 25   # skills are dear here

[formulas]
# Sailors are tough.
stamina = "ceil((willpower + reflexes) / 2) + 2"
body = "ceil(fitness / 5)"

# --- who you can be ---------------------------------------------------
[[professions]]
id = "sailor"      # the default
name = "Sailor"
groups = ["Seamanship"]

[[professions]]
name = "Smuggler"  # name before id: my habit
id = "smuggler"
groups = ["Seamanship"]

[[skill_groups]]
name = "Seamanship"
skills = [
  { name = "Knots", attribute = "reflexes" },
  { name = "Navigation", attribute = "learning" },
]
"""


def write(text: str):
    folder = user_pack_folder()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "harbour.toml"
    path.write_text(text, encoding="utf-8")
    return path


def changed_lines(before: str, after: str) -> list[str]:
    return [
        line
        for line in difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="")
        if line[:1] in "+-" and not line.startswith(("+++", "---"))
    ]


def save(qtbot, editor) -> dict[str, str]:
    return answer_dialog(
        qtbot, editor.save_action.trigger, "save_pack", QDialogButtonBox.StandardButton.Save
    )


def test_an_edit_keeps_every_comment_and_the_order_of_keys(qtbot) -> None:
    path = write(HAND_WRITTEN)
    editor = open_pack(None, path)
    qtbot.addWidget(editor)
    go_to(qtbot, editor, "Professions")
    editor.pages["professions"].list.setCurrentRow(1)
    type_into(qtbot, editor, "professions_name", "Free trader")
    go_to(qtbot, editor, "Weapons")
    click(qtbot, editor, "add_weapons")
    type_focused(qtbot, editor, "Belaying pin")
    set_spin(qtbot, editor, "weapons_weight_kg", 0.5)
    shown = save(qtbot, editor)
    after = path.read_text("utf-8")
    # Only the name changed in place; the weapon came at the end, nothing else moved.
    assert changed_lines(HAND_WRITTEN, after) == [
        '-name = "Smuggler"  # name before id: my habit',
        '+name = "Free trader"  # name before id: my habit',
        "+",
        "+[[weapons]]",
        '+name = "Belaying pin"',
        '+damage = "1d6"',
        "+lethality = 3",
        "+weight_kg = 0.5",
    ]
    assert '+name = "Free trader"  # name before id: my habit' in shown["save_diff"]
    assert "harbour.toml on disk" in shown["save_diff"]


def test_undo_gives_the_text_back_byte_for_byte_and_redo_the_edit(qtbot) -> None:
    path = write(HAND_WRITTEN)
    editor = open_pack(None, path)
    qtbot.addWidget(editor)
    go_to(qtbot, editor, "Skills")
    tree = editor.findChild(QTreeWidget, "skill_tree")
    tree.setCurrentItem(tree.topLevelItem(0).child(1))  # Navigation
    click(qtbot, editor, "skills_indent")
    edited = editor.document.pack.text
    assert '{ name = "Knots", attribute = "reflexes", children = [' in edited
    assert editor.isWindowModified()
    editor.undo_action.trigger()
    assert editor.document.pack.text == HAND_WRITTEN
    assert not editor.isWindowModified()
    editor.redo_action.trigger()
    assert editor.document.pack.text == edited
    shown = answer_dialog(qtbot, editor.close, "", QMessageBox.StandardButton.Discard)
    assert shown["text"] == "Save the changes to harbour.toml?"
    assert not editor.isVisible()
    assert path.read_text("utf-8") == HAND_WRITTEN


def test_a_failing_pack_saves_as_a_draft_and_loads_once_fixed(qtbot) -> None:
    path = write(HAND_WRITTEN)
    editor = open_pack(None, path)
    qtbot.addWidget(editor)
    go_to(qtbot, editor, "Professions")
    editor.pages["professions"].list.setCurrentRow(0)
    type_into(qtbot, editor, "professions_id", "Sailor!")  # not a valid id
    editor.document.check_now()
    assert any(p.loc[:3] == ("professions", 0, "id") for p in editor.document.problems)
    shown = save(qtbot, editor)
    assert "harbour.toml.draft" in shown["save_where"]
    assert path.read_text("utf-8") == HAND_WRITTEN  # the pack file is untouched
    assert 'id = "Sailor!"' in path.with_name("harbour.toml.draft").read_text("utf-8")
    assert installed_universes()["harbour"].profession("sailor") is not None

    type_into(qtbot, editor, "professions_id", "deckhand")
    save(qtbot, editor)
    assert not path.with_name("harbour.toml.draft").exists()
    assert installed_universes()["harbour"].profession("deckhand") is not None


def test_autosave_keeps_a_draft_that_the_next_opening_offers(qtbot) -> None:
    path = write(HAND_WRITTEN)
    editor = open_pack(None, path)
    qtbot.addWidget(editor)
    type_into(qtbot, editor, "overview_name", "Harbour Lights (revised)")
    draft = path.with_name("harbour.toml.draft")
    qtbot.waitUntil(draft.exists, timeout=10_000)  # a few seconds after the change
    assert 'name = "Harbour Lights (revised)"' in draft.read_text("utf-8")
    assert path.read_text("utf-8") == HAND_WRITTEN
    editor.document.undo_stack.setClean()  # as after a crash: nothing asked, the draft left
    editor.close()

    opened = []
    shown = answer_dialog(
        qtbot, lambda: opened.append(open_pack(None, path)), "", QMessageBox.StandardButton.Yes
    )
    assert shown["text"] == "An unsaved draft of harbour.toml was kept. Go on from the draft?"
    [again] = opened
    qtbot.addWidget(again)
    assert again.document.pack.value(("name",)) == "Harbour Lights (revised)"
    assert again.isWindowModified()
    again.undo_action.trigger()
    assert again.document.pack.text == HAND_WRITTEN


TWO_GROUPS = HAND_WRITTEN + """
[[skill_groups]]
name = "Trade"
skills = [
  { name = "Haggling", attribute = "charm" },
]
"""


def test_a_dropped_skill_moves_under_its_new_parent_as_one_step(qtbot) -> None:
    path = write(TWO_GROUPS)
    editor = open_pack(None, path)
    qtbot.addWidget(editor)
    go_to(qtbot, editor, "Skills")
    tree = editor.findChild(QTreeWidget, "skill_tree")
    seamanship, trade = tree.topLevelItem(0), tree.topLevelItem(1)
    # Navigation dropped onto Knots: a specialty of Knots.
    tree.setCurrentItem(seamanship.child(1))
    tree.drop_requested.emit(seamanship.child(1), seamanship.child(0), 0)
    assert editor.document.pack.value(("skill_groups", 0, "skills")) == [
        {"name": "Knots", "attribute": "reflexes", "children": [
            {"name": "Navigation", "attribute": "learning"},
        ]},
    ]
    # Haggling dropped above Knots, from the other group.
    tree = editor.findChild(QTreeWidget, "skill_tree")
    trade = tree.topLevelItem(1)
    tree.setCurrentItem(trade.child(0))
    tree.drop_requested.emit(trade.child(0), tree.topLevelItem(0), 0)
    data = editor.document.pack.data()
    assert [s["name"] for s in data["skill_groups"][0]["skills"]] == ["Haggling", "Knots"]
    assert data["skill_groups"][1]["skills"] == []
    # A skill dropped onto its own specialty goes nowhere.
    tree = editor.findChild(QTreeWidget, "skill_tree")
    knots = tree.topLevelItem(0).child(1)
    before = editor.document.pack.text
    tree.drop_requested.emit(knots, knots.child(0), 0)
    assert editor.document.pack.text == before
    editor.undo_action.trigger()
    editor.undo_action.trigger()
    assert editor.document.pack.text == TWO_GROUPS
