#!/bin/sh
# The printed-sheet pictures in docs/: one random sheet per system (seed 4), exported on A4
# and rendered at 80 dpi with pdftoppm (poppler-utils). Run from the repository's root:
#   sh docs/screenshots/pdf-sheets.sh [path/to/sheetapp]
set -eu
sheetapp=${1:-sheetapp}
out=docs/screenshots
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
shot() {  # system, page, picture
    "$sheetapp" new "$1" --random --seed 4 -o "$work/$1.json" >/dev/null
    "$sheetapp" export-pdf "$work/$1.json" --paper a4 -o "$work/$1.pdf" >/dev/null
    pdftoppm -png -r 80 -f "$2" -l "$2" -singlefile "$work/$1.pdf" "$out/${3%.png}"
}
shot amazing-engine 2 character-sheet-a4.png  # page 1 is the Player Core
shot alternity 1 alternity-sheet.png
shot amplitude 1 amplitude-sheet.png
shot d6-pool 1 d6-pool-sheet.png
shot forgotten-futures 1 forgotten-futures-sheet.png
