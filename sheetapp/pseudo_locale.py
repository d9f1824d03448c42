"""The pseudo-locales' text: what ``qps-ploc`` and ``qps-plocm`` turn each string into.

A string shown through the catalog reads ``⟦Ǿƥḗƞ ƒīŀḗ·····⟧`` in ``qps-ploc``: the markers
show it went through the catalog (a text on screen without them did not), the accents show
the font has the letters, and the dots make it 40% longer, as German or French often are,
so a label too narrow for a translation shows as clipped. ``qps-plocm`` is the same text
mirrored right to left. ``sheetapp.i18n_tools`` writes both catalogs with this function, and
the Qt bridge (``sheetapp.ui.translator``) uses it for Qt's own strings.
"""

from __future__ import annotations

import math
import re

# Pieces of a string a translation must keep as they are: placeholders ({name}, {n:+d},
# braces doubled; argparse's %(name)s and %s), markup (<b>, &amp;) and a mnemonic's
# ampersand with its letter.
KEPT = re.compile(
    r"\{\{|\}\}|\{[^{}]*\}|%\([a-z_]+\)[srd]|%[srd%]|<[^<>]+>|&[a-zA-Z]+;|&&|&.", re.S
)
ACCENTED = dict(
    zip(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
        "ȧƀƈḓḗƒɠħīĵķŀḿƞǿƥɋřşŧŭṽẇẋẏẑȦƁƆḒḖƑƓĦĪĴĶĿḾȠǾƤɊŘŞŦŬṼẆẊẎẐ",
        strict=True,
    )
)
OPEN_MARK, CLOSE_MARK = "⟦", "⟧"  # what the pseudo-locale test looks for around every text
RLO, POP = "\u202e", "\u202c"  # right-to-left override ... pop: the mirrored locale
STRETCH = 0.4  # how much longer a string grows


def pseudo_text(text: str, mirrored: bool = False) -> str:
    """``text`` as the pseudo-locales show it: letters accented, 40% longer, in markers;
    placeholders, markup and mnemonics kept so the string still works.

    >>> pseudo_text("Open {name}…")
    '⟦Ǿƥḗƞ {name}…···⟧'
    """
    pieces: list[str] = []
    visible = 0
    position = 0
    for kept in KEPT.finditer(text):
        plain = text[position : kept.start()]
        pieces.append("".join(ACCENTED.get(c, c) for c in plain))
        pieces.append(kept.group())
        visible += len(plain) + (1 if kept.group().startswith("&") else 0)
        position = kept.end()
    plain = text[position:]
    pieces.append("".join(ACCENTED.get(c, c) for c in plain))
    visible += len(plain)
    lines = "".join(pieces).split("\n")  # lines keep their breaks: each grows at its end
    lines[-1] += "·" * math.ceil(visible * STRETCH)
    body = "\n".join(lines)
    if mirrored:
        body = RLO + body + POP
    return OPEN_MARK + body + CLOSE_MARK
