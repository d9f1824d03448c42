"""The one output policy, for every command that writes: its own input is never written
over (by its name, a symbolic link or a hard link, even with ``--force``), a folder is
never a one-file output, ``-o -`` and ``/dev/stdout`` are standard output without
``--force``, and a folder export writes all its files or none."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from sheetapp.cli.main import main
from sheetapp.storage.document import save
from sheetapp.systems.plugin import NewOptions
from sheetapp.systems.registry import get_system

LINKS: dict[str, Callable[[Path, Path], None]] = {
    "same name": lambda source, name: None,
    "symbolic link": lambda source, name: name.symlink_to(source.name),
    "hard link": lambda source, name: os.link(source, name),
}


def _sheet(path: Path, seed: int = 1) -> Path:
    save(path, get_system("amazing-engine").new(NewOptions(random=True, seed=seed)))
    return path


def _library(folder: Path) -> Path:
    library = folder / "lib.sqlite3"
    assert main(["library", "--file", str(library), "import", str(_sheet(folder / "s.json"))]) == 0
    return library


# Each writing verb: (how its input is made, the command line writing OUT from INPUT).
WRITERS: dict[str, tuple[Callable[[Path], Path], Callable[[Path, Path], list[str]]]] = {
    "export-pdf": (
        lambda d: _sheet(d / "in.json"),
        lambda i, o: ["export-pdf", str(i), "-o", str(o)],
    ),
    "export foundry": (
        lambda d: _sheet(d / "in.json"),
        lambda i, o: ["export", "--to", "foundry", str(i), "-o", str(o)],
    ),
    "export roll20": (
        lambda d: _sheet(d / "in.json"),
        lambda i, o: ["export", "--to", "roll20", str(i), "-o", str(o)],
    ),
    "export zip": (
        lambda d: _sheet(d / "in.zip"),
        lambda i, o: ["export", "--to", "foundry", str(i), str(_sheet(o.parent / "b.json", 2)),
                      "-o", str(o)],
    ),
    "import": (
        lambda d: _exported(d / "in.json"),
        lambda i, o: ["import", str(i), "-o", str(o)],
    ),
    "library export": (
        _library,
        lambda i, o: ["library", "--file", str(i), "export", "1", "-o", str(o)],
    ),
    "library export pdf": (
        lambda d: _library(d).rename(d / "lib.pdf"),
        lambda i, o: ["library", "--file", str(i), "export", "1", "-o", str(o)],
    ),
}


def _exported(path: Path) -> Path:
    source = _sheet(path.parent / "source.json")
    assert main(["export", "--to", "foundry", str(source), "-o", str(path)]) == 0
    return path


@pytest.mark.parametrize("link", list(LINKS))
@pytest.mark.parametrize("writer", list(WRITERS))
def test_no_writer_writes_over_its_own_input(tmp_path, capsys, writer, link) -> None:
    make_input, command = WRITERS[writer]
    source = make_input(tmp_path)
    target = source if link == "same name" else source.with_name("out" + source.suffix)
    LINKS[link](source, target)
    before = source.read_bytes()
    capsys.readouterr()
    code = main([*command(source, target), "--force"])
    err = capsys.readouterr().err
    assert code == 2, err
    assert "same file as" in err and err.count("\n") == 1
    assert source.read_bytes() == before


def test_a_folder_export_never_replaces_one_of_its_inputs(tmp_path, capsys) -> None:
    """Several sheets exported into the folder that holds them, one of them named as its
    export would be: refused, and nothing of the batch is written."""
    from sheetapp.interop.targets import TARGETS, file_names
    from sheetapp.storage.document import load

    first = _sheet(tmp_path / "a.json")
    name = file_names([load(first).characters[0].name], TARGETS["foundry"])[0]
    second = _sheet(tmp_path / name, 2)  # an input named as the export of sheet a would be
    before = sorted(p.name for p in tmp_path.iterdir())
    capsys.readouterr()
    code = main(["export", "--to", "foundry", str(first), str(second), "-o", str(tmp_path),
                 "--force"])
    assert code == 2 and "same file as" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == before


@pytest.mark.parametrize(
    "command",
    [
        lambda d, i: ["export", "--to", "foundry", str(i), "-o", str(d)],
        lambda d, i: ["import", str(_exported(d / "x.json")), "-o", str(d)],
        lambda d, i: ["export-pdf", str(i), "-o", str(d)],
        lambda d, i: ["library", "--file", str(_library(d)), "export", "1", "-o", str(d)],
    ],
    ids=["export", "import", "export-pdf", "library export"],
)
def test_one_sheet_is_never_written_into_a_folder(tmp_path, capsys, command) -> None:
    source = _sheet(tmp_path / "in.json")
    before = sorted(p.name for p in tmp_path.iterdir())
    args = command(tmp_path, source)
    before = sorted(p.name for p in tmp_path.iterdir())
    capsys.readouterr()
    assert main([*args, "--force"]) == 2
    assert "it is a folder" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == before


@pytest.mark.parametrize("output", ["-", "/dev/stdout"])
@pytest.mark.parametrize(
    "command",
    [["export", "--to", "roll20"], ["import"], ["export-pdf"]],
    ids=["export", "import", "export-pdf"],
)
def test_standard_output_needs_no_force(tmp_path, output, command) -> None:
    source = _sheet(tmp_path / "in.json")
    if command == ["import"]:
        source = _exported(tmp_path / "actor.json")
    out = tmp_path / "out.data"
    with out.open("wb") as stdout:
        done = subprocess.run(
            [sys.executable, "-m", "sheetapp", *command, str(source), "-o", output],
            stdout=stdout, stderr=subprocess.PIPE, text=True, cwd=tmp_path, timeout=60,
        )
    assert done.returncode == 0, done.stderr
    assert out.stat().st_size > 100  # the data came out on stdout


@pytest.mark.parametrize("verb", ["export", "library export"])
def test_a_300_character_name_is_shortened_and_the_batch_written_whole(
    tmp_path, capsys, verb
) -> None:
    long_name = "Zoë " + "x" * 300
    sheets = []
    for n, name in enumerate([long_name, long_name, "Short"]):
        sheet = get_system("amazing-engine").new(NewOptions(random=True, seed=n))
        sheet.characters[0].name = name
        path = tmp_path / f"{n}.json"
        save(path, sheet)
        sheets.append(str(path))
    out = tmp_path / "out"
    if verb == "export":
        code = main(["export", "--to", "foundry", *sheets, "-o", str(out)])
    else:
        library = str(tmp_path / "lib.sqlite3")
        assert main(["library", "--file", library, "import", *sheets]) == 0
        code = main(["library", "--file", library, "export", "1", "2", "3", "-o", str(out)])
    assert code == 0, capsys.readouterr().err
    written = sorted(out.iterdir())
    assert len(written) == 3
    assert all(len(p.name.encode()) <= 255 for p in written)
    assert sum("xxxx" in p.name for p in written) == 2


def test_a_folder_export_that_cannot_finish_writes_nothing(tmp_path, capsys, monkeypatch) -> None:
    """A failure while writing the third of three files (a full disk) leaves none."""
    from sheetapp.storage import folder_output

    sheets = [str(_sheet(tmp_path / f"{n}.json", n)) for n in range(3)]
    out = tmp_path / "out"
    out.mkdir()
    staged = []
    real = folder_output._stage

    def stage(path: Path, data: bytes) -> str:
        if len(staged) == 2:
            raise OSError(28, "No space left on device")
        staged.append(path)
        return real(path, data)

    monkeypatch.setattr(folder_output, "_stage", stage)
    assert main(["export", "--to", "roll20", *sheets, "-o", str(out)]) == 2
    assert "the disk is full" in capsys.readouterr().err  # ENOSPC, in the reader's words
    assert list(out.iterdir()) == []
