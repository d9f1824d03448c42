"""Opening the library file: settings for durability, a check before use, and what to do
when the check fails.

Durability: WAL journal with ``synchronous=FULL``, so a commit survives a power cut and a
killed process leaves the last commit whole. At open, ``PRAGMA quick_check`` (every page
and record is read; indexes are not cross-checked, which ``sheetapp library check`` does)
and a look at the tables. A large library that needs no upgrade is opened after the look
at its tables, its ``quick_check`` running beside the first reads with the first write
waiting for it (``deferred_check``).

Only a sheetapp library (sound or damaged) or an empty file is opened. Anything else
(a text file, another program's database, a device such as /dev/zero) is refused as found:
nothing is copied, rebuilt or written.

A damaged library is never dropped. It is first copied, journal included, to
``<name>.damaged-<time>`` beside it; then either a new file is built from everything that
can still be read (the default) or the damaged file is opened read-only so the GM can
export sheets before deciding. A library whose schema holds a trigger or view sheetapp did
not make, or a view where a table belongs, counts as damaged: its rows are kept, the rest
is not.

The files sheetapp makes (the library, its journal, its copies) are readable by their
owner only: a GM's notes on the players are nobody else's business. A library in a folder
that cannot be written (a read-only mount) is opened read-only and immutable, since
SQLite could not make the journal's shared-memory file there.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import stat
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Literal

from sheetapp.data_dir import folder_problem, private_folder
from sheetapp.i18n import _
from sheetapp.storage.atomic import fsync_folder
from sheetapp.storage.library.deferred_check import check_first, marker
from sheetapp.storage.library.documents import lenient_text
from sheetapp.storage.library.header import cut_short_library
from sheetapp.storage.library.rows import DamageReport, LibraryError, NotALibraryError
from sheetapp.storage.library.salvage import salvage_into
from sheetapp.storage.library.schema import (
    REQUIRED_TABLES,
    SCHEMA_VERSION,
    create_v1,
    is_our_table,
    migrate,
    reference_schemas,
    schema_entry_counts,
    schema_of,
    user_version,
)

HEADER = b"SQLite format 3\x00"
BUSY_TIMEOUT_MS = 5000
JOURNAL_SUFFIXES = ("-wal", "-shm")

OnDamage = Literal["rebuild", "read-only"]
PRIVATE = 0o600
# Words only a sheetapp library holds: its tables' definitions (on the first page) and
# its documents. A file without any is not one of ours, however damaged.
MARKERS = (b"CREATE TABLE sheets", b"CREATE TABLE revisions", b'"format":"sheetapp"')
MARKER_SCAN_BYTES = 256 * 1024 * 1024
CHUNK = 1024 * 1024
NEWER_SPAN = 100  # schema versions a newer sheetapp may be ahead by
# SQLite's reasons to stop reading that are not damage to the file.
NOT_DAMAGE = ("locked", "busy", "unable to open", "readonly", "permission", "disk I/O")


def read_only_uri(path: Path) -> str:
    """The URI SQLite opens ``path`` read-only by; ``immutable`` where the folder cannot be
    written, as the WAL journal's shared memory could not be made there (the file is then
    read as it is, without its journal's newest commits)."""
    uri = path.resolve().as_uri() + "?mode=ro"
    return uri if folder_problem(path.parent) is None else uri + "&immutable=1"


def create_private(path: Path) -> None:
    """Make an empty file readable by its owner only; SQLite then gives its journal the
    same permissions."""
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE))


def connect(path: Path, *, read_only: bool = False) -> sqlite3.Connection:
    """A connection with the library's settings; transactions are explicit (``BEGIN``)."""
    if read_only:
        connection = sqlite3.connect(read_only_uri(path), uri=True, isolation_level=None)
    else:
        connection = sqlite3.connect(path, isolation_level=None)
    connection.text_factory = lenient_text
    connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    connection.execute("PRAGMA foreign_keys = ON")
    if not read_only:
        connection.execute("PRAGMA journal_mode = WAL")
        connection.execute("PRAGMA synchronous = FULL")
    return connection


@contextlib.contextmanager
def transaction(connection: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """One write transaction: all of it is committed, or none of it."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        yield connection
    except BaseException:
        connection.execute("ROLLBACK")
        raise
    connection.execute("COMMIT")


def journal_files(path: Path) -> list[Path]:
    return [path.with_name(path.name + suffix) for suffix in JOURNAL_SUFFIXES]


def header_problem(path: Path) -> str | None:
    """What is wrong with the file before SQLite sees it, if anything."""
    size = path.stat().st_size
    wal = journal_files(path)[0]
    if size == 0:
        # A library killed before its first checkpoint has everything in the journal.
        return None if wal.exists() and wal.stat().st_size else "the file is empty"
    with path.open("rb") as handle:
        start = handle.read(len(HEADER))
    if start != HEADER:
        return "it does not start like an SQLite database"
    if size < 512:
        return f"it is cut short ({size} bytes)"
    return None


def content_problem(connection: sqlite3.Connection, *, whole: bool = True) -> str | None:
    """What SQLite finds wrong with an open file, if anything; ``NotALibraryError`` for a
    sound database that is not ours. ``whole=False`` leaves out the check of every page
    (``deferred_check`` runs it), unless the schema needs an upgrade, which writes."""
    try:
        version = user_version(connection)
        if whole or version != SCHEMA_VERSION:
            results = [row[0] for row in connection.execute("PRAGMA quick_check(5)")]
            if results != ["ok"]:
                return "integrity check: " + "; ".join(results)
        objects = schema_of(connection)
    except sqlite3.OperationalError as exc:
        if any(word in str(exc) for word in NOT_DAMAGE):
            # Locked by another program, no permission...: a reason to stop, not damage.
            raise LibraryError(_("cannot read the library: {exc}").format(exc=exc)) from None
        return str(exc)  # "malformed", "unsupported file format", "file is not a database"
    except sqlite3.DatabaseError as exc:
        return str(exc)
    except UnicodeDecodeError:  # SQLite's own message quotes the garbled bytes
        return "its table definitions are garbled"
    tables = {name for kind, name, _unused in objects if kind == "table"}
    if not objects and version == 0:
        return None  # an empty database: a library is made in it
    matching = matching_version(objects)
    # A newer sheetapp always changes some table or index (schema.MIGRATIONS): tables
    # exactly as this one makes them under a higher number are not a newer library.
    if matching is not None and version != matching and (
        not _newer(version) or matching == SCHEMA_VERSION
    ):
        # Our own tables, exactly as some version makes them, under another number: the
        # header's version bytes are damaged, not a newer or a foreign file.
        return f"its schema version reads {version} where its tables are version {matching}"
    if version > SCHEMA_VERSION and {"sheets", "revisions"} & tables:
        raise LibraryError(
            _(
                "the library was written by a newer sheetapp (schema {version}; "
                "this one knows up to {SCHEMA_VERSION}); update sheetapp to open "
                "it"
            ).format(version=version, SCHEMA_VERSION=SCHEMA_VERSION)
        )
    if not is_our_table(objects) or version > SCHEMA_VERSION:
        raise NotALibraryError(_("it is another program's database, not a sheetapp library"))
    foreign = foreign_objects(objects, version)
    if foreign is None and version >= 2 and not REQUIRED_TABLES <= tables:
        return "tables are missing: " + ", ".join(sorted(REQUIRED_TABLES - tables))
    return foreign


def _newer(version: int) -> bool:
    """Whether a schema version can be a newer sheetapp's: one counts its versions up one
    at a time, so a number far past ours is a damaged header, not a newer release."""
    return SCHEMA_VERSION < version <= SCHEMA_VERSION + NEWER_SPAN


def matching_version(objects: frozenset[tuple[str, str, str]]) -> int | None:
    """The schema version whose tables and indexes ``objects`` are exactly (None: none)."""
    for number, schema in enumerate(reference_schemas(), start=1):
        if objects == schema:
            return number
    return None


def foreign_objects(objects: frozenset[tuple[str, str, str]], version: int) -> str | None:
    """Triggers and views sheetapp did not make (they would act behind its back), and
    tables turned into something else, as damage; other differences are left to
    ``sheetapp library check``."""
    expected = {name: kind for kind, name, _unused in reference_schemas()[max(version, 1) - 1]}
    odd = sorted(
        f"{kind} {name}"
        for kind, name, _unused in objects
        if (kind in ("trigger", "view") and name not in expected)
        or (name in expected and expected[name] != kind)
    )
    return "objects sheetapp did not make: " + ", ".join(odd) if odd else None


def _free_name(base: Path) -> Path:
    candidate, n = base, 1
    while candidate.exists():
        candidate = base.with_name(f"{base.name}-{n}")
        n += 1
    return candidate


def back_up(path: Path, label: str) -> Path:
    """Copy the file and its journal, as they are, to ``<name>.<label>-<time>``; the copies
    pair up (``X``, ``X-wal``) so SQLite reads them together."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    backup = _free_name(path.with_name(f"{path.name}.{label}-{stamp}"))
    copy_regular(path, backup)
    for journal, suffix in zip(journal_files(path), JOURNAL_SUFFIXES, strict=True):
        if journal.exists():
            copy_regular(journal, backup.with_name(backup.name + suffix))
    return backup


def copy_regular(source: Path, target: Path) -> None:
    """Copy a regular file, as many bytes as it held when opened, to a new private file
    (times kept). Anything else is refused: a device or a pipe may never end."""
    # Non-blocking, so a pipe given as a file does not hang the open; no effect on files.
    fd = os.open(source, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(fd, "rb") as reader:
        info = os.fstat(reader.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise NotALibraryError(
                _("{source}: not a regular file; nothing was copied").format(source=source)
            )
        with os.fdopen(
            os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE), "wb"
        ) as writer:
            left = info.st_size
            while left > 0 and (chunk := reader.read(min(CHUNK, left))):
                writer.write(chunk)
                left -= len(chunk)
            writer.flush()
            os.fsync(writer.fileno())
    os.utime(target, ns=(info.st_atime_ns, info.st_mtime_ns))


def require_regular(path: Path) -> None:
    """Refuse a folder, a device (a link to /dev/zero), a pipe... before anything reads it."""
    if not stat.S_ISREG(path.stat().st_mode):
        raise NotALibraryError(_("{path}: not a regular file, so not a library").format(path=path))


def looks_like_library(path: Path) -> bool:
    """Whether a file SQLite cannot read still holds a sheetapp library's words (its
    table definitions, its documents), or is a library's start cut short before them:
    then it is ours, damaged, and worth a rebuild."""
    if any(cut_short_library(path, count) for count in schema_entry_counts()):
        return True
    overlap = max(len(m) for m in MARKERS)
    tail, read = b"", 0
    with path.open("rb") as handle:
        while read < MARKER_SCAN_BYTES and (chunk := handle.read(CHUNK)):
            read += len(chunk)
            window = tail + chunk
            if any(marker in window for marker in MARKERS):
                return True
            tail = window[-overlap:]
    return False


def _remove_with_journal(path: Path) -> None:
    for file in (path, *journal_files(path)):
        with contextlib.suppress(FileNotFoundError):
            file.unlink()


def initialise(connection: sqlite3.Connection) -> list[int]:
    """Create or upgrade the schema; the versions applied (a new file starts at 1)."""
    with transaction(connection):
        applied = []
        if user_version(connection) == 0:
            create_v1(connection)
            applied.append(1)
        return applied + migrate(connection)


def rebuild(path: Path, backup: Path) -> tuple[int, int]:
    """Replace the damaged ``path`` by a new library holding what ``backup`` still yields;
    returns (sheets found, sheets saved)."""
    fresh = _free_name(path.with_name(path.name + ".rebuilding"))
    with tempfile.TemporaryDirectory(prefix="sheetapp-salvage-") as scratch:
        # Work on a scratch copy: reading it may replay its journal, and the backup must
        # stay as it was found.
        source = Path(scratch) / "damaged.sqlite3"
        copy_regular(backup, source)
        for suffix in JOURNAL_SUFFIXES:
            journal = backup.with_name(backup.name + suffix)
            if journal.exists():
                copy_regular(journal, source.with_name(source.name + suffix))
        create_private(fresh)
        target = connect(fresh)
        try:
            initialise(target)
            with transaction(target):
                found, saved = salvage_into(source, target)
            target.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            target.close()
    _remove_with_journal(path)
    os.replace(fresh, path)
    _remove_with_journal(fresh)
    fsync_folder(path.parent)
    return found, saved


def open_connection(
    path: Path, *, read_only: bool = False, on_damage: OnDamage = "rebuild"
) -> tuple[sqlite3.Connection, DamageReport | None, list[int], bool]:
    """The checked, up-to-date connection, the damage report (None when healthy), the
    schema versions applied by this open, and whether the check of every page is left to
    run beside the first reads (``deferred_check``: a large file, opened for writing)."""
    if not path.exists():
        if read_only:
            raise LibraryError(_("{path}: there is no library here yet").format(path=path))
        folder = private_folder(path.parent)
        if (problem := folder_problem(folder)) is not None:
            raise LibraryError(
                _("{path}: cannot open the library: {problem}").format(path=path, problem=problem)
            )
        create_private(path)
        connection = connect(path)
        return connection, None, initialise(connection), False
    require_regular(path)
    if not read_only and (problem := folder_problem(path.parent)) is not None:
        raise LibraryError(
            _("{path}: only reading is possible, as {problem}").format(path=path, problem=problem)
        )
    whole = read_only or check_first(path)
    try:
        problem, probe = _probe(path, whole)
    except NotALibraryError as exc:
        raise NotALibraryError(
            _("{path}: {exc}; it was left as it is").format(path=path, exc=exc)
        ) from None
    if problem is not None and path.stat().st_size and not looks_like_library(path):
        if probe is not None:
            probe.close()
        raise NotALibraryError(
            _("{path}: not a sheetapp library ({problem}); it was left as it is").format(
                path=path, problem=problem
            )
        )
    if problem is not None and read_only:
        if probe is not None:
            probe.close()
        raise LibraryError(
            _(
                "{path}: the library is damaged ({problem}); open it without "
                "--read-only to keep a copy and rebuild it"
            ).format(path=path, problem=problem)
        )
    try:
        report = None
        if problem is not None:
            # Copied while the probe still holds the file, before anything can checkpoint
            # its journal into a damaged file.
            backup = back_up(path, "damaged")
            report = _recover(path, backup, problem, on_damage, probe)
    finally:
        if probe is not None:
            probe.close()
    if report is not None and report.action == "read-only":
        return connect(path, read_only=True), report, [], False
    connection = connect(path, read_only=read_only)
    if read_only:
        if user_version(connection) < SCHEMA_VERSION:
            connection.close()
            raise LibraryError(
                _("{path}: the library needs an upgrade; open it once without --read-only").format(
                    path=path
                )
            )
        return connection, report, [], False
    if whole:  # checked whole (or rebuilt): a late check's word of damage is answered
        marker(path).unlink(missing_ok=True)
    before = user_version(connection)
    if 0 < before < SCHEMA_VERSION:
        _back_up_before_upgrade(connection, path, before)
    upgraded = initialise(connection)
    return connection, report, upgraded, not whole and report is None and not upgraded


def probe_connection(path: Path) -> sqlite3.Connection:
    """A read-only connection to look at the file by (checks, never writes)."""
    probe = sqlite3.connect(
        read_only_uri(path), uri=True, timeout=BUSY_TIMEOUT_MS / 1000, check_same_thread=False
    )
    probe.text_factory = lenient_text
    return probe


def _probe(path: Path, whole: bool = True) -> tuple[str | None, sqlite3.Connection | None]:
    """What is wrong with the file (None: nothing) and, when SQLite could open it, the
    read-only connection that looked (the caller closes it); ``whole``: every page read."""
    problem = header_problem(path)
    if problem is not None:
        return problem, None
    try:
        probe = probe_connection(path)
    except sqlite3.DatabaseError as exc:
        return str(exc), None
    try:
        return content_problem(probe, whole=whole), probe
    except BaseException:
        probe.close()
        raise


def _recover(
    path: Path, backup: Path, problem: str, on_damage: OnDamage, probe: sqlite3.Connection | None
) -> DamageReport:
    if on_damage == "read-only" and probe is not None and _readable(probe):
        return DamageReport(problem, backup, "read-only")
    if probe is not None:
        probe.close()
    found, saved = rebuild(path, backup)
    return DamageReport(problem, backup, "rebuilt", found=found, salvaged=saved)


def _readable(probe: sqlite3.Connection) -> bool:
    """Whether a damaged file still answers a roster query (a full scan of the rows)."""
    try:
        probe.execute("SELECT count(name), count(campaign) FROM sheets NOT INDEXED").fetchone()
    except sqlite3.DatabaseError:
        return False
    return True


def _back_up_before_upgrade(connection: sqlite3.Connection, path: Path, version: int) -> None:
    """A consistent copy of the old-schema library, kept in case the upgrade disappoints."""
    target = _free_name(path.with_name(f"{path.name}.schema-v{version}.bak"))
    create_private(target)
    copy = sqlite3.connect(target)
    try:
        connection.backup(copy)
    finally:
        copy.close()
