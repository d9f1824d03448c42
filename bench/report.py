"""Run every benchmark script, each in its own process, and print one table of all figures.

``python bench/report.py [--markdown]``: ``--markdown`` prints the table as it goes in
docs/performance.md. Scripts are listed in SCRIPTS; each prints its figures as JSON with
``--json`` (see bench/figures.py).
"""

from __future__ import annotations

import json
import platform
import subprocess
import sys
from datetime import date
from pathlib import Path

from figures import Figure, markdown, table

HERE = Path(__file__).resolve().parent
SCRIPTS = (
    "rules.py",
    "startup.py",
    "pdf.py",
    "pdf_scripts.py",
    "pdf_scale.py",
    "pdf_export.py",
    "library.py",
    "roster.py",
    "packs.py",
    "campaign.py",
    "phone.py",
)


def collect() -> list[Figure]:
    found: list[Figure] = []
    for script in SCRIPTS:
        print(f"running bench/{script}...", file=sys.stderr, flush=True)
        out = subprocess.run(
            [sys.executable, str(HERE / script), "--json"],
            check=True,
            capture_output=True,
            text=True,
            timeout=1800,
        ).stdout
        found += [Figure(**row) for row in json.loads(out.strip().splitlines()[-1])]
    return found


def main() -> None:
    figures = collect()
    try:
        from PySide6 import __version__ as qt_version
    except ImportError:
        qt_version = "not installed"
    print(
        f"{date.today()}, Python {platform.python_version()}, PySide6 {qt_version}, "
        f"{platform.machine()} with {__import__('os').cpu_count()} CPUs"
    )
    print(markdown(figures) if "--markdown" in sys.argv[1:] else table(figures))
    missed = [f.name for f in figures if f.met is False]
    if missed:
        print(f"\n{len(missed)} goal(s) not met: {', '.join(missed)}")


if __name__ == "__main__":
    main()
