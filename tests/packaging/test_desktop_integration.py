"""The files that make sheetapp a good desktop citizen agree with each other and with the app."""

from __future__ import annotations

import configparser
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PIL import Image

from sheetapp.storage.document import dumps
from sheetapp.systems.plugin import NewOptions
from sheetapp.systems.registry import get_system

PACKAGING = Path(__file__).resolve().parents[2] / "packaging"
APP_ID = "org.sheetapp.Sheetapp"
MIME = "application/x-sheetapp-sheet"
NS = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}


def desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    parser.read(PACKAGING / "linux" / f"{APP_ID}.desktop", encoding="utf-8")
    return parser["Desktop Entry"]


def test_the_menu_entry_opens_files_with_the_sheetapp_command() -> None:
    entry = desktop_entry()
    assert entry["Type"] == "Application"
    assert entry["Exec"].split() == ["sheetapp", "%F"]  # several dropped files at once
    assert entry["Icon"] == APP_ID
    assert MIME in entry["MimeType"].split(";")
    assert entry["Categories"].endswith(";")


def test_the_metainfo_names_the_menu_entry_and_the_file_type() -> None:
    root = ET.parse(PACKAGING / "linux" / f"{APP_ID}.metainfo.xml").getroot()
    assert root.findtext("id") == APP_ID
    assert root.findtext("launchable") == f"{APP_ID}.desktop"
    assert root.findtext("provides/mediatype") == MIME
    assert root.findtext("provides/binary") == "sheetapp"


def test_the_file_type_recognises_a_saved_sheet_by_its_content() -> None:
    root = ET.parse(PACKAGING / "linux" / "sheetapp-mime.xml").getroot()
    mime = root.find("m:mime-type", NS)
    assert mime is not None and mime.get("type") == MIME
    match = mime.find("m:magic/m:match", NS)
    assert match is not None
    start, end = (int(x) for x in match.get("offset", "").split(":"))
    text = dumps(get_system("amazing-engine").new(NewOptions()))
    # The magic must find the marker where our own writer puts it.
    assert match.get("value", "") in text[start : end + len(match.get("value", ""))]


@pytest.mark.parametrize("size", [16, 24, 32, 48, 64, 128, 256, 512])
def test_each_icon_size_is_a_square_picture_of_that_size(size: int) -> None:
    with Image.open(PACKAGING / "icons" / f"sheetapp-{size}.png") as image:
        assert image.size == (size, size)
        assert image.mode == "RGBA"


def test_windows_and_macos_icons_carry_the_sizes_their_shells_ask_for() -> None:
    with Image.open(PACKAGING / "icons" / "sheetapp.ico") as ico:
        assert {(16, 16), (32, 32), (48, 48), (256, 256)} <= set(ico.info["sizes"])
    with Image.open(PACKAGING / "icons" / "sheetapp.icns") as icns:
        assert {(128, 128, 1), (256, 256, 1), (512, 512, 1)} <= set(icns.info["sizes"])


def test_the_spec_builds_from_files_that_exist() -> None:
    spec = (PACKAGING / "sheetapp.spec").read_text(encoding="utf-8")
    assert "sheetapp_main.py" in spec and (PACKAGING / "sheetapp_main.py").exists()
    assert 'collect_submodules("sheetapp")' in spec  # registry imports systems by name
