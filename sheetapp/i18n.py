"""The one door every string a person reads goes through: ``_`` for a sentence, ``ngettext``
for a counted one, ``pgettext`` where one English word means two things ("Level" of a skill
or of a character), ``N_`` to mark a string kept in a table and translated where it is shown.

Behind the door is gettext's catalog for the chosen language,
``resources/locale/<lang>/LC_MESSAGES/sheetapp.mo``, compiled from the ``.po`` beside it by
``tools/i18n.py`` (docs/i18n.md). The standard library's ``gettext`` reads it: argparse has
already imported that module, so choosing a language costs the start only the read of one
file, and English (the source strings) reads nothing at all.

Call these with whole sentences and named placeholders (``_("{name} takes {n} damage")
.format(...)``), never pieces glued together, and at the moment a string is shown (a
module-level ``_()`` runs once, before the language is chosen: keep tables in ``N_`` and
translate on display). Finding codes, JSON keys and file formats are identifiers and never
pass through here.

The language is process-wide, as Qt's translators are: ``use_language`` is called once at
start (``sheetapp.cli.main``) and by tests; nothing else changes it.
"""

from __future__ import annotations

import gettext
import os
import struct
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

__all__ = [
    "N_",
    "TranslatedTable",
    "_",
    "available_languages",
    "is_right_to_left",
    "language",
    "ngettext",
    "pgettext",
    "resolve_language",
    "translated",
    "upper_first",
    "use_language",
]

DOMAIN = "sheetapp"
SOURCE_LANGUAGE = "en"  # the strings in the code
# The package's own folder (resources/ is a symlink beside this file in a checkout, a real
# folder when installed), not importlib.resources, which is not loaded before the first paint.
LOCALE_DIR = Path(__file__).with_name("resources") / "locale"
# Written right to left: the window mirrors (Qt's layout direction) and so do the PDFs.
RIGHT_TO_LEFT = frozenset({"ar", "fa", "he", "ur", "qps-plocm"})
# The pseudo-locales tools/i18n.py makes from the template, for testing (docs/i18n.md).
PSEUDO_LANGUAGES = ("qps-ploc", "qps-plocm")


class _Active:
    """The chosen language and its catalog (one per process; see the module's docstring)."""

    code: str = SOURCE_LANGUAGE
    catalog: gettext.NullTranslations = gettext.NullTranslations()


def _(message: str) -> str:
    """``message`` in the reader's language ("" stays "": gettext would answer it with the
    catalog's header, and a table's empty entry is often read through here)."""
    return _Active.catalog.gettext(message) if message else message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted string for ``n`` in the reader's language (gettext's signature;
    English: ``singular`` for one, else ``plural``).

    >>> ngettext("{n} success", "{n} successes", 1).format(n=1)
    '1 success'
    >>> ngettext("{n} success", "{n} successes", 0).format(n=0)
    '0 successes'
    """
    return _Active.catalog.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the reader's language, told apart from the same English word used
    elsewhere by ``context``."""
    return _Active.catalog.pgettext(context, message)


def N_(message: str) -> str:
    """``message`` unchanged, marked for the catalog: for tables built at import, whose
    entries are passed through ``_`` where they are shown."""
    return message


class TranslatedTable(Mapping):  # type: ignore[type-arg]  (typing costs the start 2 ms)
    """A table of strings marked with ``N_`` at import, read in the reader's language at
    each lookup: ``TIPS = TranslatedTable({"score": N_("...")})`` then ``TIPS["score"]``.
    A nested table is translated the same way; anything not a string is given as it is.

    >>> TranslatedTable({"a": N_("Light"), "b": {"c": N_("Dark")}})["b"]["c"]
    'Dark'
    """

    def __init__(self, entries: Mapping) -> None:  # type: ignore[type-arg]
        self._entries = {
            key: TranslatedTable(value) if isinstance(value, Mapping) else value
            for key, value in entries.items()
        }

    def __getitem__(self, key: object) -> object:
        value = self._entries[key]
        return _(value) if isinstance(value, str) else value

    def marked(self, key: object) -> object:
        """The entry as marked, untranslated: for another table built at import whose
        entries are read through ``_`` where they are shown.

        >>> TranslatedTable({"a": N_("Light")}).marked("a")
        'Light'
        """
        return self._entries[key]

    def __iter__(self) -> Iterator[object]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)


def language() -> str:
    """The code of the language in use (``en``, ``de``, ``pt_BR``, ``qps-ploc``...)."""
    return _Active.code


def is_right_to_left(code: str | None = None) -> bool:
    """Whether ``code`` (default: the language in use) is written right to left."""
    return (code or _Active.code).split("_")[0] in RIGHT_TO_LEFT


def available_languages() -> list[str]:
    """English and every language with a compiled catalog, in code order."""
    try:
        shipped = [
            entry.name
            for entry in LOCALE_DIR.iterdir()
            if (entry / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file()
        ]
    except OSError:  # no locale folder: an English-only install
        shipped = []
    return sorted({SOURCE_LANGUAGE, *shipped})


def _shipped(wanted: str, shipped: list[str]) -> str | None:
    """The shipped language for a locale name: ``de_AT.UTF-8`` -> ``de``, ``pt`` -> ``pt_BR``,
    ``pt_BR`` -> ``pt_BR``; None when nothing fits."""
    name = wanted.split(".")[0].split("@")[0]
    if name.lower() in PSEUDO_LANGUAGES:
        return name.lower() if name.lower() in shipped else None
    name = name.replace("-", "_")
    if name in shipped:
        return name
    base = name.split("_")[0].lower()
    if base in shipped:
        return base
    return next((code for code in shipped if code.split("_")[0] == base), None)


def system_languages() -> list[str]:
    """The system's preferred locales, in gettext's order of environment variables."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable)
        if value:
            return [name for name in value.split(":") if name and name not in ("C", "POSIX")]
    return []


def preferred_language(settings_file: Path) -> str | None:
    """The language chosen in Preferences (``language`` under ``[preferences]`` in the INI
    file ``sheetapp.ui.settings`` writes), read without Qt so headless commands follow it
    too, and without configparser, which would cost every start a millisecond for one key;
    None for "as the system", no choice, or an unreadable file."""
    try:
        text = settings_file.read_text(encoding="utf-8")
    except (OSError, UnicodeError):
        return None
    section = ""
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip()
        elif section == "preferences" and line.partition("=")[0].strip() == "language":
            chosen = line.partition("=")[2].strip()
            return None if chosen in ("", "system") else chosen
    return None


def resolve_language(explicit: str | None = None, preferred: str | None = None) -> str:
    """The language to use: ``--lang``, else the Preferences choice, else the first of the
    system's locales sheetapp ships, else English.

    Raises ValueError when ``explicit`` names a language not shipped (the caller says so
    in one line); a stale preference or an unshipped system locale falls through instead.
    """
    shipped = available_languages()
    if explicit:
        found = _shipped(explicit, shipped)
        if found is None:
            raise ValueError(explicit)
        return found
    for wanted in ([preferred] if preferred else []) + system_languages():
        found = _shipped(wanted, shipped)
        if found:
            return found
    return SOURCE_LANGUAGE


def catalog_path(code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.mo"


def use_language(code: str) -> None:
    """Make ``code`` the language every later lookup answers in. English, or a language
    whose catalog is missing or unreadable, is the source strings."""
    catalog: gettext.NullTranslations = gettext.NullTranslations()
    if code != SOURCE_LANGUAGE:
        try:
            with catalog_path(code).open("rb") as stream:
                catalog = gettext.GNUTranslations(stream)
        except (OSError, ValueError, struct.error):  # missing, damaged: the source strings
            code = SOURCE_LANGUAGE
    _Active.code, _Active.catalog = code, catalog


def catalog_lookup(message: str) -> str | None:
    """``message``'s translation, or None when the catalog has none (the QTranslator bridge
    lets Qt's own catalogs answer then)."""
    found = _(message)
    return found if found != message or _Active.code == SOURCE_LANGUAGE else None


def upper_first(text: str) -> str:
    """``text`` with its first letter raised and every other left as the translator wrote
    it, for a translated phrase that starts a line. ``str.capitalize`` would lower the rest
    (German nouns keep their capitals: "Fleischwunde: Verlangsamt"), ``str.title`` would
    raise every word; a script without capitals is unchanged.

    >>> upper_first("fleischwunde: Verlangsamt"), upper_first("عقوبة الجسد"), upper_first("")
    ('Fleischwunde: Verlangsamt', 'عقوبة الجسد', '')
    """
    return text[:1].upper() + text[1:]


def translated(pairs: Iterable[tuple[object, str]]) -> list[tuple[object, str]]:
    """(key, label) pairs marked with ``N_`` in a table, with each label in the reader's
    language: ``for key, title in translated(TRACKS)``."""
    return [(key, _(label)) for key, label in pairs]
