"""Characters that travel: sheets to and from virtual tabletops (Foundry VTT, Roll20).

Pure Python: no Qt, no ReportLab, no storage beyond the guarded loader and atomic writes.
Each game system describes itself once (``systems/<id>.py``, found through the registry)
as a :class:`~sheetapp.interop.view.TabletopView`; each target (``foundry.py``,
``roll20.py``) turns any view into its own document. The whole sheet rides along in the
target's own place for extra data, so a round trip through a tabletop loses nothing.
"""
