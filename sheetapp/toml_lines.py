"""Line numbers for the keys of a TOML text, which TOML parsers do not report.

A pack problem is only useful with the line to fix, so after ``tomllib`` has accepted a text
this scanner walks it once more, following tables, arrays of tables, dotted keys, arrays and
inline tables, and notes the line where each value's key (or each array element) starts.
Paths have the same shape as the parsed data and as pydantic's error locations:
``("skill_groups", 1, "skills", 0, "children", 2, "attribute")``.

>>> text = 'id = "x"\\n[[professions]]\\nid = "a"\\ngroups = [\\n  "One",\\n  "Two",\\n]\\n'
>>> lines = key_lines(text)
>>> lines[("professions", 0, "id")], lines[("professions", 0, "groups", 1)]
(3, 6)
>>> line_of(lines, ("professions", 0, "groups", 7, "name"))
4
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

Path = tuple[str | int, ...]

_BARE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")


def key_lines(text: str) -> dict[Path, int]:
    """Each key path of ``text`` mapped to its 1-based line; best effort past bad syntax."""
    scanner = _Scanner(text)
    try:
        scanner.document()
    except (IndexError, ValueError, tomllib.TOMLDecodeError):
        pass  # tomllib reports the syntax error itself; keep what was found before it
    return scanner.lines


def line_of(lines: dict[Path, int], loc: Sequence[str | int]) -> int:
    """The line of ``loc``, or of the nearest enclosing key found; 1 when none is."""
    path = tuple(loc)
    while path:
        if path in lines:
            return lines[path]
        path = path[:-1]
    return 1


class _Scanner:
    def __init__(self, text: str) -> None:
        self.text = text.replace("\r\n", "\n")
        self.i = 0
        self.line = 1
        self.lines: dict[Path, int] = {}
        self.table_counts: dict[Path, int] = {}  # arrays of tables: elements so far

    # --- low level ----------------------------------------------------------------------------

    def peek(self, ahead: int = 0) -> str:
        j = self.i + ahead
        return self.text[j] if j < len(self.text) else ""

    def advance(self, count: int = 1) -> None:
        for _ in range(count):
            if self.i < len(self.text):
                if self.text[self.i] == "\n":
                    self.line += 1
                self.i += 1

    def skip_blank(self, *, newlines: bool) -> None:
        while self.i < len(self.text):
            c = self.text[self.i]
            if c in " \t" or (newlines and c == "\n"):
                self.advance()
            elif c == "#":
                while self.i < len(self.text) and self.text[self.i] != "\n":
                    self.i += 1
            else:
                return

    def note(self, path: Path, line: int) -> None:
        self.lines.setdefault(path, line)

    # --- structure ----------------------------------------------------------------------------

    def document(self) -> None:
        table: Path = ()
        while True:
            self.skip_blank(newlines=True)
            if self.i >= len(self.text):
                return
            if self.peek() == "[":
                table = self.header()
            else:
                self.key_value(table)

    def header(self) -> Path:
        line = self.line
        array = self.peek(1) == "["
        self.advance(2 if array else 1)
        self.skip_blank(newlines=False)
        keys = self.key()
        self.advance(2 if array else 1)
        prefix = self.resolve(keys[:-1], line)
        path = (*prefix, keys[-1])
        self.note(path, line)
        if not array:
            return self.resolve(keys, line)
        index = self.table_counts.get(path, 0)
        self.table_counts[path] = index + 1
        self.note((*path, index), line)
        return (*path, index)

    def resolve(self, keys: list[str], line: int) -> Path:
        """A header's keys as a data path: a key naming an array of tables means its last
        element, as TOML reads ``[[a]]`` then ``[a.b]``."""
        path: Path = ()
        for key in keys:
            path = (*path, key)
            self.note(path, line)
            if path in self.table_counts:
                path = (*path, self.table_counts[path] - 1)
        return path

    def key_value(self, table: Path) -> None:
        line = self.line
        keys = self.key()
        path = table
        for key in keys:
            path = (*path, key)
            self.note(path, line)
        self.skip_blank(newlines=False)
        if self.peek() != "=":
            raise ValueError("expected '='")
        self.advance()
        self.skip_blank(newlines=False)
        self.value(path)

    def key(self) -> list[str]:
        keys: list[str] = []
        while True:
            self.skip_blank(newlines=False)
            c = self.peek()
            if c in ('"', "'"):
                start = self.i
                self.string()
                keys.append(tomllib.loads("k = " + self.text[start : self.i])["k"])
            else:
                start = self.i
                while self.peek() and self.peek() in _BARE:
                    self.advance()
                if self.i == start:
                    raise ValueError("expected a key")
                keys.append(self.text[start : self.i])
            self.skip_blank(newlines=False)
            if self.peek() != ".":
                return keys
            self.advance()

    # --- values -------------------------------------------------------------------------------

    def value(self, path: Path) -> None:
        c = self.peek()
        if c in ('"', "'"):
            self.string()
        elif c == "[":
            self.array(path)
        elif c == "{":
            self.inline_table(path)
        else:
            while self.peek() and self.peek() not in ",]}#\n":
                self.advance()

    def string(self) -> None:
        quote = self.peek()
        if self.text.startswith(quote * 3, self.i):
            self.advance(3)
            while self.i < len(self.text) and not self.text.startswith(quote * 3, self.i):
                self.advance(2 if quote == '"' and self.peek() == "\\" else 1)
            self.advance(3)
            while self.peek() == quote:  # up to two quotes may end the content
                self.advance()
            return
        self.advance()
        while self.peek() and self.peek() != quote and self.peek() != "\n":
            self.advance(2 if quote == '"' and self.peek() == "\\" else 1)
        self.advance()

    def array(self, path: Path) -> None:
        self.advance()
        index = 0
        while True:
            self.skip_blank(newlines=True)
            if self.peek() in ("]", ""):
                self.advance()
                return
            start = self.i
            self.note((*path, index), self.line)
            self.value((*path, index))
            index += 1
            self.skip_blank(newlines=True)
            if self.peek() == ",":
                self.advance()
            elif self.i == start:
                raise ValueError("stuck in an array")

    def inline_table(self, path: Path) -> None:
        self.advance()
        while True:
            self.skip_blank(newlines=True)
            if self.peek() in ("}", ""):
                self.advance()
                return
            self.key_value(path)
            self.skip_blank(newlines=True)
            if self.peek() == ",":
                self.advance()
