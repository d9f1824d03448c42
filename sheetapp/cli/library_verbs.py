"""``sheetapp library ...``: the library from the command line, each command a small
function over ``sheetapp.storage.library`` and ``sheetapp.play``.

Exit codes follow the other commands: 0 done, 1 the rules refused part of the work (an
XP award) or the check found problems, 2 unusable input (no such sheet, a file that is not
a sheet). A damaged library is reported on stderr before the command runs.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from sheetapp.cli.exits import EXIT_OK, EXIT_RULE_ERRORS, EXIT_UNUSABLE, CliError
from sheetapp.cli.output import refuse_unsafe, report_written, warn_unprintable, writing
from sheetapp.cli.terminal import escaped_copy, print_json, say, say_lines
from sheetapp.i18n import _, ngettext
from sheetapp.play.batch import award_xp, generate_into
from sheetapp.play.damage import DamageError
from sheetapp.play.names import NameListError, name_lists
from sheetapp.play.support import NpcRequest, XpAward, gm_support
from sheetapp.play.table import Table
from sheetapp.printable import printable
from sheetapp.storage.document import DocumentError
from sheetapp.storage.library import Library, LibraryError, RosterQuery, RosterRow, open_library
from sheetapp.storage.library.transfer import (
    export_folder,
    export_sheet,
    import_files,
    library_files,
)
from sheetapp.systems.plugin import RequestError, figures_json
from sheetapp.systems.registry import UnknownSystemError, get_system, system_ids

# NPCs per commit of ``library generate``: no Stop button to answer between batches, and
# fewer commits keep generating 100,000 linear (each commit writes a page of every index
# per sheet once the library is large; see ``Library.add_many``).
GENERATE_BATCH = 1000


def run(args: argparse.Namespace) -> int:
    handler = _HANDLERS[args.library_command]
    try:
        library = open_library(args.file, read_only=args.read_only)
    except LibraryError as exc:
        raise CliError(str(exc)) from None
    if library.damage_report is not None:
        say(
            _("sheetapp: warning: {summary}").format(summary=library.damage_report.summary()),
            err=True,
        )
    try:
        return handler(library, args)
    except (LibraryError, DocumentError, RequestError, DamageError, NameListError) as exc:
        raise CliError(str(exc)) from None
    except UnknownSystemError as exc:
        raise CliError(str(exc)) from None
    finally:
        library.close()


def _when(seconds: float) -> str:
    return datetime.fromtimestamp(seconds).strftime("%Y-%m-%d %H:%M")


def _print_rows(rows: list[RosterRow], as_json: bool) -> None:
    if as_json:
        print_json([r.as_dict() for r in rows])
        return
    # Values escaped before the columns are measured, so an escape widens its own column.
    names = [printable(r.name or _("(no name)")) for r in rows]
    width = max(map(len, names), default=0)
    system_width = max((len(r.system) for r in rows), default=0)
    kind_width = max((len(r.kind_word()) for r in rows), default=0)
    for r, name in zip(rows, names, strict=True):
        kind = r.kind_word()
        where = " / ".join(p for p in (r.setting, r.campaign) if p)
        tags = f"  #{' #'.join(r.tags)}" if r.tags else ""
        line = (
            f"{r.id:>6}  {name:<{width}}  {r.system:<{system_width}}  {kind:<{kind_width}}  "
            f"{where}{tags}"
        )
        say(line.rstrip())


def _list(library: Library, args: argparse.Namespace) -> int:
    query = RosterQuery(
        text=args.text,
        system=args.system,
        campaign=args.campaign,
        tag=args.tag,
        npc=args.npc,
        sort=args.sort,
        descending=args.desc,
    )
    _print_rows(library.roster(query), args.json)
    return EXIT_OK


def _search(library: Library, args: argparse.Namespace) -> int:
    _print_rows(library.search(args.text, limit=args.limit), args.json)
    return EXIT_OK


def _show(library: Library, args: argparse.Namespace) -> int:
    row = library.row(args.id)
    sheet = library.load(args.id)
    plugin = get_system(row.system)
    tracks = Table(library).tracks(args.id)
    condition = gm_support(row.system).condition(tracks)
    if args.json:
        print_json(
            {
                **row.as_dict(),
                "figures": figures_json(plugin.figures(sheet)),
                "tracks": [
                    {"key": t.key, "label": t.label, "maximum": t.maximum, "current": t.current}
                    for t in tracks
                ],
                "condition": condition,
            }
        )
        return EXIT_OK
    _print_rows([row], False)
    if row.trashed is not None:
        say(_("in the trash since {when}").format(when=_when(row.trashed)))
    say_lines(plugin.describe(escaped_copy(sheet)))
    if tracks:
        state = ", ".join(f"{t.label} {t.current}/{t.maximum}" for t in tracks)
        say(
            _("at the table: {state}").format(state=state)
            + (f" ({condition})" if condition else "")
        )
    return EXIT_OK


def _import(library: Library, args: argparse.Namespace) -> int:
    result = import_files(library, args.files, campaign=args.campaign, tags=args.tags)
    if args.json:
        print_json(
            {"ids": result.ids, "refused": [{"file": f, "error": e} for f, e in result.refused]}
        )
    else:
        for sheet_id in result.ids:
            say(sheet_id)
        for _file, error in result.refused:
            say(_("sheetapp: {error}").format(error=error), err=True)
    return EXIT_UNUSABLE if result.refused else EXIT_OK


def _export(library: Library, args: argparse.Namespace) -> int:
    output = Path(args.output)
    if output.suffix.lower() == ".pdf":
        return _export_pdf(library, args, output)
    if len(args.ids) == 1:
        # One sheet is one file: a folder is refused, as by every writer of one file.
        writing(output, lambda: export_sheet(library, args.ids[0], output, replace=args.force))
        report_written(output)
        return EXIT_OK
    written: list[Path] = []
    writing(
        output,
        lambda: written.extend(export_folder(library, args.ids, output, replace=args.force)),
    )
    for path in written:
        report_written(path)
    return EXIT_OK


def _export_pdf(library: Library, args: argparse.Namespace, output: Path) -> int:
    refuse_unsafe(output, inputs=library_files(library), force=args.force)
    sheets = library.load_many(args.ids)  # every sheet read before anything is written
    from sheetapp.pdf.export import export_pdf_bytes, paper_from_environment
    from sheetapp.storage.atomic import write_atomic

    data = export_pdf_bytes(
        sheets, paper=args.paper or paper_from_environment(), stat_blocks=not args.full_sheets
    )
    writing(output, lambda: write_atomic(output, data))
    report_written(output)
    for sheet_id, sheet in zip(args.ids, sheets, strict=True):
        warn_unprintable(_("library sheet {sheet_id}").format(sheet_id=sheet_id), sheet)
    return EXIT_OK


def _statblock(library: Library, args: argparse.Namespace) -> int:
    from sheetapp.statblocks.text import blocks_of, write

    sheets = library.load_many(args.ids)  # every sheet read before anything is printed
    character = args.character - 1 if args.character else None
    blocks = [b for sheet in sheets for b in blocks_of(sheet, character)]
    say_lines(write(blocks, "markdown" if args.markdown else "text").rstrip("\n"))
    return EXIT_OK


def _ranges(texts: list[str]) -> dict[str, tuple[int, int]]:
    ranges = {}
    for text in texts:
        name, _unused, span = text.partition("=")
        low, _unused, high = span.partition("-")
        try:
            ranges[name.strip().lower()] = (int(low), int(high))
        except ValueError:
            raise CliError(
                _("--range {text}: write ATTRIBUTE=LOW-HIGH, e.g. reflexes=40-60").format(text=text)
            ) from None
    return ranges


def _generate(library: Library, args: argparse.Namespace) -> int:
    get_system(args.system)
    template = library.load(args.template) if args.template else None
    request = NpcRequest(
        system=args.system,
        universe=args.universe,
        profession=args.profession,
        template=template,
        ranges=_ranges(args.ranges),
        names=args.names,
    )
    ids = generate_into(
        library,
        request,
        args.count,
        seed=args.seed,
        campaign=args.campaign,
        tags=args.tags,
        batch=GENERATE_BATCH,
    )
    if args.json:
        print_json([r.as_dict() for r in library.rows(ids)])
    else:
        for sheet_id in ids:
            say(sheet_id)
    return EXIT_OK


def _names(_library: Library, _args: argparse.Namespace) -> int:
    say(_("name lists (generate --names LIST):"))
    for names in name_lists().values():
        say(f"  {names.id:<14} {names.shown_name}: {names.shown_description}")
    for system_id in system_ids():
        support = gm_support(system_id)
        if support.attributes:
            say(
                _("{system_id} attributes (--range): {join}").format(
                    system_id=system_id, join=", ".join(support.attributes)
                )
            )
        try:
            choices = support.professions(None)
        except RequestError:
            choices = []
        if choices:
            listed = ", ".join(c.id for c in choices)
            say(
                _(
                    "{system_id} professions of the default universe (--profession): {listed}"
                ).format(system_id=system_id, listed=listed)
            )
    return EXIT_OK


def _award(library: Library, args: argparse.Namespace) -> int:
    report = award_xp(library, args.ids, XpAward(args.xp, args.core, args.note))
    if args.json:
        print_json(
            {
                "awarded": report.awarded,
                "refused": [{"id": i, "reason": r} for i, r in report.refused],
            }
        )
    else:
        for sheet_id in report.awarded:
            say(_("{sheet_id}: +{xp} XP").format(sheet_id=sheet_id, xp=args.xp))
        for sheet_id, reason in report.refused:
            say(
                _("sheetapp: sheet {sheet_id}: {reason}").format(sheet_id=sheet_id, reason=reason),
                err=True,
            )
    return EXIT_RULE_ERRORS if report.refused else EXIT_OK


def _revisions(library: Library, args: argparse.Namespace) -> int:
    revisions = library.revisions(args.id)
    if args.json:
        print_json([r.as_dict() for r in revisions])
        return EXIT_OK
    for r in revisions:
        mark = "*" if r.current else " "
        note = f"  {r.note}" if r.note else ""
        say(
            _("{mark}{number:>4}  {when}  {size:>8} bytes{note}").format(
                mark=mark, number=r.number, when=_when(r.saved), size=r.size, note=note
            )
        )
    return EXIT_OK


def _diff(library: Library, args: argparse.Namespace) -> int:
    from sheetapp.storage.library.diff import changes

    newer = args.newer or library.revisions(args.id)[0].number
    found = changes(library.load(args.id, args.older), library.load(args.id, newer))
    if args.json:
        print_json(
            {
                "id": args.id,
                "from": args.older,
                "to": newer,
                "changes": [c.as_dict() for c in found],
            }
        )
        return EXIT_OK
    if not found:
        say(
            _("sheet {id}: revisions {older} and {newer} hold the same sheet").format(
                id=args.id, older=args.older, newer=newer
            )
        )
    for change in found:
        say(printable(change.text))
    return EXIT_OK


def _restore(library: Library, args: argparse.Namespace) -> int:
    before = library.revisions(args.id)[0].number
    number = library.restore(args.id, args.revision)
    if number == before:
        say(
            _("sheet {id}: revision {revision} is current already").format(
                id=args.id, revision=args.revision
            )
        )
    else:
        say(
            _("sheet {id}: revision {revision} is current again, as revision {number}").format(
                id=args.id, revision=args.revision, number=number
            )
        )
    return EXIT_OK


def _duplicate(library: Library, args: argparse.Namespace) -> int:
    say(library.duplicate(args.id))
    return EXIT_OK


def _move(library: Library, args: argparse.Namespace) -> int:
    if args.character:
        library.move_characters([(i, args.character - 1) for i in args.ids], args.campaign)
    else:
        library.move_to_campaign(args.ids, args.campaign)
    return EXIT_OK


def _tag(library: Library, args: argparse.Namespace) -> int:
    if not args.add and not args.remove:
        raise CliError(_("say which tags to --add or --remove"))
    if args.character:
        keys = [(i, args.character - 1) for i in args.ids]
        library.tag_characters(keys, add=args.add, remove=args.remove)
        return EXIT_OK
    if args.add:
        library.add_tags(args.ids, args.add)
    if args.remove:
        library.remove_tags(args.ids, args.remove)
    return EXIT_OK


def _rename_tag(library: Library, args: argparse.Namespace) -> int:
    changed = library.rename_tag(args.old, args.new)
    if not changed:
        raise CliError(_("no sheet or character has the tag {tag!r}").format(tag=args.old))
    say(
        ngettext(
            "renamed the tag on {n} sheet (a tag already named so is merged with it)",
            "renamed the tag on {n} sheets (a tag already named so is merged with it)",
            len(changed),
        ).format(n=len(changed))
    )
    return EXIT_OK


def _rename_campaign(library: Library, args: argparse.Namespace) -> int:
    changed = library.rename_campaign(args.old, args.new)
    if not changed:
        raise CliError(
            _("no sheet or character is in the campaign {campaign!r}").format(campaign=args.old)
        )
    say(
        ngettext(
            "renamed the campaign of {n} sheet (one already named so is merged with it)",
            "renamed the campaign of {n} sheets (one already named so is merged with it)",
            len(changed),
        ).format(n=len(changed))
    )
    return EXIT_OK


def _delete(library: Library, args: argparse.Namespace) -> int:
    library.delete(args.ids)
    say(
        _("moved {count} to the trash ('sheetapp library untrash ID' brings one back)").format(
            count=len(args.ids)
        )
    )
    return EXIT_OK


def _trash(library: Library, args: argparse.Namespace) -> int:
    rows = library.trash()
    if args.json:
        print_json([r.as_dict() for r in rows])
    else:
        _print_rows(rows, False)
    return EXIT_OK


def _untrash(library: Library, args: argparse.Namespace) -> int:
    from sheetapp.campaign.shelf import Shelf  # pycrdt only when a sheet comes back

    for outcome in Shelf(library).untrash(args.ids):
        if outcome.status == "saved":
            say(
                _(
                    "sheet {sheet_id} took the campaign's changes made while it was "
                    "in the trash (revision {revision})"
                ).format(sheet_id=outcome.sheet_id, revision=outcome.revision)
            )
        elif outcome.status == "rejected":
            say(
                _("sheet {sheet_id}: {reason}").format(
                    sheet_id=outcome.sheet_id, reason=outcome.reason
                ),
                err=True,
            )
    return EXIT_OK


def _empty_trash(library: Library, _args: argparse.Namespace) -> int:
    say(_("deleted {empty_trash} sheets for good").format(empty_trash=library.empty_trash()))
    return EXIT_OK


def _check(library: Library, args: argparse.Namespace) -> int:
    if args.repair:
        library.reindex()
    problems = library.check() + Table(library).encounter_problems()
    damage = library.damage_report
    if args.json:
        print_json(
            {
                "path": str(library.path),
                "sheets": library.count(),
                "problems": problems,
                "damage": damage.summary() if damage else None,
            }
        )
    else:
        for problem in problems:
            say(_("problem: {problem}").format(problem=problem))
        count = library.count()
        verdict = (
            ngettext("{path}: ok ({count} sheet)", "{path}: ok ({count} sheets)", count)
            if not problems and damage is None
            else ngettext(
                "{path}: problems found ({count} sheet)",
                "{path}: problems found ({count} sheets)",
                count,
            )
        )
        say(verdict.format(path=library.path, count=count))
    return EXIT_RULE_ERRORS if problems or damage is not None else EXIT_OK


_HANDLERS: dict[str, Callable[[Library, argparse.Namespace], int]] = {
    "list": _list,
    "search": _search,
    "show": _show,
    "import": _import,
    "export": _export,
    "statblock": _statblock,
    "generate": _generate,
    "names": _names,
    "award": _award,
    "revisions": _revisions,
    "diff": _diff,
    "restore": _restore,
    "duplicate": _duplicate,
    "move": _move,
    "tag": _tag,
    "rename-tag": _rename_tag,
    "rename-campaign": _rename_campaign,
    "delete": _delete,
    "trash": _trash,
    "untrash": _untrash,
    "empty-trash": _empty_trash,
    "check": _check,
}

__all__ = ["run"]
