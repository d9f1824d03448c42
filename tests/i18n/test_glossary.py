"""Every string of a language names a game term by the one word its glossary gives.

``docs/i18n/glossary-<lang>.csv`` (``.md`` for French) gives each game term one translation.
A shipped catalog whose string keeps the English term where the glossary has another word
("على BODY 4" where the Arabic glossary says الجسد) reads as two languages at once. A term
the glossary leaves as it is (Fitness in German) is not looked for, nor a term the English
string itself shows as code: a placeholder, a ``--json`` key, a command or an option.
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from sheetapp.i18n import LOCALE_DIR
from sheetapp.systems.registry import get_system, system_ids

GLOSSARIES = Path(__file__).parents[2] / "docs" / "i18n"
LANGUAGES = ("ar", "de", "es", "fr", "pt_BR")

# A glossary term that is also a word of the language, spelled the same: French "modifier"
# (to edit), "export" (the noun) and "sprint" (the noun; the glossary gives the verb),
# German "Attribute" (the plural of Attribut), Spanish "host" (a network's, not a campaign's).
SAME_SPELLING = {
    "fr": {"modifier", "sprint", "export"},
    "de": {"attribute"},
    "es": {"host"},
}
# Skill names the sheets show as the rules' data has them, which running text keeps so a
# player finds them there (glossary-fr.md, Conventions): "ajoutez Awareness".
RULES_DATA = {"Awareness", "Resolve"}
# English strings whose terms are what a person types or a file holds, read in English
# only (an FF Effect is "BODY+1", an action check's result "critical failure", a shared
# document's kind "character"): the terms are code there, and every translation keeps them.
TYPED = {
    "'{text}' is not a number, BODY or a skill with +N or /2": ("BODY",),
    "A number, or BODY or a skill with +N or /2: BODY+1, Melee+1, Melee/2, Brawl, M. Arts, "
    "Marksman.": ("BODY", "BODY+1", "Melee+1", "Melee/2", "Brawl", "M. Arts", "Marksman"),
    "{shown}: the Effect cannot be worked out ({problem}); write a number, or BODY or a skill "
    "with +N or /2.": ("BODY",),
    "'{typed}' is not an action check result: amazing, good, ordinary, marginal or critical "
    "failure": ("amazing", "good", "ordinary", "marginal", "critical failure"),
    "'{kind}' documents do not hold a sheet; a sheet is shared as a character or npc": (
        "character",
        "npc",
    ),
}
# Product names stay as they are in every language ("d6 Dice Pool", "Amazing Engine").
PRODUCTS = re.compile("|".join(re.escape(get_system(s).name) for s in system_ids()))

# What an English string shows as code, not as words: placeholders, markup, options and
# --json keys, commands, finding codes, quoted identifiers, keys.
CODE = re.compile(
    r"\{[^{}]*\}|%\([a-z_]+\)[srd]|<[^<>]+>|&[a-z]+;|`[^`]*`|--[\w-]+"
    r"|\bsheetapp(?: [a-z-]+){1,2}|\b[a-z0-9_]+(?:\.[a-z0-9_]+)+\b|\"[a-z_]+\"|'[a-z_]+'"
    r"|\[\[[a-z_]+\]\]"
    # a key in the help's bold ("**Tab**", "**Shift+Tab**"): what a person presses
    r"|\*\*(?:Ctrl|Shift|Alt|Tab|Enter|Esc|Del|Delete|Insert|F\d{1,2})(?:\+[^*]+)?\*\*"
)
PARENTHESES = re.compile(r"\s*\([^)]*\)")
ABBREVIATION = re.compile(r"\(([A-Z]{2,4})\)")
LETTERS = re.compile(r"[^\W\d_]+")


@dataclass(frozen=True)
class Term:
    english: str
    translation: str

    def pattern(self) -> re.Pattern[str]:
        """The English term as a whole word: as written when in capitals (BODY), else as
        written or with a capital first letter (sheet, Sheet)."""
        if self.english.isupper():
            spellings = [self.english]
        else:
            spellings = sorted({self.english, self.english[:1].upper() + self.english[1:]})
        return re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, spellings)) + r")(?![\w-])")


def _pairs(english: str, translation: str) -> list[tuple[str, str]]:
    """One glossary row as (English, translation) pairs: "BODY / MIND / SOUL" against
    "KÖRPER / GEIST / SEELE" gives three; "non-player character (NPC)" against
    "Nichtspielercharakter (NSC)" gives two, the abbreviation against the abbreviation (or
    against the whole word where the language has none)."""
    ours, theirs = ABBREVIATION.search(english), ABBREVIATION.search(translation)
    found = [(ours[1], theirs[1])] if ours and theirs else []  # none: the language keeps it
    return found + _words(PARENTHESES.sub("", english), PARENTHESES.sub("", translation))


def _words(english: str, translation: str) -> list[tuple[str, str]]:
    for separator in (" / ", ", "):
        left, right = english.split(separator), translation.split(separator)
        if len(left) > 1 and len(left) == len(right):
            return [(e.strip(), t.strip()) for e, t in zip(left, right, strict=True)]
    if " / " in english or ", " in english:
        return [(e.strip(), translation.strip()) for e in re.split(r" / |, ", english)]
    return [(english.strip(), translation.strip())]


def glossary(code: str) -> list[Term]:
    csv_path = GLOSSARIES / f"glossary-{code}.csv"
    rows: list[tuple[str, str]] = []
    if csv_path.exists():
        with csv_path.open(encoding="utf-8") as stream:
            rows = [(row["term"], row[code]) for row in csv.DictReader(stream)]
    else:
        for line in (GLOSSARIES / f"glossary-{code}.md").read_text(encoding="utf-8").splitlines():
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            if line.startswith("|") and len(cells) >= 2 and not set(cells[0]) <= set("- "):
                if cells[0] != "English":
                    rows.append((cells[0], cells[1]))
    terms = []
    for english, translation in rows:
        for term, word in _pairs(english, translation):
            if not term or not word or term in SAME_SPELLING.get(code, set()):
                continue
            if term.casefold() in word.casefold().split(" / ") or re.search(
                rf"(?<!\w){re.escape(term)}(?!\w)", word, re.IGNORECASE
            ):
                continue  # the language keeps the English word (Fitness, XP)
            terms.append(Term(term, word))
    return terms


def _copied(text: str, start: int, end: int, source: str) -> bool:
    """Whether the word at ``start:end`` of ``text`` stands in a run of two or more words
    copied as they are from the English ``source``: a name ("Amazing Engine", an Alternity
    skill "Resolve-physical resolve"), a command ("campaign serve") or a list of typed
    values ("amazing, good, ordinary"), which stay English on purpose."""
    before = [m for m in LETTERS.finditer(text, 0, start)][-1:]
    after = LETTERS.search(text, end)
    return any(
        text[a:b] in source
        for a, b in (
            (before[0].start(), end) if before else (0, 0),
            (start, after.end()) if after else (0, 0),
        )
        if b > a
    )


def english_terms(code: str, path: Path | None = None) -> list[str]:
    """Every string of the language's catalog (or of the ``.po`` at ``path``) that keeps a
    glossary term in English: a whole word of the English string left standing alone among
    the language's words."""
    terms = [(term, term.pattern()) for term in glossary(code)]
    path = path or LOCALE_DIR / code / "LC_MESSAGES" / "sheetapp.po"
    with path.open("rb") as stream:
        catalog = read_po(stream)
    found = []
    for message in catalog:
        if not message.id or not message.string:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        if ids[0] in TYPED:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        source = " ".join(CODE.sub(" ", text) for text in ids)
        as_code = " ".join(span for text in ids for span in CODE.findall(text))
        for text in strings:
            words = PRODUCTS.sub(" ", CODE.sub(" ", text))
            for term, pattern in terms:
                if not pattern.search(source) or pattern.search(as_code):
                    continue  # not the English string's word, or its code
                if any(
                    m.group() not in RULES_DATA and not _copied(words, m.start(), m.end(), source)
                    for m in pattern.finditer(words)
                ):
                    found.append(f"{term.english} -> {term.translation}: {ids[0]!r} = {text!r}")
    return found


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_string_uses_the_glossarys_word(code: str) -> None:
    found = english_terms(code)
    assert not found, f"{len(found)} strings keep a game term in English:\n" + "\n".join(found)


@pytest.mark.parametrize("code", LANGUAGES)
def test_what_a_person_types_stays_as_the_rules_read_it(code: str) -> None:
    """The FF Effect field reads "BODY+1" and "Melee/2", not "KÖRPER+1" or "Nahkampf/2":
    a help text that translates the syntax tells a player to type what is refused."""
    with (LOCALE_DIR / code / "LC_MESSAGES" / "sheetapp.po").open("rb") as stream:
        catalog = read_po(stream)
    lost = [
        f"{message_id!r} = {catalog[message_id].string!r} lacks {kept!r}"
        for message_id, typed in TYPED.items()
        if message_id in catalog
        for kept in typed
        if kept not in catalog[message_id].string
    ]
    assert not lost, "\n".join(lost)


def test_the_check_finds_an_english_term_beside_its_translation() -> None:
    body = Term("BODY", "الجسد")
    assert body.pattern().search("على BODY 4")
    assert not body.pattern().search("ANYBODY")
    sheet = Term("sheet", "Bogen")
    assert sheet.pattern().search("Neues Sheet") and not sheet.pattern().search("Sheets-Ordner")
    assert ("BODY", "KÖRPER") in _pairs("BODY / MIND / SOUL", "KÖRPER / GEIST / SEELE")
    assert not CODE.sub(" ", "--body {BODY} sheetapp roll").strip()


def test_a_catalog_with_the_english_term_fails(tmp_path: Path) -> None:
    po = tmp_path / "ar.po"
    po.write_text(
        'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "Walk 15 ft, push on BODY {roll}"\nmsgstr "امشِ 15 قدمًا، ادفع على BODY {roll}"\n\n'
        'msgid "Heals on BODY {roll}"\nmsgstr "يُشفى على الجسد {roll}"\n\n'
        'msgid "{n} in the --body field"\nmsgstr "{n} في الحقل --body"\n',
        encoding="utf-8",
    )
    found = english_terms("ar", po)
    assert len(found) == 1 and "push on BODY" in found[0]
