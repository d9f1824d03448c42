"""The portrait on a character page: a damaged one is a finding and a "Portrait unreadable"
box (it used to kill the window with SIGSEGV when the page was shown), a good one is drawn,
and a picture chosen by a person is stored in a form the sheet accepts."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image
from PySide6.QtWidgets import QApplication, QLabel

from sheetapp.storage.document import dumps, load
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet
from sheetapp.systems.portraits import MAX_BYTES, portrait_uri, read_portrait
from sheetapp.ui.amazing_engine.character_page import PORTRAIT_SIZE, CharacterFormPage
from sheetapp.ui.main_window import MainWindow
from sheetapp.ui.portrait_image import STORED_SIDE

DAMAGED = ["data:image/png;base64,abc", "data:image/png;base64,é"]

SHOW_EVERY_PAGE = """
import sys
from pathlib import Path
from PySide6.QtWidgets import QApplication, QLabel, QTabWidget
app = QApplication([])
from sheetapp.ui.main_window import MainWindow
window = MainWindow()
window.show()
form = window.open_path(Path(sys.argv[1]))
pages = form.findChild(QTabWidget, "pages")
for index in range(pages.count()):
    pages.setCurrentIndex(index)
    app.processEvents()
print(form.findChild(QLabel, "portrait").text())
for document in window.documents():
    document.undo_stack.setClean()
"""


def with_portrait(hero_file: Path, tmp_path: Path, portrait: str) -> Path:
    document = json.loads(hero_file.read_text(encoding="utf-8"))
    document["characters"][0]["portrait"] = portrait
    path = tmp_path / "portrait.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


@pytest.mark.parametrize("portrait", DAMAGED)
def test_a_damaged_portrait_no_longer_kills_the_window(
    portrait: str, hero_file: Path, tmp_path: Path
) -> None:
    """From outside, as it was found: a separate process, since the old failure was SIGSEGV."""
    path = with_portrait(hero_file, tmp_path, portrait)
    shown = subprocess.run(
        [sys.executable, "-c", SHOW_EVERY_PAGE, str(path)],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert shown.returncode == 0, shown.stderr[-2000:]
    assert shown.stdout.strip().endswith("Portrait unreadable")
    assert "Traceback" not in shown.stderr


def character_page(window: MainWindow, path: Path) -> CharacterFormPage:
    form = window.open_path(path)
    form.show_character(0)
    QApplication.processEvents()
    page = form.pages.currentWidget()
    assert isinstance(page, CharacterFormPage)
    return page


def test_a_damaged_portrait_is_a_finding_that_leads_to_its_box(
    window: MainWindow, hero_file: Path, tmp_path: Path
) -> None:
    page = character_page(window, with_portrait(hero_file, tmp_path, DAMAGED[0]))
    assert page.portrait.pixmap().isNull() and page.portrait.text() == "Portrait unreadable"
    found = [f for f in window.current_form().document.findings if "portrait" in f.path]
    assert [f.code for f in found] == ["ae.portrait.unreadable"]
    assert window.current_form().focus_path(found[0].path)


def test_a_good_portrait_is_drawn_in_its_box(
    window: MainWindow, hero_file: Path, tmp_path: Path
) -> None:
    picture = tmp_path / "face.png"
    Image.new("RGB", (300, 400), (200, 120, 60)).save(picture)
    uri = portrait_uri("png", picture.read_bytes())
    page = character_page(window, with_portrait(hero_file, tmp_path, uri))
    pixmap = page.portrait.pixmap()
    assert (pixmap.width(), pixmap.height()) == (PORTRAIT_SIZE * 3 // 4, PORTRAIT_SIZE)
    assert page.findChild(QLabel, "portrait") is page.portrait


def test_a_chosen_picture_too_large_for_a_png_is_stored_so_the_sheet_accepts_it(
    window: MainWindow, hero_file: Path, tmp_path: Path
) -> None:
    """Noise with transparency: at 512 pixels a PNG of it is over a megabyte, more than a
    sheet's text field holds; the chooser stores a smaller JPEG instead of nothing."""
    picture = tmp_path / "noise.png"
    Image.frombytes("RGBA", (1200, 900), os.urandom(1200 * 900 * 4)).save(picture)
    page = character_page(window, hero_file)
    assert page.set_portrait_from_file(str(picture)) is None
    sheet: AmazingEngineSheet = window.current_form().document.sheet  # type: ignore[assignment]
    portrait = read_portrait(sheet.characters[0].portrait)
    assert portrait is not None and len(portrait.data) <= MAX_BYTES
    assert (portrait.width, portrait.height) == (STORED_SIDE, STORED_SIDE * 3 // 4)
    assert not page.portrait.pixmap().isNull()
    saved = tmp_path / "saved.json"
    saved.write_text(dumps(sheet), encoding="utf-8")
    assert load(saved).characters[0].portrait == sheet.characters[0].portrait
    window.current_form().document.undo_stack.setClean()


def test_a_file_that_is_not_a_picture_is_refused_with_a_reason(
    window: MainWindow, hero_file: Path, tmp_path: Path
) -> None:
    page = character_page(window, hero_file)
    assert page.set_portrait_from_file(str(hero_file)) == "not a picture sheetapp can read"
    assert window.current_form().document.sheet.characters[0].portrait == ""
