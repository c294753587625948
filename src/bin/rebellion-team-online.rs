//! Rebellion's team game of 3 and 4 with friends on other devices
//! (rebellion-team-online.html): a page of its own, so that the two-player online page does
//! not carry the team table's code, nor this page the two-player lobby's.

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(star_wars_app::swr::TeamOnlineApp);
}
