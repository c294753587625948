//! A small static file server for `dist/`, like the static host the game will be deployed to:
//! GET/HEAD only, `index.html` for directories, and the MIME types browsers insist on
//! (`application/wasm` for streaming compilation).

use std::path::{Component, Path, PathBuf};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// Serves a directory on 127.0.0.1 at a free port until dropped.
pub struct StaticServer {
    port: u16,
    task: tokio::task::JoinHandle<()>,
}

impl StaticServer {
    pub async fn start(root: PathBuf) -> StaticServer {
        let listener = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind the static server");
        let port = listener.local_addr().expect("static server address").port();
        let task = tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let root = root.clone();
                tokio::spawn(async move {
                    let _ = serve(stream, &root).await;
                });
            }
        });
        StaticServer { port, task }
    }

    /// The server's base address, without a trailing slash: `http://127.0.0.1:<port>`.
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }
}

impl Drop for StaticServer {
    fn drop(&mut self) {
        self.task.abort();
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
async fn serve(mut stream: TcpStream, root: &Path) -> std::io::Result<()> {
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

    let (status, content_type, body) = match (method, resolve(root, target)) {
        ("GET" | "HEAD", Some(file)) => {
            ("200 OK", content_type(&file), tokio::fs::read(&file).await?)
        }
        ("GET" | "HEAD", None) => ("404 Not Found", "text/plain", b"not found\n".to_vec()),
        _ => (
            "405 Method Not Allowed",
            "text/plain",
            b"method not allowed\n".to_vec(),
        ),
    };
    let header = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\n\
         Cache-Control: no-store\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(header.as_bytes()).await?;
    if method != "HEAD" {
        stream.write_all(&body).await?;
    }
    stream.shutdown().await
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
}
