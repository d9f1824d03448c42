"""Print preview shows the exported PDF's own pages; printing sends the same pages."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import QDialog, QPushButton

from sheetapp.pdf.export import export_pdf_bytes
from sheetapp.storage.document import load
from sheetapp.ui.print_preview import PrintPreview
from sheetapp.ui.print_sending import PdfPages, print_pages

from .test_printing import menu_action


def make_preview(qtbot, hero_file: Path) -> tuple[PrintPreview, object]:
    sheet = load(hero_file)
    preview = PrintPreview.open(
        lambda paper: export_pdf_bytes([sheet], paper=paper), "a4", "hero", None
    )
    qtbot.addWidget(preview)
    return preview, sheet


def test_the_preview_shows_every_page_of_the_export(qtbot, hero_file: Path, tmp_path) -> None:
    preview, sheet = make_preview(qtbot, hero_file)
    exported = PdfReader(_write(tmp_path / "a4.pdf", export_pdf_bytes([sheet], paper="a4")))
    assert len(preview.pages) == len(exported.pages) == preview.shown_pages()
    preview.last.setValue(1)
    assert preview.shown_pages() == 1  # the page range narrows what is shown


def test_paper_and_zoom_change_the_pages(qtbot, hero_file: Path) -> None:
    preview, _ = make_preview(qtbot, hero_file)
    a4 = preview.strip_layout.itemAt(0).widget().pixmap().size()
    preview.paper.setCurrentIndex(preview.paper.findData("letter"))
    letter = preview.strip_layout.itemAt(0).widget().pixmap().size()
    assert letter.width() > a4.width() and letter.height() < a4.height()  # 8.5x11 vs A4
    preview.zoom.setCurrentIndex(preview.zoom.findData(150))
    assert preview.strip_layout.itemAt(0).widget().pixmap().width() > letter.width()


def test_printing_to_a_pdf_printer_sends_the_chosen_pages(hero_file: Path, tmp_path) -> None:
    data = export_pdf_bytes([load(hero_file)], paper="a4")
    pages = PdfPages(data)
    printer = QPrinter(QPrinter.PrinterMode.ScreenResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "printed.pdf"))
    assert print_pages(pages, printer, 1, len(pages)) == len(pages)
    assert len(PdfReader(tmp_path / "printed.pdf").pages) == len(pages)
    printer.setOutputFileName(str(tmp_path / "first.pdf"))
    print_pages(pages, printer, 1, 1)
    assert len(PdfReader(tmp_path / "first.pdf").pages) == 1


def _write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def print_to_file(monkeypatch, path: Path) -> None:
    """Answer Qt's print dialog as a person choosing "Print to File" would."""

    def accept(dialog) -> int:
        dialog.printer().setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        dialog.printer().setOutputFileName(str(path))
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(QPrintDialog, "exec", accept)


def test_file_print_sends_every_page(window, qtbot, hero_file: Path, tmp_path, monkeypatch):
    window.open_path(hero_file)
    print_to_file(monkeypatch, tmp_path / "printed.pdf")
    menu_action(window, "Print…").trigger()
    exported = export_pdf_bytes([load(hero_file)], paper=window.printing.paper())
    assert len(PdfReader(tmp_path / "printed.pdf").pages) == len(PdfPages(exported))
    assert "printer" in window.statusBar().currentMessage()


def test_print_preview_from_the_menu_prints_the_range_shown(
    window, qtbot, hero_file: Path, tmp_path, monkeypatch
):
    window.open_path(hero_file)
    print_to_file(monkeypatch, tmp_path / "two.pdf")

    def look_and_print(preview: PrintPreview) -> int:
        assert preview.shown_pages() == len(preview.pages) > 1
        preview.first.setValue(2)
        preview.findChild(QPushButton, "preview_print").click()
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(PrintPreview, "exec", look_and_print)
    menu_action(window, "Print Preview…").trigger()
    assert (
        len(PdfReader(tmp_path / "two.pdf").pages)
        == len(PdfPages(export_pdf_bytes([load(hero_file)], paper=window.printing.paper()))) - 1
    )


def test_file_print_honours_the_large_print_preference(
    window, qtbot, hero_file: Path, tmp_path, monkeypatch
):
    """Large print is a preference for printed sheets too: a reader who needs it prints
    from File > Print as anyone would, and gets the large-type pages, more of them."""
    window.settings.set_large_print(True)
    window.open_path(hero_file)
    print_to_file(monkeypatch, tmp_path / "printed.pdf")
    menu_action(window, "Print…").trigger()
    printed = PdfReader(tmp_path / "printed.pdf").pages
    large = export_pdf_bytes([load(hero_file)], paper=window.printing.paper(), large=True)
    normal = export_pdf_bytes([load(hero_file)], paper=window.printing.paper())
    assert len(printed) == len(PdfPages(large)) > len(PdfPages(normal))
    assert float(printed[0].mediabox.width) > float(printed[0].mediabox.height)


def test_a_landscape_page_is_turned_to_fill_a_portrait_printer_page(tmp_path) -> None:
    """A large-print page is landscape; painted onto a printer's portrait page as it was,
    it shrank to fit across (back to about the normal size): it is turned to fill it."""
    import subprocess

    from sheetapp.systems.plugin import NewOptions
    from sheetapp.systems.registry import get_system

    sheet = get_system("d6-pool").new(NewOptions(random=True, seed=2))
    pages = PdfPages(export_pdf_bytes([sheet], paper="a4", large=True))
    printer = QPrinter(QPrinter.PrinterMode.ScreenResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "printed.pdf"))
    print_pages(pages, printer, 1, 1)
    listed = subprocess.run(
        ["pdfimages", "-list", str(tmp_path / "printed.pdf")], capture_output=True, check=True
    )
    width, height = (int(n) for n in listed.stdout.decode().splitlines()[2].split()[3:5])
    assert height > width  # turned to the portrait page, so it is as large as it can be
