"""Reading what a tabletop wrote, which may come from anyone: bounded, strict about shape,
and text kept as text.

Files go through the sheet loader's own guards (size read no further than the limit, UTF-8,
one JSON object, no duplicate keys or NaN, no runaway nesting). Then every value is checked
for its type before use; a list past its bound refuses the whole file; HTML in a text field
is reduced to the words it shows, never interpreted, and says so in a finding.
"""

from __future__ import annotations

import os
from html.parser import HTMLParser
from typing import Any

from sheetapp.bounded_read import json_values_past
from sheetapp.findings import Finding, warning
from sheetapp.i18n import _
from sheetapp.locale_format import number as figure
from sheetapp.storage.document import (
    DocumentError,
    SheetTooLargeError,
    decode_text,
    parse_json_object,
    read_file,
)

MAX_IMPORT_BYTES = 16 * 1024 * 1024
MAX_ENTRIES = 5000  # items, attributes or abilities of one actor
MAX_TEXT = 1_000_000  # a biography's characters, as the sheets' LongText
MAX_VALUES = 200_000  # values in a whole actor: far past any real one, and quick to walk


def read_object(path: str | os.PathLike[str], what: str) -> dict[str, Any]:
    raw = read_file(path, MAX_IMPORT_BYTES, what)
    return parse_object(decode_text(raw, str(path), what), str(path), what)


def parse_object(
    text: str, source: str, what: str, *, limit: int = MAX_VALUES
) -> dict[str, Any]:
    """JSON text as an object, its values counted first: text holding more than ``limit``
    is refused before any of it is built. The one count for a whole file and for JSON text
    one of its strings carries (a Roll20 attribute holding a sheet, limited as a sheet)."""
    if json_values_past(text, limit):
        raise SheetTooLargeError(
            _("{source}: holds more than {limit} values, more than {what} holds").format(
                source=source, limit=figure(limit), what=what
            )
        )
    return parse_json_object(text, source, what)


def bounded(data: Any, source: str) -> None:
    """Refuse an actor holding more than MAX_VALUES values, however deeply they nest, before
    any of it is walked again (the file's size alone allows millions of tiny ones)."""
    count, stack = 0, [data]
    while stack:
        value = stack.pop()
        count += 1
        if count > MAX_VALUES:
            raise DocumentError(
                _(
                    "{source}: holds more than {MAX_VALUES} values; an actor holds far fewer"
                ).format(source=source, MAX_VALUES=figure(MAX_VALUES))
            )
        if isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)


def entries(value: Any, source: str, where: str) -> list[Any]:
    """A list (or a Foundry-style keyed object's values) of at most MAX_ENTRIES."""
    if value is None:
        return []
    if isinstance(value, dict):
        value = list(value.values())
    if not isinstance(value, list):
        raise DocumentError(
            _("{source}: {where} must be a list, not {kind}").format(
                source=source, where=where, kind=_kind(value)
            )
        )
    if len(value) > MAX_ENTRIES:
        raise DocumentError(
            _("{source}: {where} has {count} entries; an actor has at most {MAX_ENTRIES}").format(
                source=source, where=where, count=len(value), MAX_ENTRIES=MAX_ENTRIES
            )
        )
    return value


def mapping(value: Any, source: str, where: str) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise DocumentError(
            _("{source}: {where} must be an object, not {kind}").format(
                source=source, where=where, kind=_kind(value)
            )
        )
    if len(value) > MAX_ENTRIES:
        raise DocumentError(
            _("{source}: {where} has {count} keys; an actor has at most {MAX_ENTRIES}").format(
                source=source, where=where, count=len(value), MAX_ENTRIES=MAX_ENTRIES
            )
        )
    return value


def plain_text(value: Any, where: str, findings: list[Finding], limit: int = MAX_TEXT) -> str:
    """``value`` as the plain text a person reads: markup dropped (script and style with
    their content), entities decoded, cut at ``limit``. Anything else than a string is
    dropped with a finding; nothing is ever run or fetched."""
    if value is None:
        return ""
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        findings.append(
            warning(
                "interop.text.type",
                where,
                _("{where} is {kind}, not text; left out").format(where=where, kind=_kind(value)),
            )
        )
        return ""
    text = str(value)
    if "<" in text or "&" in text:
        words = _TextOnly.extract(text)
        if words != text:
            findings.append(
                warning(
                    "interop.text.markup",
                    where,
                    _("{where} held HTML; kept its words as plain text").format(where=where),
                )
            )
        text = words
    if "\x00" in text:  # no sheet keeps it (a file of ours never holds one): dropped, said
        text = text.replace("\x00", "")
        findings.append(
            warning(
                "interop.text.nul",
                where,
                _("{where} held NUL characters; they were dropped").format(where=where),
            )
        )
    if len(text) > limit:
        findings.append(
            warning(
                "interop.text.long",
                where,
                _("{where} is {count} characters; kept the first {limit}").format(
                    where=where, count=len(text), limit=limit
                ),
            )
        )
        text = text[:limit]
    return text


def shown_name(entry: Any, limit: int = 80) -> str:
    """An entry's ``name`` as one short line to name it in a list of what was left out:
    markup and control characters never reach a terminal or a dialog."""
    name = entry.get("name") if isinstance(entry, dict) else None
    if not isinstance(name, str):
        return "(unnamed)"
    words = " ".join(_TextOnly.extract(name).split()) if "<" in name or "&" in name else name
    words = "".join(c for c in " ".join(words.split()) if c.isprintable())
    return (words[:limit] + "…" if len(words) > limit else words) or "(unnamed)"


def number(value: Any, where: str, findings: list[Finding]) -> int | None:
    """A whole number, from a number or a numeric string (Roll20 keeps numbers as text)."""
    if isinstance(value, bool):
        value = None
    elif isinstance(value, str):
        try:
            value = float(value.strip())
        except ValueError:
            value = None
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        value = int(value)
    if isinstance(value, int):
        return value
    findings.append(
        warning(
            "interop.number.type",
            where,
            _("{where} is not a whole number; left as it was").format(where=where),
        )
    )
    return None


def _kind(value: Any) -> str:
    return {
        dict: "an object",
        list: "a list",
        str: "text",
        bool: "true/false",
        type(None): "null",
    }.get(type(value), "a number")


class _TextOnly(HTMLParser):
    """Collects the text a browser would show; tags, attributes, scripts and styles go."""

    _SKIP = frozenset({"script", "style", "template", "iframe", "object"})
    _BREAKS = frozenset({"p", "br", "div", "li", "h1", "h2", "h3", "h4", "h5", "h6", "tr"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skipping = 0

    @classmethod
    def extract(cls, text: str) -> str:
        parser = cls()
        parser.feed(text)
        parser.close()
        return "".join(parser.parts).strip("\n")

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self._SKIP:
            self.skipping += 1
        elif tag in self._BREAKS and self.parts and not self.parts[-1].endswith("\n"):
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in self._SKIP and self.skipping:
            self.skipping -= 1

    def handle_data(self, data: str) -> None:
        if not self.skipping:
            self.parts.append(data)
