"""``sheetapp universes``: what universes are installed, and is this pack file sound?"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from sheetapp.cli.exits import EXIT_OK, EXIT_RULE_ERRORS, CliError
from sheetapp.cli.terminal import print_json, say
from sheetapp.file_reasons import os_reason
from sheetapp.findings import Severity
from sheetapp.i18n import _
from sheetapp.printable import printable
from sheetapp.systems.amazing_engine.catalog import (
    Catalogue,
    CatalogueEntry,
    catalogue,
    check_pack_file,
)
from sheetapp.systems.amazing_engine.packs import PackReport


def run(args: argparse.Namespace) -> int:
    if getattr(args, "universes_action", None) == "check":
        return _check(Path(args.file), json_out=args.json)
    return _list(catalogue(), json_out=args.json)


def _entry_dict(entry: CatalogueEntry) -> dict[str, Any]:
    u = entry.universe
    return {
        "id": u.id,
        "name": u.name,
        "professions": len(u.professions),
        "skill_groups": len(u.skill_groups),
        "skills": u.skill_count(),
        "species": len(u.species),
        "weapons": len(u.weapons),
        "armour": len(u.armour),
        "equipment": len(u.equipment),
        "source": entry.source,
        "file": entry.file,
    }


def _list(found: Catalogue, *, json_out: bool) -> int:
    rows = [_entry_dict(e) for e in found]
    if json_out:
        print_json(
            {
                "universes": rows,
                "folder": str(found.user_folder) if found.user_folder else None,
                "problems": [p.as_dict() for p in found.problems],
            }
        )
        return EXIT_OK
    # The name in the reader's language when the pack has it; --json keeps the pack's own.
    table = [("ID", "NAME", "PROFESSIONS", "SKILLS", "SOURCE")] + [
        (
            r["id"],
            printable(e.universe.shown_name),  # escaped before the columns are measured
            str(r["professions"]),
            str(r["skills"]),
            "shipped" if r["source"] == "shipped" else r["file"],
        )
        for r, e in zip(rows, found, strict=True)
    ]
    widths = [max(len(row[i]) for row in table) for i in range(4)]
    for row in table:
        cells = [cell.ljust(width) for cell, width in zip(row, widths, strict=False)]
        say("  ".join([*cells, row[4]]).rstrip())
    if found.user_folder is not None:
        say()
        say(_("Your packs go in {user_folder}").format(user_folder=found.user_folder))
    for problem in found.problems:
        say(problem, err=True)
    return EXIT_OK


def _check(path: Path, *, json_out: bool) -> int:
    try:
        report = check_pack_file(path)
    except OSError as exc:
        raise CliError(
            _("{path}: cannot read: {value}").format(path=path, value=os_reason(exc))
        ) from None
    errors = any(p.severity is Severity.ERROR for p in report.problems)
    if json_out:
        print_json(
            {
                "file": report.file,
                "ok": not errors,
                "universe": report.universe.id if report.universe else None,
                "problems": [p.as_dict() for p in report.problems],
            }
        )
    else:
        for problem in report.problems:
            say(problem)
        if not errors:
            say(_summary(report))
    return EXIT_RULE_ERRORS if errors else EXIT_OK


def _summary(report: PackReport) -> str:
    u = report.universe
    if u is None:  # not reachable without errors, but say something sensible
        return _("{file}: ok").format(file=report.file)
    gear = len(u.weapons) + len(u.armour) + len(u.equipment)
    return _(
        "{file}: ok: '{id}' ({name}) with {count} professions, {count2} "
        "skill groups and {skill_count} skills"
    ).format(
        file=report.file,
        id=u.id,
        name=u.name,
        count=len(u.professions),
        count2=len(u.skill_groups),
        skill_count=u.skill_count(),
    ) + _(", {weapons} weapons and {gear} catalogue items in all").format(
        weapons=len(u.weapons), gear=gear
    )
