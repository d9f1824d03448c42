"""What a row shows is what its Roll rolls: in every system, for every row with a Roll, the
figures and odds on the row are read off the very check the Roll sends to the dice dock.

Each test clicks each Roll as a person would, catches the check the form asks the dock to
roll, and holds the row's cells against that check's ``odds()``."""

from __future__ import annotations

from fractions import Fraction

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QAbstractItemView, QCheckBox, QMenu, QPushButton, QTableView

from sheetapp.dice import Roller
from sheetapp.systems.amazing_engine import catalog
from sheetapp.systems.amazing_engine.figures import AREAS
from sheetapp.systems.amazing_engine.generation import random_npc_sheet
from sheetapp.systems.amazing_engine.model import Weapon as AEWeapon
from sheetapp.systems.amazing_engine.rolls import weapon_check as ae_weapon_check
from sheetapp.systems.d6_pool.model import Trait
from sheetapp.systems.forgotten_futures.model import Weapon as FFWeapon
from sheetapp.systems.forgotten_futures.rolls import MISS, NO_DAMAGE, column_name
from sheetapp.systems.forgotten_futures.table import COLUMNS, needed
from sheetapp.systems.plugin import NewOptions
from sheetapp.systems.registry import get_system
from sheetapp.systems.rolls import Unrollable
from sheetapp.systems.wording import percent
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.roll_buttons import ROLL
from sheetapp.ui.sheet_form import SheetForm, create_form


def open_form(qtbot, sheet) -> tuple[SheetForm, list]:
    """The sheet's form at laptop size, and the list every check it asks to roll lands in."""
    form = create_form(SheetDocument(sheet))
    qtbot.addWidget(form)
    form.resize(1366, 768)
    form.show()
    qtbot.waitExposed(form)
    sent: list = []
    form.check_requested.connect(lambda request: sent.append(request.check))
    return form, sent


def titles(view: QAbstractItemView) -> list[str]:
    model = view.model()
    return [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]


def roll_row(qtbot, view: QAbstractItemView, index: QModelIndex, sent: list):
    """Click the Roll on ``index``'s row; the check it sent (or the menu it opened)."""
    button = index.siblingAtColumn(titles(view).index(ROLL))
    assert button.data() == ROLL
    view.scrollTo(button)
    before = len(sent)
    qtbot.mouseClick(
        view.viewport(), Qt.MouseButton.LeftButton, pos=view.visualRect(button).center()
    )
    if len(sent) == before + 1:
        return sent[-1]
    menus = [m for m in view.findChildren(QMenu, "roll_choice") if m.isVisible()]
    assert len(menus) == 1, "the Roll neither rolled nor offered a choice"
    return menus[0]


def picked(menu: QMenu, sent: list) -> list:
    """Every check a Roll's menu offers, by choosing each in turn."""
    checks = []
    for action in menu.actions():
        action.trigger()
        checks.append(sent[-1])
    menu.close()
    return checks


def cell(view: QAbstractItemView, row: int, title: str) -> str:
    """The text a list's cell shows."""
    value = view.model().index(row, titles(view).index(title)).data()
    return "" if value is None else str(value)


def pool_chance(check, difficulty: int) -> str:
    """A pool's chance against ``difficulty`` from the check's odds, as the sheets print
    it (a mark where the pool has fewer dice than that)."""
    needed_hits = min(difficulty, check.dice)
    p = sum((p for k, p in check.odds().items() if int(k.split()[0]) >= needed_hits), Fraction(0))
    return percent(float(p)) + ("*" if check.dice < difficulty else "")


def test_amazing_engine_skill_and_weapon_rows_show_their_rolls_odds(qtbot) -> None:
    sheet = random_npc_sheet(Roller(5), catalog.builtin_universes()["generic"])
    character = sheet.characters[0]
    character.weapons = [
        AEWeapon(name="Claws", damage="3d6", lethality=9, skill=character.skills[0].name),
        AEWeapon(name="Pistol", damage="1d8", lethality=4, skill="Nothing of the sort"),
    ]
    form, sent = open_form(qtbot, sheet)
    form.show_character(0)
    page = form.pages.currentWidget()
    page.tabs.setCurrentWidget(page.skills_tab)
    view = page.skills_tab.view
    view.expandAll()
    rows = 0
    pending = [QModelIndex()]
    while pending:
        parent = pending.pop()
        for row in range(view.model().rowCount(parent)):
            index = view.model().index(row, 0, parent)
            pending.append(index)
            if index.siblingAtColumn(4).data() != ROLL:
                continue
            check = roll_row(qtbot, view, index, sent)
            odds = check.odds()
            success = odds["Critical success"] + odds["Success"]
            shown = index.siblingAtColumn(2).data()  # "45%", "15% (untrained)"
            assert shown.split("%")[0] == str(round(success * 100)), index.data()
            rows += 1
    assert rows > 5

    page.tabs.setCurrentWidget(page.gear_tab)
    weapons = page.gear_tab.findChild(QTableView, "weapons")
    for row, weapon in enumerate(character.weapons):
        check = roll_row(qtbot, weapons, weapons.model().index(row, 0), sent)
        by_area = [check] + [ae_weapon_check(character, weapon, a) for a in AREAS[1:]]
        shown = " · ".join(percent(float(c.odds()["Hit to body"])) for c in by_area)
        assert cell(weapons, row, "Body hits") == shown


def test_alternity_skill_and_weapon_rows_show_the_die_their_roll_rolls(qtbot) -> None:
    sheet = get_system("alternity").new(NewOptions(random=True, seed=1))
    sheet.weapons[0].accuracy = 2
    form, sent = open_form(qtbot, sheet)
    form.pages.setCurrentWidget(form.skills_page)
    for view in (form.skills_page.broad_view, form.skills_page.special_view):
        for row in range(view.model().rowCount()):
            check = roll_row(qtbot, view, view.model().index(row, 0), sent)
            t = check.thresholds
            assert cell(view, row, "Score") == f"{t.ordinary}/{t.good}/{t.amazing}"
            assert cell(view, row, "Die") == check.die
    form.pages.setCurrentWidget(form.gear_page)
    weapons = form.gear_page.findChild(QTableView, "weapons")
    for row in range(weapons.model().rowCount()):
        check = roll_row(qtbot, weapons, weapons.model().index(row, 0), sent)
        t = check.thresholds
        assert cell(weapons, row, "Score") == f"{t.ordinary}/{t.good}/{t.amazing} {check.die}"


def test_d6_pool_rows_phobia_rage_and_defend_show_their_rolls_odds(qtbot) -> None:
    sheet = get_system("d6-pool").new(NewOptions(random=True, seed=3))
    sheet.traits = [
        *sheet.traits,
        Trait(name="Phobia", kind="negative", rating=2),
        Trait(name="Rage", kind="negative", rating=4),
    ]
    form, sent = open_form(qtbot, sheet)
    form.pages.setCurrentWidget(form.rolls_tab)
    skills = form.rolls_tab.findChild(QTableView, "skills")
    traits = form.rolls_tab.findChild(QTableView, "traits")
    for view in (skills, traits):
        for row in range(view.model().rowCount()):
            if cell(view, row, ROLL) != ROLL:
                continue
            rolled = roll_row(qtbot, view, view.model().index(row, 0), sent)
            if isinstance(rolled, QMenu) or (
                view is traits and cell(view, row, "Kind") == "Negative"
            ):
                checks = picked(rolled, sent) if isinstance(rolled, QMenu) else [rolled]
                against = cell(view, row, "Against rating").split(" · ")
                assert len(against) == len(checks)
                for shown, check in zip(against, checks, strict=True):
                    assert shown.endswith(" " + percent(float(check.odds()["Success"])))
                continue
            for k in (1, 2, 3):
                shown = cell(view, row, f"Diff. {k}")
                if isinstance(rolled, Unrollable):  # no dice, or a pool a trait blocks
                    assert shown in ("–", "0%"), (rolled, shown)
                else:
                    assert shown == pool_chance(rolled, k), (row, k)

    form.pages.setCurrentWidget(form.gear_tab)
    gear = form.gear_tab.findChild(QTableView, "equipment")
    for row in range(gear.model().rowCount()):
        if cell(gear, row, ROLL) != ROLL:
            continue
        check = roll_row(qtbot, gear, gear.model().index(row, 0), sent)
        if isinstance(check, Unrollable):
            continue
        one_or_more = 1 - check.odds()["0 successes"]
        assert cell(gear, row, "Attack pool") == f"{check.dice} dice, {percent(one_or_more)} for 1+"

    form.pages.setCurrentWidget(form.character_tab)
    qtbot.mouseClick(
        form.character_tab.findChild(QPushButton, "roll_defend"), Qt.MouseButton.LeftButton
    )
    menu = next(m for m in form.character_tab.findChildren(QMenu) if m.isVisible())
    defends = picked(menu, sent)
    shown = form.character_tab.labels["defend"].text()
    wanted = " · ".join(f"{k} {pool_chance_needed(defends[k - 1], k)}" for k in (1, 2, 3))
    assert shown.endswith(f"vs skill {wanted}")


def pool_chance_needed(check, k: int) -> str:
    return percent(float(check.odds()["Success"])) + ("*" if check.dice < k else "")


def test_amplitude_skill_rows_show_what_their_roll_adds(qtbot) -> None:
    sheet = get_system("amplitude").new(NewOptions(random=True, seed=2))
    sheet.wound = "minor"
    form, sent = open_form(qtbot, sheet)
    view = form.character_tab.findChild(QTableView, "skills")
    for row in range(view.model().rowCount()):
        check = roll_row(qtbot, view, view.model().index(row, 0), sent)
        assert cell(view, row, "With wound") == f"{check.ob + check.modifier:+d}"


def test_forgotten_futures_rows_and_the_odds_box_show_their_rolls_odds(qtbot) -> None:
    sheet = get_system("forgotten-futures").new(NewOptions(random=True, seed=4))
    sheet.weapons = [FFWeapon(name="Sword", effect="6", a="B", b="F", c="I"), *sheet.weapons]
    form, sent = open_form(qtbot, sheet)
    form.pages.setCurrentWidget(form.skills_tab)
    view = form.skills_tab.view
    for row in range(view.model().rowCount()):
        check = roll_row(qtbot, view, view.model().index(row, 0), sent)
        if isinstance(check, Unrollable):
            assert cell(view, row, "2D6 vs 6") in ("", "–")
            continue
        assert cell(view, row, "When hurt") == str(check.attack)
        target = needed(check.attack, check.defence)
        assert cell(view, row, "2D6 vs 6") == ("–" if target is None else str(target))
        assert check.odds()["Success"] == Fraction(
            sum(1 for a in range(1, 7) for b in range(1, 7) if target and a + b <= target), 36
        )

    form.pages.setCurrentWidget(form.combat_tab)
    weapons = form.combat_tab.findChild(QTableView, "weapons")
    check = roll_row(qtbot, weapons, weapons.model().index(0, 0), sent)
    assert cell(weapons, 0, "When hurt") == str(check.effect) == "6"

    # The odds box with a temporary skill, a modifier, a machine gun and armour ticked.
    box = form.findChild(QPushButton, "odds_roll").parentWidget()
    box.temporary.setChecked(True)
    box.machine_gun.setChecked(True)
    next(iter(box.modifiers.values())).setChecked(True)
    box.spins["armour"].setValue(1)
    qtbot.mouseClick(box.roll_button, Qt.MouseButton.LeftButton)
    attack = sent[-1]
    odds = attack.odds()
    hit = 1 - odds[MISS]
    text = box.result.text()
    target = needed(attack.attack, attack.defence)
    assert (
        f"To hit: {'no chance' if target is None else f'{target} or under'} — {float(hit):.1%}"
        in text
    )
    assert f"Effect {attack.damage.effect} (machine gun on several targets)" in text
    damage = attack.damage.odds()
    if NO_DAMAGE in damage:
        assert f"none: armour leaves Effect {attack.damage.through}" in text
    else:
        shown = ", ".join(f"{c} {float(damage[column_name(c)]):.0%}" for c in COLUMNS)
        assert f"Damage once hit: {shown}" in text
        for c in COLUMNS:  # the whole attack's odds: the hit times the damage column
            assert (
                odds[f"Hit, {column_name(c)[0].lower()}{column_name(c)[1:]}"]
                == hit * damage[column_name(c)]
            )
    assert isinstance(box.temporary, QCheckBox)
