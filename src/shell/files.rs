//! Moving text off and onto the device without a server: saving it as a file (a download),
//! copying it to the clipboard, and reading a file the player picks.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Offers `text` as a download named `name`. Err says why it could not.
pub fn save_as_file(name: &str, text: &str) -> Result<(), String> {
    let fail = |_| "the browser refused to save the file".to_string();
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("text/plain");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(fail)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(fail)?;
    let document = leptos::prelude::document();
    let link: web_sys::HtmlAnchorElement =
        document.create_element("a").map_err(fail)?.unchecked_into();
    link.set_href(&url);
    link.set_download(name);
    link.click();
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}

/// Copies `text` to the clipboard; `done` hears whether it worked.
pub fn copy_text(text: &str, done: impl Fn(bool) + 'static) {
    let clipboard = leptos::prelude::window().navigator().clipboard();
    let done = std::rc::Rc::new(done);
    let ok = {
        let done = done.clone();
        Closure::once(move |_: JsValue| done(true))
    };
    let failed = Closure::once(move |_: JsValue| done(false));
    let _ = clipboard.write_text(text).then2(&ok, &failed);
    ok.forget();
    failed.forget();
}

/// Reads the first file picked in `input` as text, then calls `done` with it (or why not).
pub fn read_picked_file(
    input: &web_sys::HtmlInputElement,
    done: impl Fn(Result<String, String>) + 'static,
) {
    let Some(file) = input.files().and_then(|files| files.get(0)) else {
        return;
    };
    let done = std::rc::Rc::new(done);
    let ok = {
        let done = done.clone();
        Closure::once(move |text: JsValue| done(Ok(text.as_string().unwrap_or_default())))
    };
    let failed = Closure::once(move |_: JsValue| done(Err("the file could not be read".into())));
    let _ = file.text().then2(&ok, &failed);
    ok.forget();
    failed.forget();
}
