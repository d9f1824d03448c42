"""``sheetapp export --to foundry|roll20`` and ``sheetapp import``: sheets to and from
virtual tabletops, over the interop package. Every output follows the one output policy
(``sheetapp.cli.output``): never an input, through any link; an existing file replaced
only with ``--force``; a folder only for several sheets, written all or nothing."""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from pathlib import Path

from sheetapp.cli.arg_types import output_name
from sheetapp.cli.exits import EXIT_OK
from sheetapp.cli.output import refuse_unsafe, report_written, writing
from sheetapp.i18n import _
from sheetapp.storage.atomic import write_atomic
from sheetapp.storage.document import dumps as sheet_dumps
from sheetapp.storage.document import load
from sheetapp.storage.output_path import written_through


def add_parsers(verbs: argparse._SubParsersAction) -> None:
    from sheetapp.interop.targets import TARGETS  # names only; no system is imported

    export = verbs.add_parser("export", help=_("write sheets for a virtual tabletop"))
    export.add_argument("--to", required=True, choices=list(TARGETS))
    export.add_argument("files", nargs="+", metavar="FILE")
    export.add_argument(
        "-o", "--output", required=True, type=output_name, metavar="OUT",
        help=_("a .json file for one sheet; for several, a folder (one file each) or a .zip"),
    )
    export.add_argument("--force", action="store_true", help=_("replace OUT's files if they exist"))

    imp = verbs.add_parser("import", help=_("read a Foundry actor or Roll20 character as a sheet"))
    imp.add_argument("file", metavar="FILE")
    imp.add_argument("-o", "--output", required=True, type=output_name, metavar="OUT.json")
    imp.add_argument("--from", dest="source", choices=list(TARGETS),
                     help=_("default: recognised from the file"))
    imp.add_argument("--system", help=_("the game system, for a file sheetapp did not write"))
    imp.add_argument("--force", action="store_true", help=_("replace OUT if it exists"))
    imp.add_argument("--json", action="store_true", help=_("print the findings as JSON"))


def export(args: argparse.Namespace) -> int:
    from sheetapp.interop.targets import TARGETS, export_many, zip_bytes
    from sheetapp.systems.registry import get_system

    target = TARGETS[args.to]
    out, inputs = args.output, args.files
    several = len(inputs) > 1
    to_folder = several and not out.lower().endswith(".zip")
    if not to_folder:
        # One file (a sheet's export or the zip of several): never an input, never a folder.
        refuse_unsafe(out, inputs=inputs, force=args.force)
    # Every file is read before anything is written: one unreadable file writes nothing.
    sheets = [load(path) for path in inputs]
    if not several:
        _write(out, target.dumps(sheets[0]).encode("utf-8"))
        return EXIT_OK
    named = [(get_system(s.system).roster(s).name or Path(p).stem, s)
             for p, s in zip(inputs, sheets, strict=True)]
    files = export_many(named, target)
    if not to_folder:
        _write(out, zip_bytes(files))
        return EXIT_OK
    from sheetapp.storage.folder_output import write_folder

    written: list[Path] = []
    writing(out, lambda: written.extend(
        write_folder(out, files, inputs=inputs, replace=args.force, suffix=target.suffix)))
    for path in written:
        report_written(path)
    return EXIT_OK


def _write(path: str, data: bytes) -> None:
    writing(path, lambda: write_atomic(path, data))
    report_written(path)


def import_(args: argparse.Namespace) -> int:
    """``_import``, its findings on stderr when the sheet itself goes to stdout (``-o -``),
    so they never mix into the data."""
    streamed = written_through(args.output)
    with contextlib.redirect_stdout(sys.stderr) if streamed else contextlib.nullcontext():
        return _import(args)


def _import(args: argparse.Namespace) -> int:
    from sheetapp.interop.targets import import_file
    from sheetapp.systems.registry import get_system

    if args.system is not None:
        get_system(args.system)  # an unknown system is one line, before reading anything
    refuse_unsafe(args.output, inputs=[args.file], force=args.force)
    result = import_file(args.file, target=args.source, system_id=args.system)
    _write(args.output, sheet_dumps(result.sheet).encode("utf-8"))
    if args.json:
        print(json.dumps([f.as_dict() for f in result.findings], ensure_ascii=False, indent=2))
    else:
        for finding in result.findings:
            if finding.code != "interop.unmapped":  # listed in full below
                print(f"  {finding.severity.word():<7} {finding.path or '-'}: {finding.message}")
        if result.left_out:
            print(_("  not brought in (no place on this sheet):"))
            for name in result.left_out:
                print(f"    {name}")
    return EXIT_OK
