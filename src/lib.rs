//! Two Star Wars games in one browser app (Leptos, client-side rendered), each over its own
//! rules engine: Empire vs. Rebellion (`evr`) and Rebellion (`swr`), with the parts they share
//! in `shell`. Each game is its own page and its own wasm (`src/bin/`), so a visit downloads
//! only the game it opens. See docs/architecture.md.

pub mod evr;
pub mod shell;
pub mod swr;
