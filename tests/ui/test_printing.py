"""Export and print from the File menu, as a player would before a game night."""

from __future__ import annotations

import io
from pathlib import Path

from pypdf import PdfReader

from sheetapp.storage.document import load


def menu_action(window, text: str):
    file_menu = window.menuBar().actions()[0].menu()
    found = [a for a in file_menu.actions() if a.text().replace("&", "") == text]
    assert found, [a.text() for a in file_menu.actions()]
    return found[0]


def save_dialog_answers(monkeypatch, target: Path) -> None:
    monkeypatch.setattr(
        "PySide6.QtWidgets.QFileDialog.getSaveFileName", lambda *a, **k: (str(target), "")
    )


def test_export_pdf_writes_the_current_sheet_on_the_chosen_paper(
    window, hero_file, tmp_path, monkeypatch
) -> None:
    window.open_path(hero_file)
    letter = next(a for a in window.printing.paper_menu.actions() if a.data() == "letter")
    letter.trigger()
    assert window.settings.paper() == "letter"
    save_dialog_answers(monkeypatch, tmp_path / "night")
    menu_action(window, "Export PDF…").trigger()
    reader = PdfReader(tmp_path / "night.pdf")
    name = load(hero_file).characters[0].name
    assert name in "".join(page.extract_text() for page in reader.pages)
    assert round(float(reader.pages[0].mediabox.width)) == 612  # Letter, remembered
    assert "night.pdf" in window.statusBar().currentMessage()


def test_print_for_both_sides_starts_each_sheet_on_a_right_hand_page(
    window, hero_file, tmp_path, monkeypatch
) -> None:
    """The hero file holds a Player Core and characters: printed for both sides, the core's
    back is left empty; turned off (and remembered), it is not."""
    window.open_path(hero_file)
    window.printing.paper_menu.aboutToShow.emit()
    both = window.printing.both_sides
    assert both.isChecked() and window.settings.both_sides()
    save_dialog_answers(monkeypatch, tmp_path / "both.pdf")
    menu_action(window, "Export PDF…").trigger()
    both.trigger()
    assert not window.settings.both_sides()
    save_dialog_answers(monkeypatch, tmp_path / "one.pdf")
    menu_action(window, "Export PDF…").trigger()
    two_sided = PdfReader(tmp_path / "both.pdf")
    one_sided = PdfReader(tmp_path / "one.pdf")
    assert len(two_sided.pages) == len(one_sided.pages) + 1
    assert "left empty" in two_sided.pages[1].extract_text()


def test_stat_blocks_of_every_open_sheet(window, hero_file, tmp_path, monkeypatch) -> None:
    window.open_path(hero_file)
    window.new_random_npc()
    save_dialog_answers(monkeypatch, tmp_path / "npcs.pdf")
    menu_action(window, "Export Stat Blocks…").trigger()
    text = "".join(p.extract_text() for p in PdfReader(tmp_path / "npcs.pdf").pages)
    for document in window.documents():
        assert document.sheet.characters[0].name in text


def test_fillable_form_has_fields(window, tmp_path, monkeypatch) -> None:
    save_dialog_answers(monkeypatch, tmp_path / "form.pdf")
    menu_action(window, "Export Fillable Form…").trigger()
    assert len(PdfReader(tmp_path / "form.pdf").get_fields() or {}) > 20


def test_export_is_unavailable_without_a_sheet(window) -> None:
    assert not menu_action(window, "Export PDF…").isEnabled()
    assert not menu_action(window, "Print…").isEnabled()
    assert not menu_action(window, "Print Preview…").isEnabled()


def test_a_form_with_no_sheet_open_is_of_the_preferred_system(window, tmp_path, monkeypatch):
    window.settings.set_default_system("alternity")
    save_dialog_answers(monkeypatch, tmp_path / "form.pdf")
    menu_action(window, "Export Fillable Form…").trigger()
    text = "".join(p.extract_text() for p in PdfReader(tmp_path / "form.pdf").pages)
    assert "Alternity" in text and "Amazing Engine" not in text


def test_blank_and_fillable_forms_honour_the_large_print_preference(
    window, tmp_path, monkeypatch
) -> None:
    """A reader who asked for large print gets large blank forms too, turned sideways on
    more pages, their fields as large as the boxes drawn for them."""
    from sheetapp.pdf.export import export_blank_bytes

    window.settings.set_default_system("d6-pool")
    window.settings.set_large_print(True)
    for action, fillable in (("Export Blank Form…", False), ("Export Fillable Form…", True)):
        save_dialog_answers(monkeypatch, tmp_path / f"{fillable}.pdf")
        menu_action(window, action).trigger()
        large = PdfReader(tmp_path / f"{fillable}.pdf")
        normal = PdfReader(
            io.BytesIO(
                export_blank_bytes("d6-pool", paper=window.printing.paper(), fillable=fillable)
            )
        )
        page = large.pages[0].mediabox
        assert float(page.width) > float(page.height), action
        assert len(large.pages) > len(normal.pages), action
        if fillable:  # the name's field grows with its box
            assert _height(large, "character_name") > 1.5 * _height(normal, "character_name")


def _height(reader: PdfReader, name: str) -> float:
    """The height on paper of the field ``name``'s widget."""
    for page in reader.pages:
        for annot in page.get("/Annots") or []:
            field = annot.get_object()
            if field.get("/T") == name:
                _x0, y0, _x1, y1 = (float(v) for v in field["/Rect"])
                return y1 - y0
    raise AssertionError(name)
