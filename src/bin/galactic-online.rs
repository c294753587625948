//! Galactic Rebellion with friends on other devices (galactic-online.html): a page of its own,
//! so that online play's code is loaded only by those who use it.

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(star_wars_app::egr::OnlineApp);
}
