"""Work on many sheets at once: importing files, exporting a selection (sheet files or one
PDF of stat blocks), generating NPCs and awarding XP.

Big jobs commit a batch at a time with a progress bar (``progress``); whatever was
committed stays when the user stops. Files that could not be imported are listed with the
reason, so a GM knows which ones to look at.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QObject, SignalInstance
from PySide6.QtWidgets import QFileDialog, QMessageBox

from sheetapp.file_reasons import os_reason
from sheetapp.i18n import N_, _
from sheetapp.locale_format import number
from sheetapp.plural import counted
from sheetapp.storage.document import DocumentError
from sheetapp.storage.library import Library, LibraryError
from sheetapp.storage.library.changes import LibraryChanges
from sheetapp.storage.library.transfer import (
    SHEET_SUFFIX,
    existing_exports,
    export_folder,
    export_sheet,
    file_name,
    import_files,
    library_files,
)
from sheetapp.storage.output_path import check_output
from sheetapp.systems.registry import get_system
from sheetapp.ui.library.dialog_parts import answer
from sheetapp.ui.library.progress import run_in_batches
from sheetapp.ui.library.roster_tab import LibraryTab
from sheetapp.ui.library.services import WindowServices
from sheetapp.ui.library.session import LibrarySession
from sheetapp.ui.library.wording import enable, library_action, plural
from sheetapp.ui.pdf_job import Progress, make_pdf
from sheetapp.ui.save_target import ask_save_path, confirm_replace

if TYPE_CHECKING:
    from sheetapp.ui.library.generate_dialog import GenerateOrder

SHEET_FILTER = N_("sheetapp sheets (*.json);;All files (*)")
PDF_FILTER = N_("PDF documents (*.pdf)")
LISTED = 15  # refusals listed in a message; the rest are counted


def refusals_text(refused: Sequence[tuple[str, str]]) -> str:
    """One line per refusal, the first few of a long list.

    >>> print(refusals_text([("a.json", "not JSON"), ("b.json", "a newer format")]))
    • a.json: not JSON
    • b.json: a newer format
    """
    lines = [f"• {what}: {why}" for what, why in refused[:LISTED]]
    if len(refused) > LISTED:
        lines.append(_("… and {value} more").format(value=len(refused) - LISTED))
    return "\n".join(lines)


class ActionsHost(Protocol):
    """What of ``LibraryActions`` this part uses (that module imports this one)."""

    session: LibrarySession
    services: WindowServices
    tab: LibraryTab
    show_library_requested: SignalInstance

    @property
    def library(self) -> Library | None: ...
    def targets(self) -> list[int]: ...
    def targets_roster(self) -> bool: ...
    def report(self, text: str) -> None: ...


class TransferActions(QObject):
    """Part of the Library menu; ``actions`` is the ``LibraryActions`` it belongs to (its
    targets, session, roster and requests)."""

    def __init__(self, actions: ActionsHost) -> None:
        super().__init__(actions)
        self.actions = actions
        self.session = actions.session
        self.services = actions.services
        self.window = actions.services.parent  # the dialogs' parent

        def make(text: str, slot: Callable[[], object], shortcut: str | None, tip: str):
            return library_action(self.window, text, slot, shortcut, tip)

        self.import_action = make(
            _("&Import Files…"), self.choose_and_import, None, _("Add sheet files to the library")
        )
        self.export_json_action = make(
            _("Export Selection as &JSON…"),
            self.export_json,
            None,
            _("Write the sheets as sheet files, to share or keep apart"),
        )
        self.export_pdf_action = make(
            _("Export Selection as Stat &Blocks PDF…"),
            self.export_pdf,
            None,
            _("One PDF with a compact stat block for each sheet"),
        )
        self.export_tabletop_action = make(
            _("Export Selection to &Virtual Tabletop…"),
            self.export_tabletop,
            None,
            _("Foundry VTT actors or Roll20 characters: one file each into a folder, or a zip"),
        )
        self.generate_action = make(
            _("&Generate NPCs…"),
            self.generate,
            "Ctrl+Shift+G",
            _("Make a batch of NPCs by the rules"),
        )
        self.award_action = make(
            _("&Award XP to Selection…"), self.award, None, _("The same XP for several characters")
        )

    def update_state(self, count: int) -> None:
        session = self.actions.session
        reason = session.why_read_only()
        has_library = session.library is not None
        enable(self.import_action, session.writable, reason)
        enable(self.generate_action, session.writable, reason)
        enable(self.award_action, session.writable and count > 0, reason)
        enable(self.export_json_action, has_library and count > 0, reason)
        enable(self.export_pdf_action, has_library and count > 0, reason)
        enable(self.export_tabletop_action, has_library and count > 0, reason)

    def _start_folder(self) -> Path:
        return self.services.settings.last_folder()

    # --- import ------------------------------------------------------------------------------

    def choose_and_import(self) -> None:
        names, _unused = QFileDialog.getOpenFileNames(
            self.window,
            _("Import sheets into the library"),
            str(self._start_folder()),
            _(SHEET_FILTER),
        )
        if names:
            self.import_paths([Path(n) for n in names])

    def import_paths(self, paths: Sequence[Path]) -> None:
        if self.actions.library is None:
            return
        outcome = self.session.perform(
            lambda library: run_in_batches(
                self.window,
                _("Importing sheets…"),
                len(paths),
                lambda committed: import_files(library, paths, committed=committed),
            ),
            lambda done: LibraryChanges(added=tuple(done.ids)),
        )
        if outcome.ids and self.actions.targets_roster():
            self.actions.tab.select_ids(outcome.ids)
        done = _("Imported {plural}").format(plural=plural(len(outcome.ids), 'sheet'))
        if outcome.stopped:
            self.actions.report(_("{done}; stopped before the rest").format(done=done))
            return
        refused = outcome.result.refused if outcome.result else []
        if refused:
            QMessageBox.warning(
                self.window,
                _("Some files were not imported"),
                f"{done}. "
                + counted(
                    len(refused),
                    "{n} file could not be read as a sheet and was left out:\n\n",
                    "{n} files could not be read as sheets and were left out:\n\n",
                )
                + refusals_text([(Path(p).name, why) for p, why in refused]),
            )
        self.actions.report(done)

    # --- export ------------------------------------------------------------------------------

    def export_json(self) -> None:
        ids, library = self.actions.targets(), self.actions.library
        if not ids or library is None:
            return
        if len(ids) == 1:
            suggested = self._start_folder() / file_name(ids[0], library.row(ids[0]).name)
            target = ask_save_path(
                self.window,
                _("Export sheet"),
                suggested,
                _(SHEET_FILTER),
                ending=".json",
                suffix=SHEET_SUFFIX,
            )
            if target is None:
                return
            in_use = self.services.files_in_use()
            if self._writing(
                target,
                lambda: export_sheet(library, ids[0], target, replace=True, in_use=in_use),
            ):
                self.services.settings.set_last_folder(target.parent)
                self.actions.report(_("Wrote {target}").format(target=target))
            return
        folder = QFileDialog.getExistingDirectory(
            self.window,
            _("Export {count} sheets into a folder").format(count=len(ids)),
            str(self._start_folder()),
        )
        if not folder or not confirm_replace(
            self.window, existing_exports(library, ids, Path(folder))
        ):
            return
        written: list[Path] = []
        in_use = self.services.files_in_use()

        def write_files() -> None:
            written.extend(export_folder(library, ids, folder, replace=True, in_use=in_use))

        if self._writing(Path(folder), write_files):
            self.services.settings.set_last_folder(Path(folder))
            self.actions.report(
                _("Wrote {plural} into {folder}").format(
                    plural=plural(len(written), "file"), folder=folder
                )
            )

    def export_pdf(self) -> None:
        ids, library = self.actions.targets(), self.actions.library
        if not ids or library is None:
            return
        suggested = self._start_folder() / _("stat blocks.pdf")
        target = ask_save_path(
            self.window,
            _("Export stat blocks"),
            suggested,
            _(PDF_FILTER),
            ending=".pdf",
            suffix=".pdf",
        )
        if target is None:
            return
        paper = self.services.paper()
        cancelled = []

        def write() -> None:
            from sheetapp.pdf.export import export_pdf_bytes, write_pdf  # ReportLab on first use

            check_output(target, inputs=self.services.files_in_use(), replace=True)
            sheets = library.load_many(ids)  # fresh models only the worker will see

            def make(progress: Progress) -> bytes:
                return export_pdf_bytes(sheets, paper=paper, stat_blocks=True, progress=progress)

            data = make_pdf(self.window, _("Making the stat blocks"), make)
            if data is None:
                cancelled.append(target)
                return
            write_pdf(data, target)

        if self._writing(target, write):
            self.services.settings.set_last_folder(target.parent)
            if cancelled:
                self.actions.report(_("Cancelled: {name} not written").format(name=target.name))
            else:
                count = plural(len(ids), "sheet")
                self.actions.report(
                    _("Wrote stat blocks of {count} to {target}").format(count=count, target=target)
                )

    def export_tabletop(self) -> None:
        from sheetapp.ui.tabletop_actions import export_selection

        ids, library = self.actions.targets(), self.actions.library
        if not ids or library is None:
            return
        try:
            sheets = library.load_many(ids)
            named = [(get_system(s.system).roster(s).name, s) for s in sheets]
        except (LibraryError, DocumentError) as exc:
            QMessageBox.critical(self.window, _("Nothing written"), str(exc))
            return
        inputs = [*library_files(library), *self.services.files_in_use()]
        done = export_selection(self.window, self.services.settings, named, inputs=inputs)
        if done:
            self.actions.report(done)

    def _writing(self, target: Path, write) -> bool:
        try:
            write()
        except (LibraryError, DocumentError, ValueError) as exc:
            QMessageBox.critical(self.window, _("Nothing written"), str(exc))
            return False
        except OSError as exc:
            QMessageBox.critical(self.window, _("Nothing written"), f"{target}: {os_reason(exc)}")
            return False
        return True

    # --- generate ----------------------------------------------------------------------------

    def generate(self) -> None:
        # The GM tools load on first use, so the window does not pay for them at start.
        from sheetapp.ui.library.generate_dialog import GenerateDialog

        library = self.actions.library
        if library is None or not self.actions.session.writable:
            return
        selected = self.actions.targets()
        rows = library.rows(selected[:50]) if selected else []
        dialog = GenerateDialog(
            rows,
            library.campaigns(),
            system=rows[0].system if rows else self.services.settings.default_system(),
            check=self._refusal,
            parent=self.window,
        )
        order = answer(dialog, GenerateDialog.order)
        if order is not None:
            self.run_generate(order)

    def _request(self, order: GenerateOrder):
        library = self.actions.library
        if order.template is None or library is None:
            return order.request
        return replace(order.request, template=library.load(order.template))

    def _refusal(self, order: GenerateOrder) -> str:
        try:
            from sheetapp.ui.library.generate_dialog import refusal

            return refusal(self._request(order))
        except LibraryError as exc:
            return str(exc)

    def run_generate(self, order: GenerateOrder) -> list[int]:
        """Make the NPCs of ``order`` into the library; their ids."""
        library = self.actions.library
        if library is None:
            return []
        try:
            request = self._request(order)
        except LibraryError as exc:
            QMessageBox.warning(self.window, _("No NPCs made"), str(exc))
            return []

        from sheetapp.play.batch import generate_into

        def work(committed: Callable[[list[int]], None]):
            return generate_into(
                library,
                request,
                order.count,
                seed=order.seed,
                campaign=order.campaign,
                tags=order.tags,
                committed=committed,
            )

        try:
            outcome = self.session.perform(
                lambda _library: run_in_batches(
                    self.window, _("Generating NPCs…"), order.count, work
                ),
                lambda done: LibraryChanges(added=tuple(done.ids)),
            )
        except (LibraryError, ValueError) as exc:
            QMessageBox.warning(self.window, _("No NPCs made"), str(exc))
            return []
        self.actions.show_library_requested.emit()
        self.actions.tab.select_ids(outcome.ids)
        made = _("Generated {plural}").format(plural=plural(len(outcome.ids), 'NPC'))
        self.actions.report(made + (_("; stopped before the rest") if outcome.stopped else ""))
        return outcome.ids

    # --- award ------------------------------------------------------------------------------

    def award(self) -> None:
        from sheetapp.ui.library.award_dialog import AwardDialog

        ids, library = self.actions.targets(), self.actions.library
        if not ids or library is None or not self.actions.session.writable:
            return
        award = answer(AwardDialog(library.rows(ids), self.window), AwardDialog.award)
        if award is None:
            return
        try:
            report = self.session.award(ids, award)
        except LibraryError as exc:
            QMessageBox.warning(self.window, _("No XP awarded"), str(exc))
            return
        done = _("Awarded {amount} XP to {plural}").format(
            amount=number(award.amount), plural=plural(len(report.awarded), "sheet")
        )
        if report.refused:
            names = {r.id: r.name or _("sheet {id}").format(id=r.id) for r in library.rows(ids)}
            QMessageBox.warning(
                self.window,
                _("Not every sheet took the award"),
                _("{done}. The rules refused {plural}, left unchanged:\n\n").format(
                    done=done, plural=plural(len(report.refused), "sheet")
                )
                + refusals_text([(names.get(i, f"sheet {i}"), why) for i, why in report.refused]),
            )
        self.actions.report(done)
