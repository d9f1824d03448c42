"""The colours that carry a meaning (error, warning, info), one shade per palette: their own
module, since the theme's style sheet and the style that draws finding marks
(``indicator_style``) both read them and the theme installs that style."""

from __future__ import annotations

# One shade per palette (on a light ground, on a dark one), each readable at WCAG AA (4.5:1)
# on the palette's window and base colours.
TONES = {
    "error": ("#b3261e", "#ff8a80"),
    "warning": ("#8a5300", "#ffcc80"),
    "info": ("#1459a8", "#90caf9"),
}
