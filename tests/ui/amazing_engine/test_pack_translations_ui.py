"""A pack's names in the reader's language: a universe pack with German names shows them
in German on the character form, in the wizard-facing combos and the universe browser, and
its own names where it has no German; the sheet keeps storing ids and the pack's own names,
so a sheet saved in German reads the same in English."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QComboBox, QListWidget, QPushButton, QTreeWidget

from sheetapp import i18n
from sheetapp.storage.document import load, save
from sheetapp.systems.amazing_engine.catalog import (
    builtin_universes,
    installed_universes,
    reload_catalogue,
    user_pack_folder,
)
from sheetapp.systems.amazing_engine.generation import blank_sheet
from sheetapp.ui.amazing_engine.form import create_form
from sheetapp.ui.amazing_engine.gear_tab import GearTab
from sheetapp.ui.amazing_engine.skills_tab import SkillsTab
from sheetapp.ui.document import SheetDocument
from tests.ui import test_languages

from .test_gear_catalogue_ui import choose_from_menu
from .test_universe_browser import click_universe, open_browser, tree_rows

# The i18n tests' stand-in German catalog (``speak``, the language with Qt's translators, is
# every UI test's fixture).
german = test_languages.german

PACK = """\
id = "moonwell"
name = "Moonwell"

[[professions]]
id = "enchanter"
name = "Enchanter"
groups = ["Spellcraft"]

[[professions]]
id = "scribe"
name = "Scribe"
groups = ["Spellcraft"]

[[skill_groups]]
name = "Spellcraft"
skills = [
  { name = "Warding", attribute = "psyche", children = [
    { name = "Circles", attribute = "psyche" },
  ] },
  { name = "Scrying", attribute = "intuition" },
]

[translations.de]
name = "Mondbrunnen"

[translations.de.professions.enchanter]
name = "Verzauberer"

[translations.de.skill_groups.Spellcraft]
name = "Zauberkunst"

[translations.de.skills]
"Spellcraft > Warding" = "Abwehrzauber"
"Spellcraft > Warding > Circles" = "Bannkreise"

[translations.fr]
name = "Puits-de-Lune"
"""


def install_pack() -> None:
    folder = user_pack_folder()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "moonwell.toml").write_text(PACK, encoding="utf-8")
    reload_catalogue()


def form_for(qtbot, document: SheetDocument):
    form = create_form(document)
    qtbot.addWidget(form)
    form.resize(1366, 768)
    form.show()
    form.show_character(0)
    return form


def skills_tab(qtbot, form) -> SkillsTab:
    """The Skills tab, clicked open as a player would."""
    tab = next(iter(form.findChildren(SkillsTab)))
    tabs = tab.parentWidget().parentWidget()
    bar = tabs.tabBar()
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(tabs.indexOf(tab)).center())
    qtbot.waitUntil(tab.isVisible)
    return tab


def skill_rows(qtbot, form) -> list[tuple[int, str]]:
    model = skills_tab(qtbot, form).model
    rows: list[tuple[int, str]] = []

    def visit(item, depth: int) -> None:
        rows.append((depth, item.text()))
        for row in range(item.rowCount()):
            visit(item.child(row, 0), depth + 1)

    for row in range(model.rowCount()):
        visit(model.item(row, 0), 0)
    return rows


def profession_names(form) -> list[str]:
    combo = form.findChild(QComboBox, "profession")
    return [combo.itemText(i) for i in range(combo.count())]


def moonwell_sheet():
    install_pack()
    sheet = blank_sheet(installed_universes()["moonwell"], npc=True)
    sheet.characters[0].profession = "enchanter"
    return sheet


def test_the_form_shows_the_pack_s_german_names_and_its_own_where_it_has_none(
    qtbot, speak, german
) -> None:
    sheet = moonwell_sheet()
    speak("de")
    assert i18n.language() == "de"
    form = form_for(qtbot, SheetDocument(sheet))
    rows = skill_rows(qtbot, form)
    assert rows[0][1].startswith("Zauberkunst")
    assert (1, "Abwehrzauber") in rows and (2, "Bannkreise") in rows
    assert (1, "Scrying") in rows  # no German name: the pack's own
    assert profession_names(form) == ["–", "Verzauberer", "Scribe"]


def test_a_language_the_pack_lacks_shows_the_pack_s_own_names(qtbot, speak, german) -> None:
    sheet = moonwell_sheet()
    speak("qps-ploc")  # a language the pack has no table for
    form = form_for(qtbot, SheetDocument(sheet))
    rows = skill_rows(qtbot, form)
    assert rows[0][1].startswith("Spellcraft")
    assert (1, "Warding") in rows and (2, "Circles") in rows
    assert profession_names(form)[1:] == ["Enchanter", "Scribe"]


def test_a_sheet_saved_in_german_loads_the_same_in_english(
    qtbot, speak, german, tmp_path: Path
) -> None:
    sheet = moonwell_sheet()
    speak("de")
    document = SheetDocument(sheet)
    form = form_for(qtbot, document)
    tab = skills_tab(qtbot, form)
    # Tick "Abwehrzauber" as a player would: a click on its check box.
    model = tab.model
    warding = model.item(0, 0).child(0, 0)
    assert warding.text() == "Abwehrzauber"
    index = model.indexFromItem(warding)
    tab.view.expandAll()
    rect = tab.view.visualRect(index)
    qtbot.mouseClick(tab.view.viewport(), Qt.MouseButton.LeftButton, pos=rect.topLeft() + _box())
    skills = document.sheet.characters[0].skills
    assert [(s.group, list(s.path)) for s in skills] == [("Spellcraft", ["Warding"])]
    path = tmp_path / "moon.json"
    save(path, document.sheet)
    text = path.read_text(encoding="utf-8")
    assert "Warding" in text and "Abwehrzauber" not in text and "Zauberkunst" not in text
    speak("en")
    again = load(path)
    assert again == document.sheet
    english = form_for(qtbot, SheetDocument(again))
    assert (1, "Warding") in skill_rows(qtbot, english)


def _box() -> QPoint:
    return QPoint(10, 8)  # the check box at the row's left edge


def test_the_universe_browser_shows_the_german_name(qtbot, speak, german, window) -> None:
    install_pack()
    speak("de")
    browser = open_browser(window, qtbot)
    names = browser.findChild(QListWidget, "universe_list")
    shown = [names.item(i).text() for i in range(names.count())]
    assert "Mondbrunnen" in shown and "Moonwell" not in shown
    click_universe(qtbot, browser, "Mondbrunnen")
    skills = tree_rows(browser.findChild(QTreeWidget, "skills_tree"))
    assert [r[1][0] for r in skills] == ["Zauberkunst", "Abwehrzauber", "Bannkreise", "Scrying"]
    professions = tree_rows(browser.findChild(QTreeWidget, "professions_tree"))
    assert [r[1][:2] for r in professions] == [
        ["Verzauberer", "Zauberkunst"],
        ["", "Zauberkunst"],
        ["Scribe", "Zauberkunst"],
        ["", "Zauberkunst"],
    ]


def test_the_gear_menu_reads_german_and_the_sheet_keeps_the_pack_s_name(
    qtbot, speak, german
) -> None:
    sheet = blank_sheet(builtin_universes()["verdigris"], npc=True)
    speak("de")
    document = SheetDocument(sheet)
    form = form_for(qtbot, document)
    tab = next(iter(form.findChildren(GearTab)))
    tabs = tab.parentWidget().parentWidget()
    bar = tabs.tabBar()
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(tabs.indexOf(tab)).center())
    choose_from_menu(qtbot, tab.findChild(QPushButton, "catalogue_weapons"), "Regulatorenpistole")
    assert document.sheet.characters[0].weapons[0].name == "Regulator's pistol"
