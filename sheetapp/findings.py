"""Findings: what the rules say about a sheet.

An unfinished sheet is normal, so the rules never raise for a rule problem; they return
findings a person can act on. Each carries a stable ``code`` for tests and tools, the
``path`` of the field it concerns (so a form can jump to it) and a message that says what
is wrong and what would fix it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from sheetapp.i18n import pgettext


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

    def word(self) -> str:
        """The severity as a person reads it; the value stays the identifier (``--json``)."""
        if self is Severity.ERROR:
            return pgettext("finding", "error")
        if self is Severity.WARNING:
            return pgettext("finding", "warning")
        return pgettext("finding", "info")


@dataclass(frozen=True)
class Finding:
    severity: Severity
    code: str
    path: str
    message: str

    def as_dict(self) -> dict[str, str]:
        return {
            "severity": self.severity.value,
            "code": self.code,
            "path": self.path,
            "message": self.message,
        }

    def __str__(self) -> str:
        where = f" at {self.path}" if self.path else ""
        return f"{self.severity.value}{where}: {self.message} [{self.code}]"


def error(code: str, path: str, message: str) -> Finding:
    return Finding(Severity.ERROR, code, path, message)


def warning(code: str, path: str, message: str) -> Finding:
    return Finding(Severity.WARNING, code, path, message)


def info(code: str, path: str, message: str) -> Finding:
    return Finding(Severity.INFO, code, path, message)


def join_path(*parts: str | int) -> str:
    """Build a field path such as ``characters[0].creation.rank_points.charm``.

    >>> join_path("characters", 0, "creation", "rank_points", "charm")
    'characters[0].creation.rank_points.charm'
    """
    out = ""
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else part
    return out


def has_errors(findings: list[Finding]) -> bool:
    return any(f.severity is Severity.ERROR for f in findings)
