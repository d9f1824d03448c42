"""``sheetapp export --to foundry|roll20`` and ``sheetapp import``: sheets to and from
virtual tabletops, over the interop package. Like ``new``, an existing output is replaced
only with ``--force``."""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path

from sheetapp.cli.exits import EXIT_OK, CliError
from sheetapp.storage.atomic import write_atomic
from sheetapp.storage.document import dumps as sheet_dumps
from sheetapp.storage.document import load


def add_parsers(verbs: argparse._SubParsersAction) -> None:
    from sheetapp.interop.targets import TARGETS  # names only; no system is imported

    export = verbs.add_parser("export", help="write sheets for a virtual tabletop")
    export.add_argument("--to", required=True, choices=list(TARGETS))
    export.add_argument("files", nargs="+", metavar="FILE")
    export.add_argument(
        "-o", "--output", required=True, metavar="OUT",
        help="a .json file for one sheet; for several, a folder (one file each) or a .zip",
    )
    export.add_argument("--force", action="store_true", help="replace OUT's files if they exist")

    imp = verbs.add_parser("import", help="read a Foundry actor or Roll20 character as a sheet")
    imp.add_argument("file", metavar="FILE")
    imp.add_argument("-o", "--output", required=True, metavar="OUT.json")
    imp.add_argument("--from", dest="source", choices=list(TARGETS),
                     help="default: recognised from the file")
    imp.add_argument("--system", help="the game system, for a file sheetapp did not write")
    imp.add_argument("--force", action="store_true", help="replace OUT if it exists")
    imp.add_argument("--json", action="store_true", help="print the findings as JSON")


def _refuse_existing(path: str, force: bool) -> None:
    if os.path.exists(path) and not force:
        raise CliError(f"{path} exists; choose another name or add --force")


def _write(path: str, data: bytes) -> None:
    try:
        write_atomic(path, data)
    except OSError as exc:
        raise CliError(f"{path}: cannot write: {exc.strerror or exc}") from None
    print(f"wrote {path}")


def export(args: argparse.Namespace) -> int:
    from sheetapp.interop.targets import TARGETS, export_many, zip_bytes
    from sheetapp.systems.registry import get_system

    target = TARGETS[args.to]
    # Every file is read before anything is written: one unreadable file writes nothing.
    sheets = [load(path) for path in args.files]
    named = [(get_system(s.system).roster(s).name or Path(p).stem, s)
             for p, s in zip(args.files, sheets, strict=True)]
    out = args.output
    if len(sheets) == 1 and not os.path.isdir(out) and not out.endswith(".zip"):
        _refuse_existing(out, args.force)
        _write(out, target.dumps(sheets[0]).encode("utf-8"))
        return EXIT_OK
    files = export_many(named, target)
    if out.endswith(".zip"):
        _refuse_existing(out, args.force)
        _write(out, zip_bytes(files))
        return EXIT_OK
    try:
        os.makedirs(out, exist_ok=True)
    except OSError as exc:
        raise CliError(f"{out}: cannot make the folder: {exc.strerror or exc}") from None
    for name, _ in files:
        _refuse_existing(os.path.join(out, name), args.force)
    for name, data in files:
        _write(os.path.join(out, name), data)
    return EXIT_OK


def import_(args: argparse.Namespace) -> int:
    from sheetapp.interop.targets import import_file
    from sheetapp.systems.registry import get_system

    if args.system is not None:
        get_system(args.system)  # an unknown system is one line, before reading anything
    _refuse_existing(args.output, args.force)
    result = import_file(args.file, target=args.source, system_id=args.system)
    _write(args.output, sheet_dumps(result.sheet).encode("utf-8"))
    if args.json:
        print(json.dumps([f.as_dict() for f in result.findings], ensure_ascii=False, indent=2))
    else:
        for finding in result.findings:
            if finding.code != "interop.unmapped":  # listed in full below
                print(f"  {finding.severity.value:<7} {finding.path or '-'}: {finding.message}")
        if result.left_out:
            print("  not brought in (no place on this sheet):")
            for name in result.left_out:
                print(f"    {name}")
    return EXIT_OK
