"""Handing freed memory back: glibc's ``malloc_trim`` where the C library has it, nothing
(and no error) where it does not."""

from __future__ import annotations

import ctypes
import platform

import pytest

from sheetapp.campaign import heap


@pytest.fixture(autouse=True)
def _fresh_lookup():
    heap._malloc_trim.cache_clear()
    yield
    heap._malloc_trim.cache_clear()


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="glibc only")
def test_glibc_is_asked_to_trim() -> None:
    assert heap.release() is True


def test_a_c_library_without_malloc_trim_is_left_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    class NoTrim:  # musl, macOS, Windows: no such function
        def __init__(self, _name: str) -> None:
            pass

    monkeypatch.setattr(ctypes, "CDLL", NoTrim)
    assert heap.release() is False
