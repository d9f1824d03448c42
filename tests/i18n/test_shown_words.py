"""Words the rules' code hands to the window are read in the reader's language when shown.

Each table here was built at import (so English) or kept English words a sentence was
glued from; the pseudo-locale wraps every string from the catalog in markers, so a word
without them did not come through it.
"""

from __future__ import annotations

import argparse
import typing
from collections.abc import Iterator
from importlib import import_module

import pytest
from babel.messages.pofile import read_po
from pydantic import BaseModel

from sheetapp.cli.argparse_words import use_argparse_catalog
from sheetapp.cli.main import build_parser
from sheetapp.i18n import LOCALE_DIR, N_
from sheetapp.play.support import gm_support
from sheetapp.pseudo_locale import OPEN_MARK
from sheetapp.systems.alternity.modifiers import common_modifiers
from sheetapp.systems.amplitude.names import WOUND_LABELS
from sheetapp.systems.plugin import NewOptions
from sheetapp.systems.registry import UnknownSystemError, get_system, system_ids, wizard_text
from sheetapp.systems.wording import count, plain_count
from sheetapp.ui.list_table_model import choice_label
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


def _field_names(model: type[BaseModel], seen: set[type]) -> Iterator[str]:
    """Every field name of a sheet model and the models it holds."""
    if model in seen:
        return
    seen.add(model)
    for name, info in model.model_fields.items():
        yield name
        for held in _models(info.annotation):
            yield from _field_names(held, seen)


def _models(annotation: object) -> Iterator[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        yield annotation
        return
    for inner in typing.get_args(annotation):
        yield from _models(inner)


@pytest.mark.parametrize("system_id", system_ids())
def test_every_field_a_finding_names_is_in_the_catalog(system_id: str) -> None:
    """The findings dock's Field column: a field without a word of its own is read through
    the catalog by its name, so that name must be a string the catalog holds."""
    package = system_id.replace("-", "_")
    labels = import_module(f"sheetapp.systems.{package}.field_labels").field_label
    model = type(get_system(system_id).new(NewOptions()))
    template = read_po((LOCALE_DIR / "sheetapp.pot").open(encoding="utf-8"))
    unnamed = sorted(
        name
        for name in set(_field_names(model, set()))
        if name not in labels.words
        and name not in labels.hidden
        and name not in labels.stand_ins
        and name.replace("_", " ").capitalize() not in template
    )
    assert not unnamed, f"give these a word in {package}/field_labels.py: {unnamed}"


def _help_texts(parser: argparse.ArgumentParser) -> Iterator[tuple[str, str]]:
    for action in parser._actions:
        if action.help and action.help != argparse.SUPPRESS:
            yield f"{parser.prog} {'/'.join(action.option_strings) or action.dest}", action.help
        if isinstance(action, argparse._SubParsersAction):
            for choice in action.choices.values():
                yield from _help_texts(choice)


def test_every_command_line_help_reads_in_the_language(language) -> None:
    language("qps-ploc")
    use_argparse_catalog()
    untranslated = [
        f"{where}: {text!r}" for where, text in _help_texts(build_parser()) if OPEN_MARK not in text
    ]
    assert not untranslated, "\n".join(untranslated)


def test_a_choice_column_shows_its_label_in_the_language(language) -> None:
    language("qps-ploc")
    display = choice_label([(N_("Positive"), "positive"), ("–", None)])
    assert OPEN_MARK in display("positive") and display(None) == "–"
    assert display("something a file holds") == "something a file holds"
