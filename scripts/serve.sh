#!/usr/bin/env bash
# Command 1: installs what is missing, builds the game (release) and serves it at
# http://127.0.0.1:8080 until Ctrl-C.
#
#   scripts/serve.sh           build once, print the sizes, serve dist/ as static files
#   scripts/serve.sh --watch   `trunk serve --release`: rebuild and reload on every change
#
# EVR_PORT overrides the port (default 8080).
set -euo pipefail
# shellcheck source=scripts/setup.sh
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$ROOT" || exit 1
port="${EVR_PORT:-8080}"

setup_build_tools

if [ "${1:-}" = "--watch" ]; then
  fetch_crates
  render_rules
  wasm_env trunk serve --release --port "$port"
  exit
fi

build_release
echo "Serving dist/ at http://127.0.0.1:$port/ (Ctrl-C to stop)"
exec python3 -m http.server "$port" --bind 127.0.0.1 --directory "$ROOT/dist"
