//! The replay page (replay.html): a finished game of Empire vs. Rebellion from a link or a
//! file. Its own wasm, without the computer players, so that neither page carries the other.

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(star_wars_app::evr::ReplayApp);
}
