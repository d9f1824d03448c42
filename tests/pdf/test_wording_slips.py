"""The wording slips are gone from every system's sheets and stat blocks, read back from
the PDF: counts agree with their nouns, a unit or a value never starts a line alone, skill
keys print as names, and weights in a column share one precision."""

from __future__ import annotations

import re
from itertools import pairwise

import pytest

from sheetapp.pdf.export import export_pdf_bytes
from sheetapp.systems.alternity.model import AlternitySheet, SpecialtySkill, Weapon
from sheetapp.systems.plugin import NewOptions
from sheetapp.systems.registry import get_system

from .factory import equipped_sheet, read, squashed, text_of

SYSTEMS = ["amazing-engine", "forgotten-futures", "d6-pool", "alternity", "amplitude"]
NOUNS = "success|die|point|turn|round|step|entry|character"
# one with a plural, or more than one with a singular (or a plural made by adding "s"/"e")
WRONG = re.compile(
    rf"(?<![\d.+-])(?:1 (?:dice|successes|points|turns|rounds|steps|entries|characters)"
    rf"|(?:[02-9]|\d\d+) (?:{NOUNS})(?![a-z])|successe(?!s)|\b\d+ dices)\b"
)
UNITS = {"m", "kg", "ft", "min", "m/turn"}
LABELS = {"Momentum", "DB", "Wound", "Thresholds", "Health", "Initiative", "Attack", "Move"}


def _lines(data: bytes) -> list[str]:
    return [
        line.replace("\xa0", " ").strip()
        for page in read(data).pages
        for line in page.extract_text().splitlines()
    ]


@pytest.mark.parametrize("system", SYSTEMS)
def test_no_wording_slips(system: str) -> None:
    plugin = get_system(system)
    sheets = [plugin.new(NewOptions(random=True, seed=seed)) for seed in range(6)]
    sheets += [plugin.new(NewOptions(random=True, seed=seed, npc=True)) for seed in range(3)]
    blocks = export_pdf_bytes(sheets, stat_blocks=True, invariant=True)
    for data in (export_pdf_bytes(sheets, invariant=True), blocks):
        lines = _lines(data)
        text = "\n".join(lines)
        assert not WRONG.search(text), WRONG.search(text)
        alone = [line for line in lines if line in UNITS]
        assert not alone, f"a unit alone on a line: {alone}"
    # a block's figures run as text, "Label value · Label value": a line never ends in a
    # label whose value starts the next (on a sheet, a label's value is in the next column)
    lines = _lines(blocks)
    split = [
        (line, after)
        for line, after in pairwise(lines)
        if line.split(" ")[-1] in LABELS and after[:1].isdigit()
    ]
    assert not split, f"a label parted from its value: {split}"


def test_a_specialty_key_prints_as_its_name() -> None:
    sheet = AlternitySheet(
        name="Ana",
        specialty_skills=[SpecialtySkill(broad="Modern Ranged Weapons", name="pistol")],
        weapons=[Weapon(name="Pistol", skill="Modern Ranged Weapons-pistol")],
    )
    text = text_of(export_pdf_bytes([sheet], invariant=True))
    assert "Weapons-pistol" not in squashed(text)
    assert squashed("Modern Ranged Weapons – pistol") in squashed(text)


def test_weights_in_a_column_share_one_precision() -> None:
    text = text_of(export_pdf_bytes([equipped_sheet()], invariant=True))
    # climbing rope 3.5, lantern 1.2, rations 0.5 and the tent 9: printed as 9.0
    assert all(w in text for w in ("3.5", "1.2", "0.5", "9.0"))
