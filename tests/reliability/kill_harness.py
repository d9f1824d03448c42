"""Kill savers at random moments, then check what is on disk (run by test_crash_safety).

``python kill_harness.py FOLDER KILLS SEED`` forks a child per round that saves two
different sheets over one file as fast as it can; the parent SIGKILLs it after a random
delay and reads the file back. It prints one JSON line: rounds, how many kills landed
while a temp file existed, and every round whose file was not whole. POSIX only.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sys
import time
from pathlib import Path

from sheetapp.storage.atomic import stale_temp_files
from sheetapp.storage.document import DocumentError, dumps, load, save
from sheetapp.systems.plugin import NewOptions
from sheetapp.systems.registry import get_system


def main() -> None:
    folder, kills, seed = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    rng = random.Random(seed)
    plugin = get_system("amazing-engine")
    versions = [plugin.new(NewOptions(random=True, seed=s, npc=True)) for s in (1, 2)]
    # A larger second version, so a torn write could not pass for the first one.
    versions[1].characters[0].notes = "x" * 200_000
    expected = {dumps(v) for v in versions}
    target = folder / "hero.json"
    save(target, versions[0])
    torn: list[dict[str, object]] = []
    mid_save = 0
    for round_no in range(kills):
        leftovers = set(stale_temp_files(folder))
        pid = os.fork()
        if pid == 0:  # the saver
            i = 0
            while True:
                save(target, versions[i % 2])
                i += 1
        time.sleep(rng.uniform(0.0, 0.03))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        mid_save += bool(set(stale_temp_files(folder)) - leftovers)  # this kill tore a save
        try:
            text = dumps(load(target))
        except DocumentError as exc:
            torn.append({"round": round_no, "error": str(exc)})
            continue
        if text not in expected:
            torn.append({"round": round_no, "error": "neither the old nor the new version"})
    print(json.dumps({"rounds": kills, "killed_mid_save": mid_save, "torn": torn}))


if __name__ == "__main__":
    main()
