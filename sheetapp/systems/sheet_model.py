"""The base every sheet model shares, and bounded field types.

Documents refuse unknown keys (a typo in a hand-edited file should be reported, not
silently dropped) and revalidate on assignment, so an edit in the app can never put a
value of the wrong type into a sheet. Ranges that a player may legitimately be in the
middle of fixing are *not* enforced here: the rules report them as findings. Only absurd
magnitudes and sizes are refused, so a hostile file cannot make the app misbehave.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictInt

from sheetapp.i18n import _


class SheetModel(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
        validate_assignment=True,
        validate_default=True,
        str_max_length=2_000_000,
    )


def no_nul(text: str) -> str:
    """Text a person wrote never holds U+0000: C libraries, file names and terminals cut
    a string there, so a name holding it would show one thing and be another."""
    if "\x00" in text:
        raise ValueError(_("holds the character U+0000 (NUL), which no text keeps"))
    return text


# Whole numbers are strict: ``true``, ``0.0`` or ``1e-999`` in a file is a mistake (or an
# attack) to report, not a number to guess at.
# Scores a rule may still call wrong (a roll of 70, a rank of 6) but no sheet ever needs.
Score = Annotated[StrictInt, Field(ge=-9999, le=9999)]
Amount = Annotated[StrictInt, Field(ge=-10_000_000, le=10_000_000)]
ShortText = Annotated[str, Field(max_length=1000), AfterValidator(no_nul)]
LongText = Annotated[str, Field(max_length=1_000_000), AfterValidator(no_nul)]
