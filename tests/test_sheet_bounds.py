"""Every list of every system is bounded, and a sheet past a bound (10x) is refused in one
line, in bounded time and memory, whether it comes as a file, inside a tabletop import or
as a library row: measured on the command line in a subprocess with its address space
limited."""

from __future__ import annotations

import json
import os
import resource
import sqlite3
import subprocess
import sys
import types
import typing
from pathlib import Path

import annotated_types
import pytest
from pydantic import BaseModel

from sheetapp.cli.main import main
from sheetapp.storage.document import dumps
from sheetapp.systems.plugin import NewOptions
from sheetapp.systems.registry import get_system, system_ids

MEMORY = 300 * 1024 * 1024
SECONDS = 2.0  # of the command's own CPU time: a loaded machine's waiting does not count


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def _cpu_of_children() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _cli(*args: str, cwd: Path) -> tuple[int, float, str]:
    """The command's exit code, the CPU seconds it took, and what it said."""
    before = _cpu_of_children()
    done = subprocess.run(
        [sys.executable, "-m", "sheetapp", *args], capture_output=True, text=True, cwd=cwd,
        preexec_fn=_limit, timeout=60, env={**os.environ, "SHEETAPP_DATA_DIR": str(cwd)},
    )
    return done.returncode, _cpu_of_children() - before, done.stderr


def _unwrap(annotation):
    while True:
        origin = typing.get_origin(annotation)
        if origin is typing.Annotated:
            annotation = typing.get_args(annotation)[0]
        elif origin in (typing.Union, types.UnionType):
            annotation = next(a for a in typing.get_args(annotation) if a is not type(None))
        else:
            return annotation


def _bounded_lists(data, model: type[BaseModel], path=()):
    """(path, bound, one item) of every non-empty list of ``data`` and its model bound."""
    for key, value in data.items():
        field = model.model_fields.get(key)
        if field is None:
            continue
        annotation = _unwrap(field.annotation)
        bound = next((m.max_length for m in field.metadata
                      if isinstance(m, annotated_types.MaxLen)), None)
        if isinstance(value, str) and bound is not None:
            yield (*path, key), bound, None  # a text: None stands for its characters
        if isinstance(value, list) and typing.get_origin(annotation) is list:
            item = _unwrap(typing.get_args(annotation)[0])
            if bound is not None:  # an unbounded list fails the test above
                yield (*path, key), bound, value[0] if value else _sample(item)
            for n, element in enumerate(value[:1]):
                if isinstance(item, type) and issubclass(item, BaseModel):
                    yield from _bounded_lists(element, item, (*path, key, n))
        elif isinstance(value, dict) and isinstance(annotation, type) and issubclass(
            annotation, BaseModel
        ):
            yield from _bounded_lists(value, annotation, (*path, key))


def _sample(item) -> object:
    """One valid element of a list the random sheet left empty (a ledger, gear)."""
    if not (isinstance(item, type) and issubclass(item, BaseModel)):
        return "x"
    values = {}
    for name, field in item.model_fields.items():
        if field.is_required():
            kind = _unwrap(field.annotation)
            values[name] = (typing.get_args(kind)[0] if typing.get_origin(kind) is typing.Literal
                            else 1 if kind is int else "x")
    return item.model_validate(values).model_dump(mode="json")


def _document(system_id: str) -> dict:
    sheet = get_system(system_id).new(NewOptions(random=True, seed=11))
    return json.loads(dumps(sheet))


def _oversized(system_id: str):
    """The sheet with each bounded list at 10x its bound, and its shortest- and its
    longest-bounded texts at 10x theirs (every text would be a hundred runs)."""
    document = _document(system_id)
    model = get_system(system_id).model
    found = list(_bounded_lists(document, model))
    lists = [f for f in found if f[2] is not None]
    texts = sorted((f for f in found if f[2] is None), key=lambda f: f[1])
    for path, bound, item in [*lists, *texts[:1], *texts[-1:]]:
        big = json.loads(json.dumps(document))
        place = big
        for part in path[:-1]:
            place = place[part]
        place[path[-1]] = "x" * (10 * bound) if item is None else [item] * (10 * bound)
        yield ".".join(map(str, path)), big


CASES = [(s, where, doc) for s in system_ids() for where, doc in _oversized(s)]


def test_every_list_of_every_model_has_a_bound() -> None:
    def walk(model: type[BaseModel], seen: set) -> list[str]:
        unbounded = []
        for name, field in model.model_fields.items():
            annotation = _unwrap(field.annotation)
            if typing.get_origin(annotation) is list and not any(
                isinstance(m, annotated_types.MaxLen) for m in field.metadata
            ):
                unbounded.append(f"{model.__name__}.{name}")
            for inner in (annotation, *typing.get_args(annotation)):
                inner = _unwrap(inner)
                if isinstance(inner, type) and issubclass(inner, BaseModel) and inner not in seen:
                    seen.add(inner)
                    unbounded += walk(inner, seen)
        return unbounded

    assert [u for s in system_ids() for u in walk(get_system(s).model, set())] == []


@pytest.mark.parametrize(("system_id", "where", "document"), CASES,
                         ids=[f"{s}:{w}" for s, w, _ in CASES])
def test_a_sheet_past_a_bound_is_refused_quickly_in_one_line(
    tmp_path, system_id, where, document
) -> None:
    path = tmp_path / "big.json"
    path.write_text(json.dumps(document))
    code, seconds, err = _cli("validate", str(path), cwd=tmp_path)
    assert code == 2 and err.count("\n") == 1, err[-300:]
    assert seconds < SECONDS and "internal error" not in err


def _largest(system_id: str) -> dict:
    return max((d for s, _, d in CASES if s == system_id), key=lambda d: len(json.dumps(d)))


def _carrying(data, big: dict):
    """The exported actor with the sheet it carries replaced by ``big``: an object under
    Foundry's flag, JSON text in a Roll20 attribute."""
    if isinstance(data, dict):
        if data.get("format") == "sheetapp":
            return big
        return {k: _carrying(v, big) for k, v in data.items()}
    if isinstance(data, list):
        return [_carrying(v, big) for v in data]
    if isinstance(data, str) and data.startswith("{") and '"format"' in data:
        return json.dumps(big)
    return data


@pytest.mark.parametrize("system_id", system_ids())
def test_an_import_carrying_a_sheet_past_a_bound_is_refused(tmp_path, system_id) -> None:
    small = tmp_path / "small.json"
    small.write_text(json.dumps(_document(system_id)))
    for target in ("foundry", "roll20"):
        actor = tmp_path / f"{target}.json"
        assert main(["export", "--to", target, str(small), "-o", str(actor), "--force"]) == 0
        before = actor.read_text()
        text = json.dumps(_carrying(json.loads(before), _largest(system_id)))
        assert len(text) > 2 * len(before)
        actor.write_text(text)
        code, seconds, err = _cli("import", str(actor), "-o", str(tmp_path / "out.json"),
                                  "--force", cwd=tmp_path)
        assert code == 2 and err.count("\n") == 1, (target, err[-300:])
        assert seconds < SECONDS


@pytest.mark.parametrize("system_id", system_ids())
def test_a_library_row_past_a_bound_is_refused(tmp_path, system_id) -> None:
    small = tmp_path / "small.json"
    small.write_text(json.dumps(_document(system_id)))
    library = tmp_path / "library.sqlite3"
    assert main(["library", "--file", str(library), "import", str(small)]) == 0
    with sqlite3.connect(library) as connection:
        connection.execute("UPDATE revisions SET document = ?",
                           (json.dumps(_largest(system_id)),))
    code, seconds, err = _cli("library", "--file", str(library), "show", "1", cwd=tmp_path)
    assert code == 2 and err.count("\n") == 1, err[-300:]
    assert seconds < SECONDS


def test_a_roll20_string_is_counted_before_it_is_parsed_wherever_it_names_its_format(
    tmp_path,
) -> None:
    """A sheet written into a Roll20 attribute whose "format" comes only after millions of
    tiny values (far past the first few thousand characters): its values are counted
    before the string is parsed, so it is refused in one line, in bounded time and memory,
    without ever being built."""
    small = tmp_path / "small.json"
    small.write_text(json.dumps(_document("d6-pool")))
    actor = tmp_path / "roll20.json"
    assert main(["export", "--to", "roll20", str(small), "-o", str(actor), "--force"]) == 0
    data = json.loads(actor.read_text())
    attribs = data.get("character", data)["attribs"]
    carried = next(a for a in attribs if a["name"] == "sheetapp_document")
    sheet = json.loads(carried["current"])
    carried["current"] = '{"padding": [' + ",".join(["[]"] * 4_000_000) + "], " + \
        json.dumps(sheet)[1:]
    assert carried["current"].index('"format"') > 4096
    actor.write_text(json.dumps(data))
    code, seconds, err = _cli("import", str(actor), "-o", str(tmp_path / "out.json"),
                              "--force", cwd=tmp_path)
    assert code == 2 and err.count("\n") == 1, err[-300:]
    assert "1,000,000 values" in err
    assert seconds < SECONDS
