"""Sending the exported PDF where the print dialog points: a file, a CUPS printer, or any other.

What leaves the app is the PDF Export PDF writes, never a picture of it where that can be
helped:

- **Print to File** writes the exported PDF's own pages (all of them, or the range chosen),
  so the file is as small, sharp and searchable as an export. Painting page images into
  Qt's PDF printer made a picture-only file a hundred times larger, slowly, on the UI thread.
- **A printer, where CUPS runs** (Linux, macOS: ``lp`` on the PATH) gets that same PDF on
  ``lp``'s standard input: CUPS prints PDF itself, in vector, at the printer's resolution.
- **Any other printer** (Windows) gets the pages rasterised at its own resolution and painted
  through Qt, off the UI thread with progress and Cancel (``pdf_job``).
"""

from __future__ import annotations

import io
import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import pypdfium2 as pdfium
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QImage, QPageSize, QPainter, QTransform
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import QWidget

from sheetapp.i18n import N_, TranslatedTable, _
from sheetapp.storage.atomic import write_atomic
from sheetapp.storage.output_path import check_output
from sheetapp.ui.pdf_job import Progress, in_background

POINTS_PER_INCH = 72
LP_SECONDS = 60  # spooling a sheet's PDF takes well under a second; a hung lp is cut off
MEDIA = TranslatedTable({QPageSize.PageSizeId.A4: "A4", QPageSize.PageSizeId.Letter: N_("Letter")})
SIDES = {
    QPrinter.DuplexMode.DuplexLongSide: "two-sided-long-edge",
    QPrinter.DuplexMode.DuplexShortSide: "two-sided-short-edge",
    QPrinter.DuplexMode.DuplexNone: "one-sided",
}


class PdfPages:
    """An exported PDF, page by page, with its bytes kept for sending as they are."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self._document = pdfium.PdfDocument(data)

    def __len__(self) -> int:
        return len(self._document)

    def image(self, index: int, dpi: float) -> QImage:
        """Page ``index`` (from 0) at ``dpi`` dots per inch."""
        bitmap = self._document[index].render(scale=dpi / POINTS_PER_INCH, rev_byteorder=True)
        image = QImage(
            bytes(bitmap.buffer),
            bitmap.width,
            bitmap.height,
            bitmap.stride,
            QImage.Format.Format_RGB888,
        )
        return image.copy()  # own the pixels: the bitmap's buffer goes with the bitmap

    def pdf(self, first: int, last: int) -> bytes:
        """Pages ``first``..``last`` (from 1) as a PDF: the exported bytes themselves when
        that is every page, else those pages copied whole (text, fonts and vectors kept)."""
        if (first, last) == (1, len(self)):
            return self.data
        part = pdfium.PdfDocument.new()
        part.import_pages(self._document, list(range(first - 1, last)))
        out = io.BytesIO()
        part.save(out)
        part.close()
        return out.getvalue()


def print_pages(
    pages: PdfPages,
    printer: QPrinter,
    first: int,
    last: int,
    progress: Progress | None = None,
) -> int:
    """Paint pages ``first``..``last`` (from 1) onto ``printer`` at its resolution, each
    scaled to fit its page (turned where its orientation is not the paper's); ``progress``
    is told each page done (and may raise to stop). Returns how many went. Qt paints on a
    printer from any one thread at a time."""
    painter = QPainter()
    if not painter.begin(printer):
        raise OSError(_("the printer could not be started"))
    done = False
    try:
        dpi = printer.resolution()
        for number in range(first, last + 1):
            if number > first:
                printer.newPage()
            image = pages.image(number - 1, dpi)
            area = painter.viewport()
            if (image.width() > image.height()) != (area.width() > area.height()):
                # a landscape page (large print) on portrait paper, or the other way round:
                # turned, it fills the paper instead of shrinking to fit across it
                image = image.transformed(QTransform().rotate(90))
            size = image.size().scaled(area.size(), Qt.AspectRatioMode.KeepAspectRatio)
            painter.drawImage(QRect(area.topLeft(), size), image)
            if progress is not None:
                progress(number - first + 1)
        done = True
    finally:
        if not done:
            printer.abort()  # a cancelled or failed job prints nothing, not half a sheet
        painter.end()
    return last - first + 1


def lp_command(printer: QPrinter, paper: str, title: str) -> list[str] | None:
    """The ``lp`` command that prints a PDF from standard input as the dialog chose (printer,
    copies, sides, paper: the dialog's, else the sheet's), or None where there is no CUPS to
    hand it to."""
    lp = shutil.which("lp")
    if lp is None or sys.platform == "win32":
        return None
    command = [lp]
    if printer.printerName():
        command += ["-d", printer.printerName()]
    command += ["-n", str(max(1, printer.copyCount())), "-t", title or "sheet"]
    chosen = MEDIA.get(printer.pageLayout().pageSize().id())
    command += ["-o", f"media={chosen or ('Letter' if paper == 'letter' else 'A4')}"]
    sides = SIDES.get(printer.duplex())
    if sides is not None:
        command += ["-o", f"sides={sides}"]
    return command


def spool(command: Sequence[str], data: bytes, progress: Progress | None = None) -> bool:
    """Hand ``data`` to ``lp`` (True once spooled); its own complaint, in one line, when it
    refuses. ``progress`` is asked as it waits and may raise to stop it (Cancel): ``lp`` is
    then ended, and a job it had already queued is the print system's to cancel."""
    process = subprocess.Popen(
        list(command), stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    try:
        _unused, said = _talk(process, data, progress)
    except BaseException:
        process.kill()
        process.wait()
        raise
    if process.returncode != 0:
        lines = said.decode(errors="replace").strip().splitlines()
        raise OSError(
            lines[-1]
            if lines
            else _("lp stopped with status {returncode}").format(returncode=process.returncode)
        )
    return True


def _talk(
    process: subprocess.Popen[bytes], data: bytes, progress: Progress | None
) -> tuple[bytes, bytes]:
    """``communicate`` in slices, asking ``progress`` between them, within ``LP_SECONDS``."""
    for waited in range(0, LP_SECONDS * 10):
        try:
            return process.communicate(data if waited == 0 else None, timeout=0.1)
        except subprocess.TimeoutExpired:
            if progress is not None:
                progress(0)
    raise OSError(
        _("the print system did not answer within {LP_SECONDS} s").format(LP_SECONDS=LP_SECONDS)
    )


def send(
    pages: PdfPages,
    printer: QPrinter,
    paper: str,
    first: int,
    last: int,
    *,
    title: str,
    parent: QWidget | None,
    inputs: Callable[[], Sequence[Path]] = tuple,
) -> bool:
    """Send pages ``first``..``last`` where the dialog's ``printer`` points; False when the
    person cancelled on the way. Raises OSError with a one-line reason when it fails."""
    if printer.outputFormat() == QPrinter.OutputFormat.PdfFormat:
        name = printer.outputFileName()
        if not name:
            raise OSError(_("no file was named to print to"))
        check_output(name, inputs=inputs(), replace=True)  # the dialog asked before replacing
        write_atomic(name, pages.pdf(first, last))
        return True
    command = lp_command(printer, paper, title)
    if command is not None:
        data = pages.pdf(first, last)
        sent = in_background(
            parent, _("Sending to the printer"), lambda progress: spool(command, data, progress)
        )
        return sent is not None
    painted = in_background(
        parent,
        _("Printing"),
        lambda progress: print_pages(pages, printer, first, last, progress),
        holds_qt=True,  # the printer is ours to free once this returns
    )
    return painted is not None
