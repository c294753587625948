#!/usr/bin/env bash
# Prints the size of the built wasm, js and css, raw and gzipped (gzip -9), then what loading
# each page downloads before the service worker precaches the rest: the page, the files it
# names (its wasm, js and css) and the manifest. Usage: scripts/sizes.sh [dist-dir]
set -euo pipefail
dist="${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/dist}"
shopt -s nullglob
files=("$dist"/*.wasm "$dist"/*.js "$dist"/*.css)
if [ ${#files[@]} -eq 0 ]; then
  echo "sizes: no wasm/js/css in $dist" >&2
  exit 1
fi
kb() { awk -v b="$1" 'BEGIN { printf "%.1f KiB", b / 1024 }'; }
gz() { gzip -9 -c "$1" | wc -c; }
printf '%-6s %12s %12s  %s\n' kind raw gzip file
total_raw=0 total_gz=0
for f in "${files[@]}"; do
  raw=$(stat -c %s "$f")
  gzb=$(gz "$f")
  total_raw=$((total_raw + raw))
  total_gz=$((total_gz + gzb))
  printf '%-6s %12s %12s  %s\n' "${f##*.}" "$(kb "$raw")" "$(kb "$gzb")" "$(basename "$f")"
done
printf '%-6s %12s %12s\n' total "$(kb "$total_raw")" "$(kb "$total_gz")"

for page in "$dist"/*.html; do
  sum=$(gz "$page")
  [ -f "$dist/manifest.webmanifest" ] && sum=$((sum + $(gz "$dist/manifest.webmanifest")))
  # The page's own files: every "./name.{wasm,js,css}" it mentions.
  while IFS= read -r name; do
    [ -f "$dist/$name" ] && sum=$((sum + $(gz "$dist/$name")))
  done < <(grep -oE '\./[A-Za-z0-9._-]+\.(wasm|js|css)' "$page" | sed 's#^\./##' | sort -u)
  printf 'first visit to %-16s %12s gzip (page, its wasm/js/css, manifest)\n' "$(basename "$page"):" "$(kb "$sum")"
done

# Workers load when a page first asks them (Rebellion's computer player: when a game against
# it starts), not on a first visit: their loader, glue and wasm.
for loader in "$dist"/*_loader.js; do
  base="${loader%_loader.js}"
  sum=$(( $(gz "$loader") + $(gz "$base.js") + $(gz "${base}_bg.wasm") ))
  printf 'worker %-23s %12s gzip (loaded when first asked)\n' "$(basename "$base"):" "$(kb "$sum")"
done
