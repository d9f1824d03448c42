"""Words the rules' code hands to the window are read in the reader's language when shown.

Each table here was built at import (so English) or kept English words a sentence was
glued from; the pseudo-locale wraps every string from the catalog in markers, so a word
without them did not come through it.
"""

from __future__ import annotations

import pytest

from sheetapp.play.support import gm_support
from sheetapp.pseudo_locale import OPEN_MARK
from sheetapp.systems.alternity.modifiers import common_modifiers
from sheetapp.systems.amplitude.names import WOUND_LABELS
from sheetapp.systems.registry import UnknownSystemError, system_ids, wizard_text
from sheetapp.systems.wording import count, plain_count
from sheetapp.ui.table_box import list_undo_texts


def test_amplitude_wound_levels_read_in_the_language(language) -> None:
    language("qps-ploc")
    assert all(OPEN_MARK in WOUND_LABELS[level] for level in WOUND_LABELS)


def test_alternity_quick_list_reads_in_the_language_as_whole_names(language) -> None:
    language("qps-ploc")
    rows = common_modifiers()
    assert len(rows) > 20
    for group, name, _steps in rows:
        assert OPEN_MARK in group and name.startswith(OPEN_MARK), (group, name)


def test_alternity_quick_list_in_english_names_each_row_once() -> None:
    names = [name for _group, name, _steps in common_modifiers()]
    assert "Helper rolled critical failure" in names
    assert "Prepared very well (Awareness-perception)" in names
    assert "Made for throwing, short range" in names
    assert len(names) == len(set(names))


@pytest.mark.parametrize(
    "system_id", ["alternity", "amazing-engine", "d6-pool", "forgotten-futures"]
)
def test_npc_attribute_ranges_are_named_in_the_language(language, system_id: str) -> None:
    language("qps-ploc")
    support = gm_support(system_id)
    assert support.attributes
    for attribute in support.attributes:
        assert OPEN_MARK in support.attribute_label(attribute), attribute


def test_menus_and_messages_from_the_registry_read_in_the_language(language) -> None:
    language("qps-ploc")
    assert OPEN_MARK in wizard_text("amazing-engine")
    assert OPEN_MARK in str(UnknownSystemError("gurps"))
    assert "gurps" in str(UnknownSystemError("gurps"))
    assert all(system_id in str(UnknownSystemError("x")) for system_id in system_ids())


def test_list_undo_texts_are_whole_in_the_language(language) -> None:
    language("qps-ploc")
    for name in ("weapons", "armour", "equipment"):
        added, removed = list_undo_texts(name)
        assert added.startswith(OPEN_MARK) and removed.startswith(OPEN_MARK)


@pytest.mark.parametrize("noun", ["character", "die", "point", "round", "step", "success", "turn"])
def test_counts_the_sheets_make_read_in_the_language(language, noun: str) -> None:
    language("qps-ploc")
    for amount in (1, 3):
        assert OPEN_MARK in plain_count(amount, noun) and str(amount) in plain_count(amount, noun)
        assert " " not in count(amount, noun)  # one unbreakable count, as in English


def test_counts_in_english_agree_with_their_number() -> None:
    assert (plain_count(1, "turn"), plain_count(3, "round")) == ("1 turn", "3 rounds")
    assert (plain_count(1, "success"), plain_count(4, "die")) == ("1 success", "4 dice")
    assert count(-1, "step") == "-1\xa0step"
