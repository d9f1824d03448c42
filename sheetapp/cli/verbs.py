"""The headless commands, each a small function over the shared backend."""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError

from sheetapp.cli import interop_verbs, universe_verbs
from sheetapp.cli.arg_types import OneLineParser, whole_number
from sheetapp.cli.exits import EXIT_OK, EXIT_RULE_ERRORS, EXIT_UNUSABLE, CliError
from sheetapp.cli.output import refuse_unsafe, report_written, warn_unprintable, writing
from sheetapp.cli.terminal import escaped_copy, print_json, say, say_lines
from sheetapp.dice import DiceExpressionError, Roller, parse
from sheetapp.findings import Severity
from sheetapp.i18n import _, ngettext
from sheetapp.locale_format import number
from sheetapp.storage.atomic import write_atomic
from sheetapp.storage.document import (
    DocumentError,
    describe_validation,
    dumps,
    json_schema,
    load,
    save,
)
from sheetapp.systems.plugin import NewOptions, RequestError, figures_json
from sheetapp.systems.registry import UnknownSystemError, get_system


def run(args: argparse.Namespace) -> int:
    handler = {
        "new": _new,
        "validate": _validate,
        "show": _show,
        "odds": _odds,
        "schema": _schema,
        "roll": _roll,
        "export-pdf": _export_pdf,
        "export": interop_verbs.export,
        "import": interop_verbs.import_,
        "blank": _blank,
        "universes": universe_verbs.run,
        "library": _library,
        "campaign": _campaign,
    }[args.verb]
    try:
        return handler(args)
    except (DocumentError, RequestError, DiceExpressionError) as exc:
        raise CliError(str(exc)) from None
    except UnknownSystemError as exc:
        raise CliError(str(exc)) from None
    except ValidationError as exc:  # a value past a sheet's bounds: one line, never pydantic's
        raise CliError(describe_validation(exc)) from None


def _library(args: argparse.Namespace) -> int:
    from sheetapp.cli import library_verbs  # only ``library`` pays for SQLite and the GM tools

    return library_verbs.run(args)


def _campaign(args: argparse.Namespace) -> int:
    from sheetapp.cli import campaign_verbs  # only ``campaign`` pays for TLS and websockets

    return campaign_verbs.run(args)


def _new(args: argparse.Namespace) -> int:
    plugin = get_system(args.system)
    refuse_unsafe(args.output, force=args.force)
    try:
        sheet = plugin.new(
            NewOptions(universe=args.universe, random=args.random, seed=args.seed, npc=args.npc)
        )
    except ValueError as exc:
        raise CliError(str(exc)) from None
    writing(args.output, lambda: save(args.output, sheet))
    report_written(args.output)
    return EXIT_OK


def _validate(args: argparse.Namespace) -> int:
    reports: list[dict[str, Any]] = []
    unreadable = errors = False
    for path in args.files:
        try:
            sheet = load(path)
        except DocumentError as exc:
            unreadable = True
            reports.append({"file": path, "readable": False, "error": str(exc), "findings": []})
            continue
        findings = get_system(sheet.system).check(sheet)
        count = {s: sum(f.severity is s for f in findings) for s in Severity}
        errors |= count[Severity.ERROR] > 0
        reports.append(
            {
                "file": path,
                "readable": True,
                "system": sheet.system,
                "errors": count[Severity.ERROR],
                "warnings": count[Severity.WARNING],
                "findings": [f.as_dict() for f in findings],
            }
        )
    if args.json:
        print_json(reports)
    else:
        for report in reports:
            if not report["readable"]:
                say(_("sheetapp: {report}").format(report=report["error"]), err=True)
                continue
            n_errors = ngettext("{n} error", "{n} errors", report["errors"])
            n_warnings = ngettext("{n} warning", "{n} warnings", report["warnings"])
            verdict = (
                _("{file}: errors ({errors}, {warnings})")
                if report["errors"]
                else _("{file}: ok ({errors}, {warnings})")
            )
            say(
                verdict.format(
                    file=report["file"],
                    errors=n_errors.format(n=report["errors"]),
                    warnings=n_warnings.format(n=report["warnings"]),
                )
            )
            # The severity as a person reads it; --json keeps the identifier.
            width = max(len(s.word()) for s in Severity)
            for f in report["findings"]:
                severity = Severity(f["severity"]).word()
                say(f"  {severity:<{width}} {f['path']}: {f['message']} [{f['code']}]")
    if unreadable:
        return EXIT_UNUSABLE
    return EXIT_RULE_ERRORS if errors else EXIT_OK


def _show(args: argparse.Namespace) -> int:
    sheet = load(args.file)
    plugin = get_system(sheet.system)
    if args.json:
        print_json(figures_json(plugin.figures(sheet)))
    else:
        say_lines(plugin.describe(escaped_copy(sheet)))
    return EXIT_OK


def _odds(args: argparse.Namespace) -> int:
    plugin = get_system(args.system)
    parser = OneLineParser(
        prog=f"sheetapp odds {plugin.id}",
        description=_("Exact odds of a {name} check.").format(name=plugin.name),
    )
    for option in plugin.odds_options:
        parser.add_argument(
            f"--{option.name.replace('_', '-')}",
            dest=option.name,
            type=whole_number(what=_("a number")),
            required=option.required,
            default=option.default,
            help=_(option.help),
        )
    parser.add_argument("--json", action="store_true")
    values = parser.parse_args(args.rest)
    as_json = values.json
    result = plugin.odds({o.name: getattr(values, o.name) for o in plugin.odds_options})
    if as_json:
        print_json(result)
    else:
        _print_odds(result)
    return EXIT_OK


def _print_odds(result: Mapping[str, Any], indent: str = "") -> None:
    """Chances as percentages, whole numbers as they are, nested tables indented."""
    for key, value in result.items():
        if isinstance(value, Mapping):
            say(f"{indent}{key}:")
            _print_odds(value, indent + "  ")
        elif isinstance(value, float):
            shown = f"{number(value * 100, places=2)}%"
            say(f"{indent}{key:<18} {shown:>8}")
        else:
            say(f"{indent}{key:<18} {value:>8}")


def _schema(args: argparse.Namespace) -> int:
    get_system(args.system)
    print_json(json_schema(args.system))
    return EXIT_OK


def _roll(args: argparse.Namespace) -> int:
    expression = parse(args.expression)
    result = expression.roll(Roller(args.seed))
    if args.json:
        print_json(
            {
                "expression": result.expression,
                "total": result.total,
                "parts": [_part_dict(p) for p in result.parts],
            }
        )
    else:
        say(f"{result}")
    return EXIT_OK


def _export_pdf(args: argparse.Namespace) -> int:
    refuse_unsafe(args.output, inputs=args.files, force=args.force)
    # Every file is read before anything is printed: one unreadable file writes nothing.
    sheets = [load(path) for path in args.files]
    from sheetapp.pdf.export import export_pdf_bytes, paper_from_environment

    data = export_pdf_bytes(
        sheets,
        paper=args.paper or paper_from_environment(),
        stat_blocks=args.stat_blocks,
        ledger_last=args.ledger,
        duplex=args.duplex,
        large=args.large_print,
    )
    _write_output(args.output, data)
    for path, sheet in zip(args.files, sheets, strict=True):
        warn_unprintable(path, sheet)
    return EXIT_OK


def _blank(args: argparse.Namespace) -> int:
    get_system(args.system)
    refuse_unsafe(args.output, force=args.force)
    from sheetapp.pdf.export import export_blank_bytes, paper_from_environment

    data = export_blank_bytes(
        args.system,
        paper=args.paper or paper_from_environment(),
        fillable=args.fillable,
        universe=args.universe,
        duplex=args.duplex,
        large=args.large_print,
    )
    _write_output(args.output, data)
    return EXIT_OK


def _write_output(path: str, data: bytes) -> None:
    writing(path, lambda: write_atomic(path, data))
    report_written(path)


def _part_dict(part: Any) -> Any:
    if hasattr(part, "__dataclass_fields__"):
        from dataclasses import asdict

        return asdict(part)
    return part


__all__ = ["dumps", "run"]
