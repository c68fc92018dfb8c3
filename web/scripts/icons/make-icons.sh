#!/bin/sh
# Draws the app icons in web/public from icon.html (any purpose) and maskable.html
# (full-bleed, glyph inside the safe zone) with Debian's Chromium, once by hand;
# the PNGs are committed. favicon.ico wraps the 32 px PNG.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out="$here/../../public"
flags="--no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run --headless=new --hide-scrollbars --default-background-color=00000000"
shot() { chromium $flags --window-size="$2,$2" --screenshot="$3" "file://$here/$1" 2>/dev/null; }
shot icon.html 192 "$out/icons/icon-192.png"
shot icon.html 512 "$out/icons/icon-512.png"
shot maskable.html 512 "$out/icons/maskable-512.png"
shot maskable.html 180 "$out/icons/apple-touch-icon.png"
tmp=$(mktemp -d)
shot icon.html 32 "$tmp/icon-32.png"
python3 - "$tmp/icon-32.png" "$out/favicon.ico" <<'PY'
import struct, sys
png = open(sys.argv[1], 'rb').read()
open(sys.argv[2], 'wb').write(struct.pack('<HHH', 0, 1, 1) + struct.pack('<BBBBHHII', 32, 32, 0, 0, 1, 32, len(png), 22) + png)
PY
rm -r "$tmp"
