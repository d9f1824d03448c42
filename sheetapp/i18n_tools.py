"""Keeping the catalogs in step with the code: ``python -m sheetapp.i18n_tools COMMAND``.

- ``extract``: every string marked with ``_``, ``N_``, ``ngettext``, ``pgettext`` or
  ``counted`` in sheetapp/ (Babel's extractor), and every heading, paragraph, list item and
  table cell of the help topics (``sheetapp.help_text``), and the shipped name lists'
  titles and descriptions (``sheetapp.play.names``), into ``resources/locale/sheetapp.pot``.
- ``update``: the template merged into every language's ``sheetapp.po`` (new strings empty or
  fuzzy, strings gone from the code dropped); ``init LANG`` starts a language.
- ``pseudo``: the two test languages written from the template (``qps-ploc``: every string
  in markers and 40% longer; ``qps-plocm``: the same, mirrored right to left).
- ``compile``: every complete ``.po`` to the ``.mo`` the app reads (``sheetapp.i18n``); a
  language still lacking strings is not compiled, so the app does not offer it yet.
- ``all``: the four in that order, what to run after changing strings (docs/i18n.md).
- ``status``: how complete each language is.

Babel is only needed here and for number and date formatting, never before the first paint.
"""

from __future__ import annotations

import argparse
import datetime
import io
import re
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from sheetapp.help_text import pieces, topic_files
from sheetapp.i18n import DOMAIN, LOCALE_DIR, PSEUDO_LANGUAGES
from sheetapp.play.names import list_files
from sheetapp.pseudo_locale import pseudo_text

PACKAGE = Path(__file__).parent
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
# The call shapes that mark a string (Babel's keyword specs: argument numbers, "c" context).
KEYWORDS = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "counted": (2, 3),
}
HELP_NOTE = (
    "A piece of a help topic (Markdown): keep **bold**, *italics*, `code` and links; a "
    "command in bold reads as its menu or button does in this catalog."
)
NAMES_NOTE = (
    "A name list's title or description (Generate NPCs); the names themselves stay as "
    "the list writes them."
)
# Fixed, so running the tools twice writes the same files (no churn in git for a merge).
STAMP = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)


def extracted() -> Catalog:
    """Every marked string in the package, as a template."""
    template = Catalog(
        domain=DOMAIN, project="sheetapp", creation_date=STAMP, revision_date=STAMP, fuzzy=False
    )

    def wanted(folder: str) -> bool:
        return "__pycache__" not in folder and "resources" not in Path(folder).parts

    for filename, _lineno, message, comments, context in extract_from_dir(
        PACKAGE,
        method_map=[("**.py", "python")],
        keywords=KEYWORDS,
        comment_tags=("Translators:",),
        strip_comment_tags=True,
        directory_filter=wanted,
    ):
        if filename.endswith("i18n.py") or filename.endswith("plural.py"):
            continue  # the door's own doctest examples are not strings a person reads
        location = (f"sheetapp/{filename}", None)
        template.add(
            message,
            locations=[location],
            auto_comments=comments,
            context=context,
            flags=_flags(message),
        )
    for text, location, note in _resource_texts():
        template.add(text, locations=[(location, None)], auto_comments=[note], flags=_flags(text))
    return template


def _resource_texts() -> Iterator[tuple[str, str, str]]:
    """The texts of the shipped files a person reads (help topics piece by piece, name
    lists' titles), with the file they stand in and the translators' note for them."""
    for topic_id, english in topic_files():
        for piece in pieces(english):
            yield piece, f"resources/help/{topic_id}.md", HELP_NOTE
    for filename, names in list_files():
        for text in (names.name, names.description):
            if text:
                yield text, f"resources/names/{filename}", NAMES_NOTE


def _flags(message: str | tuple[str, ...]) -> tuple[str, ...]:
    text = message if isinstance(message, str) else message[0]
    return ("python-brace-format",) if re.search(r"\{[a-z_]\w*[^{}]*\}", text) else ()


def _write(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    write_po(
        buffer, catalog, width=100, sort_output=True, include_lineno=False, ignore_obsolete=True
    )
    if not path.exists() or path.read_bytes() != buffer.getvalue():
        path.write_bytes(buffer.getvalue())


def _read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as stream:
        return read_po(stream, locale=locale, domain=DOMAIN)


def languages() -> list[str]:
    """The translated languages (not the pseudo-locales), by their folders."""
    return sorted(
        entry.name
        for entry in LOCALE_DIR.iterdir()
        if (entry / "LC_MESSAGES" / f"{DOMAIN}.po").is_file() and entry.name not in PSEUDO_LANGUAGES
    )


def po_path(code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def extract() -> Catalog:
    template = extracted()
    _write(template, TEMPLATE)
    return template


def update(template: Catalog, codes: Iterable[str]) -> None:
    for code in codes:
        catalog = _read(po_path(code), locale=code)
        catalog.update(template, update_creation_date=False)
        catalog.obsolete.clear()
        _write(catalog, po_path(code))


def init(template: Catalog, code: str) -> None:
    """A new language's empty catalog, with its plural rule from Babel's locale data."""
    catalog = Catalog(locale=code, domain=DOMAIN, project="sheetapp", creation_date=STAMP)
    catalog.revision_date = STAMP
    catalog.update(template, update_creation_date=False)
    catalog.fuzzy = False
    _write(catalog, po_path(code))


def pseudo(template: Catalog) -> None:
    for code in PSEUDO_LANGUAGES:
        mirrored = code.endswith("m")
        catalog = Catalog(locale=None, domain=DOMAIN, project="sheetapp", creation_date=STAMP)
        catalog.revision_date = STAMP
        catalog.language_team = code
        catalog.fuzzy = False
        for message in template:
            if not message.id:
                continue
            if isinstance(message.id, (tuple, list)):
                string: str | tuple[str, ...] = tuple(pseudo_text(s, mirrored) for s in message.id)
            else:
                string = pseudo_text(message.id, mirrored)
            catalog[message.id] = Message(
                message.id, string, context=message.context, flags=message.flags
            )
        _write(catalog, po_path(code))


def compile_all() -> list[str]:
    """Every complete ``.po`` to the ``.mo`` the app reads; the languages left out because
    their catalog still lacks strings (a language ships once it is complete: the app offers
    only the languages with a ``.mo``, and tests/test_i18n.py holds those to 100%)."""
    partial = []
    for po in sorted(LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        catalog = _read(po, locale=None)
        mo = po.with_suffix(".mo")
        if missing(catalog):
            partial.append(po.parent.parent.name)
            mo.unlink(missing_ok=True)
            continue
        data = mo_bytes(catalog)
        if not mo.exists() or mo.read_bytes() != data:
            mo.write_bytes(data)
    return partial


def mo_bytes(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def missing(catalog: Catalog) -> list[str]:
    """The strings of ``catalog`` with no translation (empty or fuzzy)."""
    out = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, (tuple, list)) else [message.string]
        if message.fuzzy or not all(strings):
            out.append(message.id if isinstance(message.id, str) else message.id[0])
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m sheetapp.i18n_tools", description=__doc__)
    parser.add_argument(
        "command", choices=("extract", "update", "pseudo", "compile", "all", "init", "status")
    )
    parser.add_argument("language", nargs="?", help="with init: the new language's code")
    options = parser.parse_args(argv)
    if options.command == "init":
        if not options.language:
            parser.error("init needs a language code, e.g. init fr")
        init(_read(TEMPLATE), options.language)
        compile_all()
        return 0
    if options.command == "status":
        template = _read(TEMPLATE)
        for code in languages():
            left = len(missing(_read(po_path(code))))
            print(f"{code}: {len(template) - left}/{len(template)} translated")
        return 0
    template = extract() if options.command in ("extract", "all") else _read(TEMPLATE)
    if options.command in ("update", "all"):
        update(template, languages())
    if options.command in ("pseudo", "all"):
        pseudo(template)
    if options.command in ("compile", "all"):
        for code in compile_all():
            print(
                f"{code}: not complete, so not compiled (status lists what is left)",
                file=sys.stderr,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
