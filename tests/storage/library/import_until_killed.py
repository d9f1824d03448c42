"""An import that runs until killed (run by test_killed_import).

``python import_until_killed.py LIBRARY FOLDER BATCH`` imports the folder's sheet files
over and over, a batch per commit, and prints the running total after each commit.
"""

from __future__ import annotations

import sys
from pathlib import Path

from sheetapp.storage.library import open_library
from sheetapp.storage.library.transfer import import_files


def main() -> None:
    library, folder, batch = Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3])
    files = sorted(folder.glob("*.json"))
    total = 0

    def committed(ids: list[int]) -> None:
        nonlocal total
        total += len(ids)
        print(total, flush=True)

    with open_library(library) as lib:
        import_files(lib, files * 1000, batch=batch, committed=committed)


if __name__ == "__main__":
    main()
