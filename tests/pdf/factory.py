"""Sheets for the PDF tests, made by the real procedure and then given gear and history."""

from __future__ import annotations

import base64
import io

import pypdf

from sheetapp.dice import Roller
from sheetapp.systems.amazing_engine import catalog
from sheetapp.systems.amazing_engine.generation import (
    random_from_core,
    random_npc_sheet,
    random_prime_sheet,
)
from sheetapp.systems.amazing_engine.model import (
    AmazingEngineSheet,
    CharacterXpEntry,
    CoreXpEntry,
    Equipment,
    Weapon,
)


def generic():
    return catalog.builtin_universes()["generic"]


def equipped_sheet(seed: int = 11, *, player: str = "Wolfgang") -> AmazingEngineSheet:
    sheet = random_prime_sheet(Roller(seed), generic(), player=player)
    character = sheet.characters[0]
    character.gender = "Female"
    character.handedness = "Left"
    character.appearance = "Tall and weathered.\nA scar across one eyebrow."
    character.weapons = [
        Weapon(name="Service revolver", damage="2d6", lethality=5, skill="Pistol", range="20 m"),
        Weapon(name="Hunting knife", damage="1d6+1", lethality=3, notes="balanced for throwing"),
    ]
    character.equipment = [
        Equipment(name="Climbing rope", weight_kg=3.5),
        Equipment(name="Storm lantern", weight_kg=1.2),
        Equipment(name="Field rations", weight_kg=0.5, quantity=6),
        Equipment(name="Folding tent", weight_kg=9, carried=False),
    ]
    character.xp_ledger = [
        CharacterXpEntry(kind="award", amount=75, note="the mine", date="06-01"),
        CharacterXpEntry(kind="tax", amount=-15, skill="Climbing", date="06-02"),
    ]
    assert sheet.core is not None
    sheet.core.xp_ledger = [CoreXpEntry(kind="award", amount=25, note="the mine")]
    sheet.characters.append(random_from_core(Roller(seed + 1), sheet, generic()))
    return sheet


def npc_sheets(count: int) -> list[AmazingEngineSheet]:
    sheets = []
    for seed in range(count):
        sheet = random_npc_sheet(Roller(seed), generic())
        sheet.characters[0].weapons = [Weapon(name="Cudgel", damage="1d6", lethality=2)]
        sheets.append(sheet)
    return sheets


def png_data_uri(width: int = 40, height: int = 60) -> str:
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", (width, height), (90, 120, 160)).save(buffer, format="PNG")
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


def read(data: bytes) -> pypdf.PdfReader:
    return pypdf.PdfReader(io.BytesIO(data))


def text_of(data: bytes) -> str:
    """The PDF's text as a reader sees it: non-breaking spaces (which only keep a label
    with its value, a number with its unit) read as spaces."""
    return "\n".join(page.extract_text() for page in read(data).pages).replace("\xa0", " ")


def squashed(text: str) -> str:
    """Text with all whitespace removed, for values a line break may split."""
    return "".join(text.split())
