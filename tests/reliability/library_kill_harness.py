"""Kill library writers at random moments, then open the library as the next start would.

``python library_kill_harness.py LIBRARY KILLS SEED`` forks a child per round that adds
sheets and saves new revisions as fast as it can, telling the parent each commit through a
pipe; the parent SIGKILLs it after a random delay, opens the library and checks it. Prints
one JSON line: rounds, commits seen, and every problem found. POSIX only.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sys
import time

from sheetapp.storage.library import open_library
from sheetapp.systems.plugin import NewOptions
from sheetapp.systems.registry import get_system


def writer(path: str, out: int, sheets: list) -> None:
    """Add a sheet, then save a new revision of it, again and again; report each commit."""
    with open_library(path) as library:
        for i in range(10**9):
            sheet = sheets[i % len(sheets)].model_copy(deep=True)
            sheet_id = library.add(sheet)
            os.write(out, f"add {sheet_id} {sheet.characters[0].name}\n".encode())
            sheet.characters[0].notes = f"revision {i}"
            library.save(sheet_id, sheet)
            os.write(out, f"rev {sheet_id} {i}\n".encode())


def main() -> None:
    path, kills, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    rng = random.Random(seed)
    plugin = get_system("amazing-engine")
    sheets = [plugin.new(NewOptions(random=True, npc=True, seed=seed + i)) for i in range(4)]
    open_library(path).close()  # created once; the rounds write into an existing library
    committed: dict[int, str] = {}  # sheet id -> the notes of its last committed revision
    names: dict[int, str] = {}
    problems: list[str] = []
    for round_no in range(kills):
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(read)
            writer(path, write, sheets)
        os.close(write)
        time.sleep(rng.uniform(0.0, 0.15))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        with os.fdopen(read) as pipe:
            for line in pipe:
                kind, sheet_id, rest = line.rstrip("\n").split(" ", 2)
                if kind == "add":
                    names[int(sheet_id)] = rest
                    committed.setdefault(int(sheet_id), "")
                else:
                    committed[int(sheet_id)] = f"revision {rest}"
        with open_library(path) as library:
            if library.damage_report is not None:
                problems.append(f"round {round_no}: {library.damage_report.summary()}")
                break
            found = library.check()
            if found:
                problems.append(f"round {round_no}: {found}")
            for sheet_id, notes in committed.items():
                sheet = library.load(sheet_id)
                if sheet.characters[0].name != names[sheet_id]:
                    problems.append(f"round {round_no}: sheet {sheet_id} has another name")
                if notes and sheet.characters[0].notes != notes:
                    # A later revision than the one reported may have committed just before
                    # the kill; an earlier one means a committed save was lost.
                    if int(sheet.characters[0].notes.split()[-1]) < int(notes.split()[-1]):
                        problems.append(f"round {round_no}: sheet {sheet_id} lost a revision")
    print(json.dumps({"rounds": kills, "commits": len(committed), "problems": problems}))


if __name__ == "__main__":
    main()
