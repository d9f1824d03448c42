"""The main window's areas: each installs its own actions, menus and docks into the frame
(``sheetapp.ui.main_window``) and talks to the others through signals and the callables it
is given, never by reaching into them."""
