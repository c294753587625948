# shellcheck shell=bash
# Shared set-up, sourced by scripts/serve.sh and scripts/test.sh (and usable by hand:
# `source scripts/setup.sh && setup_all`).
#
# Installs whatever is missing, every time it is missing, and does nothing slow when everything
# is present. Project-local tools go to .tools/ (git-ignored); system packages come from apt.
#
#   wasm32 target   rustup target add wasm32-unknown-unknown, or, where rustup cannot download,
#                   Debian's rustc-web/cargo-web/rust-web-src/lld-19 building std from source
#   trunk           cargo install trunk 0.21.14 --locked        -> .tools/bin/trunk
#   wasm-bindgen    cargo install wasm-bindgen-cli =<Cargo.lock> -> .tools/bin/wasm-bindgen
#   wasm-opt        npm binaryen@132                             -> .tools/node_modules/.bin/wasm-opt
#   terser          npm terser (the pages' JavaScript glue)      -> .tools/node_modules/.bin/terser
#   browsers        apt chromium chromium-driver                 -> /usr/bin/chromium, chromedriver
#                   apt firefox-esr; cargo install geckodriver   -> /usr/bin/firefox-esr, .tools/bin
#                   apt webkit2gtk-driver xvfb (WebKit, Safari's engine: WebKitWebDriver and
#                   its MiniBrowser on a virtual display)        -> /usr/bin/WebKitWebDriver, Xvfb
#   namespaces      apt iproute2 (the online tests' two devices)  -> ip
#
# Environment knobs:
#   EVR_WASM_TOOLCHAIN=auto|rustup|debian   how to get the wasm32 standard library (default auto)

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
TOOLS="$ROOT/.tools"
TRUNK_VERSION=0.21.14
GECKODRIVER_VERSION=0.37.1
BINARYEN_VERSION=132
TERSER_VERSION=5.51.4
DEBIAN_RUST_MIN=1.96
CHROMIUM=/usr/bin/chromium
CHROMEDRIVER=/usr/bin/chromedriver
export PATH="$TOOLS/bin:$TOOLS/node_modules/.bin:$HOME/.cargo/bin:$PATH"
export DEBIAN_FRONTEND=noninteractive
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"

log() { echo "[setup] $*" >&2; }
die() {
  echo "[setup] ERROR: $*" >&2
  return 1
}

# Run as root directly, otherwise through non-interactive sudo (never prompts).
as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi
}

_APT_UPDATED=0
# apt_install PKG...: installs the packages that are not installed yet.
apt_install() {
  local missing=() p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  log "apt: installing ${missing[*]}"
  if [ "$_APT_UPDATED" -eq 0 ]; then
    as_root apt-get update -qq </dev/null || return 1
    _APT_UPDATED=1
  fi
  as_root apt-get install -y -qq --no-install-recommends "${missing[@]}" </dev/null >/dev/null
}

# version_ge A B: true when version A >= version B (dotted numbers).
version_ge() { [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n1)" = "$2" ]; }

# The wasm-bindgen version pinned in Cargo.lock; wasm-bindgen-cli must match it exactly.
wasm_bindgen_lock_version() {
  awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' "$ROOT/Cargo.lock"
}

# --- wasm32 target --------------------------------------------------------------------------
WASM_MODE=""
# Picks (and if needed installs) the wasm32 toolchain, without touching the network when one is
# already there: rustup's target, else an installed Debian fallback, else `rustup target add`,
# else install the Debian fallback.
setup_wasm_target() {
  local want="${EVR_WASM_TOOLCHAIN:-auto}" have_rustup=0
  command -v rustup >/dev/null 2>&1 && have_rustup=1
  if [ "$want" != debian ] && [ $have_rustup -eq 1 ] &&
    rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    WASM_MODE=rustup
    return 0
  fi
  if [ "$want" != rustup ] && debian_wasm_ready; then
    WASM_MODE=debian
    return 0
  fi
  if [ "$want" != debian ] && [ $have_rustup -eq 1 ]; then
    log "adding the wasm32-unknown-unknown target with rustup"
    if rustup target add wasm32-unknown-unknown </dev/null; then
      WASM_MODE=rustup
      return 0
    fi
    [ "$want" = rustup ] && die "rustup target add wasm32-unknown-unknown failed" && return 1
    log "rustup could not add the target: falling back to Debian's rustc-web (std built from source)"
  fi
  apt_install rustc-web cargo-web rust-web-src lld-19 || return 1
  debian_wasm_ready || die "Debian rustc-web is $(/usr/bin/rustc --version), need >= $DEBIAN_RUST_MIN" || return 1
  WASM_MODE=debian
}

# The Debian fallback is installed and recent enough (rustc-web from bookworm-security is 1.96).
debian_wasm_ready() {
  local p v
  for p in rustc-web cargo-web rust-web-src lld-19; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || return 1
  done
  v=$(/usr/bin/rustc --version 2>/dev/null | awk '{print $2}')
  version_ge "${v%%-*}" "$DEBIAN_RUST_MIN"
}

# wasm_env CMD...: runs CMD with the environment of the wasm build. With the Debian fallback that
# is Debian's cargo/rustc first on PATH and std built from source; native builds are untouched.
wasm_env() {
  if [ "$WASM_MODE" = debian ]; then
    env -u RUSTUP_TOOLCHAIN \
      PATH="$TOOLS/bin:$TOOLS/node_modules/.bin:/usr/bin:$PATH" \
      RUSTC_BOOTSTRAP=1 \
      CARGO_UNSTABLE_BUILD_STD=std,panic_abort \
      CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld-19 \
      "$@"
  else
    "$@"
  fi
}

# --- cargo-installed tools --------------------------------------------------------------------
setup_trunk() {
  if command -v trunk >/dev/null 2>&1 && [ "$(trunk --version 2>/dev/null)" = "trunk $TRUNK_VERSION" ]; then
    return 0
  fi
  log "installing trunk $TRUNK_VERSION into .tools (takes several minutes)"
  cargo install trunk --version "=$TRUNK_VERSION" --locked --root "$TOOLS" </dev/null
}

setup_wasm_bindgen() {
  local v
  v=$(wasm_bindgen_lock_version)
  [ -n "$v" ] || die "no wasm-bindgen in Cargo.lock" || return 1
  if command -v wasm-bindgen >/dev/null 2>&1 && [ "$(wasm-bindgen --version 2>/dev/null)" = "wasm-bindgen $v" ]; then
    return 0
  fi
  log "installing wasm-bindgen-cli $v into .tools (takes a few minutes)"
  cargo install wasm-bindgen-cli --version "=$v" --locked --root "$TOOLS" </dev/null ||
    {
      log "--locked failed (a locked dependency may be missing from the registry); retrying unlocked"
      cargo install wasm-bindgen-cli --version "=$v" --root "$TOOLS" </dev/null
    }
}

# --- wasm-opt (binaryen from npm; Debian's binaryen 108 produces broken modules) ---------------
setup_wasm_opt() {
  if [ -x "$TOOLS/node_modules/.bin/wasm-opt" ] &&
    "$TOOLS/node_modules/.bin/wasm-opt" --version 2>/dev/null | grep -q "version $BINARYEN_VERSION\b"; then
    return 0
  fi
  command -v npm >/dev/null 2>&1 || apt_install nodejs npm || return 1
  log "installing binaryen@$BINARYEN_VERSION (wasm-opt) from npm into .tools"
  mkdir -p "$TOOLS"
  npm install --prefix "$TOOLS" --no-audit --no-fund --loglevel=error \
    "binaryen@$BINARYEN_VERSION" </dev/null >/dev/null
}

# --- terser (npm): minifies the pages' JavaScript glue, which Trunk's own minifier leaves whole
# (it stops at wasm-bindgen's `export { initSync, __wbg_init as default }`) --------------------
setup_terser() {
  if [ -x "$TOOLS/node_modules/.bin/terser" ] &&
    [ "$("$TOOLS/node_modules/.bin/terser" --version 2>/dev/null)" = "terser $TERSER_VERSION" ]; then
    return 0
  fi
  command -v npm >/dev/null 2>&1 || apt_install nodejs npm || return 1
  log "installing terser@$TERSER_VERSION from npm into .tools"
  mkdir -p "$TOOLS"
  npm install --prefix "$TOOLS" --no-audit --no-fund --loglevel=error \
    "terser@$TERSER_VERSION" </dev/null >/dev/null
}

# minify_glue DIR: each page's module glue in DIR minified in place (about 2 KiB gzip of every
# first visit). The workers' glue is a classic script that Trunk minifies already.
minify_glue() {
  local f
  for f in "$1"/*.js; do
    grep -q '^export ' "$f" || continue
    "$TOOLS/node_modules/.bin/terser" "$f" --module --compress --mangle -o "$f.min" </dev/null &&
      mv "$f.min" "$f" || return 1
  done
}

# --- browsers for the browser tests ------------------------------------------------------------
# Chromium runs every browser test; Firefox and WebKit (Safari's engine) run the smoke test of
# every page (tests/browser/tests/engines.rs), and Firefox meets Chromium online.
setup_browser() {
  apt_install chromium chromium-driver iproute2 firefox-esr webkit2gtk-driver xvfb || return 1
  if [ ! -x "$CHROMIUM" ] || [ ! -x "$CHROMEDRIVER" ]; then
    die "chromium/chromedriver not found in /usr/bin" || return 1
  fi
  setup_geckodriver
}

# geckodriver, Firefox's WebDriver server: not packaged by Debian 12, a crate on crates.io.
setup_geckodriver() {
  if [ -x "$TOOLS/bin/geckodriver" ] &&
    [ "$("$TOOLS/bin/geckodriver" --version 2>/dev/null | head -n1)" = "geckodriver $GECKODRIVER_VERSION" ]; then
    return 0
  fi
  log "installing geckodriver $GECKODRIVER_VERSION into .tools (takes a few minutes)"
  cargo install geckodriver --version "=$GECKODRIVER_VERSION" --locked --root "$TOOLS" </dev/null
}

# Everything needed to build the wasm app.
setup_build_tools() {
  setup_wasm_target && setup_wasm_bindgen && setup_wasm_opt && setup_terser && setup_trunk
}

setup_all() {
  setup_build_tools && setup_browser
}

# --- the release build, shared by serve.sh and test.sh ------------------------------------------
# Trunk runs cargo with --offline (Trunk.toml), so fetch the crates first (with the Debian
# fallback this includes the standard library's own dependencies); then print the sizes.
# Builds every page into dist/: one `trunk build` per page (Trunk takes one HTML target
# and one main wasm per build), each page after the first into a staging folder whose files are
# then added to dist/, then the pages' JavaScript glue minified (minify_glue), and last the one
# service worker, from every file of every build.
# The rules references as HTML (crates/rules-html), for the pages to copy: the wasm carries no
# Markdown renderer. A native build, outside wasm_env.
render_rules() {
  local game title markdown
  for game in evr swr egr; do
    title="Rules: Star Wars: Empire vs. Rebellion"
    markdown="docs/$game/rules.md"
    # Rebellion's and Galactic Rebellion's in-app references are the players' texts;
    # docs/swr/rules.md and docs/egr/rules.md stay for developers.
    if [ "$game" = swr ]; then
      title="Rules: Star Wars: Rebellion"
      markdown="docs/swr/play.md"
    fi
    if [ "$game" = egr ]; then
      title="Rules: Empires: Galactic Rebellion"
      markdown="docs/egr/play.md"
    fi
    (cd "$ROOT" && cargo run --quiet --offline -p rules-html -- \
      "$markdown" "target/rules/$game/rules.html" "$title" </dev/null) || return 1
  done
}

# A worker's files as Trunk writes them (NAME.js, NAME_bg.wasm, NAME_loader.js: Trunk never
# hashes a worker's names) renamed NAME-HASH*, the loader pointed at them and the page's
# <meta name=NAME> given the new name, so a cached old worker never serves a new page.
name_worker() {
  local dir="$1" name="$2" page="$3" hash
  hash=$(cat "$dir/$name.js" "$dir/${name}_bg.wasm" | sha256sum | cut -c1-16)
  mv "$dir/$name.js" "$dir/$name-$hash.js" || return 1
  mv "$dir/${name}_bg.wasm" "$dir/$name-${hash}_bg.wasm" || return 1
  sed "s#\./$name\.js#./$name-$hash.js#; s#\./${name}_bg\.wasm#./$name-${hash}_bg.wasm#" \
    "$dir/${name}_loader.js" >"$dir/$name-${hash}_loader.js" || return 1
  rm "$dir/${name}_loader.js"
  grep -q "$name-$hash.js" "$dir/$name-${hash}_loader.js" || {
    echo "name_worker: $name's loader does not name its files" >&2
    return 1
  }
  sed -E -i "s#content=\"?$name\"?#content=\"$name-$hash\"#" "$dir/$page" || return 1
  grep -q "content=\"$name-$hash\"" "$dir/$page" || {
    echo "name_worker: $page has no <meta name=$name>" >&2
    return 1
  }
}

# fetch_crates: every crate the builds need, into cargo's cache, before anything runs cargo with
# --offline (Trunk does; so does render_rules). A machine whose cargo cache has never seen the
# workspace has none of them. Natively (the rules renderer, with rustup's cargo) and for wasm32
# (with the Debian fallback, the standard library's own dependencies too).
fetch_crates() {
  (cd "$ROOT" && cargo fetch --quiet </dev/null) || return 1
  (cd "$ROOT" && wasm_env cargo fetch --quiet --target wasm32-unknown-unknown </dev/null)
}

build_release() {
  local staging="$ROOT/target/rebellion-dist"
  fetch_crates || return 1
  render_rules || return 1
  (cd "$ROOT" && wasm_env trunk build index.html --release </dev/null) || return 1
  (cd "$ROOT" && wasm_env trunk build rebellion.html --release --dist "$staging" \
    --html-output rebellion.html </dev/null) || return 1
  name_worker "$staging" swr-computer rebellion.html || return 1
  # Shared files (style, icons) have the same names and contents in all builds.
  cp -rn "$staging/." "$ROOT/dist/" || return 1
  local galactic="$ROOT/target/galactic-dist"
  (cd "$ROOT" && wasm_env trunk build galactic-rebellion.html --release --dist "$galactic" \
    --html-output galactic-rebellion.html </dev/null) || return 1
  name_worker "$galactic" egr-computer galactic-rebellion.html || return 1
  cp -rn "$galactic/." "$ROOT/dist/" || return 1
  # Online play: a page per game (neither game page carries its code), and one for Rebellion's
  # team game (the two-player page does not carry the table's code).
  local online page
  for page in rebellion-online rebellion-team-online evr-online galactic-online; do
    online="$ROOT/target/$page-dist"
    (cd "$ROOT" && wasm_env trunk build "$page.html" --release --dist "$online" \
      --html-output "$page.html" </dev/null) || return 1
    # The host plays the computers' seats (Galactic Rebellion, Rebellion's team game): the
    # game's worker, named as on its page.
    case "$page" in
      galactic-online) name_worker "$online" egr-computer "$page.html" || return 1 ;;
      rebellion-team-online) name_worker "$online" swr-computer "$page.html" || return 1 ;;
    esac
    cp -rn "$online/." "$ROOT/dist/" || return 1
  done
  local replay="$ROOT/target/replay-dist"
  (cd "$ROOT" && wasm_env trunk build replay.html --release --dist "$replay" \
    --html-output replay.html </dev/null) || return 1
  cp -rn "$replay/." "$ROOT/dist/" || return 1
  minify_glue "$ROOT/dist" || return 1
  "$ROOT/scripts/service-worker.sh" "$ROOT/dist" || return 1
  "$ROOT/scripts/sizes.sh" "$ROOT/dist"
}
