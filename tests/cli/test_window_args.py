"""``sheetapp --help`` lists every option the window takes, from the one declaration."""

from __future__ import annotations

import subprocess
import sys

import pytest

from sheetapp.cli.window_args import OPTIONS, window_parser


def _help() -> str:
    done = subprocess.run(
        [sys.executable, "-m", "sheetapp", "--help"], capture_output=True, text=True, check=True
    )
    return done.stdout


def test_help_lists_every_window_option():
    text = _help()
    for word in ("FILE", "--theme", "--size", "--smoke", "--screenshot"):
        assert word in text
    for flags, _ in OPTIONS:
        assert flags[0] in text


def test_the_window_parses_what_help_lists():
    options = window_parser().parse_args(
        ["a.json", "b.json", "--theme", "dark", "--size", "1366x768", "--smoke"]
    )
    assert options.files == ["a.json", "b.json"]
    assert (options.theme, options.size, options.smoke) == ("dark", (1366, 768), True)


@pytest.mark.parametrize("size", ["abc", "1366", "x768", "0x0", "5x-7", "1366x768x2"])
def test_a_bad_size_is_a_one_line_usage_error(size, capsys):
    with pytest.raises(SystemExit) as exited:
        window_parser().parse_args(["--size", size])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert "is not a window size" in err and err.count("\n") == 1


def test_commands_still_parse_beside_the_window_options():
    from sheetapp.cli.main import build_parser

    args = build_parser().parse_args(["validate", "a.json", "b.json"])
    assert (args.verb, args.files) == ("validate", ["a.json", "b.json"])
