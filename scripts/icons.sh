#!/usr/bin/env bash
# Renders the app icons (our own art, public/icons/*.svg) to the PNG sizes the web manifest
# lists, with headless Chromium (installed by `source scripts/setup.sh && setup_browser`):
#
#   public/icons/icon.svg           -> icon-192.png, icon-512.png   (purpose "any")
#   public/icons/icon-maskable.svg  -> icon-maskable-512.png         (purpose "maskable")
#
# The PNGs are committed as source art, so the build needs no browser; run this after editing
# an SVG and commit the result. EVR_CHROMIUM overrides the browser (default /usr/bin/chromium).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CHROMIUM="${EVR_CHROMIUM:-/usr/bin/chromium}"
icons="$ROOT/public/icons"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# render SVG SIZE OUT: the SVG scaled to SIZE x SIZE pixels, transparent where it is.
render() {
  local svg=$1 size=$2 out=$3
  # An HTML page that shows the SVG at exactly the window size, with no margin.
  cat >"$work/page.html" <<HTML
<!DOCTYPE html><html><head><style>
html, body { margin: 0; padding: 0; overflow: hidden; background: transparent; }
img { display: block; width: ${size}px; height: ${size}px; }
</style></head><body><img src="file://$svg"></body></html>
HTML
  "$CHROMIUM" --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
    --user-data-dir="$work/profile" --force-device-scale-factor=1 \
    --default-background-color=00000000 --window-size="$size,$size" \
    --screenshot="$out" "file://$work/page.html" >/dev/null 2>&1
  # PNG header: the width and height are the big-endian words at bytes 16 and 20.
  local w h
  w=$(od -An -tu1 -j16 -N4 "$out" | awk '{ print ($1 * 16777216) + ($2 * 65536) + ($3 * 256) + $4 }')
  h=$(od -An -tu1 -j20 -N4 "$out" | awk '{ print ($1 * 16777216) + ($2 * 65536) + ($3 * 256) + $4 }')
  if [ "$w" != "$size" ] || [ "$h" != "$size" ]; then
    echo "icons: $out is ${w}x$h, expected ${size}x$size" >&2
    return 1
  fi
  echo "icons: $(basename "$out") ${w}x$h, $(wc -c <"$out") bytes"
}

render "$icons/icon.svg" 192 "$icons/icon-192.png"
render "$icons/icon.svg" 512 "$icons/icon-512.png"
render "$icons/icon-maskable.svg" 512 "$icons/icon-maskable-512.png"
