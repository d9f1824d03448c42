"""Sheets to PDF for any system: the registry names each system's layout module.

A system's PDF module says what its sheets print as and nothing more: ``sections(sheets,
*, stat_blocks)`` for sheets that this module has checked are the system's own, and
``blank_sections(*, fillable, universe)`` for empty forms. Here sheets of several systems
are grouped by system (in the order they first appear) and printed into one PDF.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from importlib import import_module
from types import ModuleType
from typing import BinaryIO

from pydantic import BaseModel

from sheetapp.i18n import _
from sheetapp.pdf.kit.document import (
    Progress,
    Section,
    build_pdf,
    document_info,
    write_pdf,
)
from sheetapp.pdf.kit.paper import (
    LARGE_PRINT_SCALE,
    default_paper,
    page_size,
    paper_from_environment,
)
from sheetapp.systems import registry

__all__ = [
    "default_paper",
    "export_blank",
    "export_blank_bytes",
    "export_pdf",
    "export_pdf_bytes",
    "paper_from_environment",
    "write_pdf",
]

Output = BinaryIO | str | os.PathLike[str]


def pdf_module(system_id: str) -> ModuleType:
    return import_module(registry.modules(system_id).pdf)


def export_pdf_bytes(
    sheets: Sequence[BaseModel],
    *,
    paper: str = "a4",
    stat_blocks: bool = False,
    invariant: bool = False,
    progress: Progress | None = None,
    ledger_last: int | None = None,
    duplex: bool = True,
    large: bool = False,
) -> bytes:
    """One PDF of all ``sheets``, grouped by system; ``progress`` is told each page done.
    Every ledger prints whole unless ``ledger_last`` asks for only its last entries; with
    ``duplex`` (printing on both sides) each sheet starts on a right-hand page; ``large``
    prints everything ``LARGE_PRINT_SCALE`` times larger, on more pages of the same paper."""
    page_size(paper)  # refuse an unknown paper before any work
    if not sheets:
        raise ValueError(_("nothing to print: no sheets were given"))
    sections: list[Section] = []
    for system_id, group in _by_system(sheets).items():
        sections += pdf_module(system_id).sections(group, stat_blocks=stat_blocks)
    info = document_info(sections)
    return build_pdf(
        sections,
        paper=paper,
        info=info,
        invariant=invariant,
        progress=progress,
        ledger_last=ledger_last,
        duplex=duplex,
        scale=LARGE_PRINT_SCALE if large else 1.0,
    )


def _by_system(sheets: Sequence[BaseModel]) -> dict[str, list[BaseModel]]:
    """The sheets grouped by the system they name, each checked to be that system's model,
    so a layout module is only ever handed its own sheets."""
    groups: dict[str, list[BaseModel]] = {}
    for sheet in sheets:
        system_id = getattr(sheet, "system", None)
        if not isinstance(system_id, str):
            raise TypeError(_("not a sheet: {name__}").format(name__=type(sheet).__name__))
        plugin = registry.get_system(system_id)
        if not isinstance(sheet, plugin.model):
            raise TypeError(
                _("{name__} is not a sheet of the {name} system").format(
                    name__=type(sheet).__name__, name=plugin.name
                )
            )
        groups.setdefault(system_id, []).append(sheet)
    return groups


def export_pdf(
    sheets: Sequence[BaseModel],
    out: Output,
    *,
    paper: str = "a4",
    stat_blocks: bool = False,
    invariant: bool = False,
) -> None:
    """Print ``sheets`` into one PDF at ``out``: a path (replaced atomically) or a stream."""
    write_pdf(
        export_pdf_bytes(sheets, paper=paper, stat_blocks=stat_blocks, invariant=invariant), out
    )


def export_blank_bytes(
    system: str,
    *,
    paper: str = "a4",
    fillable: bool = False,
    universe: str | None = None,
    invariant: bool = False,
    progress: Progress | None = None,
    duplex: bool = True,
    large: bool = False,
) -> bytes:
    """Empty sheets of ``system``, laid out alike on every paper; with ``duplex`` each
    starts on a right-hand page; ``large`` prints them ``LARGE_PRINT_SCALE`` times larger
    (form fields too), on more pages of the same paper."""
    page_size(paper)
    sections = pdf_module(system).blank_sections(fillable=fillable, universe=universe)
    info = document_info(sections)
    return build_pdf(
        sections,
        paper=paper,
        info=info,
        invariant=invariant,
        progress=progress,
        duplex=duplex,
        scale=LARGE_PRINT_SCALE if large else 1.0,
    )


def export_blank(
    system: str,
    out: Output,
    *,
    paper: str = "a4",
    fillable: bool = False,
    universe: str | None = None,
    invariant: bool = False,
    large: bool = False,
) -> None:
    """Empty sheets of ``system`` to fill by hand, or in a PDF viewer with ``fillable``."""
    write_pdf(
        export_blank_bytes(
            system,
            paper=paper,
            fillable=fillable,
            universe=universe,
            invariant=invariant,
            large=large,
        ),
        out,
    )


def unprintable(sheet: BaseModel) -> list[tuple[str, str]]:
    """Every text field of ``sheet`` holding characters no bundled font shows, as (field
    path, those characters): they print as the replacement character, and an export says
    so rather than print something else silently."""
    from sheetapp.pdf.fonts import missing

    found: list[tuple[str, str]] = []

    def visit(value: object, path: str) -> None:
        if isinstance(value, str):
            if chars := missing(value):
                found.append((path, chars))
        elif isinstance(value, BaseModel):
            for name in type(value).model_fields:
                visit(getattr(value, name), f"{path}.{name}" if path else name)
        elif isinstance(value, dict):
            for key, item in value.items():
                visit(key, f"{path}.{key}")
                visit(item, f"{path}.{key}")
        elif isinstance(value, (list, tuple)):
            for index, item in enumerate(value):
                visit(item, f"{path}.{index}")

    visit(sheet, "")
    return found
