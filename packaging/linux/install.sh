#!/bin/sh
# Install the bundle for the current user: the program, its menu entry, icons and the
# file type of sheetapp sheets. Usage: packaging/linux/install.sh [BUNDLE_DIR]
# (default dist/sheetapp). Uninstall by deleting the files it lists.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
bundle=${1:-"$here/../../dist/sheetapp"}
data=${XDG_DATA_HOME:-"$HOME/.local/share"}
app_id=org.sheetapp.Sheetapp

[ -x "$bundle/sheetapp" ] || { echo "no bundle at $bundle; run python3 packaging/build.py" >&2; exit 2; }

mkdir -p "$data/sheetapp-bundle" "$HOME/.local/bin" "$data/applications" "$data/metainfo" "$data/mime/packages"
cp -R "$bundle/." "$data/sheetapp-bundle/"
ln -sf "$data/sheetapp-bundle/sheetapp" "$HOME/.local/bin/sheetapp"
cp "$here/$app_id.desktop" "$data/applications/"
cp "$here/$app_id.metainfo.xml" "$data/metainfo/"
cp "$here/sheetapp-mime.xml" "$data/mime/packages/$app_id.xml"
for size in 16 24 32 48 64 128 256 512; do
    mkdir -p "$data/icons/hicolor/${size}x${size}/apps"
    cp "$here/../icons/sheetapp-$size.png" "$data/icons/hicolor/${size}x${size}/apps/$app_id.png"
done
mkdir -p "$data/icons/hicolor/scalable/apps"
cp "$here/../icons/sheetapp.svg" "$data/icons/hicolor/scalable/apps/$app_id.svg"

command -v update-mime-database >/dev/null && update-mime-database "$data/mime" || true
command -v update-desktop-database >/dev/null && update-desktop-database "$data/applications" || true
command -v gtk-update-icon-cache >/dev/null && gtk-update-icon-cache -q "$data/icons/hicolor" || true
echo "installed sheetapp for $(id -un): $HOME/.local/bin/sheetapp and a menu entry"
