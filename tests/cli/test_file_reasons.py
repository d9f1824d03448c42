"""A file that cannot be read is named with the reason in the reader's language: Python
words an OS error ("No such file or directory") and a JSON error ("Expecting property
name enclosed in double quotes") in English, and ``validate --lang de`` ended its German
line with them."""

from __future__ import annotations

import errno
import json
import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import sheetapp
from sheetapp.file_reasons import REASONS, json_problem, os_reason
from tests.marker_locale import marker_locale

from .test_cli import run

PLAIN_WORD = re.compile(r"[A-Za-z]{2,}")  # the marker locale accents every letter it gives


@pytest.fixture(scope="module")
def markers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    with marker_locale(tmp_path_factory.mktemp("locale")):
        yield


def unmarked(line: str, path: str) -> list[str]:
    """The plain words of an error line once the program's name and the path are out."""
    return PLAIN_WORD.findall(line.removeprefix("sheetapp:").replace(path, " "))


def broken(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    "make",
    [
        lambda tmp: str(tmp / "missing.json"),  # no such file
        lambda tmp: str(tmp / "missing" / "x.json"),
        lambda tmp: broken(tmp, "a.json", "x") + "/x.json",  # a file where a folder is
        lambda tmp: str(tmp),  # a folder
        lambda tmp: broken(tmp, "broken.json", '{"format": x}'),  # a value missing
        lambda tmp: broken(tmp, "comma.json", '{"a": 1,}'),  # a name missing
        lambda tmp: broken(tmp, "open.json", '{"a": "b'),  # a text not closed
        lambda tmp: broken(tmp, "two.json", "{} {}"),  # more after the end
    ],
    ids=["missing", "no-folder", "not-a-folder", "folder", "value", "comma", "quote", "extra"],
)
def test_validate_names_the_file_and_why_in_the_language(tmp_path, capsys, markers, make):
    path = make(tmp_path)
    code, _out, err = run(capsys, "validate", path, "--lang", "qps-ploc")
    assert code != 0
    line = err.strip()
    assert path in line and "\n" not in line
    assert unmarked(line, path) == []


@pytest.mark.parametrize(
    "make",
    [
        lambda tmp: str(tmp),
        lambda tmp: str(tmp / "missing" / "x.json"),
        lambda tmp: broken(tmp, "there.json", "{}"),  # replacing it was not agreed to
    ],
    ids=["folder", "no-folder", "exists"],
)
def test_a_file_not_written_is_named_with_why_in_the_language(tmp_path, capsys, markers, make):
    path = make(tmp_path)
    code, _out, err = run(capsys, "new", "amazing-engine", "-o", path, "--lang", "qps-ploc")
    assert code != 0
    line = err.strip()
    assert path in line and "\n" not in line
    assert unmarked(line.replace(path, " ").replace(str(tmp_path / "missing"), " "), path) == []


def test_the_system_s_words_become_the_catalog_s(markers) -> None:
    """Every errno the table knows, as the C library words it, reads marked; a reason
    sheetapp wrote itself, or an errno the table lacks, is kept as it is."""
    for number in REASONS:
        assert unmarked(os_reason(OSError(number, os.strerror(number))), "") == []
    kept = "the disk is full; the old content is kept in x.backup"
    assert os_reason(OSError(errno.ENOSPC, kept)) == kept
    assert os_reason(OSError(errno.EPROTO, os.strerror(errno.EPROTO))) == os.strerror(errno.EPROTO)


def test_a_json_error_the_table_lacks_keeps_its_place_without_english(markers) -> None:
    exc = json.JSONDecodeError("Something new in a later Python", "{\n  x", 4)
    shown = json_problem("a.json", exc)
    assert unmarked(shown, "a.json") == []
    assert re.search(r"2\D+3", shown)  # line 2, column 3


# A module that words its errors without sheetapp's catalog (the phone's small HTTPS server
# imports nothing of the app), and the table's own module.
OWN_WORDS = {"campaign/phone/https.py", "file_reasons.py"}


def test_every_message_takes_an_os_error_s_reason_from_the_table() -> None:
    """``exc.strerror`` shown as it is reads English in every language: a message about a
    file's failure takes ``os_reason(exc)``."""
    package = Path(sheetapp.__file__).parent
    found = [
        f"{path.relative_to(package)}:{number}: {line.strip()}"
        for path in sorted(package.rglob("*.py"))
        if path.relative_to(package).as_posix() not in OWN_WORDS
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"\.strerror\b(?! *=)", line) and "os_reason" not in line
    ]
    assert found == []
