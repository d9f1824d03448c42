"""The dialogs a test can open without the main window, each made on a sheet it accepts."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QDialog, QWidget

from sheetapp.dice import Roller
from sheetapp.i18n import ngettext
from sheetapp.pdf.export import export_pdf_bytes
from sheetapp.storage.library import RosterRow
from sheetapp.systems.amazing_engine.catalog import builtin_universes
from sheetapp.systems.amazing_engine.generation import random_prime_sheet
from sheetapp.systems.plugin import NewOptions
from sheetapp.systems.registry import get_system
from sheetapp.ui.amazing_engine import xp_award, xp_core, xp_spend, xp_status
from sheetapp.ui.amazing_engine.universe_browser import UniverseBrowser
from sheetapp.ui.d6_pool import xp_dialogs as d6
from sheetapp.ui.forgotten_futures import bonus_dialogs as ff
from sheetapp.ui.help_window import HelpWindow
from sheetapp.ui.library.award_dialog import AwardDialog
from sheetapp.ui.library.conditions_dialog import ConditionsDialog
from sheetapp.ui.library.encounter_dialogs import AdvantageDialog, InitiativeDiceDialog
from sheetapp.ui.library.generate_dialog import GenerateDialog
from sheetapp.ui.library.group_dialog import GroupDialog
from sheetapp.ui.library.rename_dialog import RenameDialog
from sheetapp.ui.library.revisions_dialog import RevisionsDialog
from sheetapp.ui.library.tags_dialog import TagsDialog
from sheetapp.ui.library.trash_dialog import TrashDialog
from sheetapp.ui.library.wording import whole_sheet
from sheetapp.ui.main_window import MainWindow
from sheetapp.ui.preferences_dialog import PreferencesDialog
from sheetapp.ui.print_preview import PrintPreview
from sheetapp.ui.settings import Settings

# The dialogs whose every label says what it is (the rule dialogs and the app's own); the
# library's dialogs are not yet among them.
TIPPED_DIALOGS = ("AE ", "d6 ", "FF ", "help", "preferences", "print preview")


def _row(name: str, player: str) -> RosterRow:
    """A character of a core, as the roster lists it."""
    return RosterRow(0, name, "amazing-engine", "", False, "", (), 0.0, player=player)


def sheet_of(system_id: str, seed: int = 3):
    return get_system(system_id).new(NewOptions(random=True, seed=seed))


def prime():
    return random_prime_sheet(Roller(11), builtin_universes()["generic"], player="Ana")


def sheet_dialogs() -> dict[str, Callable[[], QWidget]]:
    """Every rule dialog a sheet's form opens, on a sheet it accepts."""
    return {
        "AE award": lambda: xp_award.AwardDialog(prime(), 0),
        "AE tax": lambda: xp_spend.TaxDialog(prime(), 0),
        "AE improve attribute": lambda: xp_spend.ImproveAttributeDialog(prime(), 0),
        "AE buy skill": lambda: xp_spend.BuySkillDialog(prime(), 0),
        "AE buy pool die": lambda: xp_core.BuyPoolDieDialog(prime()),
        "AE transfer": lambda: xp_core.TransferDialog(prime(), 0),
        "AE mark dead": lambda: xp_status.StatusDialog(prime(), 0, "dead"),
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
        # what is tagged or moved, in words, as the library's wording gives it
        "tags": lambda: TagsDialog(
            ngettext("{n} sheet", "{n} sheets", 2).format(n=2), ["friend"], ["friend", "foe"]
        ),
        "move to group": lambda: GroupDialog(
            whole_sheet([_row("Kess", "Wolfgang"), _row("Tomas", "Wolfgang")]), ["Harbour"], ""
        ),
        "rename tag": lambda: RenameDialog(["crew", "Crew"], ["Harbour"]),
    }


def library_dialogs(window: MainWindow) -> list[QDialog]:
    """The roster's own dialogs, on a library holding a core and a trashed d6 sheet: XP
    awards, NPC batches, a sheet's revisions, the trash and a combatant's conditions."""
    library = window.library_session.library
    ids = [library.add(prime()), library.add(sheet_of("d6-pool"))]
    library.delete([ids[1]])
    rows = library.rows(ids[:1])
    return [
        AwardDialog(rows),
        GenerateDialog(rows, library.campaigns(), system=rows[0].system),
        RevisionsDialog(library, ids[0]),
        TrashDialog(window.library_session),
        ConditionsDialog("Ada", ()),
    ]
