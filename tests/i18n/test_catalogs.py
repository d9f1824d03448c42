"""The catalogs stay in step with the code: a string added or changed without running
``python -m sheetapp.i18n_tools all`` fails here, and so does a shipped language that lacks
a string or keeps one the code no longer has (a language ships once complete)."""

from __future__ import annotations

import re

import pytest
from babel.messages.catalog import Catalog

from sheetapp import i18n
from sheetapp.i18n_tools import TEMPLATE, _read, extracted, missing, mo_bytes, po_path
from sheetapp.pseudo_locale import CLOSE_MARK, OPEN_MARK

PLACEHOLDER = re.compile(r"\{([A-Za-z_]\w*)[^{}]*\}|%\(\w+\)[srd]")


def _ids(catalog: Catalog) -> set[object]:
    return {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in catalog if m.id}


def shipped() -> list[str]:
    """Every language the app offers (English is the code's own strings)."""
    return [code for code in i18n.available_languages() if code != i18n.SOURCE_LANGUAGE]


def test_the_template_holds_every_marked_string_and_no_other() -> None:
    in_code, in_template = _ids(extracted()), _ids(_read(TEMPLATE))
    assert sorted(map(str, in_code - in_template)) == [], "run: python -m sheetapp.i18n_tools all"
    assert sorted(map(str, in_template - in_code)) == [], "run: python -m sheetapp.i18n_tools all"


def test_the_pseudo_locales_ship() -> None:
    assert {"qps-ploc", "qps-plocm"} <= set(shipped())


@pytest.mark.parametrize("code", shipped())
def test_a_shipped_catalog_is_complete_and_not_stale(code: str) -> None:
    template, catalog = _read(TEMPLATE), _read(po_path(code), locale=None)
    assert sorted(map(str, _ids(template) - _ids(catalog))) == [], f"{code} lacks strings"
    assert sorted(map(str, _ids(catalog) - _ids(template))) == [], f"{code} has stale strings"
    assert missing(catalog) == [], f"{code} has untranslated or fuzzy strings"
    assert i18n.catalog_path(code).read_bytes() == mo_bytes(catalog), "compile the catalog"


@pytest.mark.parametrize("code", shipped())
def test_every_translation_keeps_its_placeholders(code: str) -> None:
    """A translation that drops or renames {name} would break .format() on screen."""
    wrong = []
    for message in _read(po_path(code), locale=None):
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        wanted = set(PLACEHOLDER.findall(ids[-1])) | set(PLACEHOLDER.findall(ids[0]))
        wanted.discard("")
        for string in strings:
            found = {name for name in PLACEHOLDER.findall(string) if name}
            if not found <= wanted:
                wrong.append((ids[0], string))
    assert wrong == []


def test_the_marker_locale_wraps_every_string_and_stretches_it(language) -> None:
    language("qps-ploc")
    shown = i18n._("Preferences")
    assert shown.startswith(OPEN_MARK) and shown.endswith(CLOSE_MARK)
    assert len(shown) >= len("Preferences") * 1.4
    assert i18n.ngettext("{n} sheet", "{n} sheets", 3).format(n=3).startswith(OPEN_MARK + "3 ")


def test_the_mirrored_locale_reads_right_to_left(language) -> None:
    language("qps-plocm")
    assert i18n.is_right_to_left()
    assert "\u202e" in i18n._("Preferences")


def test_an_empty_string_is_never_the_catalog_header(language) -> None:
    language("qps-ploc")
    assert i18n._("") == ""
