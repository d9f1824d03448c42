"""Layout pieces shared by every system's printable sheets.

``paper`` (sizes, margins, the locale's default), ``document`` (page chrome and the build),
``sections`` (the sections a system prints, built one way), ``style`` (type, colour, the
grid), ``text`` (escaped paragraphs, long text), ``lines`` (plain text measured, wrapped and
drawn straight on the canvas), ``packing`` (blocks of known height into columns and pages),
``stat_blocks`` (game masters' blocks drawn on the canvas), ``boxes`` (labelled fields,
headings, panels, grid rows), ``attributes`` (pool and attribute panels), ``tables``,
``columns`` (a table in two balanced columns), ``ledger`` (experience ledgers), ``gear``
(the equipment list), ``ticks`` (tick tracks), ``forms`` (fillable fields), ``mode`` (filled
or blank, and a blank's field names) and ``images`` (portraits).
"""
