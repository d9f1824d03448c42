"""The shared reader of user-named files: only regular files, never a wait on a pipe, never
more than the limit read, and one clear reason otherwise."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from sheetapp import bounded_read
from sheetapp.bounded_read import NotAFileError, TooLargeError, read_bounded, read_limited
from tests.special_files import ZERO, device, fifo, unix_socket, within


def test_a_regular_file_is_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    path.write_bytes(b"x" * 5000)
    assert read_bounded(path, 5000, kind="a sheet") == b"x" * 5000
    link = tmp_path / "link.json"
    link.symlink_to(path)
    assert read_bounded(link, 5000, kind="a sheet") == b"x" * 5000


def test_one_byte_over_the_limit_is_refused_and_read_limited_says_so(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    path.write_bytes(b"x" * 1025)
    assert len(read_limited(path, 1024)) == 1025  # the caller sees "more than the limit"
    with pytest.raises(TooLargeError) as caught:
        read_bounded(path, 1024, kind="a sheet")
    assert caught.value.strerror == "it holds more than 1 KB; a sheet is at most 1 KB"


def test_the_limit_holds_while_reading_whatever_the_size_says(tmp_path, monkeypatch) -> None:
    """A huge file (sparse, so the test stays small) costs at most limit + 1 bytes read,
    even when the size looked up says 0, as it does for /dev/zero or a growing file."""
    path = tmp_path / "huge.json"
    with open(path, "wb") as handle:
        handle.truncate(4 * 1024**3)
    read_sizes: list[int] = []
    real_read, real_fstat = os.read, os.fstat

    def counting_read(fd: int, count: int) -> bytes:
        data = real_read(fd, count)
        read_sizes.append(len(data))
        return data

    def lying_fstat(fd: int) -> os.stat_result:
        info = list(real_fstat(fd))
        info[stat.ST_SIZE] = 0
        return os.stat_result(info)

    monkeypatch.setattr(os, "read", counting_read)
    monkeypatch.setattr(os, "fstat", lying_fstat)
    with pytest.raises(TooLargeError):
        read_bounded(path, 3 * 1024 * 1024, kind="a sheet")
    assert sum(read_sizes) == 3 * 1024 * 1024 + 1


def test_a_named_pipe_is_refused_at_once(tmp_path: Path) -> None:
    pipe = fifo(tmp_path / "pipe.json")
    with pytest.raises(NotAFileError, match="named pipe"):
        within(10, lambda: read_bounded(pipe, 100, kind="a sheet"), unblock=pipe)


def test_a_pipe_put_in_place_after_the_first_look_is_refused_without_waiting(
    tmp_path: Path, monkeypatch
) -> None:
    """The name is checked, then opened without blocking and checked again, so swapping a
    pipe in between (a race) cannot make the reader wait for a writer."""
    pipe = fifo(tmp_path / "pipe.json")
    decoy = tmp_path / "decoy.json"
    decoy.write_bytes(b"{}")
    real_stat = os.stat
    monkeypatch.setattr(
        bounded_read.os, "stat", lambda p, *a, **k: real_stat(decoy if p == pipe else p)
    )
    with pytest.raises(NotAFileError, match="named pipe"):
        within(10, lambda: read_limited(pipe, 100), unblock=pipe)


@pytest.mark.parametrize(
    ("make", "kind"),
    [
        (lambda tmp: device(tmp / "zero", ZERO), "a character device"),
        (lambda tmp: tmp, "a folder"),
    ],
    ids=["dev-zero", "folder"],
)
def test_devices_and_folders_are_refused_unread(tmp_path: Path, make, kind: str) -> None:
    path = make(tmp_path)
    with pytest.raises(NotAFileError) as caught:
        within(10, lambda: read_bounded(path, 100, kind="a sheet"))
    assert caught.value.strerror == f"it is {kind}, not a regular file"


def test_a_socket_is_refused(tmp_path: Path) -> None:
    path, listener = unix_socket(tmp_path / "s.json")
    with listener, pytest.raises(NotAFileError, match="a socket"):
        read_bounded(path, 100, kind="a sheet")


def test_a_missing_file_is_an_ordinary_os_error(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        read_bounded(tmp_path / "nowhere.json", 100, kind="a sheet")
