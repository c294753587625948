//! A computer player in a Web Worker, asked in text and answering in text. The worker is
//! started on the first question, so a page (or a game between two people) that never asks
//! never downloads it. Its files' name is read from the page's `<meta name=...>`, which the
//! build rewrites to the hashed name (scripts/setup.sh): a new release never talks to an old
//! worker from a cache.
//!
//! Each question carries a tag as its first word and the worker's reply starts with the same
//! tag; the worker answers them in turn, and each reply goes to its own question's callback.
//! Before its reply the worker may send notes on the question (`note <tag> ...`: how far it
//! has got), each to the question's note callback, if it has one.

use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, Worker};

type OnReply = Box<dyn FnOnce(Result<String, String>)>;
type OnNote = Rc<dyn Fn(String)>;

struct Waiting {
    tag: u32,
    on_note: Option<OnNote>,
    on_reply: OnReply,
}

#[derive(Default)]
struct State {
    ready: bool,
    /// Questions waiting until the worker has started.
    queued: Vec<String>,
    waiting: Vec<Waiting>,
    next_tag: u32,
    /// Why the worker failed, once it has.
    failed: Option<String>,
}

/// A worker asked in text. Clones share the one worker.
#[derive(Clone)]
pub struct WorkerClient {
    meta: &'static str,
    worker: Rc<RefCell<Option<Worker>>>,
    state: Rc<RefCell<State>>,
}

impl WorkerClient {
    /// A client for the worker whose files' name the page's `<meta name="{meta}">` holds.
    pub fn new(meta: &'static str) -> WorkerClient {
        WorkerClient {
            meta,
            worker: Rc::default(),
            state: Rc::default(),
        }
    }

    /// Asks the question `question(tag)` builds; `on_reply` gets the reply (tag included) or
    /// why there is none.
    pub fn ask(
        &self,
        question: impl FnOnce(u32) -> String,
        on_reply: impl FnOnce(Result<String, String>) + 'static,
    ) {
        self.ask_with(question, None, Box::new(on_reply));
    }

    /// [`ask`](Self::ask), with `on_note` getting each note the worker sends on the question
    /// before its reply (the whole note's text).
    pub fn ask_noting(
        &self,
        question: impl FnOnce(u32) -> String,
        on_note: impl Fn(String) + 'static,
        on_reply: impl FnOnce(Result<String, String>) + 'static,
    ) {
        self.ask_with(question, Some(Rc::new(on_note)), Box::new(on_reply));
    }

    fn ask_with(
        &self,
        question: impl FnOnce(u32) -> String,
        on_note: Option<OnNote>,
        on_reply: OnReply,
    ) {
        let mut state = self.state.borrow_mut();
        if let Some(why) = state.failed.clone() {
            drop(state);
            on_reply(Err(why));
            return;
        }
        state.next_tag = state.next_tag.wrapping_add(1);
        let tag = state.next_tag;
        state.waiting.push(Waiting {
            tag,
            on_note,
            on_reply,
        });
        let text = question(tag);
        if state.ready {
            drop(state);
            self.post(&text);
        } else {
            state.queued.push(text);
            drop(state);
            self.start();
        }
    }

    fn post(&self, text: &str) {
        if let Some(worker) = self.worker.borrow().as_ref() {
            if let Err(e) = worker.post_message(&JsValue::from_str(text)) {
                self.fail(format!("{e:?}"));
            }
        }
    }

    fn fail(&self, why: String) {
        let waiting = {
            let mut state = self.state.borrow_mut();
            state.failed = Some(why.clone());
            std::mem::take(&mut state.waiting)
        };
        for w in waiting {
            (w.on_reply)(Err(why.clone()));
        }
    }

    /// Starts the worker if it is not running yet.
    fn start(&self) {
        if self.worker.borrow().is_some() {
            return;
        }
        let name = worker_name(self.meta);
        let worker = match Worker::new(&format!("./{name}_loader.js")) {
            Ok(worker) => worker,
            Err(e) => return self.fail(format!("{e:?}")),
        };
        let client = self.clone();
        let on_message = Closure::<dyn Fn(MessageEvent)>::new(move |e: MessageEvent| {
            client.received(e.data().as_string().unwrap_or_default());
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        on_message.forget();
        let client = self.clone();
        let on_error = Closure::<dyn Fn(web_sys::Event)>::new(move |_| {
            client.fail("the computer's files could not be loaded".to_string());
        });
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        on_error.forget();
        *self.worker.borrow_mut() = Some(worker);
    }

    fn received(&self, text: String) {
        if text == "ready" {
            let queued = {
                let mut state = self.state.borrow_mut();
                state.ready = true;
                std::mem::take(&mut state.queued)
            };
            for question in queued {
                self.post(&question);
            }
            return;
        }
        if let Some(noted) = text.strip_prefix("note ") {
            let tag: Option<u32> = noted.split(' ').next().and_then(|t| t.parse().ok());
            let on_note = self
                .state
                .borrow()
                .waiting
                .iter()
                .find(|w| Some(w.tag) == tag)
                .and_then(|w| w.on_note.clone());
            if let Some(on_note) = on_note {
                on_note(text);
            }
            return;
        }
        let tag: Option<u32> = text.split(' ').next().and_then(|t| t.parse().ok());
        let on_reply = {
            let mut state = self.state.borrow_mut();
            let found = state.waiting.iter().position(|w| Some(w.tag) == tag);
            found.map(|i| state.waiting.remove(i).on_reply)
        };
        if let Some(on_reply) = on_reply {
            on_reply(Ok(text));
        }
    }
}

/// The worker's files' name: the page's `<meta name="{meta}" content="...">`, or `meta`
/// itself (an unprocessed build's names).
fn worker_name(meta: &str) -> String {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| {
            d.query_selector(&format!("meta[name={meta}]"))
                .ok()
                .flatten()
        })
        .and_then(|m| m.get_attribute("content"))
        .filter(|name| {
            !name.is_empty()
                && name
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        })
        .unwrap_or_else(|| meta.to_string())
}
