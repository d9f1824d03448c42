"""Printable sheets: the only package that imports ReportLab.

``kit`` holds the layout pieces every system shares (paper, page chrome, boxes, tables, tick
tracks, fillable fields); each system's module composes them (``amazing_engine``), and
``export`` picks the module a sheet's system names in the registry.
"""
