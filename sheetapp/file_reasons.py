"""Why a file could not be read, written or parsed, in the reader's language.

Python words an ``OSError`` (``strerror``, from the C library) and a ``JSONDecodeError``
in English whatever the language: a German player read "Lesen nicht möglich: No such file
or directory". Every message that names a file's failure takes its reason from here; the
path stays as the caller puts it beside the reason.
"""

from __future__ import annotations

import errno
import os
from typing import TYPE_CHECKING

from sheetapp.i18n import N_, TranslatedTable, _

if TYPE_CHECKING:  # json is not needed before the window paints
    import json

# The failures a person meets on their own disk, by errno. An errno missing on this
# platform (EDQUOT on Windows) is left out rather than guessed.
_REASONS = {
    "ENOENT": N_("there is no such file or folder"),
    "EACCES": N_("permission denied"),
    "EPERM": N_("the operation is not permitted"),
    "EISDIR": N_("it is a folder, not a file"),
    "ENOTDIR": N_("a part of the path is not a folder"),
    "ENOSPC": N_("the disk is full"),
    "EDQUOT": N_("the disk quota is used up"),
    "EROFS": N_("the disk is read-only"),
    "ELOOP": N_("the path has too many symbolic links (a loop?)"),
    "ENAMETOOLONG": N_("the name is too long"),
    "EEXIST": N_("a file of that name is already there"),
    "ENOTEMPTY": N_("the folder is not empty"),
    "EBUSY": N_("the file is in use"),
    "EMFILE": N_("too many files are open"),
    "EIO": N_("the disk could not be read or written (input/output error)"),
    "EXDEV": N_("the file cannot be moved to another disk"),
    "EADDRINUSE": N_("the port is already in use"),
    "EADDRNOTAVAIL": N_("this computer has no such address"),
}
REASONS = TranslatedTable(
    {getattr(errno, name): text for name, text in _REASONS.items() if hasattr(errno, name)}
)

# What ``json`` says it expected, by the start of its English message (CPython's decoder).
JSON_REASONS = TranslatedTable(
    {
        "Expecting value": N_("a value is missing"),
        "Expecting property name enclosed in double quotes": N_(
            "a name in double quotes is missing (a comma too many?)"
        ),
        "Expecting ',' delimiter": N_("a comma is missing"),
        "Expecting ':' delimiter": N_("a colon is missing"),
        "Unterminated string starting at": N_("a text is not closed with a double quote"),
        "Invalid control character at": N_("a text holds a control character"),
        "Invalid \\escape": N_("a text holds an unknown backslash escape"),
        "Invalid \\uXXXX escape": N_("a text holds a broken \\u escape"),
        "Extra data": N_("more follows after the end"),
        "Illegal trailing comma before end of object": N_("a comma too many before a }"),
        "Illegal trailing comma before end of array": N_("a comma too many before a ]"),
    }
)


def os_reason(exc: OSError) -> str:
    """Why ``exc`` happened, as a phrase to put after a file's path ("missing.json: cannot
    read: {reason}"). An error worded by the C library is read by its errno; one whose
    text sheetapp wrote (a file too large, a pipe refused, "the old content is kept...")
    already says why and is kept, as is any errno this table lacks.

    >>> os_reason(FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), "x.json"))
    'there is no such file or folder'
    >>> os_reason(OSError(errno.ENOSPC, "the disk is full; the old content is kept"))
    'the disk is full; the old content is kept'
    """
    if exc.errno in REASONS and exc.strerror == os.strerror(exc.errno):
        return str(REASONS[exc.errno])
    return exc.strerror or str(exc)


def json_problem(source: str, exc: json.JSONDecodeError) -> str:
    """``source``'s one line when its JSON does not parse: the line and column, and what
    was expected when the decoder says something this table knows.

    >>> import json
    >>> json_problem("a.json", json.JSONDecodeError("Expecting value", '{"a": }', 6))
    'a.json: not valid JSON at line 1, column 7: a value is missing'
    """
    why = next((key for key in JSON_REASONS if exc.msg.startswith(str(key))), None)
    if why is None:
        return _("{source}: not valid JSON at line {line}, column {column}").format(
            source=source, line=exc.lineno, column=exc.colno
        )
    return _("{source}: not valid JSON at line {line}, column {column}: {reason}").format(
        source=source, line=exc.lineno, column=exc.colno, reason=JSON_REASONS[why]
    )
