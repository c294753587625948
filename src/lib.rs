//! Three board and card games in one browser app (Leptos, client-side rendered), each over its
//! own rules engine: Empire vs. Rebellion (`evr`), Rebellion (`swr`) and Empires: Galactic
//! Rebellion (`egr`), with the parts they share in `shell`. Each game is its own page and its own wasm (`src/bin/`), so a visit downloads
//! only the game it opens. See docs/architecture.md.

pub mod egr;
pub mod evr;
pub mod shell;
pub mod swr;

// Every page's allocator (see Cargo.toml's `talc`). The pages are single-threaded wasm.
#[cfg(all(not(target_feature = "atomics"), target_family = "wasm"))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
