"""GUI tests of the Alternity form."""
