"""No two controls answer to the same Alt+letter on any dialog or on any page of any form
(with the main window's menu titles, which share the Alt key with the page shown)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtWidgets import QApplication, QDialog, QDockWidget, QTabWidget, QWidget

from sheetapp.dice import Roller
from sheetapp.pdf.export import export_pdf_bytes
from sheetapp.systems.amazing_engine.catalog import builtin_universes
from sheetapp.systems.amazing_engine.generation import random_prime_sheet
from sheetapp.systems.plugin import NewOptions
from sheetapp.systems.registry import get_system, system_ids
from sheetapp.ui.amazing_engine import xp_dialogs as ae
from sheetapp.ui.amazing_engine.universe_browser import UniverseBrowser
from sheetapp.ui.d6_pool import xp_dialogs as d6
from sheetapp.ui.forgotten_futures import bonus_dialogs as ff
from sheetapp.ui.help_window import HelpWindow
from sheetapp.ui.library.award_dialog import AwardDialog
from sheetapp.ui.library.encounter_dialogs import AdvantageDialog, InitiativeDiceDialog
from sheetapp.ui.library.generate_dialog import GenerateDialog
from sheetapp.ui.library.revisions_dialog import RevisionsDialog
from sheetapp.ui.library.tags_dialog import TagsDialog
from sheetapp.ui.library.trash_dialog import TrashDialog
from sheetapp.ui.main_window import MainWindow
from sheetapp.ui.preferences_dialog import PreferencesDialog
from sheetapp.ui.print_preview import PrintPreview
from sheetapp.ui.settings import Settings

from .mnemonics import claims, clashes, mnemonic


def sheet_of(system_id: str, seed: int = 3):
    return get_system(system_id).new(NewOptions(random=True, seed=seed))


def prime():
    return random_prime_sheet(Roller(11), builtin_universes()["generic"], player="Ana")


def sheet_dialogs() -> dict[str, Callable[[], QWidget]]:
    """Every rule dialog a sheet's form opens, on a sheet it accepts."""
    return {
        "AE award": lambda: ae.AwardDialog(prime(), 0),
        "AE tax": lambda: ae.TaxDialog(prime(), 0),
        "AE improve attribute": lambda: ae.ImproveAttributeDialog(prime(), 0),
        "AE buy skill": lambda: ae.BuySkillDialog(prime(), 0),
        "AE buy pool die": lambda: ae.BuyPoolDieDialog(prime()),
        "AE transfer": lambda: ae.TransferDialog(prime(), 0),
        "AE mark dead": lambda: ae.StatusDialog(prime(), 0, "dead"),
        "d6 award": lambda: d6.AwardDialog(sheet_of("d6-pool")),
        "d6 spend": lambda: d6.SpendDialog(sheet_of("d6-pool")),
        "FF improve": lambda: ff.ImproveDialog(sheet_of("forgotten-futures")),
        "FF learn": lambda: ff.LearnDialog(sheet_of("forgotten-futures")),
        "FF award": lambda: ff.AwardDialog(sheet_of("forgotten-futures")),
        "FF spend on a roll": lambda: ff.SpendOnRollDialog(sheet_of("forgotten-futures")),
        "FF language": lambda: ff.LanguageDialog(sheet_of("forgotten-futures")),
        "help": lambda: HelpWindow([]),
        "universes": UniverseBrowser,
        "preferences": lambda: PreferencesDialog(Settings()),
        "print preview": lambda: PrintPreview(
            export_pdf_bytes([prime()], paper="a4"),
            lambda paper: export_pdf_bytes([prime()], paper=paper),
            "a4",
            "hero",
            None,
        ),
        "advantage": lambda: AdvantageDialog(["Heroes", "Bandits"], Roller(1)),
        "initiative dice": lambda: InitiativeDiceDialog([("a", "A"), ("b", "B")], ""),
        "tags": lambda: TagsDialog(2, ["friend"], ["friend", "foe"]),
    }


@pytest.mark.parametrize("name", sorted(sheet_dialogs()))
def test_a_dialog_has_no_clashing_mnemonics(qtbot, name: str) -> None:
    dialog = sheet_dialogs()[name]()
    qtbot.addWidget(dialog)
    dialog.show()
    assert clashes([dialog]) == {}


def test_the_library_dialogs_have_no_clashing_mnemonics(qtbot, window: MainWindow) -> None:
    library = window.library_session.library
    ids = [library.add(prime()), library.add(sheet_of("d6-pool"))]
    library.delete([ids[1]])
    rows = library.rows(ids[:1])
    dialogs: list[QDialog] = [
        AwardDialog(rows),
        GenerateDialog(rows, library.campaigns()),
        RevisionsDialog(library, ids[0]),
        TrashDialog(library),
    ]
    for dialog in dialogs:
        qtbot.addWidget(dialog)
        dialog.show()
        assert clashes([dialog]) == {}, dialog.windowTitle()


def menu_titles(window: MainWindow) -> dict[str, str]:
    return {
        letter: action.text()
        for action in window.menuBar().actions()
        if action.isVisible() and (letter := mnemonic(action.text())) is not None
    }


@pytest.mark.parametrize("system_id", system_ids())
def test_every_form_page_has_no_clashing_mnemonics(qtbot, window: MainWindow, system_id: str):
    """Each page as shown, with the docks beside it and the menu titles: Alt+F cannot open
    both File and a field."""
    window.new_random_npc(system_id)
    form = window.current_form()
    titles = menu_titles(window)
    seen: set[int] = set()
    found: dict[str, object] = {}
    while pending := [t for t in form.findChildren(QTabWidget) if id(t) not in seen]:
        for tabs in pending:
            seen.add(id(tabs))
            for index in range(tabs.count()):
                tabs.setCurrentIndex(index)
                QApplication.processEvents()
                page = f"{tabs.tabText(index)}"
                docks = [d for d in window.findChildren(QDockWidget) if d.isVisible()]
                if letters := clashes([form, *docks]):
                    found[page] = letters
                on_page = claims([form])
                if menu := {k: [titles[k], *v] for k, v in on_page.items() if k in titles}:
                    found[f"{page} (with the menus)"] = menu
    assert found == {}

