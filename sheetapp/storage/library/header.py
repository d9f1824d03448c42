"""The first 100 bytes of a library file: what sheetapp always writes there, so that a
damaged header can be told apart from another program's file and put right on the copy a
rebuild reads.

SQLite refuses a whole file for one wrong byte among these (a page size that is not a power
of two, an encoding it does not know, payload fractions other than 64/32/32, a schema
format past 4), although every page after them is whole. A library is always made by
sheetapp with the same settings: UTF-8, no reserved bytes, WAL. So a repair writes those
values back, the page size the pages themselves show, and a schema version the rebuild can
read; the original damaged file is kept untouched beside it (``opening.back_up``).
"""

from __future__ import annotations

import struct
from pathlib import Path

from sheetapp.storage.library.pages import (
    HEADER_SIZE,
    TABLE_INTERIOR,
    TABLE_LEAF,
    header_page_size,
    mapped,
    page_size_of,
)
from sheetapp.storage.library.schema import SCHEMA_VERSION

MAGIC = b"SQLite format 3\x00"
WAL_VERSION = 2  # bytes 18 and 19: a WAL database
PAYLOAD_FRACTIONS = bytes([64, 32, 32])  # bytes 21-23, fixed by the file format
SCHEMA_FORMAT = 4  # bytes 44-47: what SQLite writes for a new database
UTF8 = 1  # bytes 56-59


def repair_header(path: Path) -> None:
    """Write the values sheetapp always uses over a damaged header of the file at ``path``
    (a scratch copy), so SQLite reads the pages behind it."""
    with mapped(path) as data:
        if len(data) < HEADER_SIZE:
            return
        original = bytes(data[:HEADER_SIZE])
        size = page_size_of(data)
        length = len(data)
    header = bytearray(original)
    header[0:16] = MAGIC
    header[16:18] = struct.pack(">H", 1 if size == 65536 else size)
    if header[18] not in (1, 2) or header[19] not in (1, 2):
        header[18:20] = bytes([WAL_VERSION, WAL_VERSION])
    header[20] = 0
    header[21:24] = PAYLOAD_FRACTIONS
    pages = length // size
    header[28:32] = struct.pack(">I", pages)
    header[92:96] = header[24:28]  # so SQLite believes the page count just written
    trunk, free = struct.unpack(">II", header[32:40])
    if not trunk <= pages or free >= pages:
        header[32:40] = bytes(8)
    if not 1 <= struct.unpack(">I", header[44:48])[0] <= 4:
        header[44:48] = struct.pack(">I", SCHEMA_FORMAT)
    header[56:60] = struct.pack(">I", UTF8)
    if not 1 <= struct.unpack(">I", header[60:64])[0] <= SCHEMA_VERSION:
        header[60:64] = struct.pack(">I", SCHEMA_VERSION)
    if bytes(header) != original:
        with path.open("r+b") as handle:
            handle.write(header)


def cut_short_library(path: Path, schema_objects: int) -> bool:
    """Whether the file is a library cut short before its schema page ends: its header is
    SQLite's, with a page size and a schema version sheetapp writes, it is shorter than
    the pages the header counts, and its first page says it holds ``schema_objects``
    entries (the number of tables and indexes of that version) where their text is gone."""
    with path.open("rb") as handle:
        data = handle.read(HEADER_SIZE + 8)
    if len(data) < HEADER_SIZE + 8 or data[:16] != MAGIC:
        return False
    size = header_page_size(data)
    pages = struct.unpack(">I", data[28:32])[0]
    if size is None or path.stat().st_size >= pages * size:
        return False
    kind = data[HEADER_SIZE]
    cells = struct.unpack(">H", data[HEADER_SIZE + 3 : HEADER_SIZE + 5])[0]
    if kind == TABLE_LEAF:
        return cells == schema_objects
    return kind == TABLE_INTERIOR and 0 < cells < schema_objects

