"""Export PDF, print preview, print, and the paper size, for the File menu.

Preview and printing show and send the exported PDF's own pages (``print_preview``), so
what is printed is what Export PDF writes. The exporter itself (ReportLab) is imported on
first use, keeping it off the start-up path. Every PDF is made off the UI thread from
copies of the sheets (``pdf_job``), and written only when complete.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMenu, QMessageBox, QWidget

from sheetapp.i18n import N_, _
from sheetapp.storage.output_path import check_output
from sheetapp.ui.menu_actions import make_action
from sheetapp.ui.pdf_job import Progress, detached, make_pdf
from sheetapp.ui.save_target import ask_save_path
from sheetapp.ui.settings import Settings

if TYPE_CHECKING:  # the document brings pydantic; the window paints before it loads
    from sheetapp.ui.document import SheetDocument

PDF_FILTER = N_("PDF documents (*.pdf)")
PAPERS = (("A4", "a4"), (N_("Letter"), "letter"))


def locale_paper() -> str:
    """The paper this machine's locale expects ("a4" or "letter"), used until one is chosen."""
    from sheetapp.pdf.kit.paper import paper_from_environment

    return paper_from_environment()


def _safe_name(text: str) -> str:
    return re.sub(r"[^\w\- ]+", "", text).strip() or "sheet"


class PrintActions:
    """The menu actions; ``current`` gives the current document, ``open_documents`` all."""

    def __init__(
        self,
        parent: QWidget,
        settings: Settings,
        current: Callable[[], SheetDocument | None],
        open_documents: Callable[[], list[SheetDocument]],
        report: Callable[[str], None],
        files_in_use: Callable[[], list[Path]],
    ) -> None:
        self._parent = parent
        self._settings = settings
        self._current = current
        self._open = open_documents
        self._report = report
        self._files_in_use = files_in_use  # never written over (the output policy)
        self.export_pdf = self._make(
            _("&Export PDF…"),
            self.export_current,
            "Ctrl+E",
            _("Write the current sheet as a printable PDF"),
        )
        self.export_blocks = self._make(
            _("Export Stat Bloc&ks…"),
            self.export_stat_blocks,
            None,
            _("Every open sheet's characters as compact NPC blocks"),
        )
        self.export_blank = self._make(
            _("Export Blank For&m…"),
            lambda: self.export_blank_form(fillable=False),
            None,
            _("An empty sheet to fill in by hand"),
        )
        self.export_fillable = self._make(
            _("Export F&illable Form…"),
            lambda: self.export_blank_form(fillable=True),
            None,
            _("An empty sheet with form fields (Latin text only)"),
        )
        self.preview_action = self._make(
            _("Print Pre&view…"),
            self.preview_current,
            None,
            _("The printed pages, with paper size, page range and zoom"),
        )
        self.print_action = self._make(
            _("&Print…"),
            self.print_current,
            QKeySequence.StandardKey.Print,
            _("Print the current sheet: choose the printer, copies and pages"),
        )
        self.paper_menu = QMenu(_("Paper Si&ze"), parent)
        group = QActionGroup(parent)
        for label, paper in PAPERS:
            action = QAction(_(label), parent, checkable=True)
            action.setData(paper)
            group.addAction(action)
            self.paper_menu.addAction(action)
        group.triggered.connect(lambda action: self._settings.set_paper(action.data()))
        self.paper_menu.addSeparator()
        self.both_sides = QAction(_("Print for &Both Sides"), parent, checkable=True)
        self.both_sides.setToolTip(_("Start each sheet on a right-hand page (an empty back page)"))
        self.both_sides.toggled.connect(self._settings.set_both_sides)
        self.paper_menu.addAction(self.both_sides)
        self.paper_menu.aboutToShow.connect(self.show_paper)

    def _make(self, text: str, slot: Callable[[], object], shortcut: object, tip: str) -> QAction:
        return make_action(self._parent, text, slot, shortcut, tip)  # type: ignore[arg-type]

    def actions(self) -> list[QAction]:
        return [
            self.export_pdf,
            self.export_blocks,
            self.export_blank,
            self.export_fillable,
            self.preview_action,
            self.print_action,
        ]

    def show_paper(self) -> None:
        """Check the paper in use (the setting, which Preferences also writes)."""
        paper = self.paper()
        for action in self.paper_menu.actions():
            if action is not self.both_sides and not action.isSeparator():
                action.setChecked(action.data() == paper)
        self.both_sides.setChecked(self._settings.both_sides())

    def paper(self) -> str:
        return self._settings.paper() or locale_paper()

    # --- the actions ----------------------------------------------------------------------------

    def _ask_target(self, suggested: str) -> Path | None:
        start = self._settings.last_folder() / f"{_safe_name(suggested)}.pdf"
        target = ask_save_path(
            self._parent, _("Export PDF"), start, _(PDF_FILTER), ending=".pdf", suffix=".pdf"
        )
        if target is None:
            return None
        self._settings.set_last_folder(target.parent)
        return target

    def _write(self, target: Path, sheets: list, *, stat_blocks: bool = False) -> bool:
        from sheetapp.pdf.export import export_pdf_bytes

        paper, copies, duplex = self.paper(), detached(sheets), self._settings.both_sides()
        large = self._settings.large_print()

        def make(progress: Progress) -> bytes:
            return export_pdf_bytes(
                copies(),
                paper=paper,
                stat_blocks=stat_blocks,
                progress=progress,
                duplex=duplex,
                large=large,
            )

        return self._make_and_write(target, make)

    def _make_and_write(self, target: Path, make: Callable[[Progress], bytes]) -> bool:
        """Make the PDF off the UI thread, then write it; say in one line why not."""
        from sheetapp.pdf.export import write_pdf

        try:
            check_output(target, inputs=self._files_in_use(), replace=True)
            data = make_pdf(self._parent, _("Making the PDF"), make)
            if data is None:
                self._report(_("Cancelled: {name} not written").format(name=target.name))
                return False
            write_pdf(data, target)
        except (OSError, ValueError) as exc:
            QMessageBox.critical(self._parent, _("PDF not written"), f"{target}: {exc}")
            return False
        self._report(_("Wrote {target}").format(target=target))
        return True

    def export_current(self) -> bool:
        document = self._current()
        if document is None:
            return False
        target = self._ask_target(Path(document.display_name()).stem)
        return target is not None and self._write(target, [document.sheet])

    def export_stat_blocks(self) -> bool:
        sheets = [d.sheet for d in self._open()]
        if not sheets:
            return False
        target = self._ask_target(_("stat blocks"))
        return target is not None and self._write(target, sheets, stat_blocks=True)

    def export_blank_form(self, *, fillable: bool) -> bool:
        from sheetapp.pdf.export import export_blank_bytes

        document = self._current()
        system = document.plugin.id if document else self._settings.default_system()
        target = self._ask_target(_("fillable sheet") if fillable else _("blank sheet"))
        if target is None:
            return False
        paper, duplex = self.paper(), self._settings.both_sides()
        large = self._settings.large_print()  # the preference, as for a sheet's PDF

        def make(progress: Progress) -> bytes:
            return export_blank_bytes(
                system,
                paper=paper,
                fillable=fillable,
                progress=progress,
                duplex=duplex,
                large=large,
            )

        return self._make_and_write(target, make)

    def _sheet_pdf(self, document: SheetDocument) -> Callable[[str], bytes | None]:
        """The current sheet's PDF on a paper, made off the UI thread (None: cancelled)."""
        from sheetapp.pdf.export import export_pdf_bytes

        large = self._settings.large_print()
        copies = detached([document.sheet])
        duplex = self._settings.both_sides()

        def make(paper: str, progress: Progress) -> bytes:
            return export_pdf_bytes(
                copies(), paper=paper, progress=progress, duplex=duplex, large=large
            )

        def on(paper: str) -> bytes | None:
            return make_pdf(
                self._parent, _("Making the pages"), lambda progress: make(paper, progress)
            )

        return on

    def preview_current(self) -> bool:
        """File ▸ Print Preview: the pages as they will print; Print from there."""
        from sheetapp.ui.print_preview import PrintPreview

        document = self._current()
        if document is None:
            return False
        try:
            preview = PrintPreview.open(
                self._sheet_pdf(document),
                self.paper(),
                document.display_name(),
                self._parent,
                inputs=self._files_in_use,
            )
        except (OSError, ValueError) as exc:
            QMessageBox.critical(self._parent, _("No preview"), str(exc))
            return False
        if preview is None:
            self._report(_("Cancelled: no preview"))
            return False
        preview.exec()
        preview.deleteLater()
        return True

    def print_current(self) -> bool:
        """File ▸ Print: Qt's print dialog (printer, copies, pages, or a PDF file)."""
        from sheetapp.ui.print_preview import print_with_dialog
        from sheetapp.ui.print_sending import PdfPages

        document = self._current()
        if document is None:
            return False
        try:
            data = self._sheet_pdf(document)(self.paper())
            if data is None:
                self._report(_("Cancelled: nothing printed"))
                return False
            printed = print_with_dialog(
                PdfPages(data),
                self.paper(),
                self._parent,
                title=document.display_name(),
                inputs=self._files_in_use,
            )
        except (OSError, ValueError) as exc:
            QMessageBox.critical(self._parent, _("Not printed"), str(exc))
            return False
        if printed:
            self._report(
                _("Sent {display_name} to the printer").format(display_name=document.display_name())
            )
        return printed
