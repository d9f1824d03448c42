"""write_atomic by what the name leads to: a file with other names keeps them (and keeps
its old bytes safe while it is rewritten), a mode asked for is the file's mode, and what
cannot hold a file is refused untouched."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import pytest

from sheetapp.storage import atomic
from sheetapp.storage.atomic import PRIVATE, OutputRefusedError, write_atomic
from tests.special_files import NULL, ROOT, device


def hard_linked(tmp_path: Path) -> tuple[Path, Path]:
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    first.write_bytes(b"old bytes")
    os.link(first, second)
    return first, second


def backups(folder: Path) -> list[Path]:
    return list(folder.glob(f"*{atomic.BACKUP_SUFFIX}"))


def test_a_hard_linked_file_is_rewritten_in_place_and_its_copy_dropped(tmp_path) -> None:
    first, second = hard_linked(tmp_path)
    write_atomic(first, b"new")
    assert second.read_bytes() == b"new" and os.path.samefile(first, second)
    assert backups(tmp_path) == []


def test_a_failed_rewrite_of_a_hard_linked_file_puts_the_old_bytes_back(
    tmp_path, monkeypatch
) -> None:
    first, second = hard_linked(tmp_path)
    real_write = os.write

    def half_then_full(fd: int, data) -> int:
        if bytes(data[:3]) == b"new":
            real_write(fd, data[: len(data) // 2])
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_write(fd, data)

    monkeypatch.setattr(os, "write", half_then_full)
    with pytest.raises(OSError) as caught:
        write_atomic(first, b"new content, long enough to be cut")
    assert caught.value.errno == errno.ENOSPC
    assert second.read_bytes() == b"old bytes" and backups(tmp_path) == []


def test_when_even_the_old_bytes_cannot_go_back_the_copy_is_kept_and_named(
    tmp_path, monkeypatch
) -> None:
    first, _second = hard_linked(tmp_path)

    def full(fd: int, data) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "write", full)
    with pytest.raises(OSError) as caught:
        write_atomic(first, b"new")
    [backup] = backups(tmp_path)
    assert str(backup) in caught.value.strerror
    assert backup.read_bytes() == b"old bytes"
    assert atomic.remove_stale_temp_files(tmp_path, older_than_s=0) == []  # never cleared


def test_a_mode_asked_for_replaces_the_files_own(tmp_path) -> None:
    path = tmp_path / "a.json"
    path.write_bytes(b"old")
    path.chmod(0o644)
    write_atomic(path, b"new", mode=PRIVATE)
    assert stat.S_IMODE(path.stat().st_mode) == PRIVATE
    write_atomic(path, b"newer")  # without a mode the file keeps the one it has
    assert stat.S_IMODE(path.stat().st_mode) == PRIVATE


def test_a_character_device_is_written_through(tmp_path) -> None:
    null = device(tmp_path / "null", NULL) if ROOT else Path(os.devnull)
    write_atomic(null, b"x" * 100_000)
    assert stat.S_ISCHR(null.stat().st_mode)
    assert atomic.stale_temp_files(tmp_path) == []


def test_a_folder_is_refused_untouched(tmp_path) -> None:
    folder = tmp_path / "out.json"
    folder.mkdir()
    with pytest.raises(OutputRefusedError, match="a folder"):
        write_atomic(folder, b"x")
    assert folder.is_dir() and list(folder.iterdir()) == []
