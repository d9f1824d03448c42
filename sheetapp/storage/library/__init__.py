"""The GM's library: sheets in one SQLite file with revisions, a trash, full-text search,
roster queries that never parse a sheet, play state kept apart from the sheets, and the
links of shared sheets to their campaign's documents.

Start with ``open_library()``; see docs/library.md for the file, its upkeep and the API.
"""

from sheetapp.storage.library.library import (
    LIBRARY_FILE,
    EncounterEntry,
    Library,
    default_path,
    open_library,
)
from sheetapp.storage.library.rows import (
    SORT_KEYS,
    DamageReport,
    LibraryError,
    NotALibraryError,
    ReadOnlyError,
    Revision,
    RosterQuery,
    RosterRow,
)
from sheetapp.storage.library.schema import SCHEMA_VERSION
from sheetapp.storage.library.shared import Rejection, SharedLink

__all__ = [
    "LIBRARY_FILE",
    "SCHEMA_VERSION",
    "SORT_KEYS",
    "DamageReport",
    "EncounterEntry",
    "Library",
    "LibraryError",
    "NotALibraryError",
    "ReadOnlyError",
    "Rejection",
    "Revision",
    "RosterQuery",
    "RosterRow",
    "SharedLink",
    "default_path",
    "open_library",
]
