"""The built bundle, run as a user would: starts, opens a sheet, prints with its own font.

Skipped unless ``SHEETAPP_BUNDLE`` names the bundle's executable; ``packaging/build.py``
sets it after building.
"""

from __future__ import annotations

import os
import subprocess
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
