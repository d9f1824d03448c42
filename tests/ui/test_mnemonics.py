"""No two controls on one screen answer to the same Alt+letter."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QMenu, QWizard

from sheetapp.dice import Roller
from sheetapp.systems.amazing_engine.catalog import builtin_universes
from sheetapp.systems.amazing_engine.generation import random_prime_sheet
from sheetapp.systems.registry import system_ids
from sheetapp.ui.amazing_engine.wizards import LaterCharacterWizard, PrimeCharacterWizard
from sheetapp.ui.main_window import MainWindow

from .conftest import _forget_changes
from .mnemonics import clashes, menu_clashes, mnemonic


def wizard_screens(wizard: QWizard) -> dict[str, dict[str, list[str]]]:
    """Each page together with the wizard's own buttons, as the page is shown."""
    buttons = [
        wizard.button(which)
        for which in (
            QWizard.WizardButton.BackButton,
            QWizard.WizardButton.NextButton,
            QWizard.WizardButton.FinishButton,
            QWizard.WizardButton.CancelButton,
        )
    ]
    found = {}
    for page_id in wizard.pageIds():
        page = wizard.page(page_id)
        if letters := clashes([page, *buttons]):
            found[page.title()] = letters
    return found


def test_mnemonic_reads_the_letter_after_one_ampersand() -> None:
    assert mnemonic("&Next >") == "n"
    assert mnemonic("Na&me:") == "m"
    assert mnemonic("AvM&&S") is None
    assert mnemonic("Plain") is None


def test_wizard_pages_have_no_clashing_mnemonics(qtbot) -> None:
    prime = PrimeCharacterWizard(roller=Roller(3))
    qtbot.addWidget(prime)
    prime.show()
    sheet = random_prime_sheet(Roller(11), builtin_universes()["generic"])
    later = LaterCharacterWizard(sheet, roller=Roller(4))
    qtbot.addWidget(later)
    later.show()
    assert wizard_screens(prime) == {}
    assert wizard_screens(later) == {}


@pytest.mark.parametrize("system_id", system_ids())
def test_menus_have_no_clashing_mnemonics(qtbot, system_id: str) -> None:
    """With a sheet of each system open, so its Sheet menu is filled too."""
    window = MainWindow()
    qtbot.addWidget(window, before_close_func=_forget_changes)
    assert window.library_actions is not None  # the Library menu, built after the first paint
    window.new_random_npc(system_id)
    bar = window.menuBar()
    assert menu_clashes_in_bar(bar) == {}
    for menu in bar.findChildren(QMenu):
        menu.aboutToShow.emit()  # menus filled when shown (Open Recent)
        assert menu_clashes(menu) == {}, menu.title()


def menu_clashes_in_bar(bar) -> dict[str, list[str]]:
    titles = [a.text() for a in bar.actions() if a.isVisible()]
    letters: dict[str, list[str]] = {}
    for title in titles:
        if (letter := mnemonic(title)) is not None:
            letters.setdefault(letter, []).append(title)
    return {k: v for k, v in letters.items() if len(v) > 1}


@pytest.mark.parametrize("system_id", system_ids())
def test_every_item_of_the_sheet_menu_answers_to_a_letter(qtbot, system_id: str) -> None:
    """Alt+S opens the Sheet menu; each of its items then answers to a letter of its own
    (Award XP…, Add Blank Character… had none: a keyboard user walked the list with the
    arrows), and the letter does what the item says."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    window = MainWindow()
    qtbot.addWidget(window, before_close_func=_forget_changes)
    window.show()
    qtbot.waitExposed(window)
    window.new_random_npc(system_id)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None)
    menu = window.sheet_menu
    items = [action for action in menu.actions() if not action.isSeparator()]
    if not items:
        pytest.skip("this system's sheets have no actions of their own")
    unlettered = [a.text() for a in items if mnemonic(a.text()) is None]
    assert unlettered == []
    chosen: list[bool] = []
    items[-1].triggered.disconnect()  # see the letter reach it, without opening its dialog
    items[-1].triggered.connect(lambda: chosen.append(True))
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_S, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() is menu)
    QTest.keyClick(menu, mnemonic(items[-1].text()).upper())
    qtbot.waitUntil(lambda: chosen == [True])
