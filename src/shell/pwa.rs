//! Offline play and updates. Registers the service worker (`sw.js`, written at build time by
//! scripts/service-worker.sh from the files of the build), tells the app when a new version has
//! been downloaded and waits to take over, and lets it take over on request ([`apply_update`]):
//! the page then reloads once, into the new version. The game itself is saved after every move,
//! so a reload loses nothing.
//!
//! The worker is registered as `./sw.js`, relative to the page, so its scope is the folder the
//! game is served from: the root of a host or any sub-path.

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::time::Duration;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    ServiceWorker, ServiceWorkerContainer, ServiceWorkerRegistration, ServiceWorkerState,
};

/// How often an open page asks the server for a new version (besides at every page load).
const UPDATE_CHECK: Duration = Duration::from_secs(60 * 60);

thread_local! {
    /// The new version, installed and waiting for the page's go-ahead.
    static WAITING: RefCell<Option<ServiceWorker>> = const { RefCell::new(None) };
    /// Whether the page reloads when a new worker takes control.
    static RELOAD_ON_CHANGE: Cell<bool> = const { Cell::new(false) };
}

/// The browser's service worker container; `None` where service workers are unavailable
/// (an insecure origin such as plain http to another machine, or a browser without them).
fn container() -> Option<ServiceWorkerContainer> {
    let navigator = web_sys::window()?.navigator();
    js_sys::Reflect::has(&navigator, &JsValue::from_str("serviceWorker"))
        .ok()?
        .then(|| navigator.service_worker())
}

/// Registers the service worker; `on_waiting` runs when a new version is ready to take over.
/// Does nothing where service workers are unavailable: the game still plays online.
pub fn register(on_waiting: impl Fn() + 'static) {
    let Some(sw) = container() else {
        return;
    };
    let on_waiting: Rc<dyn Fn()> = Rc::new(on_waiting);

    // A page that was already controlled reloads when a new version takes over, whichever tab
    // asked for it. On a first visit the first worker takes control (clients.claim) of a page
    // that is already the newest: no reload then, unless the player asks for an update.
    RELOAD_ON_CHANGE.with(|r| r.set(sw.controller().is_some()));
    let on_change = Closure::<dyn FnMut()>::new(|| {
        if RELOAD_ON_CHANGE.with(|r| r.replace(false)) {
            if let Some(window) = web_sys::window() {
                let _ = window.location().reload();
            }
        }
    });
    sw.set_oncontrollerchange(Some(on_change.as_ref().unchecked_ref()));
    on_change.forget();

    let on_registered = Closure::<dyn FnMut(JsValue)>::new(move |registration: JsValue| {
        watch(registration.unchecked_into(), on_waiting.clone());
    });
    let on_failed = Closure::<dyn FnMut(JsValue)>::new(|error: JsValue| {
        leptos::logging::warn!(
            "offline play unavailable: the service worker was not registered: {error:?}"
        );
    });
    let _ = sw.register("./sw.js").then2(&on_registered, &on_failed);
    on_registered.forget();
    on_failed.forget();
}

/// Watches a registration for a new version: one already waiting at load, or one that finishes
/// installing later (found at a page load or by the hourly check).
fn watch(registration: ServiceWorkerRegistration, on_waiting: Rc<dyn Fn()>) {
    // A worker that installs while another is active is an update; the very first one is not.
    if let (Some(waiting), Some(_)) = (registration.waiting(), registration.active()) {
        offer(waiting, &on_waiting);
    }
    let reg = registration.clone();
    let on_found = Closure::<dyn FnMut()>::new(move || {
        let Some(worker) = reg.installing() else {
            return;
        };
        let (reg, seen, on_waiting) = (reg.clone(), worker.clone(), on_waiting.clone());
        let on_state = Closure::<dyn FnMut()>::new(move || {
            if seen.state() == ServiceWorkerState::Installed && reg.active().is_some() {
                offer(seen.clone(), &on_waiting);
            }
        });
        worker.set_onstatechange(Some(on_state.as_ref().unchecked_ref()));
        on_state.forget();
    });
    registration.set_onupdatefound(Some(on_found.as_ref().unchecked_ref()));
    on_found.forget();

    // An open page also looks for a new version now and then. Offline the check fails: quietly.
    let ignore = Closure::<dyn FnMut(JsValue)>::new(|_: JsValue| {});
    leptos::prelude::set_interval(
        move || {
            if let Ok(check) = registration.update() {
                let _ = check.catch(&ignore);
            }
        },
        UPDATE_CHECK,
    );
}

fn offer(worker: ServiceWorker, on_waiting: &Rc<dyn Fn()>) {
    WAITING.with(|w| *w.borrow_mut() = Some(worker));
    on_waiting();
}

/// The waiting version takes over; the page reloads as soon as it has (on controllerchange).
pub fn apply_update() {
    RELOAD_ON_CHANGE.with(|r| r.set(true));
    let waiting = WAITING.with(|w| w.borrow().clone());
    let posted = waiting.is_some_and(|worker| {
        let message = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&message, &"type".into(), &"SKIP_WAITING".into());
        worker.post_message(&message).is_ok()
    });
    if !posted {
        // Nothing to hand over to (it was replaced or already took over): just reload.
        if let Some(window) = web_sys::window() {
            let _ = window.location().reload();
        }
    }
}
