"""Print preview and printing: the exported PDF's own pages, shown and sent to a printer.

What is previewed and printed is the PDF sheetapp exports, page for page, so the preview,
the printout and a saved PDF never differ. The preview's pages are rasterised by PDFium
(pypdfium2): a 4 MB wheel that renders a page in milliseconds, where Qt's own PDF module
would bring in the whole PySide6-Addons package (hundreds of MB) for the same job. What is
printed goes as the PDF itself wherever it can (``print_sending``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QSignalBlocker, QSize, Qt
from PySide6.QtGui import (
    QGuiApplication,
    QImage,
    QPageLayout,
    QPageSize,
    QPainter,
    QPalette,
    QPixmap,
)
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from sheetapp.i18n import N_, _
from sheetapp.ui.print_sending import PdfPages, send

ZOOMS = ((50, "50%"), (75, "75%"), (100, "100%"), (150, "150%"))
PAPERS = (("A4", "a4"), (N_("Letter"), "letter"))
SCREEN_DPI = 96

Export = Callable[[str], "bytes | None"]  # the PDF on a paper ("a4", "letter"); None: cancelled
Inputs = Callable[[], Sequence[Path]]  # files a print to file must never replace


def print_with_dialog(
    pages: PdfPages,
    paper: str,
    parent: QWidget | None,
    shown: tuple[int, int] | None = None,
    *,
    title: str = "sheet",
    inputs: Inputs = tuple,
) -> bool:
    """Qt's print dialog (printer, copies, page range, or a PDF file; ``shown``, the pages
    a preview shows, preset as the range), then the pages (``print_sending``); whether
    anything was printed. Raises OSError with a one-line reason when sending fails."""
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    size = QPageSize.PageSizeId.Letter if paper == "letter" else QPageSize.PageSizeId.A4
    printer.setPageSize(QPageSize(size))
    printer.setFullPage(True)  # the PDF has its own margins
    printer.setPageOrientation(QPageLayout.Orientation.Portrait)
    printer.setDocName(title)
    printer.setFromTo(*(shown or (1, len(pages))))
    if shown is not None and shown != (1, len(pages)):
        printer.setPrintRange(QPrinter.PrintRange.PageRange)
    dialog = QPrintDialog(printer, parent)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return False
    first, last = 1, len(pages)
    if printer.printRange() == QPrinter.PrintRange.PageRange and printer.fromPage() > 0:
        first, last = printer.fromPage(), min(printer.toPage(), len(pages))
    return send(pages, printer, paper, first, last, title=title, parent=parent, inputs=inputs)


class PrintPreview(QDialog):
    """The pages of ``data``; ``export`` makes them again when the paper changes."""

    @classmethod
    def open(
        cls,
        export: Export,
        paper: str,
        title: str,
        parent: QWidget | None,
        *,
        inputs: Inputs = tuple,
    ) -> PrintPreview | None:
        """A preview of ``export(paper)``, or None when making the PDF was cancelled."""
        data = export(paper)
        return None if data is None else cls(data, export, paper, title, parent, inputs=inputs)

    def __init__(
        self,
        data: bytes,
        export: Export,
        paper: str,
        title: str,
        parent: QWidget | None,
        *,
        inputs: Inputs = tuple,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("print_preview")
        self.setWindowTitle(_("Print Preview — {title}").format(title=title))
        self.resize(820, 640)
        self._export = export
        self._title = title
        self._inputs = inputs
        self.pages = PdfPages(data)

        self.paper = QComboBox(objectName="preview_paper")
        for label, key in PAPERS:
            self.paper.addItem(_(label), key)
        self.paper.setCurrentIndex(max(0, self.paper.findData(paper)))
        self._paper_shown = self.paper.currentIndex()
        self.paper.currentIndexChanged.connect(self._paper_changed)
        self.first = QSpinBox(objectName="preview_first")
        self.last = QSpinBox(objectName="preview_last")
        for box in (self.first, self.last):
            box.valueChanged.connect(self._show_pages)
        self.zoom = QComboBox(objectName="preview_zoom")
        for percent, label in ZOOMS:
            self.zoom.addItem(label, percent)
        self.zoom.setCurrentIndex(1)
        self.zoom.currentIndexChanged.connect(self._show_pages)
        print_button = QPushButton(_("&Print…"), objectName="preview_print")
        print_button.clicked.connect(self.print_dialog)
        close = QPushButton(_("Close"))
        close.clicked.connect(self.reject)

        self.paper.setToolTip(_("The paper the pages are laid out for"))
        self.first.setToolTip(_("The first page to show and print"))
        self.last.setToolTip(_("The last page to show and print"))
        self.zoom.setToolTip(_("How large the pages show here; printing is not affected"))
        bar = QHBoxLayout()
        for text, widget in (
            (_("Pape&r"), self.paper),
            (_("Pages &from"), self.first),
            (_("&to"), self.last),
            (_("&Zoom"), self.zoom),
        ):
            label = QLabel(text)
            label.setBuddy(widget)
            label.setToolTip(widget.toolTip())
            bar.addWidget(label)
            bar.addWidget(widget)
        bar.addStretch(1)
        bar.addWidget(print_button)
        bar.addWidget(close)
        self.strip = QWidget()
        self.strip_layout = QVBoxLayout(self.strip)
        self.strip_layout.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        scroll = QScrollArea(objectName="preview_pages")
        scroll.setWidget(self.strip)
        scroll.setWidgetResizable(True)
        layout = QVBoxLayout(self)
        layout.addLayout(bar)
        layout.addWidget(scroll)
        self._set_range()

    @property
    def page_range(self) -> tuple[int, int]:
        return self.first.value(), max(self.first.value(), self.last.value())

    def shown_pages(self) -> int:
        """The pages on screen (a page no longer in the range is gone at once)."""
        return len(self.strip.findChildren(QLabel))

    def _paper_changed(self) -> None:
        data = self._export(self.paper.currentData())
        if data is None:  # cancelled: the pages shown stay, and so does their paper
            with QSignalBlocker(self.paper):
                self.paper.setCurrentIndex(self._paper_shown)
            return
        self.pages = PdfPages(data)
        self._paper_shown = self.paper.currentIndex()
        self._set_range()

    def _set_range(self) -> None:
        count = len(self.pages)
        for box, value in ((self.first, 1), (self.last, count)):
            with QSignalBlocker(box):
                box.setRange(1, count)
                box.setValue(value)
        self._show_pages()

    def _show_pages(self) -> None:
        while self.strip_layout.count():
            item = self.strip_layout.takeAt(0)
            if item.widget() is not None:
                item.widget().setParent(None)  # gone now, not at the next event loop turn
        first, last = self.page_range
        dpi = SCREEN_DPI * self.zoom.currentData() / 100
        for number in range(first, last + 1):
            page = QLabel(objectName=f"preview_page_{number}")
            page.setPixmap(_framed(self.pages.image(number - 1, dpi)))
            page.setToolTip(
                _("Page {number} of {count}").format(number=number, count=len(self.pages))
            )
            self.strip_layout.addWidget(page)

    def print_dialog(self) -> bool:
        """Print from the preview, the range shown preset in the print dialog."""
        try:
            return print_with_dialog(
                self.pages,
                self.paper.currentData(),
                self,
                self.page_range,
                title=self._title,
                inputs=self._inputs,
            )
        except (OSError, ValueError) as exc:
            QMessageBox.critical(self, _("Not printed"), str(exc))
            return False


def _framed(image: QImage) -> QPixmap:
    """The page with a thin border, so white paper stands out from a white background."""
    pixmap = QPixmap(image.size() + QSize(2, 2))
    pixmap.fill(QGuiApplication.palette().color(QPalette.ColorRole.Dark))
    painter = QPainter(pixmap)
    painter.drawImage(1, 1, image)
    painter.end()
    return pixmap
