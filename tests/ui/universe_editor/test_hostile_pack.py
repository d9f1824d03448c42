"""Whatever a game master types or pastes into the editor, and whatever pack file they open,
the editor answers with findings (or one line saying why it cannot open the file): never a
crash, never a hang."""

from __future__ import annotations

import time

from PySide6.QtWidgets import QLabel, QLineEdit, QMessageBox

from sheetapp.systems.amazing_engine.catalog import user_pack_folder
from sheetapp.ui.universe_editor.opening import open_pack

from .driving import answer_dialog, click, go_to, type_focused, type_into

PACK = """\
id = "hostile"
name = "Hostile"

[formulas]
stamina = "ceil((willpower + reflexes) / 2)"
body = "ceil(fitness / 5)"

[[professions]]
id = "x"
name = "X"
groups = ["G"]

[[skill_groups]]
name = "G"
skills = [{ name = "A", attribute = "reflexes" }]
"""


def write(name: str, text: str):
    folder = user_pack_folder()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def codes(editor) -> list[str]:
    editor.document.check_now()
    return [p.code for p in editor.document.problems]


def test_formula_escapes_and_self_reference_are_refused_as_typed(qtbot) -> None:
    editor = open_pack(None, write("hostile.toml", PACK))
    qtbot.addWidget(editor)
    go_to(qtbot, editor, "Formulas")
    result = editor.findChild(QLabel, "formula_result")
    for text, words in (
        ("__import__('os').system('rm -rf ~')", "may be called"),
        ("fitness ** 99999999", "may combine values"),
        ("stamina + 1", "stamina"),  # a formula naming itself: a cycle, refused
        ("(" * 400 + "1" + ")" * 400, ""),
        ("9" * 5000, ""),
    ):
        type_into(qtbot, editor, "formula_text", text)
        assert result.property("role") == "error", text
        assert words in result.text()
        assert "pack.invalid" in codes(editor)
    type_into(qtbot, editor, "formula_text", "ceil((willpower + reflexes) / 2)")
    assert result.text() == "= 25 for the sample character"
    assert "pack.invalid" not in codes(editor)


def test_a_finding_takes_the_person_to_its_field(qtbot) -> None:
    text = PACK.replace('groups = ["G"]', 'groups = ["H"]')
    editor = open_pack(None, write("hostile.toml", text))
    qtbot.addWidget(editor)
    editor.document.check_now()
    row = next(
        i for i in range(editor.findings.count())
        if "lists group 'H'" in editor.findings.item(i).text()
    )
    editor.findings.setCurrentRow(row)
    editor.findings.itemActivated.emit(editor.findings.item(row))
    assert editor.stack.currentWidget() is editor.pages["professions"]
    assert editor.pages["professions"].list.currentRow() == 0


def test_a_huge_pack_opens_with_findings_in_seconds(qtbot) -> None:
    groups = ", ".join(f'"Missing {n}"' for n in range(50))
    professions = "".join(
        f'[[professions]]\nid = "p{n}"\nname = "P{n}"\ngroups = [{groups}]\n\n' for n in range(200)
    )
    skills = ", ".join(f'{{ name = "S{n}", attribute = "fitness" }}' for n in range(3100))
    text = f'id = "huge"\nname = "Huge"\n\n{professions}[[skill_groups]]\nname = "G"\n' \
           f"skills = [{skills}]\n"
    start = time.monotonic()
    editor = open_pack(None, write("huge.toml", text))
    qtbot.addWidget(editor)
    found = codes(editor)
    assert time.monotonic() - start < 30
    assert "pack.invalid" in found or "pack.profession.unknown_group" in found
    assert 0 < editor.findings.count() <= 50


def test_pasting_a_huge_name_is_bounded_and_a_skill_cannot_go_under_itself(qtbot) -> None:
    editor = open_pack(None, write("hostile.toml", PACK))
    qtbot.addWidget(editor)
    go_to(qtbot, editor, "Skills")
    tree = editor.pages["skill_groups"].tree
    tree.setCurrentItem(tree.topLevelItem(0).child(0))
    name = editor.findChild(QLineEdit, "skill_name")
    name.selectAll()
    name.insert("x" * 100_000)  # a paste
    assert len(editor.document.pack.value(("skill_groups", 0, "skills", 0, "name"))) <= 200
    # The only skill has nothing above it to go under; Indent refuses, nothing changes.
    before = editor.document.pack.text
    click(qtbot, editor, "skills_add_skill")
    type_focused(qtbot, editor, "B")
    click(qtbot, editor, "skills_indent")
    click(qtbot, editor, "skills_add_specialty")
    type_focused(qtbot, editor, "C")
    assert 'children = [\n      { name = "C"' in editor.document.pack.text
    assert before != editor.document.pack.text


def test_a_file_that_is_not_toml_is_refused_in_one_line(qtbot) -> None:
    path = write("broken.toml", 'id = "x\nname = [[[\n')
    shown = answer_dialog(qtbot, lambda: open_pack(None, path), "", QMessageBox.StandardButton.Ok)
    assert shown["text"].startswith("broken.toml cannot be opened in the editor: ")
    assert "\n" not in shown["text"]
