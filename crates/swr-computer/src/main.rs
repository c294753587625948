//! Rebellion's computer player, run as a Web Worker beside rebellion.html: each message is a
//! question of [`swr_ai::protocol`], answered with its reply (a search's notes of how far it
//! has got go out as it runs, before the reply); the page's side is
//! `star_wars_app::shell::worker`. It says "ready" once it listens.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

fn main() {
    console_error_panic_hook::set_once();
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let replies = scope.clone();
    let on_message = Closure::<dyn Fn(MessageEvent)>::new(move |e: MessageEvent| {
        let question = e.data().as_string().unwrap_or_default();
        let post = |text: &str| {
            let _ = replies.post_message(&JsValue::from_str(text));
        };
        post(&swr_ai::protocol::answer_noting(&question, post));
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    let _ = scope.post_message(&JsValue::from_str("ready"));
}
