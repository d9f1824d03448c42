"""A pydantic validation error as the one line a person reads: where, and what is wrong.

Shared by the records read back from the data folder and the library (autosaves, saved
encounters), so each refusal reads the same way."""

from __future__ import annotations

from pydantic import ValidationError

from sheetapp.printable import printable


def first_error(exc: ValidationError) -> str:
    """The first failing field and why, with a count of the others."""
    errors = exc.errors(include_url=False, include_input=False)
    if not errors:
        return "not the expected record"
    # A key of the record is the writer's text: a newline in it must not break the line.
    place = printable(".".join(str(step) for step in errors[0]["loc"]))
    message = " ".join(str(errors[0]["msg"]).split())[:200]
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    return f"{place}: {message}{more}" if place else f"{message}{more}"
