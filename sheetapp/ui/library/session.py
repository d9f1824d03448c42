"""The library the window works with, and what the window must tell the user about it.

The app opens the library in the data folder at start. A damaged file has already been
copied aside and rebuilt (or opened read-only) by ``open_library``; a file that cannot be
opened at all (written by a newer sheetapp, no permission) is tried read-only, and failing
that the window runs without a library: sheets still open and save as files.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from sheetapp.storage.library import Library, LibraryError, default_path, open_library

Level = Literal["info", "warning", "error"]


@dataclass
class LibrarySession:
    """An open library (or none) and why it may not be changed."""

    library: Library | None
    path: Path
    problem: str = ""  # why the library could not be opened for writing, if it could not
    owned: bool = True  # opened by the window, so closed with it

    @property
    def writable(self) -> bool:
        return self.library is not None and not self.library.read_only

    def why_read_only(self) -> str:
        """One sentence for a tooltip on a disabled action; "" when writing is allowed."""
        if self.library is None:
            return f"No library is open ({self.problem})."
        if self.library.read_only:
            if self.library.damage_report is not None:
                return "The library is read-only because it was found damaged."
            if self.problem:
                return f"The library is read-only: {self.problem}."
            return "The library is open read-only."
        return ""

    def notice(self) -> tuple[str, Level] | None:
        """What the banner over the roster says, if anything."""
        library = self.library
        if library is None:
            return (
                f"The library could not be opened: {self.problem}. Sheets still open and save "
                "as files.",
                "error",
            )
        report = library.damage_report
        problem = one_line(report.problem) if report is not None else ""
        if report is not None and report.action == "read-only":
            return (
                f"The library file was damaged ({problem}). A copy is kept in "
                f"{report.backup}. It is open read-only: open and export what you need, save "
                "open sheets as files, then run 'sheetapp library check --repair'.",
                "error",
            )
        if report is not None:
            return (
                f"The library file was damaged ({problem}). A copy is kept in "
                f"{report.backup}. A new library was built with {report.salvaged} of the "
                f"{report.found} sheets found.",
                "warning",
            )
        if library.read_only:
            why = f" because it could not be opened for changes ({self.problem})" * bool(
                self.problem
            )
            return (
                f"The library {library.path} is open read-only{why}: nothing in it can be "
                "changed; open sheets still save as files.",
                "warning" if self.problem else "info",
            )
        return None

    def close(self) -> None:
        """Close the library the window opened; the window reads none from here on."""
        if self.owned and self.library is not None:
            self.library.close()
            self.library = None
            self.problem = "the window was closed"


def one_line(text: str, limit: int = 160) -> str:
    """A problem SQLite reported over several lines, as one short line.

    >>> one_line("integrity check: *** in database main ***\\nPage 5: bad\\nPage 20 unused")
    'integrity check: *** in database main ***; Page 5: bad; Page 20 unused'
    >>> len(one_line("x" * 500))
    160
    """
    joined = "; ".join(line.strip() for line in text.splitlines() if line.strip())
    return joined if len(joined) <= limit else joined[: limit - 1] + "…"


def open_session(path: Path | None = None) -> LibrarySession:
    """Open the library at ``path`` (default: the data folder's) for the window."""
    target = Path(path) if path is not None else default_path()
    try:
        return LibrarySession(open_library(target), target)
    except LibraryError as exc:
        problem = str(exc)
    try:
        library = open_library(target, read_only=True, on_damage="read-only")
    except LibraryError:
        return LibrarySession(None, target, problem)
    return LibrarySession(library, target, problem)


def session_for(library: Library) -> LibrarySession:
    """A session over a library someone else opened (tests, benchmarks); not closed here."""
    return LibrarySession(library, library.path, owned=False)
