"""The built bundle, run as a user would: starts, opens a sheet, prints with its own fonts
(shaping right-to-left names), and carries what it loads late (``--self-check``).

Skipped unless ``SHEETAPP_BUNDLE`` names the bundle's executable; ``packaging/build.py``
sets it after building.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import unicodedata
from pathlib import Path

import pytest
from pypdf import PdfReader

from sheetapp.systems.registry import system_ids

BUNDLE = os.environ.get("SHEETAPP_BUNDLE")
pytestmark = pytest.mark.skipif(not BUNDLE, reason="set SHEETAPP_BUNDLE to a built bundle")


def run(*args: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SHEETAPP_DATA_DIR": str(tmp_path / "data")}
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    return subprocess.run(
        [str(BUNDLE), *args], env=env, capture_output=True, text=True, timeout=120, check=False
    )


def test_the_bundle_starts_and_paints(tmp_path: Path) -> None:
    result = run("--smoke", tmp_path=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("ready in ")


def test_the_bundle_opens_a_sheet_given_on_the_command_line(tmp_path: Path) -> None:
    sheet = tmp_path / "hero.json"
    made = run(
        "new", "amazing-engine", "--random", "--seed", "5", "-o", str(sheet), tmp_path=tmp_path
    )
    assert made.returncode == 0, made.stderr
    shot = tmp_path / "shot.png"
    result = run("--smoke", str(sheet), "--screenshot", str(shot), tmp_path=tmp_path)
    assert result.returncode == 0, result.stderr
    assert shot.stat().st_size > 10_000  # a real picture of the window, not an empty file


def test_the_bundle_exports_a_pdf_with_its_bundled_font(tmp_path: Path) -> None:
    sheet, pdf = tmp_path / "Zoë.json", tmp_path / "out.pdf"
    run("new", "amazing-engine", "--random", "--seed", "8", "-o", str(sheet), tmp_path=tmp_path)
    result = run("export-pdf", str(sheet), "-o", str(pdf), tmp_path=tmp_path)
    assert result.returncode == 0, result.stderr
    reader = PdfReader(pdf)
    fonts = {
        str(font["/BaseFont"])
        for page in reader.pages
        for font in page["/Resources"]["/Font"].values()
    }
    assert any("NotoSans" in name for name in fonts), fonts
    assert "Amazing Engine" in reader.pages[0].extract_text()


def test_the_bundle_carries_every_registered_system(tmp_path: Path) -> None:
    # The registry imports systems by name, which PyInstaller cannot follow by itself.
    for system in system_ids():
        out = tmp_path / f"{system}.json"
        made = run("new", system, "--random", "--seed", "1", "-o", str(out), tmp_path=tmp_path)
        assert made.returncode == 0, made.stderr
        checked = run("validate", str(out), tmp_path=tmp_path)
        assert checked.returncode == 0, checked.stdout + checked.stderr


@pytest.mark.skipif(not shutil.which("pdftotext"), reason="needs poppler's pdftotext")
def test_the_bundle_shapes_an_arabic_name_in_its_pdf(tmp_path: Path) -> None:
    """uharfbuzz and python-bidi are compiled modules the bundle must carry: the name comes
    back from pdftotext as typed (NFKC folds the joined forms back into letters), and the
    joined forms themselves show that HarfBuzz shaped it."""
    sheet, pdf = tmp_path / "ahmad.json", tmp_path / "ahmad.pdf"
    run("new", "d6-pool", "--random", "--seed", "4", "-o", str(sheet), tmp_path=tmp_path)
    data = json.loads(sheet.read_text(encoding="utf-8"))
    data["name"] = "أحمد"
    sheet.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    result = run("export-pdf", str(sheet), "-o", str(pdf), tmp_path=tmp_path)
    assert result.returncode == 0, result.stderr
    text = subprocess.run(
        ["pdftotext", str(pdf), "-"], capture_output=True, check=True
    ).stdout.decode()
    assert "أحمد" in unicodedata.normalize("NFKC", text)
    assert any("\ufe70" <= c <= "\ufefc" for c in text), "the letters were not joined"


def test_the_bundle_carries_what_it_loads_late(tmp_path: Path) -> None:
    """Print preview (pypdfium2, QtPrintSupport) and the campaign libraries (pycrdt and
    pycrdt.websocket, websockets, cryptography, zeroconf, anyio, ifaddr), each used for
    real by the bundle's own ``--self-check``."""
    result = run("--self-check", tmp_path=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.count("ok: ") == 4, result.stdout
