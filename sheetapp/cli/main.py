"""``sheetapp``: the window with no verb, the same backend headless with one.

Headless verbs never import Qt or ReportLab, so they start fast and run on machines with
no display. Every expected failure is one line on stderr; a traceback would be a bug.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence

from sheetapp import __version__, i18n
from sheetapp.cli.arg_types import SEED, OneLineParser, output_name
from sheetapp.cli.argparse_words import use_argparse_catalog
from sheetapp.cli.exits import (  # noqa: F401  (EXIT_* and CliError: the entry point's API)
    EXIT_INTERNAL,
    EXIT_OK,
    EXIT_RULE_ERRORS,
    EXIT_UNUSABLE,
    CliError,
    add_force,
)
from sheetapp.cli.terminal import say
from sheetapp.cli.window_args import describe_window_options, window_usage
from sheetapp.data_dir import data_dir_path
from sheetapp.i18n import _
from sheetapp.printable import printable

STARTED = time.perf_counter()  # --smoke reports the time to first paint from here

# The settings file in the data folder (sheetapp.ui.settings writes it; the language choice
# is read from it without Qt, so headless commands follow Preferences too).
SETTINGS_FILE = "settings.ini"

PAPERS = ("letter", "a4")  # spelled here so the parser need not import ReportLab


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="sheetapp",
        usage=f"{window_usage()}\n       sheetapp [--version] COMMAND ...",
        description=_("Character sheets for tabletop role-playing games. With no command, "
        "opens the window (and FILE, if given)."),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=_("sheetapp {version__}").format(version__=__version__),
        # argparse's own default is English, fixed when argparse was imported
        help=_("show program's version number and exit"),
    )
    parser.add_argument(
        "--lang",
        metavar="LANG",
        help=_("language of the window, messages and PDFs, e.g. de or ar (default: Preferences, "
        "else the system's)"),
    )
    describe_window_options(parser)
    verbs = parser.add_subparsers(dest="verb", metavar="COMMAND", prog="sheetapp")

    new = verbs.add_parser("new", help=_("write a new sheet (blank, or made by the procedure)"))
    new.add_argument("system")
    new.add_argument("-o", "--output", required=True, type=output_name, metavar="FILE")
    new.add_argument(
        "--universe", metavar="ID", help=_("Amazing Engine universe (default generic)")
    )
    new.add_argument("--random", action="store_true", help=_("roll a complete character"))
    new.add_argument("--seed", type=SEED, help=_("make --random repeatable"))
    new.add_argument("--npc", action="store_true", help=_("a character without a Player Core"))
    add_force(new)

    validate = verbs.add_parser("validate", help=_("check sheets against the rules"))
    validate.add_argument("files", nargs="+", metavar="FILE")
    validate.add_argument("--json", action="store_true")

    show = verbs.add_parser("show", help=_("print a sheet's derived figures"))
    show.add_argument("file", metavar="FILE")
    show.add_argument("--json", action="store_true")

    odds = verbs.add_parser(
        "odds", help=_("exact odds of a check (options depend on SYSTEM)"), add_help=False
    )
    odds.add_argument("system")
    odds.add_argument("rest", nargs=argparse.REMAINDER)

    schema = verbs.add_parser("schema", help=_("print the JSON Schema of a system's sheets"))
    schema.add_argument("system")

    export = verbs.add_parser("export-pdf", help=_("print sheets into one PDF"))
    export.add_argument("files", nargs="+", metavar="FILE")
    export.add_argument("-o", "--output", required=True, type=output_name, metavar="OUT.pdf")
    export.add_argument(
        "--paper", choices=PAPERS, help=_("default from the locale: letter in the US, Canada...")
    )
    export.add_argument(
        "--stat-blocks", action="store_true", help=_("compact blocks for non-player characters")
    )
    export.add_argument(
        "--ledger",
        type=ledger_choice,
        metavar="last:N",
        help=_("print only each ledger's last N entries (default: every entry)"),
    )
    export.add_argument(
        "--large-print",
        action="store_true",
        help=_("large print: everything about 1.7 times larger, on more pages turned sideways"),
    )
    add_no_duplex(export)
    add_force(export)

    blank = verbs.add_parser("blank", help=_("print an empty sheet to fill in by hand"))
    blank.add_argument("system")
    blank.add_argument("-o", "--output", required=True, type=output_name, metavar="OUT.pdf")
    blank.add_argument("--universe", metavar="ID", help=_("list this universe's skills to tick"))
    blank.add_argument(
        "--fillable", action="store_true", help=_("add form fields (Latin text only)")
    )
    blank.add_argument("--paper", choices=PAPERS, help=_("default from the locale"))
    blank.add_argument(
        "--large-print",
        action="store_true",
        help=_("large print: everything about 1.7 times larger, on more pages turned sideways"),
    )
    add_no_duplex(blank)
    add_force(blank)

    roll = verbs.add_parser("roll", help=_("roll dice, e.g. 3d6+2, d%%, 4dF"))
    roll.add_argument("expression")
    roll.add_argument("--seed", type=SEED)
    roll.add_argument("--json", action="store_true")
    from sheetapp.cli.interop_verbs import add_parsers as add_interop_parsers

    add_interop_parsers(verbs)
    from sheetapp.cli.universe_args import add_universes_parser

    add_universes_parser(verbs)
    from sheetapp.cli.library_args import register as add_library_parser

    add_library_parser(verbs)
    from sheetapp.cli.campaign_args import register as add_campaign_parser

    add_campaign_parser(verbs)
    return parser


def add_no_duplex(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--no-duplex",
        dest="duplex",
        action="store_false",
        help=_("for one-sided printing: no empty back pages so each sheet starts on a front"),
    )


def ledger_choice(text: str) -> int:
    """``last:N``: how many of each ledger's entries a shorter sheet prints (N >= 1)."""
    kind, _unused, count = text.partition(":")
    if kind != "last" or not count.isdigit() or int(count) < 1:
        raise argparse.ArgumentTypeError(
            _("expected last:N with N a whole number >= 1: {text!r}").format(text=text)
        )
    return int(count)


VERBS = (
    "new",
    "validate",
    "show",
    "odds",
    "schema",
    "roll",
    "export-pdf",
    "export",
    "import",
    "blank",
    "universes",
    "library",
    "campaign",
)


# Pydantic looks for its plugins by reading every installed package's metadata when the
# first model is built: tens of milliseconds on each start (a third of a bare window's
# start-up), for plugins sheetapp does not use. A value the person set is kept.
NO_PYDANTIC_PLUGINS = ("PYDANTIC_DISABLE_PLUGINS", "__all__")


def main(argv: Sequence[str] | None = None) -> int:
    os.environ.setdefault(*NO_PYDANTIC_PLUGINS)
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        args_list = choose_language(args_list)
        if not args_list or (
            args_list[0] not in VERBS and args_list[0] not in ("-h", "--help", "--version")
        ):
            return _open_window(args_list)
        args = build_parser().parse_args(args_list)
        from sheetapp.cli import verbs

        return verbs.run(args)
    except CliError as exc:
        return _fail(str(exc))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return EXIT_OK
    except Exception as exc:  # the last line of defence: one line, never a traceback
        if os.environ.get("SHEETAPP_DEBUG"):
            raise
        return _fail(
            _("internal error ({name__}: {exc}); please report it").format(
                name__=type(exc).__name__, exc=exc
            ),
            EXIT_INTERNAL,
        )


def choose_language(args: list[str]) -> list[str]:
    """Set the language every later string is read in, before any parser or window is built,
    and return ``args`` without ``--lang``: the option, then the Preferences choice, then the
    system's locale (``sheetapp.i18n.resolve_language``). Taken from anywhere on the line
    before ``--``, so ``sheetapp --lang de validate X`` and ``sheetapp validate X --lang de``
    both work."""
    rest: list[str] = []
    explicit = None
    words = iter(args)
    for word in words:
        if word == "--":
            rest.extend([word, *words])
            break
        if word == "--lang":
            explicit = next(words, None)
            if explicit is None:
                raise CliError(_("--lang needs a language code, e.g. --lang de"))
        elif word.startswith("--lang="):
            explicit = word.removeprefix("--lang=")
        else:
            rest.append(word)
    try:
        code = i18n.resolve_language(
            explicit, i18n.preferred_language(data_dir_path() / SETTINGS_FILE)
        )
    except ValueError:
        raise CliError(
            _("there is no language '{code}'; choose one of: {codes}").format(
                code=printable(explicit or ""), codes=", ".join(i18n.available_languages())
            )
        ) from None
    i18n.use_language(code)
    use_argparse_catalog()
    return rest


def _fail(message: str, code: int = EXIT_UNUSABLE) -> int:
    say(_("sheetapp: {message}").format(message=message), err=True)
    return code


def _open_window(args: list[str]) -> int:
    if (
        sys.platform.startswith("linux")
        and not os.environ.get("QT_QPA_PLATFORM")
        and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    ):
        raise CliError(
            _("no display to open the window on; run sheetapp on a desktop, or use a "
            "command such as 'sheetapp validate FILE' (see 'sheetapp --help')")
        )
    from sheetapp.ui.platform_check import platform_problem

    problem = platform_problem()
    if problem:
        raise CliError(problem)
    try:
        from sheetapp.ui.import_scan import skip_pyside_import_scan

        skip_pyside_import_scan()
        from sheetapp.ui.app import run_app
    except ImportError as exc:
        raise CliError(_("the window cannot start: {exc}").format(exc=exc)) from None
    return run_app(args, STARTED)
