//! The Empires: Galactic Rebellion page (galactic-rebellion.html).

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(star_wars_app::egr::App);
}
