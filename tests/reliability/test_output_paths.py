"""Every command that writes, against every kind of name it can be given: the output policy
(docs/file-format.md, "Where a file is written") holds for all of them alike.

Each case runs each writing command (``new``, ``export-pdf``, ``blank``, ``library export``
to a sheet file and to a PDF) through ``sheetapp.cli.main.main``. A refusal is exit code 2
with one line on stderr; nothing is ever an internal error (3), and nothing an input or an
unforced existing file held is lost.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

import pytest

from sheetapp.cli.main import main
from sheetapp.storage.atomic import stale_temp_files
from sheetapp.storage.document import load
from tests.special_files import (
    LOOP,
    NULL,
    ROOT,
    device,
    drain,
    fifo,
    unix_socket,
    within,
)


@dataclass(frozen=True)
class Verb:
    """A writing command: its arguments before ``-o``, the output's suffix and first bytes."""

    args: tuple[str, ...]
    suffix: str
    magic: bytes

    def argv(self, work: Path, output: Path, *extra: str) -> list[str]:
        args = [a.replace("{work}", str(work)) for a in self.args]
        return [*args, "-o", str(output), *extra]


LIBRARY = ("library", "--file", "{work}/library.sqlite3", "export", "1")
VERBS = {
    "new": Verb(("new", "amazing-engine", "--random", "--seed", "2"), ".json", b"{"),
    "export-pdf": Verb(("export-pdf", "{work}/hero.json"), ".pdf", b"%PDF-"),
    "blank": Verb(("blank", "amazing-engine"), ".pdf", b"%PDF-"),
    "library-export": Verb(LIBRARY, ".json", b"{"),
    "library-export-pdf": Verb(LIBRARY, ".pdf", b"%PDF-"),
}
every_verb = pytest.mark.parametrize("verb", VERBS.values(), ids=list(VERBS))


@pytest.fixture
def work(tmp_path: Path, capsys) -> Path:
    """A folder with a sheet (hero.json) and a library holding it as sheet 1."""
    folder = tmp_path / "work"
    folder.mkdir()
    sheet = folder / "hero.json"
    assert main(["new", "amazing-engine", "--random", "--seed", "1", "-o", str(sheet)]) == 0
    assert main(["library", "--file", str(folder / "library.sqlite3"), "import", str(sheet)]) == 0
    capsys.readouterr()
    return folder


def run(capsys, argv: list[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    assert code != 3, err  # never "internal error"
    return code, out, err


def refused(capsys, argv: list[str], *words: str) -> str:
    """Run a command that must be refused: exit 2, one line naming the reason."""
    code, _, err = run(capsys, argv)
    lines = err.splitlines()
    assert code == 2 and len(lines) == 1 and lines[0].startswith("sheetapp: "), err
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


def written(capsys, argv: list[str]) -> str:
    code, out, err = run(capsys, argv)
    assert code == 0, err
    return out + err


def no_litter(*folders: Path) -> None:
    for folder in folders:
        assert stale_temp_files(folder) == []
        assert not list(folder.glob(".sheetapp-*")), list(folder.iterdir())


# --- files and links ------------------------------------------------------------------------


@every_verb
def test_a_new_name_is_written(work: Path, capsys, verb: Verb) -> None:
    out = work / f"out{verb.suffix}"
    written(capsys, verb.argv(work, out))
    assert out.read_bytes().startswith(verb.magic)
    no_litter(work)


@every_verb
def test_an_existing_file_is_replaced_only_with_force(work: Path, capsys, verb: Verb) -> None:
    out = work / f"out{verb.suffix}"
    out.write_bytes(b"precious")
    refused(capsys, verb.argv(work, out), str(out), "--force")
    assert out.read_bytes() == b"precious"
    written(capsys, verb.argv(work, out, "--force"))
    assert out.read_bytes().startswith(verb.magic)


@every_verb
def test_a_link_to_a_file_elsewhere_stays_a_link_and_its_target_is_replaced_atomically(
    work: Path, tmp_path: Path, capsys, verb: Verb
) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    target = elsewhere / f"real{verb.suffix}"
    target.write_bytes(b"old")
    old_inode = target.stat().st_ino
    link = work / f"link{verb.suffix}"
    link.symlink_to(target)
    refused(capsys, verb.argv(work, link), "--force")  # replacing the target needs consent
    written(capsys, verb.argv(work, link, "--force"))
    assert link.is_symlink() and link.resolve() == target
    assert target.read_bytes().startswith(verb.magic)
    assert target.stat().st_ino != old_inode  # a new file renamed into place, not rewritten
    no_litter(work, elsewhere)


@every_verb
def test_a_dangling_link_gets_its_target_made(work: Path, tmp_path: Path, capsys, verb) -> None:
    target = tmp_path / f"made{verb.suffix}"
    link = work / f"link{verb.suffix}"
    link.symlink_to(target)
    written(capsys, verb.argv(work, link))
    assert link.is_symlink() and target.read_bytes().startswith(verb.magic)


@every_verb
def test_every_name_of_a_hard_linked_file_sees_the_new_content(
    work: Path, tmp_path: Path, capsys, verb: Verb
) -> None:
    first = work / f"first{verb.suffix}"
    first.write_bytes(b"old " * 100_000)  # longer than the new content: none of it may stay
    second = tmp_path / f"second{verb.suffix}"
    os.link(first, second)
    written(capsys, verb.argv(work, first, "--force"))
    assert second.read_bytes() == first.read_bytes()
    assert first.read_bytes().startswith(verb.magic) and b"old old" not in first.read_bytes()
    assert first.stat().st_nlink == 2 and os.path.samefile(first, second)
    no_litter(work, tmp_path)


# --- never an input -------------------------------------------------------------------------

SAME_AS = {
    "itself": lambda path, alias: path,
    "a symbolic link": lambda path, alias: alias.symlink_to(path) or alias,
    "a hard link": lambda path, alias: os.link(path, alias) or alias,
}


@pytest.mark.parametrize("how", SAME_AS)
def test_export_pdf_never_writes_over_its_input(work: Path, tmp_path: Path, capsys, how) -> None:
    sheet = work / "hero.json"
    before = sheet.read_bytes()
    out = SAME_AS[how](sheet, tmp_path / "alias.json")
    refused(capsys, ["export-pdf", str(sheet), "-o", str(out), "--force"], "same file")
    assert sheet.read_bytes() == before and load(sheet)


@pytest.mark.parametrize("how", SAME_AS)
@pytest.mark.parametrize("suffix", [".json", ".pdf"])
def test_library_export_never_writes_over_the_library(
    work: Path, tmp_path: Path, capsys, how: str, suffix: str
) -> None:
    if how == "itself" and suffix == ".pdf":
        pytest.skip("the library's own name does not end in .pdf")
    library = work / "library.sqlite3"
    before = library.read_bytes()
    out = SAME_AS[how](library, tmp_path / f"alias{suffix}")
    argv = ["library", "--file", str(library), "export", "1", "-o", str(out), "--force"]
    refused(capsys, argv, "same file")
    assert library.read_bytes() == before
    assert written(capsys, ["library", "--file", str(library), "list"])


# --- pipes and devices ----------------------------------------------------------------------


@every_verb
def test_a_pipe_with_a_reader_is_written_through_without_force(
    work: Path, capsys, verb: Verb
) -> None:
    pipe = fifo(work / f"pipe{verb.suffix}")
    reader, received = drain(pipe)
    output = within(60, lambda: written(capsys, verb.argv(work, pipe)), unblock=pipe)
    reader.join(10)
    assert bytes(received).startswith(verb.magic)
    assert stat.S_ISFIFO(pipe.stat().st_mode)
    assert b"wrote" not in bytes(received) and "wrote" in output  # the note is not data


@every_verb
def test_a_pipe_nobody_reads_is_refused_at_once(work: Path, capsys, verb: Verb) -> None:
    pipe = fifo(work / f"pipe{verb.suffix}")
    within(60, lambda: refused(capsys, verb.argv(work, pipe), "no program is reading"))
    assert stat.S_ISFIFO(pipe.stat().st_mode)


@every_verb
def test_a_character_device_is_written_to_and_stays_a_device(
    work: Path, capsys, verb: Verb
) -> None:
    # As root only a node made here is used: the real /dev/null must never be at stake.
    null = device(work / f"null{verb.suffix}", NULL) if ROOT else Path(os.devnull)
    written(capsys, verb.argv(work, null))
    assert stat.S_ISCHR(null.stat().st_mode)
    no_litter(work)


# --- names that cannot be written -----------------------------------------------------------


def _folder(path: Path) -> Path:
    path.mkdir()
    return path


UNWRITABLE = {
    "a folder": _folder,
    "a socket": lambda path: unix_socket(path)[0],
    "a block device": lambda path: device(path, LOOP, block=True),
}


@every_verb
@pytest.mark.parametrize("kind", UNWRITABLE)
def test_folders_sockets_and_block_devices_are_refused(work: Path, capsys, verb, kind) -> None:
    if verb is VERBS["library-export"] and kind == "a folder":
        pytest.skip("library export of a sheet into a folder writes the sheet inside it")
    out = UNWRITABLE[kind](work / f"out{verb.suffix}")
    mode = out.stat().st_mode
    refused(capsys, verb.argv(work, out, "--force"), kind)
    assert out.stat().st_mode == mode
    no_litter(work)


@every_verb
def test_a_missing_folder_is_named(work: Path, capsys, verb: Verb) -> None:
    out = work / "nowhere" / f"out{verb.suffix}"
    refused(capsys, verb.argv(work, out), "nowhere", "does not exist")


@every_verb
@pytest.mark.skipif(ROOT, reason="root writes into read-only folders")
def test_a_read_only_folder_is_refused(work: Path, tmp_path: Path, capsys, verb: Verb) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    try:
        refused(capsys, verb.argv(work, locked / f"out{verb.suffix}"), "ermission denied")
    finally:
        locked.chmod(0o755)


# --- all of it at once ----------------------------------------------------------------------


def _make_output(kind: str, folder: Path, source: Path | None, suffix: str) -> Path:
    """An output name of ``kind`` in ``folder``; "link to the input" points at ``source``."""
    out = folder / f"out{suffix}"
    elsewhere = folder / "elsewhere"
    elsewhere.mkdir(exist_ok=True)
    if kind == "file":
        out.write_bytes(b"precious")
    elif kind == "link to a file":
        (elsewhere / "real").write_bytes(b"precious")
        out.symlink_to(elsewhere / "real")
    elif kind == "dangling link":
        out.symlink_to(elsewhere / "later")
    elif kind == "hard link":
        (elsewhere / "twin").write_bytes(b"precious")
        os.link(elsewhere / "twin", out)
    elif kind == "link to the input" and source is not None:
        out.symlink_to(source)
    elif kind == "pipe nobody reads":
        fifo(out)
    elif kind == "folder":
        out.mkdir()
    return out


def _snapshot(path: Path) -> tuple[int, bytes | None]:
    info = os.stat(path) if os.path.exists(path) else None
    if info is None:
        return 0, None
    regular = stat.S_ISREG(info.st_mode)
    return stat.S_IFMT(info.st_mode), path.read_bytes() if regular else None


OUTPUT_KINDS = [
    "missing",
    "file",
    "link to a file",
    "dangling link",
    "hard link",
    "link to the input",
    "pipe nobody reads",
    "folder",
]


def test_any_output_any_command_any_force_loses_nothing(work: Path, tmp_path: Path, capsys):
    """A property over the whole family: whatever the name, the command and ``--force``,
    the exit is 0 or 2 (one line), no input changes, a refusal changes nothing, a success
    leaves links as links, and no temporary file is left behind."""
    from hypothesis import assume, given, settings
    from hypothesis import strategies as st

    inputs = [work / "hero.json", work / "library.sqlite3"]
    before = [p.read_bytes() for p in inputs]
    cheap = {k: VERBS[k] for k in ("new", "export-pdf", "library-export")}
    source = {"new": None, "export-pdf": inputs[0], "library-export": inputs[1]}
    counter = iter(range(10**6))

    # Each example runs a command; HYPOTHESIS_PROFILE=large runs it at length.
    @settings(max_examples=max(40, settings.default.max_examples // 4), deadline=None)
    @given(st.sampled_from(list(cheap)), st.sampled_from(OUTPUT_KINDS), st.booleans())
    def case(verb_name: str, kind: str, force: bool) -> None:
        verb = cheap[verb_name]
        assume(kind != "link to the input" or source[verb_name] is not None)
        folder = tmp_path / f"case{next(counter)}"
        folder.mkdir()
        out = _make_output(kind, folder, source[verb_name], verb.suffix)
        was_link, old = out.is_symlink(), _snapshot(out)
        argv = verb.argv(work, out, *(["--force"] if force else []))
        code = within(60, lambda: main(argv), unblock=out if kind.startswith("pipe") else None)
        err = capsys.readouterr().err
        assert code in (0, 2), err
        assert [p.read_bytes() for p in inputs] == before
        if code == 2:
            assert len(err.splitlines()) == 1 and err.startswith("sheetapp: "), err
            assert _snapshot(out) == old and out.is_symlink() == was_link
        else:
            assert out.is_symlink() == was_link
            if not (verb_name == "library-export" and kind == "folder"):
                assert out.read_bytes().startswith(verb.magic)
        no_litter(folder, folder / "elsewhere")

    case()


def test_dev_stdout_sent_to_a_file_writes_where_the_shell_put_it(work: Path, tmp_path) -> None:
    """``-o /dev/stdout > out.pdf`` names the file the shell made: no --force is needed,
    the PDF lands in it whole, and the "wrote" note stays out of it. Sent to an input
    (``>> hero.json``), it is refused and the input kept."""
    import subprocess
    import sys

    def sheetapp(stdout: Path, mode: str) -> subprocess.CompletedProcess[str]:
        argv = ["export-pdf", str(work / "hero.json"), "-o", "/dev/stdout"]
        with open(stdout, mode) as handle:
            return subprocess.run(
                [sys.executable, "-m", "sheetapp", *argv],
                stdout=handle,
                stderr=subprocess.PIPE,
                text=True,
                timeout=120,
            )

    out = tmp_path / "out.pdf"
    result = sheetapp(out, "wb")
    assert result.returncode == 0, result.stderr
    assert out.read_bytes().startswith(b"%PDF-") and out.read_bytes().rstrip().endswith(b"%%EOF")
    assert "wrote /dev/stdout" in result.stderr
    before = (work / "hero.json").read_bytes()
    result = sheetapp(work / "hero.json", "ab")
    assert result.returncode == 2 and "same file" in result.stderr
    assert (work / "hero.json").read_bytes() == before
