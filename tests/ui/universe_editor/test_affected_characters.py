"""A game master removes a skill from a universe in the pack editor and saves: the
characters made in that universe who know it are listed by name with what changes, Apply
takes it off their sheets (one undoable step each) and an open sheet's findings follow."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from sheetapp.storage.library.changes import LibraryChanges
from sheetapp.systems.amazing_engine.catalog import reload_catalogue, user_pack_folder
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet
from sheetapp.ui.amazing_engine.universe_browser import open_universe_browser
from sheetapp.ui.library.affected_characters import AffectedCharactersDialog
from sheetapp.ui.main_window import MainWindow
from sheetapp.ui.universe_editor.window import UniverseEditor

from .driving import answer_dialog, click, go_to

PACK = """\
# Tide: a small sea universe, kept by hand.
format = 1
id = "tide"
name = "Tide"

[[professions]]
id = "diver"
name = "Diver"
groups = ["Sea"]

[[skill_groups]]
name = "Sea"

[[skill_groups.skills]]
name = "Swim"
attribute = "fitness"

[[skill_groups.skills]]
name = "Sail"
attribute = "reflexes"
"""

SCORES = {a: 40 for a in ("fitness", "reflexes", "learning", "intuition", "psyche",
                          "willpower", "charm", "position")}


def character(name: str, universe: str, *skills: str) -> AmazingEngineSheet:
    attributes = {"fitness": "Swim", "reflexes": "Sail"}
    return AmazingEngineSheet.model_validate({"core": None, "characters": [{
        "name": name, "universe": universe, "profession": "diver", "attributes": SCORES,
        "skills": [{"group": "Sea", "path": [s],
                    "attribute": next(a for a, n in attributes.items() if n == s)}
                   for s in skills],
    }]})


def skill_names(sheet) -> list[str]:
    return [s.name for s in sheet.characters[0].skills]


def test_a_removed_skill_lists_its_characters_and_apply_takes_it_off_undoably(
    qtbot, window: MainWindow
) -> None:
    folder = user_pack_folder()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "tide.toml").write_text(PACK, encoding="utf-8")
    reload_catalogue()
    session = window.library_session
    window.library_actions  # noqa: B018  (the roster is built, as once shown)
    mara, ned, ola, pim = session.perform(
        lambda library: [library.add(s) for s in (
            character("Mara", "tide", "Swim", "Sail"),
            character("Ned", "tide", "Sail"),
            character("Ola", "tide", "Swim"),  # never knew Sail
            character("Pim", "generic", "Sail"),  # another universe's Sail
        )],
        lambda ids: LibraryChanges(added=tuple(ids)),
    )
    window.open_library_sheets([mara])
    [open_mara] = [d for d in window.documents() if d.library_id == mara]
    assert not [f for f in open_mara.findings if f.code == "ae.skills.unknown"]

    browser = open_universe_browser(window)
    assert browser.select("tide")
    click(qtbot, browser, "edit_in_app")
    [editor] = browser.findChildren(UniverseEditor)
    qtbot.waitExposed(editor)
    go_to(qtbot, editor, "Skills")
    page = editor.pages["skill_groups"]
    [sail] = page.tree.findItems("Sail", Qt.MatchFlag.MatchExactly | Qt.MatchFlag.MatchRecursive)
    page.tree.scrollToItem(sail)
    qtbot.mouseClick(page.tree.viewport(), Qt.MouseButton.LeftButton,
                     pos=page.tree.visualItemRect(sail).center())
    click(qtbot, editor, "skills_remove")
    answer_dialog(qtbot, editor.save_action.trigger, "save_pack",
                  QDialogButtonBox.StandardButton.Save)

    # The open sheet was checked again against the saved pack.
    assert [f for f in open_mara.findings if f.code == "ae.skills.unknown"]
    dialog = window.findChild(AffectedCharactersDialog, "affected_characters")
    assert dialog is not None and dialog.isVisible()
    assert sorted(dialog.names()) == ["Mara (open in a tab)", "Ned (in the library)"]
    words = [dialog.tree.topLevelItem(0).child(i).text(0)
             for i in range(dialog.tree.topLevelItem(0).childCount())]
    assert words == ["Loses Sail: the pack no longer has it."]

    click(qtbot, dialog, "affected_apply")
    assert skill_names(open_mara.sheet) == ["Swim"]
    assert skill_names(session.library.load(ned)) == []
    assert skill_names(session.library.load(ola)) == ["Swim"]
    assert skill_names(session.library.load(pim)) == ["Sail"]
    assert all(row.endswith(": applied") for row in dialog.names())
    assert not dialog.apply_button.isEnabled()
    assert dialog.status.text() == (
        "2 sheets follow the pack now. A sheet open in a tab changed there: save it to keep "
        "the change."
    )
    assert open_mara.is_modified

    # Each sheet is its own step: Ned's on the library's stack, Mara's on her tab's.
    assert session.undo_stack.undoText() == "Follow the Tide pack: Ned"
    session.undo_stack.undo()
    assert skill_names(session.library.load(ned)) == ["Sail"]
    assert skill_names(open_mara.sheet) == ["Swim"]
    open_mara.undo_stack.undo()
    assert skill_names(open_mara.sheet) == ["Swim", "Sail"]
    assert QApplication.activeModalWidget() is None

    # The editor lists them again on request: Ned's undone step shows him once more.
    dialog.close()
    editor.affected_action.trigger()
    again = window.findChild(AffectedCharactersDialog, "affected_characters")
    assert again is not None and again is not dialog
    assert sorted(again.names()) == ["Mara (open in a tab)", "Ned (in the library)"]
    editor.close()
