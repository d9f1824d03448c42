"""Every system's loader against hostile files: a mutated sheet is accepted (and then
checked, shown and described without error) or refused with one clear DocumentError.

Runs over every registered system, so a new system is fuzzed the day it is registered.
``HYPOTHESIS_PROFILE=large`` runs it at length.
"""

from __future__ import annotations

import base64
import json
import struct
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sheetapp.storage.document import DocumentError, dumps, loads
from sheetapp.systems.plugin import NewOptions, figures_json
from sheetapp.systems.registry import get_system, system_ids

# Pictures a file may claim to hold: damaged base64, non-ASCII, a type that is not an image,
# a header promising a hundred thousand pixels a side, bytes that are not the declared type.
_BOMB_HEADER = b"\x89PNG\r\n\x1a\n" + struct.pack(">I4sII", 13, b"IHDR", 100_000, 100_000)
HOSTILE_PORTRAITS = [
    "data:image/png;base64,abc",
    "data:image/png;base64,é",
    "data:image/png;base64,iVBORw0KGgo=",
    "data:text/html;base64,PGI+",
    "data:image/png;base64," + base64.b64encode(_BOMB_HEADER + bytes(9)).decode(),
    "data:image/jpeg;base64," + base64.b64encode(b"GIF89a\x10\x00\x10\x00" + bytes(20)).decode(),
]
NAMES = ["", "<b>&amp;</b>", "Zoë", "Ætherwyn", "Иван", "李小龍", "مريم", "🐉", "\x00", "a" * 5000]
NASTY_TEXT = st.sampled_from([*NAMES, *HOSTILE_PORTRAITS])
JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=False, allow_infinity=False)
    | NASTY_TEXT
    | st.text(max_size=30),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


def sample_document(system_id: str) -> dict[str, Any]:
    sheet = get_system(system_id).new(NewOptions(random=True, seed=7))
    return json.loads(dumps(sheet))


def places(data: Any, path: tuple = ()) -> list[tuple]:
    """Every path to a value inside the document, the root's keys included."""
    found = [path] if path else []
    if isinstance(data, dict):
        for key, value in data.items():
            found += places(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            found += places(value, (*path, i))
    return found


def replace_at(data: Any, path: tuple, value: Any, delete: bool) -> None:
    *parents, last = path
    for step in parents:
        data = data[step]
    if delete:
        del data[last]
    else:
        data[last] = value


def accepted_or_refused(text: str | bytes, system_id: str) -> None:
    try:
        sheet = loads(text, "fuzzed.json")
    except DocumentError as exc:
        message = str(exc)
        assert message.startswith("fuzzed.json") and "\n" not in message.strip()
        return
    plugin = get_system(sheet.system)  # type: ignore[attr-defined]
    for finding in plugin.check(sheet):
        assert finding.message
    json.dumps(figures_json(plugin.figures(sheet)))  # what `show --json` prints
    plugin.describe(sheet)
    plugin.roster(sheet)
    plugin.tracks(sheet)
    loads(dumps(sheet))  # whatever was accepted saves and loads back


@pytest.mark.parametrize("system_id", system_ids())
@given(data=st.data())
def test_a_mutated_value_is_accepted_or_refused_never_a_crash(system_id: str, data) -> None:
    document = sample_document(system_id)
    path = data.draw(st.sampled_from(places(document)), label="path")
    delete = data.draw(st.booleans(), label="delete")
    replace_at(document, path, data.draw(JSON_VALUES, label="value"), delete)
    accepted_or_refused(json.dumps(document), system_id)


@pytest.mark.parametrize("system_id", system_ids())
@given(data=st.data())
def test_damaged_bytes_are_accepted_or_refused_never_a_crash(system_id: str, data) -> None:
    raw = bytearray(dumps(get_system(system_id).new(NewOptions(random=True, seed=3))).encode())
    for _ in range(data.draw(st.integers(1, 8), label="hits")):
        at = data.draw(st.integers(0, len(raw) - 1), label="at")
        action = data.draw(st.sampled_from(["flip", "cut", "insert"]), label="action")
        if action == "flip":
            raw[at] = data.draw(st.integers(0, 255))
        elif action == "cut":
            del raw[at : at + data.draw(st.integers(1, 200))]
        else:
            raw[at:at] = data.draw(st.binary(max_size=20))
        if not raw:
            raw = bytearray(b"{")
    accepted_or_refused(bytes(raw), system_id)


HUGE = """
import json, resource, sys, time
from sheetapp.storage.document import DocumentError, loads
kind = sys.argv[1]
head = b'{"format": "sheetapp", "format_version": 1, "system": "amazing-engine", "x": '
if kind == "notes":  # one enormous text, within the size limit
    doc = {"format": "sheetapp", "format_version": 1, "system": "amazing-engine",
           "core": {"player": "x", "notes": "é" * 14_000_000}}
    raw = json.dumps(doc, ensure_ascii=False).encode()
elif kind == "wide":  # millions of tiny values
    raw = head + b"[" + b"0," * 14_000_000 + b"0]}"
else:  # deeply nested
    raw = head + b"[" * 6_000_000 + b"]" * 6_000_000 + b"}"
start = time.perf_counter()
try:
    loads(raw, "huge.json")
    outcome = "accepted"
except DocumentError as exc:
    outcome = str(exc)
def peak_mb():
    # this process's own peak: ru_maxrss also counts what a forking parent (a long pytest
    # run) held before exec, /proc's VmHWM does not
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({"mb": len(raw) / 2**20, "s": time.perf_counter() - start, "outcome": outcome,
                  "maxrss_mb": peak_mb()}))
"""


@pytest.mark.parametrize("kind", ["notes", "wide", "deep"])
def test_a_file_of_tens_of_megabytes_is_refused_within_seconds_and_bounded_memory(
    kind: str,
) -> None:
    result = subprocess.run(
        [sys.executable, "-c", HUGE, kind], capture_output=True, text=True, timeout=60, check=True
    )
    report = json.loads(result.stdout)
    assert report["mb"] > 10
    assert report["outcome"].startswith("huge.json: ")  # one clear refusal
    # Memory stays within a small multiple of the file (the interpreter itself is ~100 MB).
    assert report["maxrss_mb"] < 200 + 20 * report["mb"], report
