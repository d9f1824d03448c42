"""The manual reads in the person's language: every piece of every help topic goes through
the catalog, a translation keeps the page's Markdown, and a command named in bold reads as
the menu or button the person will look for."""

from __future__ import annotations

import re

import pytest
from babel.messages.catalog import Catalog

from sheetapp import i18n
from sheetapp.help_text import parse, pieces, topic_files, translated
from sheetapp.i18n_tools import _read, po_path
from sheetapp.pseudo_locale import CLOSE_MARK, OPEN_MARK, pseudo_text

BOLD = re.compile(r"\*\*(.+?)\*\*")
MARKUP = ("**", "`", "](")


def languages() -> list[str]:
    return [
        code
        for code in i18n.available_languages()
        if code not in (i18n.SOURCE_LANGUAGE, *i18n.PSEUDO_LANGUAGES)
    ]


def help_messages(catalog: Catalog) -> dict[str, str]:
    wanted = {piece for _id, english in topic_files() for piece in pieces(english)}
    return {m.id: m.string for m in catalog if isinstance(m.id, str) and m.id in wanted}


def shown(text: str) -> str:
    """A menu or button's words as a person reads them (no mnemonic ampersand)."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


def test_every_line_of_every_topic_is_kept_or_translated() -> None:
    """Split and joined again with nothing translated, a topic holds the same words in the
    same order: nothing a person reads falls between the pieces or is lost."""
    for topic_id, english in topic_files():
        assert translated(english, str).split() == english.split(), topic_id
        kept = " ".join(part for part in parse(english) if isinstance(part, str))
        assert not re.search(r"[A-Za-z]{3}", kept), f"{topic_id}: words left untranslatable"


def test_a_translation_stays_in_its_piece() -> None:
    english = "# Title\n\n- one\n  two\n- three\n\n| a | b |\n| --- | --- |\n"
    out = translated(english, lambda s: pseudo_text(s) + "\nnew line")
    assert out.splitlines()[0].startswith("# ⟦")
    assert [line[:3] for line in out.splitlines()] == ["# ⟦", "", "- ⟦", "- ⟦", "", "| ⟦", "| -"]


@pytest.mark.parametrize("code", languages())
def test_a_translated_piece_keeps_its_markdown(code: str) -> None:
    wrong = []
    for english, string in help_messages(_read(po_path(code), locale=None)).items():
        for mark in MARKUP:
            if english.count(mark) != string.count(mark):
                wrong.append(f"{mark!r} in {string[:60]!r}")
    assert wrong == []


@pytest.mark.parametrize("code", languages())
def test_a_command_in_bold_reads_as_its_menu_or_button(code: str) -> None:
    """'Choose **File ▸ Export PDF…**' must name what the menus say in this language, or
    the person looks for a command that is not there."""
    catalog = _read(po_path(code), locale=None)
    commands: dict[str, set[str]] = {}
    for m in catalog:
        if isinstance(m.id, str) and m.string and m.context is None and len(m.id) < 60:
            # A word with a context is not a command ("Next" as a table's column); one
            # English word may be two commands ("New…" for a sheet and an encounter,
            # a button and a table's heading): any of their translations is the command.
            commands.setdefault(shown(m.id), set()).add(shown(m.string))
    wrong = []
    for english, string in help_messages(catalog).items():
        bold_shown = BOLD.findall(string)
        for bold in BOLD.findall(english):
            for part in bold.split(" ▸ "):
                part = part.strip()
                # "d6 Dice Pool…": a menu item made of a name the catalog holds, and dots
                wants = commands.get(part) or {
                    f"{w}…" for w in commands.get(part.removesuffix("…"), set())
                }
                if wants and not any(w in b for w in wants for b in bold_shown):
                    wrong.append(f"**{part}** should read one of {wants}: {string[:80]!r}")
    assert wrong == []


def test_the_marker_locale_shows_every_piece_marked(language) -> None:
    """In qps-ploc every heading, paragraph, item and cell of every topic is in markers: a
    piece the extraction missed (a new kind of Markdown) would show bare."""
    language("qps-ploc")
    for topic_id, english in topic_files():
        for part in parse(translated(english, i18n._)):
            if isinstance(part, str):
                continue
            assert part.text.startswith(OPEN_MARK), (topic_id, part.text)
            assert part.text.endswith(CLOSE_MARK), (topic_id, part.text)
