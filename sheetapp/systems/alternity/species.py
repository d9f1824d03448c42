"""The game master's species table: each species' movement rates, read from the user's data.

The Alternity excerpt has no species movement table, so sheetapp ships none: a game master
who has the numbers writes them once in ``<data dir>/alternity/species.toml``::

    [[species]]
    name = "Human"
    sprint = 8
    walk = 2

one ``[[species]]`` per species, its ``name`` and any of the rates of ``MOVES`` in metres a
phase (whole numbers; a mode left out has no rate). A bad entry is left out with one line
saying which and why (file, line, species); the others are kept. Names are matched without
regard to case or surrounding spaces.

The table is kept in one explicit cache and read again only when the file changes (or
``SHEETAPP_DATA_DIR`` does). It feeds the form's species field and the random hero
generator.
"""

from __future__ import annotations

import os
import sys
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

from pydantic import ValidationError

from sheetapp.bounded_read import read_limited
from sheetapp.data_dir import ENV_VAR, data_dir
from sheetapp.file_reasons import os_reason
from sheetapp.i18n import _
from sheetapp.systems.alternity.derived import MOVES
from sheetapp.systems.alternity.model import Movement
from sheetapp.toml_lines import key_lines, line_of

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

FOLDER = "alternity"
FILE = "species.toml"
MAX_BYTES = 1024 * 1024  # far more than any table of species; a larger file is refused
MAX_NAME = 200
MAX_RATE = 999  # metres a phase: what the form's and the wizard's movement fields hold


@dataclass(frozen=True)
class Species:
    name: str  # as the table writes it
    movement: Movement


@dataclass(frozen=True)
class SpeciesTable:
    """The species by matching key (``key``), in the file's order, and one line for each
    problem found."""

    species: Mapping[str, Species] = field(default_factory=lambda: MappingProxyType({}))
    problems: tuple[str, ...] = ()

    def find(self, name: str) -> Species | None:
        return self.species.get(key(name))

    def names(self) -> list[str]:
        return [s.name for s in self.species.values()]


def key(name: str) -> str:
    """How a species' name is matched: case and surrounding spaces do not count."""
    return " ".join(name.split()).casefold()


def _visible(name: str) -> bool:
    """Whether ``name`` shows anything: not only spaces, controls and invisible marks
    (a zero-width space would complete as an empty-looking name)."""
    return any(unicodedata.category(c)[0] not in "ZC" for c in name)


def species_file() -> Path:
    """Where the game master's table is read from (not created by sheetapp)."""
    return data_dir() / FOLDER / FILE


def parse_species(text: str, source: str) -> SpeciesTable:
    """The table in ``text`` (the file ``source``); never raises for what the file holds."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        return SpeciesTable(
            problems=(_("{file}: not valid TOML: {why}").format(file=source, why=exc),)
        )
    lines = key_lines(text)
    problems: list[str] = []
    unknown = sorted(k for k in data if k != "species")
    if unknown:
        problems.append(
            _("{file}, line {line}: unknown key '{key}' (only [[species]] tables)").format(
                file=source, line=line_of(lines, (unknown[0],)), key=unknown[0]
            )
        )
    entries = data.get("species", [])
    if not isinstance(entries, list):
        where = line_of(lines, ("species",))
        message = _("{file}, line {line}: write each species as a [[species]] table")
        return SpeciesTable(problems=(*problems, message.format(file=source, line=where)))
    found: dict[str, Species] = {}
    for index, entry in enumerate(entries):
        problem = _entry_problem(entry, found)
        if isinstance(problem, Species):
            found[key(problem.name)] = problem
            continue
        problem, at = problem
        where = line_of(lines, ("species", index, *at))
        problems.append(
            _("{file}, line {line}: species {number} left out: {why}").format(
                file=source, line=where, number=index + 1, why=problem
            )
        )
    return SpeciesTable(MappingProxyType(found), tuple(problems))


def _entry_problem(
    entry: object, found: Mapping[str, Species]
) -> Species | tuple[str, tuple[str, ...]]:
    """The species ``entry`` describes, or why it cannot be used (one phrase) and the key
    to point at."""
    if not isinstance(entry, dict):
        return _("write it as a [[species]] table"), ()
    name = entry.get("name")
    if not isinstance(name, str) or not _visible(name):
        return _('it has no name (name = "...")'), ()
    if any(unicodedata.category(c) == "Cc" for c in name):
        # a NUL or a line break cannot go in the sheet's species field
        return _("its name holds a control character"), ("name",)
    if len(name) > MAX_NAME:
        return _("its name is longer than {n} characters").format(n=MAX_NAME), ("name",)
    if key(name) in found:
        return _("'{name}' is already in the table").format(name=name.strip()), ("name",)
    rates = {k: v for k, v in entry.items() if k != "name"}
    unknown = sorted(k for k in rates if k not in MOVES)
    if unknown:
        why = _("'{name}': unknown rate '{key}' (the rates are {known})").format(
            name=name.strip(), key=unknown[0], known=", ".join(MOVES)
        )
        return why, (unknown[0],)
    try:
        movement = Movement.model_validate(rates)
        bad = next((m for m in MOVES if (getattr(movement, m) or 0) > MAX_RATE), None)
    except ValidationError as exc:
        error = exc.errors()[0]
        bad = str(error["loc"][0]) if error["loc"] else "rate"
    if bad is not None:
        why = _("'{name}': {mode} must be a whole number of metres from 0 to {most}").format(
            name=name.strip(), mode=bad, most=MAX_RATE
        )
        return why, (bad,)
    return Species(name.strip(), movement)


def read_species(path: Path) -> SpeciesTable:
    """The table in the file at ``path``: empty, with no problem, when there is none."""
    try:
        data = read_limited(path, MAX_BYTES)
    except FileNotFoundError:
        return SpeciesTable()
    except OSError as exc:
        why = os_reason(exc)
        return SpeciesTable(
            problems=(_("{file}: cannot be read: {why}").format(file=path, why=why),)
        )
    if len(data) > MAX_BYTES:
        message = _("{file}: larger than {n} MB; not read")
        return SpeciesTable(problems=(message.format(file=path, n=MAX_BYTES // 2**20),))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return SpeciesTable(problems=(_("{file}: not UTF-8 text; not read").format(file=path),))
    return parse_species(text, str(path))


class _SpeciesCache:
    """The one cache: the table last read, noted by the value of ``SHEETAPP_DATA_DIR`` and
    the file's size and time it was read under, so an edited file is read again when next
    asked for (one ``stat`` a call) and an unchanged one never."""

    def __init__(self) -> None:
        self._stamp: tuple[object, ...] | None = None
        self._table: SpeciesTable | None = None

    def get(self) -> SpeciesTable:
        path = species_file()
        try:
            seen = path.stat()
            stamp: tuple[object, ...] = (os.environ.get(ENV_VAR), seen.st_mtime_ns, seen.st_size)
        except OSError:
            stamp = (os.environ.get(ENV_VAR), None)
        if self._table is None or stamp != self._stamp:
            self._table = read_species(path)
            self._stamp = stamp
        return self._table

    def clear(self) -> None:
        self._table = None


_CACHE = _SpeciesCache()


def species_table() -> SpeciesTable:
    """The game master's table for the current data folder, read on first use."""
    return _CACHE.get()


def reload_species() -> SpeciesTable:
    """Read the table again (after editing it)."""
    _CACHE.clear()
    return species_table()


@dataclass(frozen=True)
class MovementFill:
    """What choosing a species does to the sheet's movement: the rates after, and the modes
    whose typed rate was kept rather than replaced."""

    movement: Movement
    kept: tuple[str, ...]


def fill_movement(current: Movement, chosen: Species, before: Species | None) -> MovementFill:
    """``current`` rates with ``chosen``'s put in, for every mode that is empty or still
    holds what the species chosen ``before`` gave (so it came from the table, not from the
    player); a rate the player typed stays, and is named in ``kept``."""
    after: dict[str, int | None] = {}
    kept: list[str] = []
    for mode in MOVES:
        now = getattr(current, mode)
        new = getattr(chosen.movement, mode)
        from_table = before is not None and now == getattr(before.movement, mode)
        if now is None or from_table or now == new:
            after[mode] = new
        else:
            after[mode] = now
            kept.append(mode)
    return MovementFill(Movement(**after), tuple(kept))
