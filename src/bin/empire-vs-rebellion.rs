//! The root page: the start screen and Empire vs. Rebellion.

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(star_wars_app::evr::App);
}
