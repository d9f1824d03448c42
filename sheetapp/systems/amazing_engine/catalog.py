"""Where universes come from: the shipped packs and the game master's own.

Shipped packs live in ``resources/universes/``; a game master's packs in
``<data dir>/universes/`` (``SHEETAPP_DATA_DIR`` moves the data dir). Both are read into one
``Catalogue``: the universes by id, where each came from, and the problems of every pack
that was refused or has warnings. A broken pack is reported and skipped; it never hides the
others. A game master's pack may not take the id of a shipped one (sheets that name
``generic`` must keep meaning the same thing): it is refused with a problem saying to choose
another id. Of two user packs with one id, the first by file name wins.

The catalogue is read once and kept in one explicit cache, ``_CACHE`` (changing
``SHEETAPP_DATA_DIR`` reads the new folder). Editing a pack changes nothing until
``reload_catalogue()`` is called, as the app's Reload button does; the shipped packs are
part of the installed program and read only once.

A sheet names its universe by id; ``universe_or_generic`` looks it up, falling back to the
generic universe (and the rules add a finding) when the id is not in the catalogue.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Literal

from sheetapp.bounded_read import read_limited
from sheetapp.data_dir import ENV_VAR, data_dir
from sheetapp.file_reasons import os_reason
from sheetapp.findings import Severity
from sheetapp.i18n import SOURCE_LANGUAGE, _, language
from sheetapp.systems.amazing_engine.packs import (
    MAX_PACK_BYTES,
    PackProblem,
    PackReport,
    parse_pack,
    read_pack,
    unreadable,
)
from sheetapp.systems.amazing_engine.universe import Universe
from sheetapp.systems.plugin import RequestError
from sheetapp.toml_lines import key_lines, line_of

GENERIC_ID = "generic"
USER_FOLDER = "universes"
MAX_USER_PACKS = 200

Source = Literal["shipped", "user"]


@dataclass(frozen=True)
class CatalogueEntry:
    universe: Universe
    source: Source
    file: str  # shipped: the pack's file name; user: its full path


@dataclass(frozen=True)
class Catalogue:
    """Every usable universe by id, in display order, and every pack problem found."""

    entries: Mapping[str, CatalogueEntry]
    problems: tuple[PackProblem, ...] = ()
    user_folder: Path | None = None
    refused: tuple[str, ...] = ()  # pack files read but kept out, as their problems name them
    universes: Mapping[str, Universe] = field(init=False)

    def __post_init__(self) -> None:
        view = MappingProxyType({k: e.universe for k, e in self.entries.items()})
        object.__setattr__(self, "universes", view)

    def problems_for(self, file: str) -> list[PackProblem]:
        return [p for p in self.problems if p.file == file]

    def __iter__(self) -> Iterator[CatalogueEntry]:
        return iter(self.entries.values())


def user_pack_folder() -> Path:
    """The folder a game master puts packs in (not created until someone needs it)."""
    return data_dir() / USER_FOLDER


# Where a shipped pack's names in other languages begin: they close each shipped file (a
# test holds them there), four times the rest of it, and an English reader never reads them.
_TRANSLATIONS = re.compile(rb"^\[translations[.\]]", re.MULTILINE)


def _without_translations(text: bytes) -> bytes:
    """A shipped pack's text up to its translations: parsing them cost every start about
    20 ms, for names an English reader never sees."""
    found = _TRANSLATIONS.search(text)
    return text if found is None else text[: found.start()]


def _shipped_packs() -> tuple[tuple[CatalogueEntry, ...], tuple[PackProblem, ...]]:
    """The shipped packs, with their translations only for a reader of another language."""
    return _shipped(translated=language() != SOURCE_LANGUAGE)


@cache
def _shipped(translated: bool) -> tuple[tuple[CatalogueEntry, ...], tuple[PackProblem, ...]]:
    """The shipped packs, read once: they are part of the installed program."""
    entries: list[CatalogueEntry] = []
    problems: list[PackProblem] = []
    folder = resources.files("sheetapp.resources").joinpath("universes")
    for item in sorted(folder.iterdir(), key=lambda e: (e.name != f"{GENERIC_ID}.toml", e.name)):
        if not item.name.endswith(".toml"):
            continue
        # The checks beyond the format are for packs a game master writes; the shipped ones
        # are held to zero problems by tests/systems/amazing_engine/test_universe_packs.py.
        text = item.read_bytes()
        shown = text if translated else _without_translations(text)
        report = parse_pack(shown, item.name, lint=False)
        problems += report.problems
        if report.usable and report.universe is not None:
            entries.append(CatalogueEntry(report.universe, "shipped", item.name))
    return tuple(entries), tuple(problems)


def builtin_universes() -> Mapping[str, Universe]:
    """The shipped universes by id (immutable, shared)."""
    return MappingProxyType({e.universe.id: e.universe for e in _shipped_packs()[0]})


def load_catalogue(user_folder: Path | None) -> Catalogue:
    """Read the shipped packs and those in ``user_folder``; never raises for a pack."""
    shipped, shipped_problems = _shipped_packs()
    entries: dict[str, CatalogueEntry] = {e.universe.id: e for e in shipped}
    problems = list(shipped_problems)
    refused = [p.file for p in shipped_problems if p.severity is Severity.ERROR]
    for path in _user_pack_paths(user_folder, problems):
        try:
            report = _read(path)
        except OSError as exc:
            problems.append(
                PackProblem(str(path), 1, Severity.ERROR, "pack.unreadable", _os_message(exc))
            )
            refused.append(str(path))
            continue
        problems += report.problems
        if not report.usable or report.universe is None:
            refused.append(str(path))
            continue
        clash = entries.get(report.universe.id)
        if clash is not None:
            problems.append(_clash(path, report.file, report.universe.id, clash))
            refused.append(str(path))
            continue
        entries[report.universe.id] = CatalogueEntry(report.universe, "user", str(path))
    return Catalogue(
        MappingProxyType(entries), tuple(problems), user_folder, tuple(dict.fromkeys(refused))
    )


def check_pack_file(path: Path) -> PackReport:
    """A pack file checked as the catalogue would take it, its id clash included.

    Raises OSError when the file cannot be read at all.
    """
    report = _read(path)
    if report.universe is None:
        return report
    entry = catalogue().entries.get(report.universe.id)
    if entry is not None and not _same_file(entry, path):
        problem = _clash(path, report.file, report.universe.id, entry)
        return PackReport(report.file, report.universe, (*report.problems, problem))
    return report


def _read(path: Path) -> PackReport:
    """``read_pack`` behind the pack boundary: OSError (no file to talk about) passes; any
    other failure, in reading the file as well as its text, refuses this pack alone."""
    try:
        return read_pack(path)
    except OSError:
        raise
    except Exception as exc:  # one pack, never the catalogue
        return unreadable(str(path), exc)


def _same_file(entry: CatalogueEntry, path: Path) -> bool:
    if entry.source == "user":
        return Path(entry.file).resolve() == path.resolve()
    shipped = resources.files("sheetapp.resources").joinpath("universes", entry.file)
    try:
        return Path(str(shipped)).resolve() == path.resolve()
    except OSError:
        return False


def _clash(path: Path, file: str, universe_id: str, taken: CatalogueEntry) -> PackProblem:
    try:
        text = read_limited(path, MAX_PACK_BYTES).decode("utf-8-sig")
        line = line_of(key_lines(text), ("id",))
    except (OSError, UnicodeDecodeError):
        line = 1
    owner = "a shipped universe" if taken.source == "shipped" else taken.file
    return PackProblem(
        file,
        line,
        Severity.ERROR,
        "pack.id_taken",
        f"id '{universe_id}' is already used by {owner}; give this pack its own id, "
        f'e.g. id = "{universe_id}-house" (the pack is not loaded)',
    )


def _user_pack_paths(folder: Path | None, problems: list[PackProblem]) -> list[Path]:
    if folder is None or not folder.is_dir():
        return []
    try:
        # Every .toml name but a folder (a place to keep things, never meant as a pack): a
        # pipe, a device or a broken link is reported by the reading as what it is, never
        # skipped in silence.
        paths = sorted(
            p
            for p in folder.iterdir()
            if p.suffix == ".toml" and not p.name.startswith(".") and not p.is_dir()
        )
    except OSError as exc:
        problems.append(PackProblem(str(folder), 1, Severity.ERROR, "pack.unreadable", str(exc)))
        return []
    if len(paths) > MAX_USER_PACKS:
        problems.append(
            PackProblem(
                str(folder),
                1,
                Severity.WARNING,
                "pack.too_many",
                f"only the first {MAX_USER_PACKS} packs (by file name) are read",
            )
        )
    return paths[:MAX_USER_PACKS]


def _os_message(exc: OSError) -> str:
    return _("cannot read the file: {reason}").format(reason=os_reason(exc))


class _CatalogueCache:
    """The one cache: the catalogue of the last data folder read, noted by the value of
    ``SHEETAPP_DATA_DIR`` it was read under (so finding the folder costs nothing per call)."""

    def __init__(self) -> None:
        self._setting: str | None = None
        self._catalogue: Catalogue | None = None

    def get(self) -> Catalogue:
        setting = os.environ.get(ENV_VAR)
        if self._catalogue is None or setting != self._setting:
            self._catalogue = load_catalogue(user_pack_folder())
            self._setting = setting
        return self._catalogue

    def clear(self) -> None:
        self._catalogue = None


_CACHE = _CatalogueCache()


def catalogue() -> Catalogue:
    """The catalogue for the current data dir, read on first use and then kept."""
    return _CACHE.get()


def reload_catalogue() -> Catalogue:
    """Read the game master's packs again (after editing one) and return the new catalogue."""
    _CACHE.clear()
    return catalogue()


def installed_universes() -> Mapping[str, Universe]:
    """Every usable universe by id: shipped first, then the game master's."""
    return catalogue().universes


def requested_universe(universes: Mapping[str, Universe], universe_id: str) -> Universe:
    """The universe a request (``sheetapp new --universe``, a batch of NPCs) names; refused,
    with the ids there are, when ``universes`` has none of that id."""
    if universe_id not in universes:
        raise RequestError(
            f"unknown universe '{universe_id}'; installed: {', '.join(sorted(universes))}"
        )
    return universes[universe_id]


def universe_or_generic(universe_id: str) -> tuple[Universe, bool]:
    """The universe for ``universe_id`` and whether it was found; falls back to generic."""
    found = installed_universes()
    if universe_id in found:
        return found[universe_id], True
    return found.get(GENERIC_ID) or _FALLBACK, False


def universe_name(universe_id: str) -> str:
    """What people call a universe (its pack's name, in the reader's language when the
    pack has it); the stored id when it is not installed, so a sheet from another table
    still says which one it meant."""
    universe, found = universe_or_generic(universe_id)
    return universe.shown_name if found else universe_id


# Only if the shipped generic pack itself were broken: the System Guide's defaults.
_FALLBACK = Universe(id=GENERIC_ID, name="Generic")
