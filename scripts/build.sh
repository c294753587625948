#!/usr/bin/env bash
# Installs what is missing (scripts/setup.sh) and builds the release into dist/: the static
# files of the game, service worker, manifest and icons included. Copy dist/ to any static
# host, at its root or under a sub-path; .github/workflows/pages.yml publishes it to GitHub Pages.
set -euo pipefail
# shellcheck source=scripts/setup.sh
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
setup_build_tools
build_release
