//! A small static file server for `dist/`, like the static host the game will be deployed to:
//! GET/HEAD only, `index.html` for directories, and the MIME types browsers insist on
//! (`application/wasm` for streaming compilation). It can serve under a sub-path, as a GitHub
//! Pages project site does (`/<repo>/`), and be stopped and started again on the same port, to
//! play the network going away and coming back.
//!
//! It keeps a log of the paths asked for (to count a file downloaded twice), and puts a small
//! script at the top of every page it serves ([`ERROR_HOOK`]) that collects the page's errors
//! before the app loads, for browsers whose driver cannot read the console.

use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Mutex};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::JoinSet;

/// Collects `console.error`, uncaught errors (a script's, or a file that failed to load) and
/// unhandled promise rejections into `window.__pageErrors`, before anything else on the page.
pub const ERROR_HOOK: &str = "<script>(function(){var l=window.__pageErrors=[];\
var e=console.error;console.error=function(){l.push('console.error: '+\
Array.prototype.map.call(arguments,String).join(' '));return e.apply(console,arguments)};\
addEventListener('error',function(v){var t=v.target;l.push('error: '+(v.message||\
(t&&(t.src||t.href))||'?'))},true);addEventListener('unhandledrejection',function(v){\
l.push('unhandled rejection: '+(v.reason&&v.reason.stack||v.reason))})})()</script>";

/// Serves a directory on 127.0.0.1 until stopped or dropped.
pub struct StaticServer {
    port: u16,
    prefix: String,
    task: Option<tokio::task::JoinHandle<()>>,
    requests: Arc<Mutex<Vec<String>>>,
}

impl StaticServer {
    /// Serves `root` at the root of a free port.
    pub async fn start(root: PathBuf) -> StaticServer {
        Self::start_at(root, "/", 0).await
    }

    /// Serves `root` under `prefix` (`"/"`, or a sub-path such as `"/evr/"`) on `port` (0 for a
    /// free one; a port given again after [`StaticServer::stop`] restarts the same address).
    /// Outside the prefix everything is 404, except the prefix without its trailing slash, which
    /// redirects to it, as on GitHub Pages.
    pub async fn start_at(root: PathBuf, prefix: &str, port: u16) -> StaticServer {
        Self::start_on(root, prefix, "127.0.0.1", port).await
    }

    /// As [`StaticServer::start_at`], listening on `address` (`"0.0.0.0"` for every network
    /// of the machine: the online tests' browsers reach it from their own namespaces).
    pub async fn start_on(root: PathBuf, prefix: &str, address: &str, port: u16) -> StaticServer {
        assert!(
            prefix.starts_with('/') && prefix.ends_with('/'),
            "a prefix starts and ends with '/': {prefix}"
        );
        let listener = TcpListener::bind((address, port))
            .await
            .unwrap_or_else(|e| panic!("bind the static server to port {port}: {e}"));
        let port = listener.local_addr().expect("static server address").port();
        let served_prefix = prefix.to_string();
        let requests = Arc::new(Mutex::new(Vec::new()));
        let log = requests.clone();
        let task = tokio::spawn(async move {
            // The connections in flight belong to this task: stopping it closes them too, so
            // that no connection the browser kept open can still be answered.
            let mut connections = JoinSet::new();
            loop {
                tokio::select! {
                    accepted = listener.accept() => {
                        let Ok((stream, _)) = accepted else { break };
                        let (root, prefix) = (root.clone(), served_prefix.clone());
                        let log = log.clone();
                        connections.spawn(async move {
                            let _ = serve(stream, &root, &prefix, &log).await;
                        });
                    }
                    Some(_) = connections.join_next(), if !connections.is_empty() => {}
                }
            }
        });
        StaticServer {
            port,
            prefix: prefix.to_string(),
            task: Some(task),
            requests,
        }
    }

    /// The paths asked for so far (without query), in the order they came.
    pub fn requests(&self) -> Vec<String> {
        self.requests.lock().expect("request log").clone()
    }

    /// The server's base address, without a trailing slash: `http://127.0.0.1:<port>`.
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// The address of the app: `http://127.0.0.1:<port><prefix>`.
    pub fn app_url(&self) -> String {
        format!("{}{}", self.url(), self.prefix)
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// Stops serving: the port is closed (connections are refused) and open connections are
    /// dropped. Returns once that is done.
    pub async fn stop(&mut self) {
        if let Some(task) = self.task.take() {
            task.abort();
            let _ = task.await;
        }
    }
}

impl Drop for StaticServer {
    fn drop(&mut self) {
        if let Some(task) = &self.task {
            task.abort();
        }
    }
}

/// The Content-Type for a file name.
pub fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "wasm" => "application/wasm",
        "css" => "text/css; charset=utf-8",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "json" => "application/json",
        "webmanifest" => "application/manifest+json",
        "txt" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// What to answer to a request target under `prefix`.
#[derive(Debug, PartialEq)]
enum Route {
    File(PathBuf),
    Redirect(String),
    NotFound,
}

fn route(root: &Path, prefix: &str, target: &str) -> Route {
    let path = target.split(['?', '#']).next().unwrap_or("/");
    if prefix != "/" && path == prefix.trim_end_matches('/') {
        return Route::Redirect(prefix.to_string());
    }
    match path.strip_prefix(prefix) {
        Some(rest) => resolve(root, &format!("/{rest}")).map_or(Route::NotFound, Route::File),
        None => Route::NotFound,
    }
}

/// Maps a request target to a file under `root`, refusing anything that climbs out of it.
fn resolve(root: &Path, target: &str) -> Option<PathBuf> {
    let path = target.split(['?', '#']).next().unwrap_or("/");
    let mut file = root.to_path_buf();
    for component in Path::new(path.trim_start_matches('/')).components() {
        match component {
            Component::Normal(part) => file.push(part),
            Component::CurDir => {}
            _ => return None,
        }
    }
    if file.is_dir() {
        file.push("index.html");
    }
    file.is_file().then_some(file)
}

/// Handles one request on a connection, then closes it.
async fn serve(
    mut stream: TcpStream,
    root: &Path,
    prefix: &str,
    log: &Mutex<Vec<String>>,
) -> std::io::Result<()> {
    let mut request = Vec::new();
    let mut buf = [0u8; 4096];
    while !request.windows(4).any(|w| w == b"\r\n\r\n") {
        let n = stream.read(&mut buf).await?;
        if n == 0 || request.len() > 64 * 1024 {
            return Ok(());
        }
        request.extend_from_slice(&buf[..n]);
    }
    let head = String::from_utf8_lossy(&request);
    let mut words = head.split_whitespace();
    let (method, target) = (words.next().unwrap_or(""), words.next().unwrap_or("/"));
    if let Ok(mut log) = log.lock() {
        log.push(target.split(['?', '#']).next().unwrap_or("/").to_string());
    }

    let mut location = String::new();
    let (status, content_type, body) = match (method, route(root, prefix, target)) {
        ("GET" | "HEAD", Route::File(file)) => {
            let mut body = tokio::fs::read(&file).await?;
            if content_type(&file).starts_with("text/html") {
                body = with_error_hook(body);
            }
            ("200 OK", content_type(&file), body)
        }
        ("GET" | "HEAD", Route::Redirect(to)) => {
            location = format!("Location: {to}\r\n");
            ("301 Moved Permanently", "text/plain", b"moved\n".to_vec())
        }
        ("GET" | "HEAD", Route::NotFound) => {
            ("404 Not Found", "text/plain", b"not found\n".to_vec())
        }
        _ => (
            "405 Method Not Allowed",
            "text/plain",
            b"method not allowed\n".to_vec(),
        ),
    };
    let header = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\n\
         {location}Cache-Control: no-store\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(header.as_bytes()).await?;
    if method != "HEAD" {
        stream.write_all(&body).await?;
    }
    stream.shutdown().await
}

/// A page with [`ERROR_HOOK`] first in its head, or right after the doctype where a minified
/// page leaves out its optional `<head>` tag (before the doctype would mean quirks mode).
fn with_error_hook(page: Vec<u8>) -> Vec<u8> {
    let text = String::from_utf8_lossy(&page);
    let at = match text.find("<head>") {
        Some(i) => i + "<head>".len(),
        None if text.trim_start().starts_with("<!") => text.find('>').map_or(0, |i| i + 1),
        None => 0,
    };
    format!("{}{ERROR_HOOK}{}", &text[..at], &text[at..]).into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wasm_is_served_as_application_wasm() {
        assert_eq!(
            content_type(Path::new("evr-app-1234_bg.wasm")),
            "application/wasm"
        );
        assert_eq!(
            content_type(Path::new("evr-app-1234.js")),
            "text/javascript; charset=utf-8"
        );
    }

    #[test]
    fn the_error_hook_comes_first_in_the_head_and_after_the_doctype() {
        let hooked = |page: &str| String::from_utf8(with_error_hook(page.into())).unwrap();
        assert_eq!(
            hooked("<!DOCTYPE html><html><head><title>x</title>"),
            format!("<!DOCTYPE html><html><head>{ERROR_HOOK}<title>x</title>")
        );
        assert_eq!(
            hooked("<!doctype html><meta charset=utf-8><title>x</title>"),
            format!("<!doctype html>{ERROR_HOOK}<meta charset=utf-8><title>x</title>")
        );
    }

    #[test]
    fn paths_cannot_leave_the_root() {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        assert_eq!(
            resolve(&root, "/Cargo.toml?x=1"),
            Some(root.join("Cargo.toml"))
        );
        assert_eq!(resolve(&root, "/../browser/Cargo.toml"), None);
        assert_eq!(resolve(&root, "/src/../Cargo.toml"), None);
        assert_eq!(resolve(&root, "/missing.txt"), None);
    }

    #[test]
    fn a_sub_path_serves_only_under_it() {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        assert_eq!(
            route(&root, "/evr/", "/evr/Cargo.toml"),
            Route::File(root.join("Cargo.toml"))
        );
        assert_eq!(
            route(&root, "/evr/", "/evr/src/"),
            Route::NotFound,
            "a folder without index.html"
        );
        assert_eq!(route(&root, "/evr/", "/Cargo.toml"), Route::NotFound);
        assert_eq!(route(&root, "/evr/", "/evrCargo.toml"), Route::NotFound);
        assert_eq!(
            route(&root, "/evr/", "/evr?x"),
            Route::Redirect("/evr/".into())
        );
        assert_eq!(
            route(&root, "/", "/Cargo.toml"),
            Route::File(root.join("Cargo.toml"))
        );
        assert_eq!(route(&root, "/evr/", "/evr/../Cargo.toml"), Route::NotFound);
    }
}
