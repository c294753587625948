#!/usr/bin/env bash
# Prints the size of the built wasm, js and css, raw and gzipped (gzip -9), e.g. after
# `trunk build --release`. Usage: scripts/sizes.sh [dist-dir]
set -euo pipefail
dist="${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/dist}"
shopt -s nullglob
files=("$dist"/*.wasm "$dist"/*.js "$dist"/*.css)
if [ ${#files[@]} -eq 0 ]; then
  echo "sizes: no wasm/js/css in $dist" >&2
  exit 1
fi
kb() { awk -v b="$1" 'BEGIN { printf "%.1f KiB", b / 1024 }'; }
printf '%-6s %12s %12s  %s\n' kind raw gzip file
total_raw=0 total_gz=0
for f in "${files[@]}"; do
  raw=$(stat -c %s "$f")
  gz=$(gzip -9 -c "$f" | wc -c)
  total_raw=$((total_raw + raw))
  total_gz=$((total_gz + gz))
  printf '%-6s %12s %12s  %s\n' "${f##*.}" "$(kb "$raw")" "$(kb "$gz")" "$(basename "$f")"
done
printf '%-6s %12s %12s\n' total "$(kb "$total_raw")" "$(kb "$total_gz")"
