"""A person rolls from the sheet in every system: a Roll button on a skill, pool or weapon row,
or a double-click on its figures, rolls the system's dice and writes one whole line, naming
the character and the check, at the top of that sheet's dice log."""

from __future__ import annotations

import re

from PySide6.QtCore import QModelIndex, QRect, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QMenu,
    QPushButton,
    QStyle,
    QTableView,
    QTreeView,
)

from sheetapp.systems.amazing_engine.model import Weapon
from sheetapp.systems.amazing_engine.names import Attribute
from sheetapp.systems.d6_pool.model import Trait as D6Trait
from sheetapp.systems.d6_pool.names import Attribute as D6Attribute
from sheetapp.systems.forgotten_futures.model import Weapon as FFWeapon
from sheetapp.ui.dice_dock import DiceDock
from sheetapp.ui.roll_buttons import ROLL
from sheetapp.ui.sheet_form import SheetForm

WHEN = r"\d\d:\d\d:\d\d  "


def new_random(window, system: str) -> SheetForm:
    next(a for a in window.new_random_menu.actions() if a.text() == system).trigger()
    form = window.current_form()
    assert form is not None
    return form


def roll_column(view: QAbstractItemView) -> int:
    model = view.model()
    titles = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    return titles.index(ROLL)


def click_roll(qtbot, view: QAbstractItemView, index: QModelIndex) -> None:
    button = index.siblingAtColumn(roll_column(view))
    assert button.data() == ROLL
    view.scrollTo(button)
    qtbot.mouseClick(
        view.viewport(), Qt.MouseButton.LeftButton, pos=view.visualRect(button).center()
    )


def double_click(qtbot, view: QAbstractItemView, index: QModelIndex) -> None:
    view.scrollTo(index)
    where = view.visualRect(index).center()
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=where)  # a double-click's
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=where)  # first press


def top_line(dock: DiceDock) -> str:
    """The newest line of the log shown, checked to be shown whole: wrapped to the panel's
    width with room for every wrapped line, and whole in its tooltip too."""
    view = dock.log
    view.doItemsLayout()
    index = view.model().index(0, 0)
    text = index.data()
    assert index.data(Qt.ItemDataRole.ToolTipRole) == text
    rect = view.visualRect(index)
    margin = view.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, view) + 1
    bounds = QRect(0, 0, rect.width() - 2 * margin, 10_000)  # the width the style draws in
    needed = view.fontMetrics().boundingRect(bounds, Qt.TextFlag.TextWordWrap, text).height()
    assert rect.height() >= needed, (text, rect, needed)
    return text


def assert_rolled(dock: DiceDock, before: int, who: str, check: str, result: str) -> str:
    assert len(dock.log_lines()) == before + 1
    line = top_line(dock)
    assert re.match(rf"{WHEN}{re.escape(who)}: {re.escape(check)}: ", line), line
    assert re.search(result, line), line
    return line


def test_the_d6_pool_rolls_skills_traits_and_weapons_and_keeps_its_own_log(window, qtbot) -> None:
    dock = window.dice_dock
    form = new_random(window, "d6 Dice Pool")
    who = form.document.sheet.name
    # Nothing to hamper the pools (a random NPC's gear could leave a skill no dice to roll).
    form.document.edit(("traits",), [], "No traits")
    form.document.edit(("equipment",), [], "No gear")
    form.pages.setCurrentWidget(form.rolls_tab)
    view = form.rolls_tab.findChild(QTableView, "skills")
    skill = form.document.sheet.skills[0].name
    click_roll(qtbot, view, view.model().index(0, 0))
    assert_rolled(dock, 0, who, skill, r"\d+d6: [1-6](, [1-6])* \(5-6 succeed\) → \d+ success")
    assert dock.windowTitle() == f"Dice: {skill}" and "success" in dock.odds.text()

    # A double-click on the pool rolls again; on the name it edits the name, as ever.
    double_click(qtbot, view, view.model().index(0, 3))
    assert_rolled(dock, 1, who, skill, r"meets")
    double_click(qtbot, view, view.model().index(0, 0))
    assert view.state() == QAbstractItemView.State.EditingState
    qtbot.keyClick(view.focusWidget(), Qt.Key.Key_Escape)
    assert len(dock.log_lines()) == 2

    # Roll again, from the panel, rolls the same check; so does Space on the button's cell.
    qtbot.mouseClick(dock.findChild(QPushButton, "roll_check"), Qt.MouseButton.LeftButton)
    assert_rolled(dock, 2, who, skill, r"success")
    view.setFocus()
    view.setCurrentIndex(view.model().index(1, roll_column(view)))
    qtbot.keyClick(view, Qt.Key.Key_Space)
    assert_rolled(dock, 3, who, form.document.sheet.skills[1].name, r"success")

    # An attribute alone, without the skill: half its dice.
    form.pages.setCurrentWidget(form.character_tab)
    form.document.edit(("attributes", "dexterity"), 5, "Dexterity")
    form.document.edit(("traits",), [], "No traits")  # none to hamper it
    form.document.edit(("equipment",), [], "No gear")
    half = 2
    qtbot.mouseClick(form.findChild(QPushButton, "roll_dexterity"), Qt.MouseButton.LeftButton)
    assert_rolled(dock, 4, who, "Dexterity, unskilled", rf"{half}d6: ")

    # Another sheet has a log of its own; coming back shows this one's again.
    other = new_random(window, "d6 Dice Pool")
    assert dock.log_lines() == [] and not dock.checks.isVisibleTo(dock)
    window.tabs.setCurrentWidget(form)
    assert len(dock.log_lines()) == 5 and dock.checks.isVisibleTo(dock)
    window.tabs.setCurrentWidget(other)
    other.pages.setCurrentWidget(other.gear_tab)
    gear = other.gear_tab.findChild(QTableView, "equipment")
    items = other.document.sheet.equipment
    row = next(i for i, item in enumerate(items) if item.attack)
    click_roll(qtbot, gear, gear.model().index(row, 0))
    # Its attack pool, or why it has none (too weak to wield it: no dice left).
    said = r"success" if other.figures().weapons[0].attack_pool.dice else "cannot roll: "
    assert_rolled(dock, 0, other.document.sheet.name, f"{items[row].name} attack", said)


def pick(widget, name: str) -> None:
    """Choose ``name`` in the menu a Roll opened over ``widget`` when it offers several."""
    shown = [m for m in widget.findChildren(QMenu, "roll_choice") if m.isVisible()]
    assert len(shown) == 1
    menu = shown[0]
    action = next(a for a in menu.actions() if a.text() == f"Roll {name}")
    action.trigger()
    menu.close()


def test_the_d6_pool_rolls_phobia_rage_and_defend_where_their_odds_are_shown(window, qtbot) -> None:
    dock = window.dice_dock
    form = new_random(window, "d6 Dice Pool")
    who = form.document.sheet.name
    traits = [
        D6Trait(name="Phobia", kind="negative", rating=2),
        D6Trait(name="Rage", kind="negative", rating=1),
    ]
    form.document.edit(("traits",), traits, "Traits")
    form.pages.setCurrentWidget(form.rolls_tab)
    view = form.rolls_tab.findChild(QTableView, "traits")
    # A Phobia calls for two rolls: the Roll offers both, each needing 2 successes.
    click_roll(qtbot, view, view.model().index(0, 0))
    pick(view, "Phobia: stand firm")
    needed = r"\(5-6 succeed; 2 needed\) → (Success|Failure): \d+ success"
    assert_rolled(dock, 0, who, "Phobia: stand firm", needed)
    # A double-click on the odds against its rating rolls as well.
    titles = [view.model().headerData(c, Qt.Orientation.Horizontal) for c in range(12)]
    double_click(qtbot, view, view.model().index(0, titles.index("Against rating")))
    pick(view, "Phobia: stay conscious on contact")
    assert_rolled(dock, 1, who, "Phobia: stay conscious on contact", needed)
    click_roll(qtbot, view, view.model().index(1, 0))  # Rage has one roll: no menu
    assert_rolled(dock, 2, who, "Rage: calm down", r"1 needed\) → (Success|Failure)")
    assert dock.odds.text().startswith("Success ")

    # a random NPC's Dexterity can leave Defend without dice ("cannot roll"): give it some
    sheet = form.document.sheet
    form.document.edit(("attributes",), {**sheet.attributes, D6Attribute.DEXTERITY: 4}, "Dex")
    form.pages.setCurrentWidget(form.character_tab)
    button = form.character_tab.findChild(QPushButton, "roll_defend")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    pick(form.character_tab, "Defend vs skill 3")
    assert_rolled(dock, 3, who, "Defend vs skill 3", r"3 needed\) → (Success|Failure)")


def test_the_amazing_engine_rolls_a_skill_by_button_and_double_click_without_folding(
    window, qtbot, hero_file
) -> None:
    dock = window.dice_dock
    form = window.open_path(hero_file)
    form.show_character(0)
    page = form.pages.currentWidget()
    page.tabs.setCurrentWidget(page.skills_tab)
    view: QTreeView = page.skills_tab.view
    who = form.document.sheet.characters[0].name
    # A known skill with specialties below it, shown open.
    skill = next(
        i
        for i in _rows(view)
        if i.data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked.value
        and view.model().hasChildren(i)
    )
    view.expand(skill.parent())
    view.expand(skill)
    chance = re.match(r"\d+", skill.siblingAtColumn(2).data()).group()
    name = skill.data()
    click_roll(qtbot, view, skill)
    read = rf"d100: \d+ \(at or under {chance}[;)].* → (Success|Failure)"
    assert_rolled(dock, 0, who, name, read)
    assert dock.odds.text().startswith(f"Success {chance}%")

    double_click(qtbot, view, skill)
    assert_rolled(dock, 1, who, name, r"d100")
    assert view.isExpanded(skill)  # the double-click rolled; it did not fold the skill

    # The task's margins make criticals readable; every roll names its margin.
    dock.success_margin.setValue(9)  # every success is critical
    click_roll(qtbot, view, skill)
    line = assert_rolled(dock, 2, who, name, r"(Critical success|Failure)( by \d+)?$")
    assert "S9" in line
    # A group's row offers no roll: a double-click folds it as before.
    group = skill.parent()
    double_click(qtbot, view, group)
    assert not view.isExpanded(group) and len(dock.log_lines()) == 3

    # An attribute's check, from the Sheet tab.
    page.tabs.setCurrentIndex(0)
    score = form.document.sheet.characters[0].attributes[Attribute.PSYCHE]
    qtbot.mouseClick(page.findChild(QPushButton, "check_psyche"), Qt.MouseButton.LeftButton)
    assert_rolled(dock, 3, who, "Psyche check", rf"\(at or under {score}[;)]")

    # A weapon attacks at the character's Reflexes, whatever skill its Skill column names.
    rifle = Weapon(name="Rifle", damage="2d6", lethality=4, skill=name)
    form.document.edit(("characters", 0, "weapons"), [rifle], "Add weapon")
    page.tabs.setCurrentWidget(page.gear_tab)
    weapons = page.gear_tab.findChild(QTableView, "weapons")
    click_roll(qtbot, weapons, weapons.model().index(0, 0))
    reflexes = form.document.sheet.characters[0].attributes[Attribute.REFLEXES]
    hit = rf"at or under {reflexes}; to body on a ones digit 1–4 \(a 0 counts 10\)\) → "
    assert_rolled(dock, 4, who, "Rifle", hit + r"(Miss|Hit to (stamina|body): 2d6 damage)$")


def _rows(view: QTreeView):
    model = view.model()
    pending = [QModelIndex()]
    while pending:
        parent = pending.pop(0)
        for row in range(model.rowCount(parent)):
            index = model.index(row, 0, parent)
            yield index
            pending.append(index)


def test_alternity_rolls_skills_and_the_situation_check_with_degrees(window, qtbot) -> None:
    dock = window.dice_dock
    form = new_random(window, "Alternity")
    sheet = form.document.sheet
    form.pages.setCurrentWidget(form.skills_page)
    view = form.skills_page.special_view
    specialty = sheet.specialty_skills[0]
    check = f"{specialty.broad}-{specialty.name}"
    click_roll(qtbot, view, view.model().index(0, 0))
    degree = r"(Amazing success|Good success|Ordinary success|Failure|Critical failure)"
    assert_rolled(dock, 0, sheet.name, check, rf"d20 \d+ .* = -?\d+ \(against \d+; .*\) → {degree}")
    double_click(qtbot, view, view.model().index(0, 3))  # the score
    assert_rolled(dock, 1, sheet.name, check, degree)
    broad = form.skills_page.broad_view
    click_roll(qtbot, broad, broad.model().index(0, 0))
    # +d4, or worse where the load hampers the ability
    assert_rolled(dock, 2, sheet.name, sheet.broad_skills[0].name, r"d20 \d+ \+\d*d\d+ \d")

    # A weapon: its skill's degree, and on a success the damage of that degree.
    form.pages.setCurrentWidget(form.gear_page)
    weapons = form.gear_page.findChild(QTableView, "weapons")
    click_roll(qtbot, weapons, weapons.model().index(0, 0))
    damage = r"→ ((Amazing|Good|Ordinary) success: damage \S+|Failure|Critical failure)$"
    assert_rolled(dock, 3, sheet.name, sheet.weapons[0].name, damage)

    # The Play page's situation die: roll the check chosen, at the difficulty set.
    form.pages.setCurrentWidget(form.play_page)
    page = form.play_page
    page.difficulty.setCurrentIndex(page.difficulty.findData(2))  # Tough: +2 steps
    label = page._options[page.check_choice.currentData()].label
    qtbot.mouseClick(page.findChild(QPushButton, "roll_stepper"), Qt.MouseButton.LeftButton)
    assert_rolled(dock, 4, sheet.name, label, degree)


def test_amplitude_rolls_skills_gear_and_the_action_on_the_outcome_table(window, qtbot) -> None:
    dock = window.dice_dock
    form = new_random(window, "Amplitude Engine")
    sheet = form.document.sheet
    view = form.character_tab.findChild(QTableView, "skills")
    click_roll(qtbot, view, view.model().index(0, 0))
    outcome = r"→ (QO \d+|0 \(no effect\)|U \(unconscious\)|K \(killed\)|Automatic failure)$"
    line = assert_rolled(dock, 0, sheet.name, sheet.skills[0].name, outcome)
    assert re.search(r"4dF \[[+0−]( [+0−]){3}\], Amp 4dF \[[+0−]( [+0−]){3}\]", line)
    double_click(qtbot, view, view.model().index(0, 2))  # "With wound"
    assert_rolled(dock, 1, sheet.name, sheet.skills[0].name, outcome)
    tools = form.character_tab.findChild(QTableView, "tools")
    if sheet.tools:
        click_roll(qtbot, tools, tools.model().index(0, 0))
        tool = sheet.tools[0]
        assert_rolled(dock, 2, sheet.name, f"{tool.name} ({tool.skill})", outcome)

    # The Chances tab's action: the skill and gear chosen there, against its DB.
    odds = form.odds_tab
    form.tabs.setCurrentWidget(odds)
    odds.skill.setCurrentIndex(odds.skill.findData(0))
    odds.gear.setCurrentIndex(0)  # none
    before = len(dock.log_lines())
    qtbot.mouseClick(odds.findChild(QPushButton, "odds_roll"), Qt.MouseButton.LeftButton)
    assert_rolled(dock, before, sheet.name, sheet.skills[0].name, outcome)

    # A major wound asks for an action check before anything significant: roll it.
    form.tabs.setCurrentWidget(form.play_tab)
    check = form.play_tab.findChild(QPushButton, "roll_action_check")
    assert not check.isVisible()
    form.document.edit(("wound",), "major", "Major wound")
    qtbot.waitUntil(check.isVisible)
    qtbot.mouseClick(check, Qt.MouseButton.LeftButton)
    passed = r"→ (Passed: (QO [5-9]|QO 10|U \(unconscious\)|K \(killed\))|Failed: .*QO 5 needed\))$"
    assert_rolled(dock, before + 1, sheet.name, "Action check", passed)


def test_forgotten_futures_rolls_skills_against_the_table_and_weapons_damage(window, qtbot) -> None:
    dock = window.dice_dock
    form = new_random(window, "Forgotten Futures")
    sheet = form.document.sheet
    form.pages.setCurrentWidget(form.skills_tab)
    view = form.skills_tab.view
    click_roll(qtbot, view, view.model().index(0, 0))
    result = r"2D6: [1-6] \+ [1-6] = \d+ \(\d+ against 6: .*\) → (Success|Failure)"
    assert_rolled(dock, 0, sheet.name, sheet.skills[0].name, result)
    double_click(qtbot, view, view.model().index(0, 8))  # "vs 6"
    assert_rolled(dock, 1, sheet.name, sheet.skills[0].name, result)

    # A characteristic at difficulty 6, from the record.
    form.pages.setCurrentWidget(form.record_tab)
    qtbot.mouseClick(form.findChild(QPushButton, "roll_mind"), Qt.MouseButton.LeftButton)
    mind = sheet.characteristics["mind"]
    assert_rolled(dock, 2, sheet.name, "MIND", rf"\({mind} against 6: .*\) → (Success|Failure)")

    # A weapon of fixed Effect rolls its damage against a typical BODY.
    sword = FFWeapon(name="Sword", effect="6", a="B", b="F", c="I")
    form.document.edit(("weapons",), [sword, *sheet.weapons], "Add weapon")
    form.pages.setCurrentWidget(form.combat_tab)
    weapons = form.combat_tab.findChild(QTableView, "weapons")
    click_roll(qtbot, weapons, weapons.model().index(0, 0))
    damage = r"Effect 6 against BODY 3.*→ Column [ABC], damage [BFI]$"
    assert_rolled(dock, 3, sheet.name, "Sword damage", damage)

    before = len(dock.log_lines())
    roll = form.findChild(QPushButton, "odds_roll")
    form.pages.setCurrentWidget(
        next(
            form.pages.widget(i)
            for i in range(form.pages.count())
            if form.pages.widget(i).isAncestorOf(roll)
        )
    )
    qtbot.mouseClick(roll, Qt.MouseButton.LeftButton)
    assert_rolled(dock, before, sheet.name, "Attack 5 against defence 6", r"→ (Miss|Hit, )")
