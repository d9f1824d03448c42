"""The arguments of ``sheetapp library ...``; imports nothing heavy, so building the parser
costs nothing for the other commands."""

from __future__ import annotations

import argparse

from sheetapp.cli.arg_types import (
    COUNT,
    GENERATION_COUNT,
    REVISION,
    SEED,
    SHEET_ID,
    XP,
    output_name,
)
from sheetapp.cli.exits import add_force
from sheetapp.i18n import _
from sheetapp.locale_format import number
from sheetapp.play.batch_limits import MAX_COUNT as MAX_GENERATED

# RosterQuery's sorts (sheetapp.storage.library.rows.SORT_KEYS, not imported: the parser
# stays light).
SORTS = (
    "name",
    "system",
    "setting",
    "kind",
    "campaign",
    "updated",
    "id",
    "player",
    "profession",
    "status",
    "xp",
)
PAPERS = ("letter", "a4")


def register(verbs: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``library`` and its commands to the ``sheetapp`` parser."""
    library = verbs.add_parser(
        "library",
        help=_("the GM's library of sheets (roster, search, history, trash, NPC batches)"),
        description=_("The GM's library: every sheet in one file in the user data folder, "
        "with each save kept as a revision and deleted sheets in a trash."),
    )
    library.add_argument(
        "--file",
        metavar="PATH",
        help=_("another library file (default: library.sqlite3 in the data folder)"),
    )
    library.add_argument(
        "--read-only", action="store_true", help=_("open without changing anything")
    )
    commands = library.add_subparsers(dest="library_command", metavar="COMMAND", required=True)

    listing = commands.add_parser("list", help=_("the roster: one line per character"))
    listing.add_argument("--text", default="", help=_("only sheets matching these words"))
    listing.add_argument("--system", help=_("only this system's sheets"))
    listing.add_argument("--campaign", help=_("only this campaign ('' for none)"))
    listing.add_argument("--tag", help=_("only sheets with this tag"))
    kind = listing.add_mutually_exclusive_group()
    kind.add_argument("--npc", action="store_const", const=True, dest="npc")
    kind.add_argument("--pc", action="store_const", const=False, dest="npc")
    listing.add_argument("--sort", choices=SORTS, default="name")
    listing.add_argument("--desc", action="store_true", help=_("reverse the order"))
    listing.add_argument("--json", action="store_true")

    search = commands.add_parser(
        "search", help=_("full-text search of characters' names, notes, professions and tags")
    )
    search.add_argument("text", metavar="TEXT")
    search.add_argument("--limit", type=COUNT)
    search.add_argument("--json", action="store_true")

    show = commands.add_parser("show", help=_("a sheet's row, figures and damage"))
    show.add_argument("id", type=SHEET_ID, metavar="ID")
    show.add_argument("--json", action="store_true")

    imports = commands.add_parser("import", help=_("add sheet files; prints the new ids"))
    imports.add_argument("files", nargs="+", metavar="FILE")
    imports.add_argument("--campaign", default="")
    imports.add_argument("--tag", action="append", default=[], dest="tags", metavar="TAG")
    imports.add_argument("--json", action="store_true")

    export = commands.add_parser(
        "export",
        help=_("write sheets out: one to FILE.json, several to a folder, or all as one PDF"),
    )
    export.add_argument("ids", nargs="+", type=SHEET_ID, metavar="ID")
    export.add_argument(
        "-o",
        "--output",
        required=True,
        type=output_name,
        metavar="FILE|FOLDER",
        help=_("a .pdf prints stat blocks"),
    )
    export.add_argument("--full-sheets", action="store_true", help=_("PDF: full sheets instead"))
    export.add_argument("--paper", choices=PAPERS, help=_("PDF paper (default from the locale)"))
    add_force(export)

    block = commands.add_parser(
        "statblock",
        help=_("print stat blocks as plain text or Markdown, to paste into a chat or a post"),
        description=_("Print the stat blocks of sheets (every character of an Amazing Engine "
        "core, or only --character N) as plain text, or as Markdown with --markdown. The "
        "figures are those of the PDF stat blocks ('library export ID -o FILE.pdf')."),
    )
    block.add_argument("ids", nargs="+", type=SHEET_ID, metavar="ID")
    block.add_argument("--markdown", action="store_true", help=_("Markdown instead of plain text"))
    block.add_argument(
        "--character",
        type=COUNT,
        metavar="N",
        help=_("only the Nth character (from 1) of an Amazing Engine core"),
    )

    generate = commands.add_parser("generate", help=_("make NPCs into the library"))
    generate.add_argument("system")
    generate.add_argument(
        "--count",
        type=GENERATION_COUNT,
        required=True,
        metavar="N",
        help=_("how many NPCs, 1 to {MAX_GENERATED}").format(MAX_GENERATED=number(MAX_GENERATED)),
    )
    generate.add_argument("--universe", metavar="ID")
    generate.add_argument("--seed", type=SEED, help=_("make the batch repeatable"))
    generate.add_argument("--profession", metavar="ID")
    generate.add_argument("--template", type=SHEET_ID, metavar="ID", help=_("copy this sheet"))
    generate.add_argument(
        "--range",
        action="append",
        default=[],
        dest="ranges",
        metavar="ATTRIBUTE=LOW-HIGH",
        help=_("keep an attribute within a range (repeatable), e.g. reflexes=40-60"),
    )
    generate.add_argument("--names", metavar="LIST", help=_("a name list (see 'library names')"))
    generate.add_argument("--campaign", default="")
    generate.add_argument("--tag", action="append", default=[], dest="tags", metavar="TAG")
    generate.add_argument("--json", action="store_true")

    commands.add_parser("names", help=_("the name lists and each system's professions"))

    award = commands.add_parser("award", help=_("give XP to several characters at once"))
    award.add_argument("ids", nargs="+", type=SHEET_ID, metavar="ID")
    award.add_argument("--xp", type=XP, required=True, metavar="N", help=_("to the character"))
    award.add_argument("--core", type=XP, default=0, metavar="N", help=_("to the core too"))
    award.add_argument("--note", default="")
    award.add_argument("--json", action="store_true")

    revisions = commands.add_parser("revisions", help=_("a sheet's saved revisions"))
    revisions.add_argument("id", type=SHEET_ID, metavar="ID")
    revisions.add_argument("--json", action="store_true")

    diff = commands.add_parser(
        "diff", help=_("what changed between two revisions, field by field, in the rules' words")
    )
    diff.add_argument("id", type=SHEET_ID, metavar="ID")
    diff.add_argument("older", type=REVISION, metavar="A", help=_("a revision number"))
    diff.add_argument(
        "newer", type=REVISION, nargs="?", metavar="B", help=_("another (default: the current)")
    )
    diff.add_argument("--json", action="store_true")

    restore = commands.add_parser("restore", help=_("make an earlier revision current again"))
    restore.add_argument("id", type=SHEET_ID, metavar="ID")
    restore.add_argument("revision", type=REVISION, metavar="REV")

    duplicate = commands.add_parser("duplicate", help=_("copy a sheet; prints the new id"))
    duplicate.add_argument("id", type=SHEET_ID, metavar="ID")

    move = commands.add_parser("move", help=_("put sheets in a campaign"))
    move.add_argument("ids", nargs="+", type=SHEET_ID, metavar="ID")
    move.add_argument("--campaign", required=True, help=_("'' takes them out of any"))
    move.add_argument(
        "--character",
        type=COUNT,
        metavar="N",
        help=_(
            "only the Nth character (from 1) of each sheet; a core's others stay where they are"
        ),
    )

    tag = commands.add_parser("tag", help=_("add or remove tags"))
    tag.add_argument("ids", nargs="+", type=SHEET_ID, metavar="ID")
    tag.add_argument("--add", action="append", default=[], metavar="TAG")
    tag.add_argument("--remove", action="append", default=[], metavar="TAG")
    tag.add_argument(
        "--character",
        type=COUNT,
        metavar="N",
        help=_("only the Nth character (from 1) of each sheet; a core's others keep their tags"),
    )

    renames = {
        "tag": _("rename a tag everywhere; a name that exists merges the two"),
        "campaign": _("rename a campaign everywhere; a name that exists merges the two"),
    }
    for kind, help_text in renames.items():
        rename = commands.add_parser(f"rename-{kind}", help=help_text)
        rename.add_argument("old", metavar="OLD")
        rename.add_argument("new", metavar="NEW")

    delete = commands.add_parser("delete", help=_("move sheets to the trash"))
    delete.add_argument("ids", nargs="+", type=SHEET_ID, metavar="ID")

    trash = commands.add_parser("trash", help=_("the sheets in the trash"))
    trash.add_argument("--json", action="store_true")

    untrash = commands.add_parser("untrash", help=_("bring sheets back from the trash"))
    untrash.add_argument("ids", nargs="+", type=SHEET_ID, metavar="ID")

    commands.add_parser("empty-trash", help=_("delete the trashed sheets for good"))

    check = commands.add_parser("check", help=_("a full integrity check of the library"))
    check.add_argument("--repair", action="store_true", help=_("rebuild the search index"))
    check.add_argument("--json", action="store_true")
