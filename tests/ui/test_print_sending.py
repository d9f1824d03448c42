"""Printing sends the exported PDF itself: to a file byte for byte, to CUPS as a PDF.

Print to File once painted page pictures into Qt's PDF printer: 30 s with the window frozen
for a 39 MB file whose text could not be searched. These tests hold the replacement to what a
person checks: the file is the export (same size, same text), a page range is those pages
whole, an open sheet is never printed over, and a CUPS printer is handed the PDF with the
printer, copies and paper chosen in the dialog.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import QDialog, QMessageBox

from sheetapp.pdf.export import export_pdf_bytes
from sheetapp.storage.document import load
from sheetapp.ui.print_sending import PdfPages, spool

from .test_printing import menu_action


def choose_in_dialog(monkeypatch, *, file: Path | None = None, printer: str = "", copies=1):
    """Answer Qt's print dialog as a person would: Print to File, or a named printer."""

    def accept(dialog) -> int:
        if file is not None:
            dialog.printer().setOutputFormat(QPrinter.OutputFormat.PdfFormat)
            dialog.printer().setOutputFileName(str(file))
        dialog.printer().setCopyCount(copies)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(QPrintDialog, "exec", accept)
    if file is None:  # the offscreen platform has no printers: stand in for the chosen one
        native = QPrinter.OutputFormat.NativeFormat
        monkeypatch.setattr(QPrinter, "outputFormat", lambda self: native)
        monkeypatch.setattr(QPrinter, "printerName", lambda self: printer)


def fake_lp(tmp_path: Path, monkeypatch, *, status: int = 0, says: str = "") -> Path:
    """An ``lp`` on the PATH that keeps its arguments and the PDF it was handed."""
    folder = tmp_path / "bin"
    folder.mkdir()
    script = folder / "lp"
    script.write_text(
        "#!/bin/sh\n"
        f'printf "%s\\n" "$@" > "{tmp_path}/lp-args"\n'
        f'cat > "{tmp_path}/lp-input"\n'
        f'[ -n "{says}" ] && echo "{says}" >&2\n'
        f"exit {status}\n"
    )
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ['PATH']}")
    return tmp_path


def exported(window, hero_file: Path) -> bytes:
    return export_pdf_bytes([load(hero_file)], paper=window.printing.paper())


def test_print_to_file_writes_the_export_itself(window, hero_file, tmp_path, monkeypatch):
    window.open_path(hero_file)
    target = tmp_path / "printed.pdf"
    choose_in_dialog(monkeypatch, file=target)
    menu_action(window, "Print…").trigger()
    export = exported(window, hero_file)
    # the same pages, the same size within a few bytes (creation dates differ), real text
    assert abs(target.stat().st_size - len(export)) < 64
    reader = PdfReader(target)
    assert len(reader.pages) == len(PdfPages(export))
    name = load(hero_file).characters[0].name
    assert name in "".join(page.extract_text() for page in reader.pages)
    assert not reader.pages[0].images  # vector text, not a picture of the page


def test_a_page_range_prints_those_pages_whole(qtbot, hero_file, tmp_path):
    pages = PdfPages(export_pdf_bytes([load(hero_file)], paper="a4"))
    assert len(pages) > 2
    part = PdfReader(_write(tmp_path / "part.pdf", pages.pdf(2, 3)))
    whole = PdfReader(_write(tmp_path / "whole.pdf", pages.data))
    assert len(part.pages) == 2
    assert part.pages[0].extract_text() == whole.pages[1].extract_text()
    assert part.pages[1].extract_text() == whole.pages[2].extract_text()


def test_print_to_file_never_replaces_the_open_sheet(window, hero_file, monkeypatch):
    window.open_path(hero_file)
    before = hero_file.read_bytes()
    choose_in_dialog(monkeypatch, file=hero_file)
    said: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda *a: said.append(a[2]))
    menu_action(window, "Print…").trigger()
    assert hero_file.read_bytes() == before
    assert said and "hero.json" in said[0]


def test_a_cups_printer_is_handed_the_pdf_with_the_dialogs_choices(
    window, hero_file, tmp_path, monkeypatch
):
    window.open_path(hero_file)
    spooled = fake_lp(tmp_path, monkeypatch)
    choose_in_dialog(monkeypatch, printer="Office", copies=2)
    menu_action(window, "Print…").trigger()
    args = (spooled / "lp-args").read_text().split("\n")
    assert args[args.index("-d") + 1] == "Office"
    assert args[args.index("-n") + 1] == "2"
    media = "media=Letter" if window.printing.paper() == "letter" else "media=A4"
    assert media in args
    handed = (spooled / "lp-input").read_bytes()
    assert handed.startswith(b"%PDF") and abs(len(handed) - len(exported(window, hero_file))) < 64
    assert "printer" in window.statusBar().currentMessage()


def test_a_refusing_print_system_is_said_in_one_line(tmp_path, monkeypatch):
    fake_lp(tmp_path, monkeypatch, status=1, says="lp: The printer or class does not exist.")
    with pytest.raises(OSError, match=r"^lp: The printer or class does not exist\.$"):
        spool(["lp", "-d", "Nowhere"], b"%PDF-1.4")


def _write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def test_cancel_ends_a_slow_lp_at_once(tmp_path, monkeypatch):
    import time

    folder = tmp_path / "bin"
    folder.mkdir()
    (folder / "lp").write_text("#!/bin/sh\ncat > /dev/null\nsleep 30\n")
    (folder / "lp").chmod(0o755)
    started = time.monotonic()

    def cancelled_soon(_pages: int) -> None:
        if time.monotonic() - started > 0.3:
            raise KeyboardInterrupt  # what the job's progress raises once Cancel is pressed

    with pytest.raises(KeyboardInterrupt):
        spool([str(folder / "lp")], b"%PDF-1.4", cancelled_soon)
    assert time.monotonic() - started < 5  # lp was ended, not waited for


def test_a_cancelled_raster_print_aborts_the_printer_job(hero_file, tmp_path, monkeypatch):
    from sheetapp.ui.print_sending import print_pages

    pages = PdfPages(export_pdf_bytes([load(hero_file)], paper="a4"))
    printer = QPrinter(QPrinter.PrinterMode.ScreenResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "raster.pdf"))
    aborted: list[bool] = []
    monkeypatch.setattr(QPrinter, "abort", lambda self: aborted.append(True) or True)

    def stop_after_first(done: int) -> None:
        if done >= 1:
            raise RuntimeError("cancelled")

    with pytest.raises(RuntimeError):
        print_pages(pages, printer, 1, len(pages), stop_after_first)
    assert aborted == [True]


def test_work_holding_qt_objects_is_waited_for_after_cancel(qtbot, monkeypatch):
    """Cancel must not hand the caller back its printer while a page is still painting."""
    import time

    from PySide6.QtWidgets import QProgressDialog

    from sheetapp.ui.pdf_job import in_background

    monkeypatch.setattr(QProgressDialog, "wasCanceled", lambda self: True)
    finished: list[bool] = []

    def slow_pages(progress) -> int:
        try:
            for page in range(1, 50):
                time.sleep(0.2)
                progress(page)
            return 49
        finally:
            finished.append(True)

    assert in_background(None, "Printing", slow_pages, holds_qt=True) is None
    assert finished == [True]  # the work had stopped before control came back
