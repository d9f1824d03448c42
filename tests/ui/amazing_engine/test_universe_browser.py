"""The universe browser as a game master uses it: open it from the View menu, read a
universe's trees, edit the pack in a text editor, press Reload and see the change, with the
open sheets checked again."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QListWidget, QTreeWidget, QTreeWidgetItem

from sheetapp.dice import Roller
from sheetapp.storage.document import save
from sheetapp.systems.amazing_engine.catalog import reload_catalogue, user_pack_folder
from sheetapp.systems.amazing_engine.generation import random_prime_sheet
from sheetapp.ui.amazing_engine.universe_browser import UniverseBrowser
from sheetapp.ui.main_window import MainWindow

from ...systems.amazing_engine.test_universe_packs import GOOD


def write_pack(name: str, text: str) -> Path:
    folder = user_pack_folder()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def open_browser(window: MainWindow, qtbot) -> UniverseBrowser:
    view_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&View")
    action = next(a for a in view_menu.actions() if a.text() == "&Universes…")
    action.trigger()
    browser = window.findChild(UniverseBrowser, "universe_browser")
    assert browser is not None and browser.isVisible()
    qtbot.waitExposed(browser)
    return browser


def click_universe(qtbot, browser: UniverseBrowser, text: str) -> None:
    universes: QListWidget = browser.findChild(QListWidget, "universe_list")
    [item] = universes.findItems(text, Qt.MatchFlag.MatchExactly)
    rect = universes.visualItemRect(item)
    qtbot.mouseClick(universes.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert universes.currentItem() is item


def tree_rows(tree: QTreeWidget) -> list[tuple[int, list[str]]]:
    """Every row as (depth, [column texts]), parents before children."""
    rows: list[tuple[int, list[str]]] = []

    def visit(item: QTreeWidgetItem, depth: int) -> None:
        rows.append((depth, [item.text(c) for c in range(tree.columnCount())]))
        for index in range(item.childCount()):
            visit(item.child(index), depth + 1)

    for index in range(tree.topLevelItemCount()):
        visit(tree.topLevelItem(index), 0)
    return rows


def test_a_shipped_universe_shows_its_trees_professions_settings_and_species(window, qtbot):
    browser = open_browser(window, qtbot)
    click_universe(qtbot, browser, "Verdigris, the Wound City")
    assert browser.findChild(QLabel, "universe_title").text() == "Verdigris, the Wound City"
    skills = tree_rows(browser.findChild(QTreeWidget, "skills_tree"))
    assert (0, ["Resonance", "", "", ""]) in skills
    assert (1, ["Tuning", "Psyche", "", "cannot try"]) in skills  # learned although Psyche
    assert (3, ["Oil and grease *", "Learning", "+10 when known", "cannot try"]) in skills
    assert (2, ["Hard questioning", "Willpower", "", "half −10"]) in skills
    professions = tree_rows(browser.findChild(QTreeWidget, "professions_tree"))
    assert professions[0][1][:2] == [
        "Regulator inspector",
        "Investigation, Streetcraft, Firearms, Society",
    ]
    assert (1, ["", "Firearms", "7 skills"]) in professions
    formulas = tree_rows(browser.findChild(QTreeWidget, "formulas"))
    # With 25 everywhere: ceil(50 / 3) + 2 = 19, ceil(25 / 6) + 1 = 6, floor(25 / 15) = 1.
    assert [row[1] for row in formulas] == [
        ["stamina", "ceil((willpower + reflexes) / 3) + 2", "19"],
        ["body", "ceil(fitness / 6) + 1", "6"],
        ["resonance", "floor(psyche / 15)", "1"],
    ]
    assert browser.findChild(QLabel, "setting_xp_per_skill").text() == "25"
    species = [row[1][0] for row in tree_rows(browser.findChild(QTreeWidget, "species_tree"))]
    assert species == ["Human", "Wound automaton", "Gloamling"]


def test_edit_a_pack_on_disk_press_reload_and_see_the_change(window, qtbot, tmp_path) -> None:
    path = write_pack("moonwell.toml", GOOD)
    reload_catalogue()
    sheet_file = tmp_path / "student.json"
    save(sheet_file, random_prime_sheet(Roller(4), reload_catalogue().universes["moonwell"]))
    form = window.open_path(sheet_file)
    document = form.document
    assert not any(f.code == "ae.universe.unknown" for f in document.findings)

    browser = open_browser(window, qtbot)
    click_universe(qtbot, browser, "Moonwell")
    skills = browser.findChild(QTreeWidget, "skills_tree")
    assert (2, ["Circles", "Psyche", "", "half −10"]) in tree_rows(skills)

    # The game master renames a specialty and adds a skill in a text editor.
    edited = GOOD.replace('name = "Circles"', 'name = "Rings"')
    stars = (
        '{ name = "History", attribute = "learning" }, { name = "Stars", attribute = "intuition" }'
    )
    path.write_text(edited.replace('{ name = "History", attribute = "learning" }', stars))
    assert (2, ["Circles", "Psyche", "", "half −10"]) in tree_rows(skills)  # not yet
    qtbot.mouseClick(browser.reload_button, Qt.MouseButton.LeftButton)
    rows = tree_rows(skills)
    assert (2, ["Rings", "Psyche", "", "half −10"]) in rows
    assert (1, ["Stars", "Intuition", "", "half"]) in rows
    assert browser.findChild(QListWidget, "universe_list").currentItem().text() == "Moonwell"

    # The pack breaks: it is listed as not loaded with its line, and the open sheet is checked
    # again, now against the generic settings.
    path.write_text(
        GOOD.replace('attribute = "psyche", enhancement', 'attribute = "magic", enhancement')
    )
    browser.activateWindow()
    qtbot.waitUntil(browser.isActiveWindow)
    qtbot.keyClick(browser, Qt.Key.Key_F5)  # the Refresh key reloads too
    assert any(f.code == "ae.universe.unknown" for f in document.findings)
    problems = browser.findChild(QListWidget, "pack_problems")
    texts = [problems.item(i).text() for i in range(problems.count())]
    assert texts == [
        "error: moonwell.toml, line 21: [[skill_groups]] 'Spellcraft' > 'Warding' > 'Circles' > "
        "'Salt circles': attribute 'magic' is not allowed; use 'fitness', 'reflexes', "
        "'learning', 'intuition', 'psyche', 'willpower', 'charm' or 'position'"
    ]
    click_universe(qtbot, browser, "moonwell.toml")
    assert not browser.detail.tabs.isVisible()
    description = browser.findChild(QLabel, "universe_description").text()
    assert description.startswith("Not loaded: 1 problem. Fix the pack")
    assert "line 21: error: [[skill_groups]] 'Spellcraft'" in description

    # Fixed again: the sheet's finding goes away on the next reload.
    path.write_text(GOOD, encoding="utf-8")
    qtbot.mouseClick(browser.reload_button, Qt.MouseButton.LeftButton)
    assert not any(f.code == "ae.universe.unknown" for f in document.findings)
    assert problems.count() == 0
    assert not document.is_modified  # checking again is not an edit


def test_the_browser_is_one_window_however_often_it_is_asked_for(window, qtbot) -> None:
    first = open_browser(window, qtbot)
    first.close()
    assert open_browser(window, qtbot) is first
    assert len(window.findChildren(UniverseBrowser)) == 1


def test_an_open_sheet_redraws_its_skills_and_professions_after_a_reload(
    window, qtbot, tmp_path
) -> None:
    path = write_pack("moonwell.toml", GOOD)
    sheet_file = tmp_path / "student.json"
    save(sheet_file, random_prime_sheet(Roller(4), reload_catalogue().universes["moonwell"]))
    form = window.open_path(sheet_file)
    form.show_character(0)
    page = form.pages.currentWidget()
    page.tabs.setCurrentWidget(page.skills_tab)

    def skill_names() -> set[str]:
        model = page.skills_tab.view.model()
        names: set[str] = set()

        def visit(parent) -> None:
            for row in range(model.rowCount(parent)):
                index = model.index(row, 0, parent)
                names.add(index.data())
                visit(index)

        visit(page.skills_tab.view.rootIndex())
        return names

    assert "Circles" in skill_names()
    path.write_text(
        GOOD.replace('name = "Circles"', 'name = "Rings"').replace(
            'name = "Enchanter"', 'name = "Hedge Enchanter"'
        ),
        encoding="utf-8",
    )
    browser = open_browser(window, qtbot)
    qtbot.mouseClick(browser.reload_button, Qt.MouseButton.LeftButton)
    names = skill_names()
    assert "Rings" in names and "Circles" not in names
    assert page.profession.findText("Hedge Enchanter") >= 0


def test_packs_too_large_in_shape_are_listed_as_problems_beside_a_good_one(window, qtbot):
    write_pack("moonwell.toml", GOOD)
    write_pack("big.toml", GOOD.replace("moonwell", "big") + "n = " + "9" * 5000 + "\n")
    write_pack("long.toml", GOOD.replace("moonwell", "long") + ".".join("k" * 50_000) + " = 1")
    reload_catalogue()
    browser = open_browser(window, qtbot)
    universes = browser.findChild(QListWidget, "universe_list")
    names = [universes.item(i).text() for i in range(universes.count())]
    assert "Moonwell" in names and "big.toml" in names and "long.toml" in names
    problems = browser.findChild(QListWidget, "pack_problems")
    texts = sorted(problems.item(i).text() for i in range(problems.count()))
    assert texts[0].startswith("error: big.toml, line 29: a number has more than 100 digits")
    assert texts[1].startswith("error: long.toml, line 29: a dotted key has more than 10 parts")


def test_a_pipe_or_a_device_among_the_packs_is_listed_as_a_problem(window, qtbot):
    write_pack("moonwell.toml", GOOD)
    folder = user_pack_folder()
    os.mkfifo(folder / "pipe.toml")
    (folder / "zero.toml").symlink_to("/dev/zero")
    reload_catalogue()
    browser = open_browser(window, qtbot)
    problems = browser.findChild(QListWidget, "pack_problems")
    texts = " ".join(problems.item(i).text() for i in range(problems.count()))
    assert "pipe.toml" in texts and "named pipe" in texts
    assert "zero.toml" in texts and "character device" in texts
