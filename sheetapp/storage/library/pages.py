"""Reading an SQLite file page by page, without SQLite: the last way to the sheets of a
library whose header, schema page or b-tree pages are damaged.

SQLite refuses a whole file when its header is wrong (a page size, an encoding byte), and a
query stops at the first unreadable page of a b-tree. The rows themselves live on table
leaf pages that stay readable on their own, so this module finds the page size, walks every
page, and decodes the records of each table leaf page (following overflow chains for the
long documents), skipping what the free list says is no longer in use (a deleted sheet's
rows stay on a freed page until it is reused). A free list that is itself damaged is
trusted only where the file agrees with it (see ``_free_pages``). The file format is
SQLite's documented one (https://www.sqlite.org/fileformat2.html). Every step is bounded
by the file's size: a damaged count or pointer ends a page's reading, never the walk.
"""

from __future__ import annotations

import contextlib
import mmap
import struct
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

HEADER_SIZE = 100
PAGE_SIZES = tuple(1 << n for n in range(9, 17))  # 512 to 65536
TABLE_LEAF, TABLE_INTERIOR, INDEX_LEAF, INDEX_INTERIOR = 0x0D, 0x05, 0x0A, 0x02


class Record(NamedTuple):
    """One row of a table as stored: its rowid, its values, and the pages holding it (its
    leaf page, then any overflow pages), which tell what a damaged page costs."""

    rowid: int
    values: list[Any]
    pages: tuple[int, ...]


def header_page_size(data: bytes) -> int | None:
    """The page size the header states, when it states a possible one."""
    if len(data) < HEADER_SIZE:
        return None
    raw = struct.unpack(">H", data[16:18])[0]
    size = 65536 if raw == 1 else raw
    return size if size in PAGE_SIZES else None


def page_size_of(data: bytes) -> int:
    """The file's page size: the header's when the pages agree with it, else the one the
    pages show. Counted over the same bytes at every size, each true page start is also a
    start at half the size, while double the size lands on only every other one: so the
    size is the largest before the count of b-tree page starts drops by about half."""
    stated = header_page_size(data)
    if stated is not None and _plausible_pages(data, stated) > 0:
        return stated
    counts = [_plausible_pages(data, size) for size in PAGE_SIZES]
    if not any(counts):
        return 4096  # SQLite's default
    chosen = 0
    while chosen + 1 < len(counts) and counts[chosen + 1] >= 0.75 * counts[chosen] > 0:
        chosen += 1
    return PAGE_SIZES[chosen]


SAMPLED_BYTES = 16 * 1024 * 1024  # enough to tell the page size, however large the file


def _plausible_pages(data: bytes, size: int) -> int:
    """How many pages of this size in the file's first bytes start like b-tree pages."""
    count = 0
    for offset in range(size, min(len(data) - 8, SAMPLED_BYTES), size):
        kind = data[offset]
        if kind in (TABLE_LEAF, TABLE_INTERIOR, INDEX_LEAF, INDEX_INTERIOR):
            cells = struct.unpack(">H", data[offset + 3 : offset + 5])[0]
            if 0 < cells < size // 2:
                count += 1
    return count


@contextlib.contextmanager
def mapped(path: Path) -> Iterator[bytes]:
    """The file's bytes, mapped rather than read: a library of gigabytes is walked without
    holding it in memory (an empty file maps to nothing)."""
    with path.open("rb") as handle:
        if handle.seek(0, 2) == 0:
            yield b""
            return
        with mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ) as view:
            yield view  # type: ignore[misc]  # indexes and slices as bytes do


FREE_LIST = slice(32, 40)  # the header's first trunk page and count of free pages


def table_records(path: Path, free_list: bytes | None = None) -> Iterator[Record]:
    """Every record of every table leaf page of the file at ``path`` not on its free list,
    in page order; a page that cannot be decoded is skipped. ``free_list``: the header's
    bytes 32-39 as they were before a repair of the header cleared them."""
    with mapped(path) as data:
        yield from _records(data, free_list)


def _records(data: bytes, free_list: bytes | None = None) -> Iterator[Record]:
    if len(data) < 512:
        return
    size = page_size_of(data)
    free = _free_pages(data, size, data[FREE_LIST] if free_list is None else free_list)
    for number in range(1, len(data) // size + 1):
        if number in free:
            continue
        start = (number - 1) * size
        header_at = start + (HEADER_SIZE if number == 1 else 0)
        if data[header_at : header_at + 1] != bytes([TABLE_LEAF]):
            continue
        yield from _leaf_records(data, size, number, header_at)


def _free_pages(data: bytes, size: int, free_list: bytes) -> set[int]:
    """The pages no longer in use: the header's free list, where the file agrees with it.

    A page the list names is free unless a live page or the schema points at it (a flipped
    entry may name a live page). When the list is damaged (an entry, count or pointer out
    of range, a live page named, more or fewer pages than the header counts), the pages
    nothing points at and the list no longer names are taken as the free pages its
    damaged entries lost, when there are no more of them than entries are missing. More
    such pages than that means the damage is elsewhere (an interior page whose children
    are now unreached), and they are read.
    """
    trunk, stated = struct.unpack(">II", free_list)
    listed, damaged = _free_list(data, size, trunk, stated)
    referenced = _referenced(data, size, listed)
    free = listed - referenced
    if not damaged and free == listed:
        return free
    unreached = set(range(2, len(data) // size + 1)) - referenced - listed
    if len(unreached) <= max(stated - len(free), 0):
        free |= unreached
    return free


def _free_list(data: bytes, size: int, trunk: int, stated: int) -> tuple[set[int], bool]:
    """The pages the free list from ``trunk`` names, read as far as it goes, and whether
    any of it was out of range or disagrees with the header's count (``stated``)."""
    pages = len(data) // size
    free: set[int] = set()
    damaged = trunk != 0 and not 1 < trunk <= pages
    while 1 < trunk <= pages and trunk not in free:
        free.add(trunk)
        at = (trunk - 1) * size
        following, count = struct.unpack(">II", data[at : at + 8])
        if count > (size - 8) // 4:
            damaged, count = True, (size - 8) // 4
        for leaf in struct.unpack(f">{count}I", data[at + 8 : at + 8 + 4 * count]):
            if 1 < leaf <= pages:
                free.add(leaf)
            else:
                damaged = True
        if following != 0 and not 1 < following <= pages:
            damaged = True
        trunk = following
    return free, damaged or len(free) != stated


SCHEMA_KINDS = ("table", "index", "view", "trigger")


def _referenced(data: bytes, size: int, listed: set[int]) -> set[int]:
    """The pages that live pages point at: the children of interior pages, the overflow
    pages of records, and the schema's root pages. A page is live when it is not in
    ``listed`` or when a live page points at it (a listed page so named is live after all)."""
    out: set[int] = set()
    skipped = set(listed)
    todo = [n for n in range(1, len(data) // size + 1) if n not in skipped]
    while todo:
        for number in todo:
            out |= _points_at(data, size, number)
        todo = sorted(skipped & out)
        skipped -= out
    return out


def _points_at(data: bytes, size: int, number: int) -> set[int]:
    header_at = (number - 1) * size + (HEADER_SIZE if number == 1 else 0)
    kind = data[header_at]
    if kind in (TABLE_INTERIOR, INDEX_INTERIOR):
        return _children(data, size, number, header_at)
    out: set[int] = set()
    if kind == TABLE_LEAF:
        for record in _leaf_records(data, size, number, header_at):
            out.update(record.pages[1:])
            values = record.values
            if len(values) == 5 and values[0] in SCHEMA_KINDS and isinstance(values[3], int):
                out.add(values[3])
    return out


def _children(data: bytes, size: int, number: int, header_at: int) -> set[int]:
    start = (number - 1) * size
    cells = struct.unpack(">H", data[header_at + 3 : header_at + 5])[0]
    out = {struct.unpack(">I", data[header_at + 8 : header_at + 12])[0]}
    pointers = header_at + 12
    for n in range(min(cells, (size - 12) // 2)):
        offset = struct.unpack(">H", data[pointers + 2 * n : pointers + 2 * n + 2])[0]
        if 12 <= offset <= size - 4:
            out.add(struct.unpack(">I", data[start + offset : start + offset + 4])[0])
    return out


def _leaf_records(data: bytes, size: int, number: int, header_at: int) -> Iterator[Record]:
    cells = struct.unpack(">H", data[header_at + 3 : header_at + 5])[0]
    pointers = header_at + 8
    for n in range(min(cells, (size - 8) // 2)):
        offset = struct.unpack(">H", data[pointers + 2 * n : pointers + 2 * n + 2])[0]
        if not 8 <= offset < size:
            continue
        try:
            record = _cell(data, size, number, offset)
        except (IndexError, ValueError, struct.error, UnicodeDecodeError):
            continue
        if record is not None:
            yield record


def _varint(data: bytes, at: int) -> tuple[int, int]:
    value = 0
    for n in range(9):
        byte = data[at + n]
        if n == 8:
            return (value << 8) | byte, at + 9
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, at + n + 1
    raise ValueError("varint")


def _cell(data: bytes, size: int, number: int, offset: int) -> Record | None:
    page_end = number * size
    payload_size, at = _varint(data, page_end - size + offset)
    rowid, at = _varint(data, at)
    if payload_size > len(data):
        return None
    usable = size
    most = usable - 35
    if payload_size <= most:
        local = payload_size
    else:
        least = ((usable - 12) * 32 // 255) - 23
        local = least + (payload_size - least) % (usable - 4)
        if local > most:
            local = least
    if at + local > page_end:
        return None
    payload = bytearray(data[at : at + local])
    if local < payload_size:
        next_page = struct.unpack(">I", data[at + local : at + local + 4])[0]
        seen: list[int] = []
        while len(payload) < payload_size:
            if next_page in seen or not 1 < next_page <= len(data) // size:
                return None  # a broken overflow chain: this record is lost
            seen.append(next_page)
            base = (next_page - 1) * size
            next_page = struct.unpack(">I", data[base : base + 4])[0]
            payload += data[base + 4 : base + usable][: payload_size - len(payload)]
        return Record(rowid, _record(bytes(payload)), (number, *seen))
    return Record(rowid, _record(bytes(payload)), (number,))


def _record(payload: bytes) -> list[Any]:
    header_size, at = _varint(payload, 0)
    if not 0 < header_size <= len(payload):
        raise ValueError("record header")
    types = []
    while at < header_size:
        kind, at = _varint(payload, at)
        types.append(kind)
    values: list[Any] = []
    at = header_size
    for kind in types:
        value, at = _value(payload, at, kind)
        values.append(value)
    if at != len(payload):
        raise ValueError("record length")
    return values


_INTS = {1: 1, 2: 2, 3: 3, 4: 4, 5: 6, 6: 8}


def _value(payload: bytes, at: int, kind: int) -> tuple[Any, int]:
    if kind == 0:
        return None, at
    if kind in _INTS:
        width = _INTS[kind]
        chunk = payload[at : at + width]
        if len(chunk) != width:
            raise ValueError("short integer")
        return int.from_bytes(chunk, "big", signed=True), at + width
    if kind == 7:
        return struct.unpack(">d", payload[at : at + 8])[0], at + 8
    if kind in (8, 9):
        return kind - 8, at
    if kind >= 12:
        length = (kind - 12) // 2
        chunk = payload[at : at + length]
        if len(chunk) != length:
            raise ValueError("short value")
        return (chunk.decode("utf-8") if kind % 2 else bytes(chunk)), at + length
    raise ValueError("reserved serial type")
