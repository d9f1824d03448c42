"""Core XP transfers read the ledgers in order: XP goes to a character at its making, out of
XP deposited before it was made, and what that character deposits later is ordinary core XP."""

from __future__ import annotations

import json

import pytest

from sheetapp.storage.document import loads
from sheetapp.systems.amazing_engine import experience
from sheetapp.systems.amazing_engine.generation import add_character
from sheetapp.systems.amazing_engine.model import (
    AmazingEngineSheet,
    Character,
    CharacterXpEntry,
    CoreXpEntry,
)
from sheetapp.systems.amazing_engine.rules import check

from . import wolfgang

CAPTAIN = {**wolfgang.SMUGGLER_PRINTED, "willpower": 22}


def codes(sheet: AmazingEngineSheet) -> set[str]:
    return {f.code for f in check(sheet)}


def leo_alone() -> AmazingEngineSheet:
    return loads(json.dumps(wolfgang.document()))


def with_captain(sheet: AmazingEngineSheet) -> AmazingEngineSheet:
    """Leo retires and the smuggler captain is made from the core now."""
    retired = experience.retire(sheet, 0)
    captain = loads(json.dumps(wolfgang.document(smuggler=CAPTAIN))).characters[1]
    return add_character(retired, captain)


def test_the_operations_give_a_sheet_without_transfer_findings() -> None:
    sheet = experience.award(leo_alone(), 0, to_character=0, to_core=60)
    sheet = with_captain(sheet)
    sheet = experience.transfer(sheet, 1, 30)
    sheet = experience.award(sheet, 1, to_character=10, to_core=20)
    assert not {c for c in codes(sheet) if c.startswith("ae.xp")}
    assert experience.core_balance(sheet) == 50


def test_core_xp_deposited_after_a_character_was_made_is_beyond_its_reach() -> None:
    sheet = with_captain(leo_alone())
    sheet = experience.award(sheet, 0, to_character=0, to_core=60)  # Leo, after the captain
    assert experience.transfer_candidates(sheet) == []
    with pytest.raises(experience.XpRefused, match="when it is made"):
        experience.transfer(sheet, 1, 30)


def test_a_late_transfer_written_by_hand_is_reported() -> None:
    sheet = with_captain(leo_alone())
    sheet = experience.award(sheet, 0, to_character=0, to_core=60)
    assert sheet.core is not None
    sheet.core.xp_ledger.append(
        CoreXpEntry(kind="transfer", amount=-30, character=sheet.characters[1].id)
    )
    sheet.characters[1].xp_ledger.append(CharacterXpEntry(kind="transfer", amount=30))
    assert "ae.xp.transfer_late" in codes(sheet)


def test_only_the_characters_made_since_the_last_deposit_are_offered() -> None:
    sheet = experience.award(leo_alone(), 0, to_character=0, to_core=100)
    assert experience.transfer_candidates(sheet) == []  # Leo saw the XP deposited
    sheet = with_captain(sheet)
    assert experience.transfer_candidates(sheet) == [1]
    sheet = experience.transfer(sheet, 1, 40)
    assert experience.transfer_candidates(sheet) == [1]  # more at its making is fine
    sheet = experience.award(sheet, 1, to_character=5, to_core=5)
    assert experience.transfer_candidates(sheet) == []  # it has played since


def test_a_character_whose_making_is_not_recorded_takes_no_transfer() -> None:
    sheet = experience.award(leo_alone(), 0, to_character=0, to_core=100)
    sheet = sheet.model_copy(deep=True)
    sheet.characters.append(Character(name="Older", creation={"method": "from-core"}))
    assert "not recorded" in (experience.transfer_refusal(sheet, 1) or "")
