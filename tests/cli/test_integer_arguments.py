"""Every whole number a person types into a command is checked at the parser: a huge or
negative value is one line and exit 2, never an OverflowError from SQLite (exit 3); and a
sheet's whole numbers are strict (no ``true``, ``0.0`` or ``1e-999``), its text without
U+0000."""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator

import pytest

from sheetapp.cli.main import build_parser, main
from sheetapp.storage.document import DocumentError, dumps, loads
from sheetapp.systems.plugin import NewOptions
from sheetapp.systems.registry import get_system, system_ids

INT64_MAX = 2**63 - 1  # SQLite's largest integer
HOSTILE = ["99999999999999999999999999", str(INT64_MAX + 1), "-99999999999999999999999999",
           "-1", "1e9", "1.5", "0x10", "٣"]


def _commands(
    parser: argparse.ArgumentParser, path: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _commands(sub, (*path, name))


def _numeric(action: argparse.Action) -> bool:
    return action.type is int or hasattr(action.type, "bounds")


def _filler(action: argparse.Action) -> list[str]:
    """A value the parser takes for an argument the test is not about."""
    if action.choices:
        return [str(next(iter(action.choices)))]
    return ["1"] if _numeric(action) else ["x"]


def _argv(path: tuple[str, ...], parser: argparse.ArgumentParser, tried, value: str):
    argv = [*path]
    positionals = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction) or action.dest == "help":
            continue
        if action is tried:
            given = [value]
        elif action.required or not action.option_strings:
            given = _filler(action)
        else:
            continue
        if action.option_strings:
            argv += [action.option_strings[-1] + "=" + given[0]]
        else:
            positionals.append(given[0])
    return argv + positionals


NUMERIC = [
    (path, parser, action)
    for path, parser in _commands(build_parser())
    for action in parser._actions
    if _numeric(action)
]


def test_every_whole_number_argument_has_bounds() -> None:
    assert len(NUMERIC) >= 20  # ids, counts, seeds, awards, limits, templates
    assert [" ".join(p) + " " + a.dest for p, _, a in NUMERIC if a.type is int] == []


@pytest.mark.parametrize(
    ("path", "parser", "action"), NUMERIC, ids=[" ".join(p) + ":" + a.dest for p, _, a in NUMERIC]
)
def test_a_huge_or_negative_number_is_one_line_and_exit_2(path, parser, action, capsys) -> None:
    low, high = action.type.bounds
    for value in HOSTILE:
        if value.lstrip("-").isdigit() and low <= int(value) <= high:
            continue
        with pytest.raises(SystemExit) as exited:
            build_parser().parse_args(_argv(path, parser, action, value))
        err = capsys.readouterr().err
        assert exited.value.code == 2, (path, value)
        assert err.count("\n") == 1 and "Traceback" not in err, err


@pytest.mark.parametrize(
    "argv",
    [
        ["library", "show", "99999999999999999999999999"],
        ["library", "restore", "1", "99999999999999999999999999"],
        ["library", "search", "x", "--limit", "99999999999999999999999999"],
        ["library", "delete", "99999999999999999999999999"],
        ["library", "export", "99999999999999999999999999", "-o", "x.json"],
        ["library", "tag", "99999999999999999999999999", "--add", "x"],
        ["library", "revisions", "99999999999999999999999999"],
        ["library", "duplicate", "99999999999999999999999999"],
        ["library", "untrash", "99999999999999999999999999"],
        ["library", "award", "99999999999999999999999999", "--xp", "1"],
        ["library", "award", "1", "--xp", "99999999999"],
        ["library", "generate", "amazing-engine", "--count", "1", "--template",
         "99999999999999999999999999"],
        ["odds", "amazing-engine", "--chance", "99999999999999999999999999"],
    ],
)
def test_the_commands_of_the_issue_never_end_in_an_internal_error(argv, tmp_path, capsys,
                                                                   monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    library = ["--file", str(tmp_path / "lib.sqlite3")]
    if argv[0] == "library":
        argv = [argv[0], *library, *argv[1:]]
    try:
        code = main(argv)
    except SystemExit as exited:
        code = exited.code
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1, err
    assert "internal error" not in err and "pydantic" not in err


def test_an_award_past_a_ledger_bound_is_one_line_without_pydantic(tmp_path, capsys) -> None:
    library = ["library", "--file", str(tmp_path / "lib.sqlite3")]
    assert main([*library, "generate", "d6-pool", "--count", "1"]) == 0
    for _ in range(2):
        main([*library, "award", "1", "--xp", "10000000"])
    err = capsys.readouterr().err
    assert "https://" not in err and "validation error" not in err
    assert all(line.startswith("sheetapp: ") for line in err.splitlines())


def _whole_numbers(data, path=()) -> Iterator[tuple]:
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _whole_numbers(value, (*path, key))
    elif isinstance(data, list):
        for n, value in enumerate(data):
            yield from _whole_numbers(value, (*path, n))
    elif isinstance(data, int) and not isinstance(data, bool):
        yield path


def _put(data, path, value):
    for part in path[:-1]:
        data = data[part]
    data[path[-1]] = value


@pytest.mark.parametrize("system_id", system_ids())
@pytest.mark.parametrize("wrong", [True, 0.0, 1e-999, 3.0])
def test_no_whole_number_of_a_sheet_takes_a_boolean_or_a_float(system_id, wrong) -> None:
    document = json.loads(dumps(get_system(system_id).new(NewOptions(random=True, seed=7))))
    places = [p for p in _whole_numbers(document) if p[0] != "format_version"]
    assert places
    for place in places:
        changed = json.loads(json.dumps(document))
        _put(changed, place, wrong)
        with pytest.raises(DocumentError, match="must be a whole number"):
            loads(json.dumps(changed))


@pytest.mark.parametrize("system_id", system_ids())
def test_no_text_of_a_sheet_holds_nul(system_id) -> None:
    sheet = get_system(system_id).new(NewOptions(random=True, seed=7))
    name = get_system(system_id).roster(sheet).name
    text = dumps(sheet).replace(json.dumps(name), json.dumps(name + "\x00"), 1)
    with pytest.raises(DocumentError, match="U\\+0000"):
        loads(text)


@pytest.mark.parametrize("count", ["0", "100001", str(INT64_MAX)])
def test_a_generation_count_has_the_batch_bound_at_the_parser(count, tmp_path, capsys) -> None:
    """A count SQLite takes is still far past what one run may make: refused before any NPC
    is made, in one line, naming the bound."""
    argv = ["library", "--file", str(tmp_path / "lib.sqlite3"), "generate", "d6-pool",
            "--count", count]
    with pytest.raises(SystemExit) as exited:
        build_parser().parse_args(argv)
    err = capsys.readouterr().err
    assert exited.value.code == 2 and err.count("\n") == 1, err
    assert "100,000" in err
    assert not (tmp_path / "lib.sqlite3").exists()


def test_a_search_limit_keeps_the_wide_count() -> None:
    parsed = build_parser().parse_args(["library", "search", "x", "--limit", str(INT64_MAX)])
    assert parsed.limit == INT64_MAX
    generated = build_parser().parse_args(["library", "generate", "d6-pool", "--count", "100000"])
    assert generated.count == 100_000
