//! Star Wars: Rebellion in the browser.

mod app;

pub use app::App;
