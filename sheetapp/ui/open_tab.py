"""A sheet open at quit, as the settings keep it for the next start: which sheet (a file or
a library id) and what of it was in sight (its page, the tab within that page, how far down
it was scrolled, and whether it was the window's current tab).

Kept as one line of text per sheet, "KIND PAGES SCROLL CURRENT WHERE" ("file 1.2 340 1
/home/ana/hero.json", "library - 0 0 12"), read without ``json``, which the window's first
paint does without. What is read back is input from outside (the INI file may be edited by
hand or damaged), so every field is checked and a bad entry raises, which the settings read
as "skip this one".
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

MAX_DEPTH = 4  # a page, a tab in it, and so on: more than any form nests
MAX_SCROLL = 10_000_000  # pixels; far past any page


@dataclass(frozen=True)
class OpenTab:
    file: Path | None = None
    library_id: int | None = None
    pages: tuple[int, ...] = ()  # the page shown, then the tab shown within it...
    scroll: int = 0  # pixels down the shown page's scrolling area
    current: bool = False

    def to_text(self) -> str:
        kind, where = ("file", str(self.file)) if self.file else ("library", str(self.library_id))
        pages = ".".join(str(p) for p in self.pages) or "-"
        return f"{kind} {pages} {self.scroll} {int(self.current)} {where}"

    @classmethod
    def from_text(cls, text: Any) -> OpenTab:
        """The entry ``to_text`` wrote; ValueError or TypeError for anything else."""
        if not isinstance(text, str) or len(text) > 10_000 or "\x00" in text:
            raise TypeError("not an open sheet")
        kind, pages_text, scroll_text, current, where = text.split(" ", 4)
        pages = () if pages_text == "-" else tuple(_number(p, 999) for p in pages_text.split("."))
        if len(pages) > MAX_DEPTH or current not in ("0", "1") or not where:
            raise ValueError("not an open sheet")
        found = {
            "pages": pages,
            "scroll": _number(scroll_text, MAX_SCROLL),
            "current": current == "1",
        }
        if kind == "file":
            return cls(file=Path(where), **found)
        if kind == "library":
            sheet_id = _number(where, 2**63 - 1)
            if sheet_id:
                return cls(library_id=sheet_id, **found)
        raise ValueError("neither a file nor a library sheet")


def _number(text: str, most: int) -> int:
    """A whole number 0 to ``most`` written in digits (nothing else: no sign, no spaces)."""
    if not text.isascii() or not text.isdigit() or int(text) > most:
        raise ValueError(f"not a number up to {most}")
    return int(text)
