"""A ledger prints every entry by default; only an explicit ``ledger_last`` (the CLI's
``--ledger last:N``) prints fewer, and then it says how many it left out."""

from __future__ import annotations

import pytest
from pydantic import BaseModel

from sheetapp.pdf.export import export_pdf_bytes
from sheetapp.systems.amazing_engine.model import CharacterXpEntry
from sheetapp.systems.d6_pool.model import D6PoolSheet
from sheetapp.systems.d6_pool.model import XpEntry as D6XpEntry
from sheetapp.systems.forgotten_futures.model import BonusEntry, ForgottenFuturesSheet

from .factory import equipped_sheet, read

ENTRIES = 40


def _note(i: int) -> str:
    return f"entry{i:02d}x"


def _ae() -> BaseModel:
    sheet = equipped_sheet()
    sheet.characters = sheet.characters[:1]
    sheet.characters[0].xp_ledger = [
        CharacterXpEntry(kind="award", amount=5, note=_note(i)) for i in range(ENTRIES)
    ]
    return sheet


def _d6() -> BaseModel:
    entries = [D6XpEntry(kind="award", amount=5, note=_note(i)) for i in range(ENTRIES)]
    return D6PoolSheet(name="Ledgered", xp_ledger=entries)


def _ff() -> BaseModel:
    entries = [BonusEntry(kind="award", amount=5, note=_note(i)) for i in range(ENTRIES)]
    return ForgottenFuturesSheet(name="Ledgered", bonus_ledger=entries)


SHEETS = {"amazing-engine": _ae, "d6-pool": _d6, "forgotten-futures": _ff}


def _text(pdf: bytes) -> str:
    return "".join(page.extract_text() for page in read(pdf).pages)


@pytest.mark.parametrize("system", SHEETS)
def test_a_forty_entry_ledger_prints_all_forty(system: str) -> None:
    text = _text(export_pdf_bytes([SHEETS[system]()], invariant=True))
    assert [i for i in range(ENTRIES) if _note(i) not in text] == []
    assert "earlier entries" not in text


@pytest.mark.parametrize("system", SHEETS)
def test_ledger_last_prints_the_last_entries_and_says_so(system: str) -> None:
    text = _text(export_pdf_bytes([SHEETS[system]()], invariant=True, ledger_last=10))
    assert [i for i in range(ENTRIES) if _note(i) in text] == list(range(30, 40))
    assert "30 earlier entries are in the file" in text
