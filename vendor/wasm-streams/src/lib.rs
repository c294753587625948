//! Stands in for the crate wasm-streams 0.5, which Leptos always links (leptos turns on
//! server_fn's "browser" feature, for server functions' streaming bodies). The real crate
//! exports its stream adapters to JavaScript, and exports are never left out of a build: they
//! cost every page of this app about 3 KiB (gzip) of wasm and glue for code it never runs, as
//! the app has no server functions (nor any server). This crate keeps only what server_fn
//! names, with no exports: a stream made from a Rust stream is empty, and a JavaScript stream
//! read as a Rust stream ends at once.

use core::marker::PhantomData;
use core::pin::Pin;
use core::task::{Context, Poll};
use futures_core::Stream;
use wasm_bindgen::prelude::*;

/// A JavaScript `ReadableStream`.
pub struct ReadableStream {
    raw: web_sys::ReadableStream,
}

impl ReadableStream {
    pub fn from_raw(raw: web_sys::ReadableStream) -> Self {
        Self { raw }
    }

    /// An empty stream (server functions' request bodies are never streamed here).
    pub fn from_stream<St>(_stream: St) -> Self
    where
        St: Stream<Item = Result<JsValue, JsValue>> + 'static,
    {
        Self {
            raw: web_sys::ReadableStream::new().expect_throw("a ReadableStream"),
        }
    }

    pub fn into_raw(self) -> web_sys::ReadableStream {
        self.raw
    }

    /// A stream that ends at once (server functions' responses are never streamed here).
    pub fn into_stream(self) -> IntoStream<'static> {
        IntoStream(PhantomData)
    }
}

/// A `ReadableStream` read as a Rust stream.
pub struct IntoStream<'reader>(PhantomData<&'reader ()>);

impl Stream for IntoStream<'_> {
    type Item = Result<JsValue, JsValue>;

    fn poll_next(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        Poll::Ready(None)
    }
}
