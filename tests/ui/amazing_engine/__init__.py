"""Tests of the Amazing Engine form, wizards and dialogs."""
