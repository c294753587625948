//! A link or code as a QR code (our drawing: one SVG path), for two devices in the same room:
//! a phone's camera opens the invite link from the host's screen.

use leptos::prelude::*;
use qrcodegen::{QrCode, QrCodeEcc};
use std::fmt::Write;

/// The SVG of `text` as a QR code, with the four-module quiet zone; `None` if it is too long
/// for one (it never is for our links and codes).
pub fn qr_svg(text: &str) -> Option<String> {
    let qr = QrCode::encode_text(text, QrCodeEcc::Low).ok()?;
    let size = qr.size();
    let mut path = String::new();
    for y in 0..size {
        for x in 0..size {
            if qr.get_module(x, y) {
                let _ = write!(path, "M{},{}h1v1h-1z", x + 4, y + 4);
            }
        }
    }
    let full = size + 8;
    Some(format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {full} {full}\" \
         shape-rendering=\"crispEdges\" role=\"img\" aria-label=\"QR code\">\
         <rect width=\"{full}\" height=\"{full}\" fill=\"#fff\"/>\
         <path d=\"{path}\" fill=\"#000\"/></svg>"
    ))
}

/// The QR code of `text`, shown on request (it is large on a phone's screen).
#[component]
pub fn QrButton(text: String, testid: &'static str) -> impl IntoView {
    let shown = RwSignal::new(false);
    let svg = qr_svg(&text);
    let data = text.clone();
    view! {
        {svg.map(|svg| view! {
            <button type="button" class="quiet" data-testid=format!("{testid}-qr-toggle")
                on:click=move |_| shown.update(|s| *s = !*s)>
                {move || if shown.get() { "Hide the QR code" } else { "Show as a QR code (same room)" }}
            </button>
            <Show when=move || shown.get()>
                <div class="qr" data-testid=format!("{testid}-qr") data-text=data.clone() inner_html=svg.clone()></div>
            </Show>
        })}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_invite_link_fits_one_qr_code() {
        let link = format!(
            "https://example.github.io/star-wars/rebellion-online.html#join={}",
            "A".repeat(180)
        );
        let svg = qr_svg(&link).expect("fits");
        assert!(svg.starts_with("<svg") && svg.contains("<path d=\"M"));
    }
}
