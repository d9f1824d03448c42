"""Names of the application properties the theme sets and the style reads while painting.

They live apart from both so the style (``indicator_style``) can read what the theme
(``theme``) wrote without the two importing each other.
"""

from __future__ import annotations

OUTLINED = "sheetapp_outlined"  # frames drawn in the text colour (the high-contrast theme)
