"""The manual's topics as pieces a translator can take one at a time.

A help topic is a Markdown file in English (``resources/help/``). Its headings, paragraphs,
list items and table cells each become one message of the one catalog, as Sphinx and po4a
split documents: a translator sees a whole paragraph (never a line cut by the file's
wrapping, never the whole file), and a change to one paragraph leaves the others
translated. The layout around the pieces (heading marks, list markers and numbers, table
rules, code) is kept as written, so a translation cannot break the page's structure.

Only the Markdown the topics use is understood: ``#`` headings, paragraphs, ``-``/``*``
and ``1.`` list items with their indented continuation lines, ``|`` tables and fenced code.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from importlib import resources

HEADING = re.compile(r"(#{1,6}\s+)(.*)")
ITEM = re.compile(r"(\s*(?:[-*+]|\d+[.)])\s+)(.*)")
RULE_ROW = re.compile(r"\|?[\s:|-]+\|?")
FENCE = "```"


@dataclass(frozen=True)
class Piece:
    """A run of words to translate, as one line (the file's line breaks inside it are
    spaces: Markdown shows them so)."""

    text: str


def parse(markdown: str) -> list[str | Piece]:
    """``markdown`` as the text kept as written (``str``) and the pieces between it.

    >>> parse("# Title\\n\\nOne line\\nand the next.\\n- an item\\n")
    ['# ', Piece(text='Title'), '\\n', '\\n', Piece(text='One line and the next.'), '\\n', '- ', \
Piece(text='an item'), '\\n']
    """
    out: list[str | Piece] = []
    words: list[str] = []  # the paragraph or list item being read

    def end_piece() -> None:
        if words:
            out.append(Piece(" ".join(words)))
            out.append("\n")
            words.clear()

    in_code = False
    for line in markdown.splitlines():
        stripped = line.strip()
        if in_code or stripped.startswith(FENCE):
            end_piece()
            out.append(line + "\n")
            in_code = in_code != stripped.startswith(FENCE)
        elif not stripped:
            end_piece()
            out.append("\n")
        elif heading := HEADING.fullmatch(line):
            end_piece()
            out += [heading.group(1), Piece(heading.group(2).strip()), "\n"]
        elif stripped.startswith("|"):
            end_piece()
            out += _table_row(line)
        elif item := ITEM.fullmatch(line):
            end_piece()
            out.append(item.group(1))
            words.append(item.group(2).strip())
        else:
            words.append(stripped)
    end_piece()
    return out


def _table_row(line: str) -> list[str | Piece]:
    if RULE_ROW.fullmatch(line.strip()):
        return [line + "\n"]
    cells = line.strip().strip("|").split("|")
    row: list[str | Piece] = ["|"]
    for cell in cells:
        row += [" ", Piece(cell.strip()), " |"] if cell.strip() else [cell + "|"]
    return [*row, "\n"]


def pieces(markdown: str) -> Iterator[str]:
    """The texts a translator translates, in the order the topic shows them."""
    return (part.text for part in parse(markdown) if isinstance(part, Piece))


def translated(markdown: str, translate: Callable[[str], str]) -> str:
    """``markdown`` with every piece put through ``translate`` (the catalog's ``_``); a
    translation's own line breaks are spaces, so it stays inside its piece."""
    return "".join(
        part if isinstance(part, str) else " ".join(translate(part.text).split())
        for part in parse(markdown)
    )


def topic_files() -> list[tuple[str, str]]:
    """Each topic's id and English Markdown, in the order ``contents.txt`` lists them."""
    folder = resources.files("sheetapp.resources").joinpath("help")
    order = folder.joinpath("contents.txt").read_text("utf-8").splitlines()
    ids = [line.split("#")[0].strip() for line in order]
    return [(i, folder.joinpath(f"{i}.md").read_text("utf-8")) for i in ids if i]
