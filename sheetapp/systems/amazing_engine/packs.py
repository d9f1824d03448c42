"""Reading one universe pack: TOML text in, a Universe and its problems out.

Nothing a pack holds can raise past ``read_pack``/``parse_pack``: bad bytes, bad TOML, a
missing key, a hostile formula, a shape too large to parse quickly (``toml_limits``) all come
back as ``PackProblem`` lines a game master can act on, each naming the file and line to
change (``FILE:LINE: error: message``). ``parse_pack`` is the one guarded boundary: even a
failure nobody foresaw in reading one pack refuses that pack, never the program. Only a file
that cannot be opened raises (OSError), because then there is no pack to talk about.
"""

from __future__ import annotations

import sys
import typing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from sheetapp.bounded_read import read_limited
from sheetapp.findings import Severity
from sheetapp.i18n import _
from sheetapp.systems.amazing_engine.pack_checks import GEAR_TABLES, check_universe, did_you_mean
from sheetapp.systems.amazing_engine.toml_limits import MAX_BRACKETS, structure_problem
from sheetapp.systems.amazing_engine.universe import Universe
from sheetapp.toml_lines import key_lines, line_of

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

MAX_PACK_BYTES = 1_000_000
MAX_NESTING = MAX_BRACKETS  # tables and arrays inside one another; a skill tree needs ~2/level
MAX_REPORTED = 50

_EXAMPLES = {
    "id": 'id = "my-universe"',
    "name": 'name = "..."',
    "attribute": 'attribute = "reflexes"',
}


@dataclass(frozen=True)
class PackProblem:
    """One thing to fix in a pack, at a line of its file."""

    file: str
    line: int
    severity: Severity
    code: str
    message: str
    loc: tuple[str | int, ...] = ()  # the key path the problem is about, when known

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.severity.value}: {self.message}"

    def as_dict(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "line": self.line,
            "severity": self.severity.value,
            "code": self.code,
            "message": self.message,
        }


@dataclass(frozen=True)
class PackReport:
    """A pack as read: its universe (None when it could not be built) and its problems."""

    file: str
    universe: Universe | None
    problems: tuple[PackProblem, ...]

    @property
    def usable(self) -> bool:
        """Whether the pack may join the catalogue: built, and no errors."""
        return self.universe is not None and not any(
            p.severity is Severity.ERROR for p in self.problems
        )


def read_pack(path: Path, file: str | None = None) -> PackReport:
    """Read and check the pack at ``path``; raises OSError only if it cannot be opened.

    ``file`` is the name problems are reported under (default: the path as given).
    """
    name = file if file is not None else str(path)
    data = read_limited(path, MAX_PACK_BYTES)  # never blocks on a pipe nor reads past the limit
    return parse_pack(data, name)


def parse_pack(data: bytes | str, file: str, *, lint: bool = True) -> PackReport:
    """Read a pack and report its problems. ``lint=False`` skips the checks beyond the
    format (the shipped packs: tests hold them to zero problems, and start-up is faster).

    Never raises: what the checks below do not foresee still refuses only this pack.
    """
    try:
        return _parse(data, file, lint=lint)
    except Exception as exc:  # the boundary: one pack, never the program
        return unreadable(file, exc)


def unreadable(file: str, exc: Exception) -> PackReport:
    """The report of a pack whose reading failed in a way nobody foresaw."""
    return _refused(
        file,
        1,
        "pack.unreadable",
        _("the pack cannot be read: {reason}").format(reason=_brief(exc)),
    )


def _brief(exc: Exception) -> str:
    """An unforeseen failure in one short line (its message may quote the pack)."""
    text = " ".join(str(exc).split())
    text = text if len(text) <= 200 else text[:199] + "…"
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def _parse(data: bytes | str, file: str, *, lint: bool) -> PackReport:
    if len(data) > MAX_PACK_BYTES:
        return _refused(
            file,
            1,
            "pack.too_large",
            _("the pack is larger than {n} bytes").format(n=MAX_PACK_BYTES),
        )
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            line = data[: exc.start].count(b"\n") + 1
            return _refused(
                file, line, "pack.encoding", _("the file is not UTF-8 text; save it as UTF-8")
            )
    else:
        text = data
    shape = structure_problem(text)
    if shape is not None:
        return _refused(file, *shape)
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        line, message = _toml_error(str(exc), text.rstrip("\n"))
        return _refused(
            file, line, "pack.toml", _("not valid TOML: {reason}").format(reason=message)
        )
    except RecursionError:
        return _refused(file, 1, "pack.nesting", _("arrays or tables are nested too deeply"))
    deep = _too_deep(raw)
    if deep is not None:
        return _refused(
            file,
            line_of(key_lines(text), deep),
            "pack.nesting",
            _("tables and arrays are nested more than {n} deep here; flatten the tree").format(
                n=MAX_NESTING
            ),
        )
    try:
        universe = Universe.model_validate(raw)
    except ValidationError as exc:
        lines = key_lines(text)  # mapped only when there is something to report
        problems = [
            PackProblem(
                file,
                line_of(lines, e["loc"]),
                Severity.ERROR,
                "pack.invalid",
                _message(raw, e),
                tuple(e["loc"]),
            )
            for e in exc.errors()[:MAX_REPORTED]
        ]
        return PackReport(file, None, _ordered(problems))
    issues = check_universe(universe)[:MAX_REPORTED] if lint else []
    lines = key_lines(text) if issues else {}
    problems = [
        PackProblem(
            file, line_of(lines, issue.loc), issue.severity, issue.code, issue.message, issue.loc
        )
        for issue in issues
    ]
    return PackReport(file, universe, _ordered(problems))


def _refused(file: str, line: int, code: str, message: str) -> PackReport:
    return PackReport(file, None, (PackProblem(file, line, Severity.ERROR, code, message),))


def _ordered(problems: list[PackProblem]) -> tuple[PackProblem, ...]:
    return tuple(sorted(problems, key=lambda p: p.line))


def _slug(text: str) -> str:
    words = "".join(c if c.isascii() and c.isalnum() else " " for c in text.lower()).split()
    return "-".join(words) or "my-universe"


def _toml_error(text: str, source: str) -> tuple[int, str]:
    # tomllib says "Expected '=' after a key in a key/value pair (at line 3, column 5)".
    if text.endswith(" (at end of document)"):
        return source.count("\n") + 1, text.removesuffix(" (at end of document)")
    marker = " (at line "
    if marker in text and text.endswith(")"):
        head, _marker, where = text.rpartition(marker)
        number = where.split(",")[0]
        if number.isdigit():
            return int(number), head
    return 1, text


def _too_deep(raw: Any) -> tuple[str | int, ...] | None:
    stack: list[tuple[tuple[str | int, ...], Any]] = [((), raw)]
    while stack:
        path, value = stack.pop()
        if len(path) > MAX_NESTING:
            return path
        if isinstance(value, dict):
            stack.extend(((*path, k), v) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend(((*path, i), v) for i, v in enumerate(value))
    return None


def _message(raw: Any, error: Any) -> str:
    """Pydantic's complaint, said in the pack's own terms with what to change."""
    loc = tuple(error["loc"])
    field = next((str(p) for p in reversed(loc) if isinstance(p, str)), "")
    kind = error["type"]
    if kind == "missing":
        example = _EXAMPLES.get(field, f"{field} = ...")
        text = _("'{key}' is missing; add {example}").format(key=field, example=example)
    elif kind == "extra_forbidden":
        allowed = _fields_at(loc[:-1])
        text = (
            _("unknown key '{key}'{hint}").format(key=field, hint=did_you_mean(field, allowed))
            if allowed
            else _("unknown key '{key}'; remove it").format(key=field)
        )
    elif kind == "string_pattern_mismatch":
        text = (
            _("{key} '{value}' must be lowercase letters, digits, '-' or '_', e.g. '{slug}'")
            if field == "id"
            else _("{key} '{value}' must be lowercase letters, digits, '-' or '_'")
        ).format(key=field, value=error["input"], slug=_slug(str(error["input"])))
    elif kind == "enum":
        expected = error.get("ctx", {}).get("expected", "")
        text = _("{key} '{value}' is not allowed; use {expected}").format(
            key=field, value=error["input"], expected=expected
        )
    elif kind == "string_too_short":
        text = _("{key} must not be empty").format(key=field)
    elif kind == "literal_error" and field == "format":
        text = _("format must be 1, the only pack format so far")
    elif kind == "value_error":
        reason = str(error["msg"]).removeprefix("Value error, ")
        text = (
            _("formula {key}: {reason}").format(key=field, reason=reason)
            if loc[:1] == ("formulas",) and len(loc) > 1  # not the table as a whole
            else reason
        )
    else:
        text = f"{field}: {error['msg']}" if field else str(error["msg"])
    where = _where(raw, loc)
    return f"{where}: {text}" if where else text


def _where(raw: Any, loc: tuple) -> str:
    """The names along ``loc``, e.g. "[[skill_groups]] 'Melee' > 'Blades'"."""
    labels: list[str] = []
    node = raw
    table = ""
    for part in loc:
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            break
        if isinstance(part, str) and not table:
            table = part
        if isinstance(node, dict) and isinstance(node.get("name") or node.get("id"), str):
            labels.append(f"'{node.get('name') or node.get('id')}'")
    if table in ("professions", "skill_groups", "species", *GEAR_TABLES) and labels:
        return f"[[{table}]] " + " > ".join(labels)
    return ""


def _fields_at(loc: tuple) -> list[str]:
    """The keys allowed in the table at ``loc``, found by following the models."""
    model: type[BaseModel] = Universe
    keyed = False  # the part after a table of models by key ([translations.de]) is that key
    for part in loc:
        if isinstance(part, int) or keyed:
            keyed = False
            continue
        field = model.model_fields.get(part)
        inner = _model_in(field.annotation) if field else None
        if field is None or inner is None:
            return []
        keyed = typing.get_origin(field.annotation) is dict
        model = inner
    return list(model.model_fields)


def _model_in(annotation: Any) -> type[BaseModel] | None:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in typing.get_args(annotation):
        found = _model_in(arg)
        if found is not None:
            return found
    return None
