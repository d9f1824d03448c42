"""Every command that reads a file a person names, against names that are not sheets: a pipe
nobody writes to, an endless device, a folder, a socket, a file far too large. Each is
refused at once (exit 2, one line naming the file), with bounded memory, and no command
waits for a writer that never comes.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sheetapp.cli.main import main
from sheetapp.storage import autosave, document
from sheetapp.systems.amazing_engine.packs import MAX_PACK_BYTES
from tests.special_files import ZERO, device, fifo, unix_socket, within


def _big_sheet(path: Path) -> Path:
    path.write_bytes(b" " * (document.MAX_BYTES + 1))
    return path


def _big_pack(path: Path) -> Path:
    path.write_bytes(b"#" * MAX_PACK_BYTES + b"\n")
    return path


def _folder(path: Path) -> Path:
    path.mkdir()
    return path


KINDS = {
    "a named pipe": fifo,
    "a character device": lambda path: device(path, ZERO),
    "a folder": _folder,
    "a socket": lambda path: unix_socket(path)[0],
}
READERS = {
    "validate": lambda f, work: ["validate", f],
    "show": lambda f, work: ["show", f],
    "export-pdf": lambda f, work: ["export-pdf", f, "-o", str(work / "out.pdf")],
    "library import": lambda f, work: ["library", "--file", str(work / "l.sqlite3"), "import", f],
    "universes check": lambda f, work: ["universes", "check", f],
}


def refused_quickly(capsys, argv: list[str], path: Path, *words: str) -> None:
    code = within(30, lambda: main(argv), unblock=path if path.is_fifo() else None)
    err = capsys.readouterr().err
    lines = err.splitlines()
    assert code == 2 and len(lines) == 1 and lines[0].startswith("sheetapp: "), err
    assert str(path) in lines[0]
    for word in words:
        assert word in lines[0], lines[0]


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize("kind", KINDS)
def test_what_is_not_a_file_is_refused_at_once(tmp_path: Path, capsys, kind, reader) -> None:
    path = KINDS[kind](tmp_path / "input.json")
    refused_quickly(capsys, READERS[reader](str(path), tmp_path), path, kind, "not a regular")
    assert not (tmp_path / "out.pdf").exists()


@pytest.mark.parametrize("reader", [r for r in READERS if r != "universes check"])
def test_a_sheet_larger_than_the_limit_is_refused(tmp_path: Path, capsys, reader) -> None:
    path = _big_sheet(tmp_path / "input.json")
    refused_quickly(capsys, READERS[reader](str(path), tmp_path), path, "at most")


def test_a_pack_larger_than_the_limit_is_a_problem_of_the_pack(tmp_path: Path, capsys) -> None:
    path = _big_pack(tmp_path / "big.toml")
    assert main(["universes", "check", str(path)]) == 1  # a broken pack, as for bad TOML
    assert f"{path}:1: error: the pack is larger than" in capsys.readouterr().out


def test_autosave_recovery_skips_what_is_not_a_file_without_waiting(tmp_path: Path) -> None:
    pipe = fifo(autosave.folder() / "stuck.json")
    _folder(autosave.folder() / "folder.json")
    good = {"pid": 2**22 + 7, "saved_at": 1.0, "original": None, "title": "Kept"}
    main(["new", "amazing-engine", "--random", "--seed", "3", "-o", str(tmp_path / "s.json")])
    good["sheet"] = (tmp_path / "s.json").read_text()
    (autosave.folder() / "good.json").write_text(json.dumps(good))
    found = within(30, autosave.orphans, unblock=pipe)
    assert [r.title for r in found] == ["Kept"]
    assert pipe.is_fifo()  # skipped, kept as it was
