"""Sheets as JSON documents: ``{"format": "sheetapp", "format_version": N, "system": ...}``.

Loading is strict about structure and lenient about rules: a file that is not a sheet (bad
JSON, unknown system, a newer format, a value of the wrong type) is refused with one error
that names the file and the place, while an unfinished sheet loads and gets findings.
Loading never writes; saving is atomic.
"""

from __future__ import annotations

import contextlib
import gc
import json
import os
from collections.abc import Callable, Iterator
from typing import Any

from pydantic import BaseModel, ValidationError

from sheetapp.bounded_read import json_values_past, read_bounded
from sheetapp.file_reasons import json_problem, os_reason
from sheetapp.findings import join_path
from sheetapp.i18n import _, ngettext
from sheetapp.locale_format import number
from sheetapp.printable import printable
from sheetapp.storage.atomic import write_atomic
from sheetapp.systems.registry import UnknownSystemError, get_system
from sheetapp.validation_reasons import reason

FORMAT = "sheetapp"
FORMAT_VERSION = 1
MAX_BYTES = 32 * 1024 * 1024
# Values (numbers, strings, lists, objects) in one sheet: past the largest list bounds of
# any system's model (a d6 pool ledger of 100,000 entries), refused before parsing so a
# file of a million tiny values costs a count, not the memory of building them.
MAX_VALUES = 1_000_000
MAX_NUMBER_DIGITS = 100  # far past any count a sheet keeps; Python itself stops at 4,300

# format_version N -> function turning a version-N document into version N+1
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


class DocumentError(ValueError):
    """A file that cannot be read as a sheet; the message names the file and the problem.

    The message is always one printable line, even when it quotes a hostile key or value.
    """

    def __init__(self, message: str) -> None:
        super().__init__(printable(message))


class SheetTooLargeError(DocumentError):
    """A sheet past its system's bounds (a list too long, a text too long, too many
    values): refused whole, wherever it was found."""


# pydantic's error types for a list or a text past its ``max_length``.
TOO_LONG = frozenset({"too_long", "string_too_long"})

FileStamp = tuple[int, int]


def file_stamp(path: str | os.PathLike[str]) -> FileStamp | None:
    """What tells us another program changed a file: its modification time and size
    (None when it is gone)."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_mtime_ns, info.st_size


def load(path: str | os.PathLike[str]) -> BaseModel:
    """The sheet in the file at ``path``; only a regular file of at most ``MAX_BYTES`` is
    read (a pipe, a device or a huge file is refused without waiting or filling memory)."""
    return loads(read_file(path, MAX_BYTES, _("a sheet")), str(path))


def read_file(path: str | os.PathLike[str], limit: int, kind: str) -> bytes:
    """The bytes of the regular file at ``path``, at most ``limit`` of them, or one
    ``DocumentError`` line naming the file (``kind``: what it should be, "a sheet")."""
    try:
        return read_bounded(path, limit, kind=kind)
    except OSError as exc:
        raise DocumentError(
            _("{path}: cannot read: {value}").format(path=path, value=os_reason(exc))
        ) from None
    except ValueError as exc:  # a path no file can have, e.g. with a NUL in it
        raise DocumentError(_("{path}: cannot read: {exc}").format(path=path, exc=exc)) from None


def loads(raw: bytes | str, source: str = "<sheet>") -> BaseModel:
    """The sheet in ``raw``; anything wrong with it is one DocumentError naming ``source``.

    This is the one boundary every sheet file passes (open, import, validate, export): a
    failure nobody foresaw in reading one file is still that file's one-line error, never a
    crash that takes the other files of a batch with it.
    """
    try:
        return _loads(raw, source)
    except DocumentError:
        raise
    except Exception as exc:  # the boundary: one file, never the program
        detail = " ".join(str(exc).split())[:200]
        raise DocumentError(
            _("{source}: cannot be read as a sheet ({name__}: {detail})").format(
                source=source, name__=type(exc).__name__, detail=detail
            )
        ) from None


def _loads(raw: bytes | str, source: str) -> BaseModel:
    if isinstance(raw, bytes):
        if len(raw) > MAX_BYTES:
            raise SheetTooLargeError(_("{source}: too large to be a sheet").format(source=source))
        text = decode_text(raw, source)
    else:
        text = raw  # a library row, a sheet carried in an import: held to the same size
        if len(text) > MAX_BYTES:
            raise SheetTooLargeError(_("{source}: too large to be a sheet").format(source=source))
    if json_values_past(text, MAX_VALUES):
        raise SheetTooLargeError(
            _("{source}: holds more than {MAX_VALUES} values; no sheet holds that many").format(
                source=source, MAX_VALUES=number(MAX_VALUES)
            )
        )
    data = _parse_json(text, source)
    data = _upgrade(data, source)
    system_id = data.get("system")
    if not isinstance(system_id, str):
        raise DocumentError(
            _("{source}: 'system' is missing; it names the game system").format(source=source)
        )
    try:
        plugin = get_system(system_id)
    except UnknownSystemError as exc:
        raise DocumentError(f"{source}: {exc}") from None
    body = {k: v for k, v in data.items() if k not in ("format", "format_version")}
    try:
        return plugin.model.model_validate(body)
    except ValidationError as exc:
        error = SheetTooLargeError if _too_long(exc) else DocumentError
        raise error(f"{source}: {describe_validation(exc)}") from None


def _too_long(exc: ValidationError) -> bool:
    return any(err["type"] in TOO_LONG for err in exc.errors(include_url=False)[:20])


def dumps(sheet: BaseModel) -> str:
    body = sheet.model_dump(mode="json")
    document = {"format": FORMAT, "format_version": FORMAT_VERSION, **body}
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def save(path: str | os.PathLike[str], sheet: BaseModel) -> None:
    write_atomic(path, dumps(sheet).encode("utf-8"))


def json_schema(system_id: str) -> dict[str, Any]:
    """The JSON Schema of a system's documents, envelope included, derived from the models."""
    schema = get_system(system_id).model.model_json_schema(mode="serialization")
    schema["properties"] = {
        "format": {"const": FORMAT},
        "format_version": {"const": FORMAT_VERSION},
        **schema.get("properties", {}),
    }
    schema["required"] = ["format", "format_version", "system", *schema.get("required", [])]
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return schema


def _parse_json(text: str, source: str) -> dict[str, Any]:
    data = parse_json_object(text, source, _("a sheet"))
    if data.get("format") != FORMAT:
        raise DocumentError(
            _("{source}: not a sheetapp sheet ('format' is not \"{FORMAT}\")").format(
                source=source, FORMAT=FORMAT
            )
        )
    return data


def decode_text(raw: bytes, source: str, what: str = "") -> str:
    """UTF-8 text (a byte-order mark allowed), or one line naming the first bad byte."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise DocumentError(
            _("{source}: not UTF-8 text (byte {start}); is this {what}?").format(
                source=source, start=exc.start, what=what or _("a sheetapp file")
            )
        ) from None


def parse_json_object(text: str, source: str, what: str) -> dict[str, Any]:
    """A JSON object, refusing what a hand edit or a hostile file may hold that ``json``
    would accept quietly: a key given twice, NaN and Infinity, nesting past the stack.
    Shared by sheets and by the tabletop imports (sheetapp.interop)."""

    def no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        out = dict(pairs)  # built in C; only an object with a key twice is looked at again
        if len(out) != len(pairs):
            seen: set[str] = set()
            for key, _value in pairs:
                if key in seen:
                    raise DocumentError(
                        _("{source}: key '{key}' appears twice in one object").format(
                            source=source, key=key
                        )
                    )
                seen.add(key)
        return out

    def no_constants(name: str) -> None:
        raise DocumentError(
            _("{source}: '{name}' is not a number {what} can hold").format(
                source=source, name=name, what=what
            )
        )

    def whole_number(digits: str) -> int:
        # Python refuses past 4,300 digits with a bare ValueError; no sheet needs 100.
        count = len(digits.lstrip("-"))
        if count > MAX_NUMBER_DIGITS:
            raise DocumentError(
                _("{source}: {place}: a number of {count} digits is not one a sheet holds").format(
                    source=source, place=_place(text, digits), count=count
                )
            )
        return int(digits)

    try:
        with _no_collection():
            data = json.loads(
                text,
                object_pairs_hook=no_duplicates,
                parse_constant=no_constants,
                parse_int=whole_number,
            )
    except json.JSONDecodeError as exc:
        raise DocumentError(json_problem(source, exc)) from None
    except RecursionError:
        raise DocumentError(
            _("{source}: nested too deeply to be {what}").format(source=source, what=what)
        ) from None
    if not isinstance(data, dict):
        raise DocumentError(
            _("{source}: {what} is a JSON object, not {name__}").format(
                source=source, what=what, name__=type(data).__name__
            )
        )
    return data


@contextlib.contextmanager
def _no_collection() -> Iterator[None]:
    """Parsed JSON holds no reference cycles, yet each of its objects counts towards the
    garbage collector's next pass: a file of a hundred thousand objects spent half its
    parsing time in collections that could free nothing."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _place(text: str, found: str) -> str:
    """Where ``found`` first occurs in ``text``, as "line L, column C"."""
    at = max(text.find(found), 0)
    line_start = text.rfind("\n", 0, at) + 1
    return f"line {text.count(chr(10), 0, at) + 1}, column {at - line_start + 1}"


def _upgrade(data: dict[str, Any], source: str) -> dict[str, Any]:
    version = data.get("format_version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise DocumentError(
            _("{source}: 'format_version' must be a whole number from 1").format(source=source)
        )
    if version > FORMAT_VERSION:
        raise DocumentError(
            _(
                "{source}: written by a newer sheetapp (format version "
                "{version}; this one reads up to {FORMAT_VERSION}); update "
                "sheetapp to open it"
            ).format(source=source, version=version, FORMAT_VERSION=FORMAT_VERSION)
        )
    while version < FORMAT_VERSION:
        data = MIGRATIONS[version](data)
        version += 1
        data["format_version"] = version
    return data


def describe_validation(exc: ValidationError) -> str:
    """A validation failure as one line (pydantic's own text spans lines and links to its
    documentation): the first three places and what is wrong there."""
    errors = exc.errors()
    parts = []
    for err in errors[:3]:
        # Translators: where a problem is when it is in the file as a whole
        where = join_path(*err["loc"]) or _("top level")
        parts.append(_("{where}: {reason}").format(where=where, reason=reason(err)))
    left = len(errors) - 3
    more = ngettext(" (and {n} more)", " (and {n} more)", left).format(n=left) if left > 0 else ""
    return "; ".join(parts) + more
