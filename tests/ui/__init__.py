"""Tests of the Qt app."""
