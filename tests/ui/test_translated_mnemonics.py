"""In every shipped language each wizard page answers to each Alt+letter once, and the
wizard's Next and Back answer to the letters the help topic "Keyboard shortcuts" names in
that language (German Alt+W / Alt+Z, Arabic Alt+ت / Alt+س).

A translator places each '&' without seeing the page it lands on: French "&Profession" and
"< &Précédent" share a page, and Alt+P would go back rather than to the field. The letters
are settled as a page is shown (``sheetapp.ui.button_mnemonics``), so every language is
held to it here, not only English."""

from __future__ import annotations

import re
from importlib import import_module

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWizard

from sheetapp import i18n
from sheetapp.dice import Roller
from sheetapp.systems.registry import modules, systems_with_wizards
from sheetapp.ui.d6_pool.wizard import D6PoolWizard
from sheetapp.ui.settings import Settings

from .d6_pool.test_wizard import GUMSHOE, give_attributes, type_concept, type_dice
from .mnemonics import clashes, mnemonic

_W = QWizard.WizardButton
# The help's sentence naming the wizard's keys, as the catalog holds it.
HELP_LINE = "In a wizard: **Alt+N** goes to the next step and **Alt+B** back."


def languages() -> list[str]:
    return [
        code
        for code in i18n.available_languages()
        if code not in (i18n.SOURCE_LANGUAGE, *i18n.PSEUDO_LANGUAGES)
    ]


def settle() -> None:
    """The letters are given once the event loop is back after a page is shown."""
    for _ in range(3):
        QApplication.processEvents()


def help_keys() -> tuple[str, str]:
    """The letters the help topic names for Next and Back in the language in use."""
    found = re.findall(r"Alt\+(\w)", i18n._(HELP_LINE))
    assert len(found) == 2, i18n._(HELP_LINE)
    return found[0].lower(), found[1].lower()


@pytest.mark.parametrize("code", languages())
@pytest.mark.parametrize("system_id", systems_with_wizards())
def test_each_wizard_page_offers_each_letter_once(qtbot, speak, code: str, system_id: str):
    speak(code)
    wizard: QWizard = import_module(modules(system_id).wizard).create_wizard(None, Settings())
    qtbot.addWidget(wizard)
    wizard.resize(1366, 768)
    next_key, back_key = help_keys()
    found = {}
    for page_id in wizard.pageIds():
        wizard.setStartId(page_id)
        wizard.restart()
        wizard.show()
        qtbot.waitExposed(wizard)
        settle()
        if letters := clashes([wizard]):
            found[page_id] = letters
        assert mnemonic(wizard.button(_W.NextButton).text()) == next_key, page_id
        assert mnemonic(wizard.button(_W.BackButton).text()) == back_key, page_id
    assert found == {}


@pytest.mark.parametrize("code", ["de", "ar"])
def test_the_keys_the_help_names_move_through_the_wizard(qtbot, speak, code: str) -> None:
    """The help's Alt+letters, pressed on d6's attributes page (where Arabic's Next once
    shared its letter with Endurance), go to the next page and back."""
    speak(code)
    wizard = D6PoolWizard(roller=Roller(1))
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.activateWindow()
    qtbot.waitActive(wizard)
    settle()
    next_key, back_key = help_keys()

    def press(key: str) -> None:
        alt = Qt.KeyboardModifier.AltModifier
        QTest.keyClick(QApplication.focusWidget(), Qt.Key(ord(key.upper())), alt)
        qtbot.wait(250)  # a button's letter clicks it animated: down, then up 100 ms later
        settle()

    type_concept(qtbot, wizard, GUMSHOE)
    press(next_key)
    assert wizard.currentId() == 1
    type_dice(qtbot, wizard, GUMSHOE.dice)
    give_attributes(wizard, GUMSHOE.attributes)
    press(next_key)
    assert wizard.currentId() == 2
    press(back_key)
    assert wizard.currentId() == 1
