"""The font a fillable field shows typed text in: Noto Sans, embedded whole.

ReportLab's form fields can name only the standard 14 fonts, whose encoding holds Western
European letters: Greek or Cyrillic typed into such a field shows as blanks. So the form's
default appearance (``/DA``, which every text field inherits) names Noto Sans, embedded in
the form's resources (``/DR``) whole rather than subset, because the letters a person will
type are not known when the PDF is made. It is a composite font (``/Type0``, glyph ids as
codes, ``/Identity-H``) with a ``/ToUnicode`` map, which viewers use to turn typed letters
into glyphs. Noto Sans has no CJK letters; a viewer shows those in a font of its own (see
docs/pdf.md).
"""

from __future__ import annotations

from functools import cache
from importlib.resources import as_file, files

from reportlab.pdfbase.acroform import PDFFromString
from reportlab.pdfbase.pdfdoc import (
    PDFArray,
    PDFDictionary,
    PDFName,
    PDFStream,
    PDFString,
    PDFZCompress,
)
from reportlab.pdfbase.ttfonts import TTFontFace

NAME = "NotoSans"  # the resource name in /DR and /DA
_FILE = "NotoSans-Regular.ttf"


@cache
def _face() -> TTFontFace:
    with as_file(files("sheetapp.resources") / "fonts" / _FILE) as path:
        return TTFontFace(str(path))


def _widths(face: TTFontFace) -> str:
    """The ``/W`` array: each run of consecutive glyph ids with its widths."""
    widths = {gid: face.charWidths[code] for code, gid in face.charToGlyph.items()}
    parts: list[str] = []
    run: list[int] = []
    for gid in sorted(widths):
        if run and gid != run[-1] + 1:
            parts.append(f"{run[0]} [{' '.join(str(round(widths[g])) for g in run)}]")
            run = []
        run.append(gid)
    if run:
        parts.append(f"{run[0]} [{' '.join(str(round(widths[g])) for g in run)}]")
    return "[" + " ".join(parts) + "]"


def _to_unicode(face: TTFontFace) -> bytes:
    pairs = sorted((gid, code) for code, gid in face.charToGlyph.items() if code < 0x10000)
    lines = [
        "/CIDInit /ProcSet findresource begin 12 dict begin begincmap",
        "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
        "/CMapName /Adobe-Identity-UCS def /CMapType 2 def",
        "1 begincodespacerange <0000> <FFFF> endcodespacerange",
    ]
    seen: set[int] = set()
    unique = [(g, c) for g, c in pairs if not (g in seen or seen.add(g))]
    for start in range(0, len(unique), 100):
        block = unique[start : start + 100]
        lines.append(f"{len(block)} beginbfchar")
        lines += [f"<{g:04X}> <{c:04X}>" for g, c in block]
        lines.append("endbfchar")
    lines.append("endcmap CMapName currentdict /CMap defineresource pop end end")
    return "\n".join(lines).encode("ascii")


def _stream(content: bytes, **entries: object) -> PDFStream:
    return PDFStream(PDFDictionary(entries), content, filters=[PDFZCompress])


def form_font(reference: object) -> str:
    """Noto Sans as a composite font, its objects added through ``reference`` (the form's
    ``getRefStr``); returns the reference to the font dictionary."""
    face = _face()
    data = face._ttf_data
    file_ref = reference(_stream(data, Length1=len(data)))
    descriptor = PDFDictionary(
        {
            "Type": PDFName("FontDescriptor"),
            "FontName": PDFName(NAME),
            "Flags": 32,
            "FontBBox": PDFArray(face.bbox),
            "ItalicAngle": face.italicAngle,
            "Ascent": face.ascent,
            "Descent": face.descent,
            "CapHeight": face.capHeight,
            "StemV": face.stemV,
            "FontFile2": PDFFromString(file_ref),
        }
    )
    cid = PDFDictionary(
        {
            "Type": PDFName("Font"),
            "Subtype": PDFName("CIDFontType2"),
            "BaseFont": PDFName(NAME),
            "CIDSystemInfo": PDFDictionary(
                {
                    "Registry": PDFString("Adobe"),
                    "Ordering": PDFString("Identity"),
                    "Supplement": 0,
                }
            ),
            "FontDescriptor": PDFFromString(reference(descriptor)),
            "CIDToGIDMap": PDFName("Identity"),
            "DW": 1000,
            "W": PDFFromString(_widths(face)),
        }
    )
    font = PDFDictionary(
        {
            "Type": PDFName("Font"),
            "Subtype": PDFName("Type0"),
            "BaseFont": PDFName(NAME),
            "Encoding": PDFName("Identity-H"),
            "DescendantFonts": PDFFromString(f"[{reference(cid)}]"),
            "ToUnicode": PDFFromString(reference(_stream(_to_unicode(face)))),
        }
    )
    return reference(font)
