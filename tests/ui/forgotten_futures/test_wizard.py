"""The Forgotten Futures creation wizard, driven as a player would: type, tick, press Next."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QLabel, QLineEdit, QTableWidget, QWizard

from sheetapp.dice import Roller
from sheetapp.findings import has_errors
from sheetapp.systems.forgotten_futures.from_choices import FFChoices, sheet_from_choices
from sheetapp.systems.forgotten_futures.names import Characteristic
from sheetapp.systems.forgotten_futures.rules import check
from sheetapp.ui.forgotten_futures.wizard import ForgottenFuturesWizard
from sheetapp.ui.help_topic import topic_for

from ...systems.forgotten_futures.test_from_choices import JOURNALIST
from ..test_mnemonics import wizard_screens
from ..wizard_driver import findings_text, finish_enabled, next_enabled, press_next, spin

C = Characteristic
TITLES = ["Character", "Characteristics", "Free skills", "Skills", "Languages", "Saved points"]


def make(qtbot) -> ForgottenFuturesWizard:
    wizard = ForgottenFuturesWizard(roller=Roller(1))
    qtbot.addWidget(wizard)
    wizard.show()
    return wizard


def text(wizard: QWizard, name: str) -> str:
    return wizard.currentPage().findChild(QLabel, name).text()


def slug(name: str) -> str:
    return name.lower().replace(" ", "_")


def type_into(qtbot, wizard: QWizard, name: str, value: str) -> None:
    qtbot.keyClicks(wizard.currentPage().findChild(QLineEdit, name), value)


def buy(wizard: QWizard, values: dict[Characteristic, int]) -> None:
    for characteristic, value in values.items():
        spin(wizard, f"characteristic_{characteristic.value}").setValue(value)


def drive(qtbot, wizard: ForgottenFuturesWizard, choices: FFChoices, *, until: str = "") -> None:
    """Every page filled from ``choices``, stopping on the page titled ``until``."""

    def identity() -> None:
        for field in ("name", "player", "profession", "sex", "age"):
            type_into(qtbot, wizard, field, getattr(choices, field))

    def free() -> None:
        for name in choices.free_skills:
            wizard.currentPage().findChild(QCheckBox, f"free_{slug(name)}").setChecked(True)

    def languages() -> None:
        type_into(qtbot, wizard, "native_language", choices.native_language)
        named = [lang for lang in choices.languages if lang.strip()]
        for i, language in enumerate(named, start=1):
            type_into(qtbot, wizard, f"language_{i}", language)

    steps = {
        "Character": identity,
        "Characteristics": lambda: buy(wizard, choices.characteristics),
        "Free skills": free,
        "Skills": lambda: [
            spin(wizard, f"points_{slug(s)}").setValue(p) for s, p in choices.skill_points.items()
        ],
        "Languages": languages,
    }
    for title, act in steps.items():
        assert wizard.currentPage().title() == title
        if title == until:
            return
        act()
        press_next(wizard)
    assert wizard.currentPage().title() == "Saved points"


def test_the_journalist_made_step_by_step_equals_the_backend_record(qtbot):
    wizard = make(qtbot)
    assert [wizard.page(i).title() for i in wizard.pageIds()] == TITLES
    drive(qtbot, wizard, JOURNALIST)
    assert text(wizard, "bonus_points") == "Bonus points to start with: 2"
    assert finish_enabled(wizard)
    sheet = wizard.result_sheet()
    assert sheet == sheet_from_choices(JOURNALIST)
    assert not has_errors(check(sheet))
    assert sheet.languages == ["French", "German", "Latin", "Italian"]


def test_pages_show_costs_bases_and_languages_from_the_rules(qtbot):
    wizard = make(qtbot)
    drive(qtbot, wizard, JOURNALIST, until="Characteristics")
    assert not next_enabled(wizard)  # nothing bought yet
    buy(wizard, JOURNALIST.characteristics)
    assert text(wizard, "cost_mind") == "costs 7"
    assert text(wizard, "points_left") == (
        "Character points: 21, characteristics cost 15, 6 left for skills."
    )
    press_next(wizard)
    assert text(wizard, "free_given") == "Free for everyone: Brawling 3, Stealth 2 (base values)."
    press_next(wizard)
    table = wizard.currentPage().findChild(QTableWidget, "skills")
    row = next(r for r in range(table.rowCount()) if table.item(r, 0).text() == "Detective")
    assert (table.item(row, 2).text(), table.item(row, 4).text()) == ("5", "–")
    spin(wizard, "points_detective").setValue(2)
    assert table.item(row, 4).text() == "7"
    assert spin(wizard, "points_brawling").specialValueText() == "free"
    press_next(wizard)
    assert "No Linguist skill" in text(wizard, "languages_allowed")
    assert wizard.currentPage().findChild(QLineEdit, "language_1").isHidden()
    wizard.back()
    spin(wizard, "points_linguist").setValue(3)
    press_next(wizard)
    assert text(wizard, "languages_allowed") == "Linguist 8: 4 languages besides the native one."
    assert not wizard.currentPage().findChild(QLineEdit, "language_4").isHidden()
    assert wizard.currentPage().findChild(QLineEdit, "language_5").isHidden()


def test_next_is_blocked_while_a_step_has_an_error(qtbot):
    wizard = make(qtbot)
    drive(qtbot, wizard, JOURNALIST, until="Characteristics")
    buy(wizard, {C.BODY: 6, C.MIND: 6, C.SOUL: 3})  # 23 of 21 points
    assert not next_enabled(wizard)
    assert "Error:" in findings_text(wizard) and "take 2 off" in findings_text(wizard)
    assert spin(wizard, "character_points").property("finding") == "error"
    spin(wizard, "character_points").setValue(23)  # the referee is generous
    assert next_enabled(wizard)
    press_next(wizard)
    press_next(wizard)
    spin(wizard, "points_actor").setValue(1)  # one point more than there is
    assert not next_enabled(wizard)
    assert "take 1 off" in findings_text(wizard)


def test_a_seven_needs_the_referees_leave(qtbot):
    wizard = make(qtbot)
    drive(qtbot, wizard, JOURNALIST, until="Characteristics")
    body = spin(wizard, "characteristic_body")
    assert body.maximum() == 6
    wizard.currentPage().findChild(QCheckBox, "allow_seven").setChecked(True)
    body.setValue(7)
    assert body.value() == 7 and wizard.snapshot().sheet.settings.allow_seven
    assert text(wizard, "cost_body") == "costs 14"
    wizard.currentPage().findChild(QCheckBox, "allow_seven").setChecked(False)
    assert body.value() == 6
    assert wizard.snapshot().sheet.characteristics[C.BODY] == 6


def test_mnemonics_do_not_clash_and_f1_opens_the_system_help(qtbot):
    wizard = make(qtbot)
    assert wizard_screens(wizard) == {}
    for page_id in wizard.pageIds():
        assert topic_for(wizard.page(page_id)) == "forgotten-futures"
