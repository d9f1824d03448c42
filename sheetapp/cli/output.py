"""Files the commands write: the output policy asked before any work, the write itself, and
the one line saying what was written.

Every command that writes (``new``, ``export-pdf``, ``blank``, ``library export``) goes
through here, so ``--force``, the refusal to write over an input and the handling of pipes
and devices are the same for all of them (``sheetapp.storage.output_path``).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable

from sheetapp.cli.exits import CliError
from sheetapp.cli.terminal import say
from sheetapp.file_reasons import os_reason
from sheetapp.i18n import _
from sheetapp.storage.output_path import check_output, written_through


def refuse_unsafe(
    path: str | os.PathLike[str], *, inputs: Iterable[str | os.PathLike[str]] = (), force: bool
) -> None:
    """Stop with one line before any work when writing ``path`` would lose data."""
    writing(path, lambda: check_output(path, inputs=inputs, replace=force))


def writing(path: str | os.PathLike[str], write: Callable[[], object]) -> None:
    """Run ``write``; a failure becomes one line naming ``path``."""
    try:
        write()
    except OSError as exc:
        raise CliError(
            _("{fspath}: cannot write: {value}").format(
                fspath=os.fspath(path), value=os_reason(exc)
            )
        ) from None


def report_written(path: str | os.PathLike[str]) -> None:
    """Say what was written: on stdout for a file, on stderr when the output was itself a
    stream (``-o /dev/stdout``), so the note never mixes into the data."""
    say(_("wrote {fspath}").format(fspath=os.fspath(path)), err=written_through(path))


def warn_unprintable(where: str, sheet: object) -> None:
    """One line on stderr per field of ``sheet`` (from ``where``: a file, a library id)
    holding characters no bundled font has, which the PDF shows as U+FFFD."""
    from sheetapp.pdf.export import unprintable

    for field, chars in unprintable(sheet):
        say(
            _(
                "sheetapp: warning: {where}: {field}: no bundled font has {chars!r}; printed as �"
            ).format(where=where, field=field, chars=chars),
            err=True,
        )
