"""The sections every system prints, built one way: a sheet, its stat blocks, a blank.

A system's PDF module only says what its sheets are called and which story or pages show
them; the titles, the header's kinds, the metadata and the refusal of a universe the system
does not have are the same for all. A system whose file is one character declares a
``SheetPrinting`` and offers its two methods as the module's ``sections`` and
``blank_sections``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Generic, Protocol, TypeVar

from reportlab.platypus import Flowable

from sheetapp.i18n import N_, _, pgettext
from sheetapp.pdf.kit.document import Layout, PagePainter, Section
from sheetapp.systems.plugin import RequestError
from sheetapp.systems.wording import count

Story = Callable[[Layout], list[Flowable]]
Pages = Callable[[Layout], list[PagePainter]]


def sheet_section(
    name: str, system: str, *, kind: str, story: Story, author: str = "", subject: str = ""
) -> Section:
    """One character's sheet: the header names the character (or says it has no name)."""
    return Section(
        title=name or _("(no name)"),
        kind=kind,
        system=system,
        story=story,
        author=author,
        subject=subject or system,
        names=(name,),
    )


def stat_block_section(
    system: str,
    names: Sequence[str],
    *,
    pages: Pages | None = None,
    story: Story | None = None,
    note: str = "",
) -> Section:
    """Every character's stat block in one section: blocks drawn straight on the page
    (``pages``), or flowables that platypus sets in two columns (``story``)."""
    characters = count(len(names), "character")
    kind = characters
    if note:  # a system's key to its blocks' figures, after the count
        kind = _("{characters} · {note}").format(characters=characters, note=_(note))
    return Section(
        title=_("Stat blocks"),
        kind=kind,
        system=system,
        story=story,
        pages=pages,
        columns=2 if story is not None else 1,
        subject=system,
        names=tuple(names),
    )


def blank_section(
    title: str, system: str, story: Story, *, fillable: bool, subject: str = ""
) -> Section:
    """An empty form; ``system`` is the header's right side, ``subject`` the metadata's.
    It is laid out alike on A4 and Letter (``Section.form``). A fillable form's header does
    not call it blank: once typed into, it is not."""
    return Section(
        title=title,
        kind="" if fillable else pgettext("a printed sheet's kind", "blank"),
        system=system,
        story=story,
        subject=subject or system,
        form=True,
    )


def refuse_universe(system: str, universe: str | None) -> None:
    """A blank of a system without universes cannot list one's skills: say so."""
    if universe is not None:
        raise RequestError(
            _("{system} has no universes; leave out --universe").format(system=system)
        )


class OneCharacter(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def player(self) -> str: ...
    @property
    def npc(self) -> bool: ...


S = TypeVar("S", bound=OneCharacter)


@dataclass(frozen=True)
class SheetPrinting(Generic[S]):
    """How a system whose sheet is one character prints: a sheet's ``story``, its blank
    (titled ``blank_title``), and stat blocks drawn as pages or set as a story."""

    system: str  # the system's name (N_), printed in the reader's language
    story: Callable[[S, Layout], list[Flowable]]
    blank: Callable[..., list[Flowable]]  # (layout, *, fillable)
    blank_title: str = N_("Character")
    # the header's, for a character and an NPC
    kinds: tuple[str, str] = (N_("Character"), N_("NPC"))
    block_pages: Callable[[list[S], Layout], list[PagePainter]] | None = None
    block_story: Callable[[list[S], Layout], list[Flowable]] | None = None
    block_note: str = ""  # after the count of characters, in the stat blocks' header (N_)
    header: Callable[[S], str] | None = None  # the header's right side, when not the system

    def sections(self, sheets: Sequence[S], *, stat_blocks: bool = False) -> list[Section]:
        """One section per sheet, or all of them as stat blocks."""
        system = _(self.system)
        if stat_blocks:
            group = list(sheets)
            pages = partial(self.block_pages, group) if self.block_pages else None
            story = partial(self.block_story, group) if self.block_story else None
            names = [s.name for s in group]
            return [
                stat_block_section(system, names, pages=pages, story=story, note=self.block_note)
            ]
        return [
            sheet_section(
                s.name,
                self.header(s) if self.header else system,
                kind=_(self.kinds[s.npc]),
                story=partial(self.story, s),
                author=s.player,
                subject=system,
            )
            for s in sheets
        ]

    def blank_sections(
        self, *, fillable: bool = False, universe: str | None = None
    ) -> list[Section]:
        """An empty sheet; the system has no universes to list."""
        system = _(self.system)
        refuse_universe(system, universe)
        story = partial(self.blank, fillable=fillable)
        return [blank_section(_(self.blank_title), system, story, fillable=fillable)]
