"""Layout pieces shared by every system's printable sheets.

``paper`` (sizes, margins, the locale's default), ``document`` (page chrome and the build),
``style`` (type, colour, the grid), ``text`` (escaped paragraphs, long text), ``lines``
(plain text measured, wrapped and drawn straight on the canvas), ``packing`` (blocks of
known height into columns and pages), ``boxes`` (labelled fields, headings, panels, grid
rows), ``attributes`` (pool and attribute panels), ``tables``, ``ticks`` (tick tracks),
``forms`` (fillable fields) and ``images`` (portraits).
"""
