"""Layout pieces shared by every system's printable sheets.

``paper`` (sizes, margins, the locale's default), ``document`` (page chrome and the build),
``style`` (type, colour, the grid), ``text`` (escaped paragraphs, long text), ``boxes``
(labelled fields, headings, panels, grid rows), ``attributes`` (pool and attribute panels),
``tables``, ``ticks`` (tick tracks), ``forms`` (fillable fields) and ``images`` (portraits).
"""
