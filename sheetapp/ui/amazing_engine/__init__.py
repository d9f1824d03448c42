"""The Amazing Engine form, wizards and dialogs."""
