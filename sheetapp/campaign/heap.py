"""Handing freed memory back to the system once a host's rooms have closed.

CPython and yrs free a closed room's objects, but glibc's allocator keeps the pages they
lived on for reuse, so the process stays at its peak size after a table of hundreds of
sheets leaves. ``malloc_trim(0)`` gives back every free page it can; other C libraries
(musl, macOS, Windows) have no such call, and there this is nothing.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
from collections.abc import Callable
from functools import cache


@cache
def _malloc_trim() -> Callable[[int], int] | None:
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    try:
        trim = ctypes.CDLL(name).malloc_trim
    except (OSError, AttributeError):  # not glibc
        return None
    trim.argtypes, trim.restype = [ctypes.c_size_t], ctypes.c_int
    return trim


def release() -> bool:
    """Collect what reference cycles still hold, then hand the free heap back where the C
    library can; whether it could."""
    gc.collect()
    trim = _malloc_trim()
    if trim is None:
        return False
    trim(0)
    return True
