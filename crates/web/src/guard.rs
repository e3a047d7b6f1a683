//! [`Guarded`]: the connection as hyper sees it, after a check of every request head.
//!
//! hyper answers a request line beyond 64 KiB, or a head beyond its buffer, with a bare 414 or
//! 431 that no service sees. So the bytes of each request head are checked before hyper gets
//! them: a request line longer than [`MAX_REQUEST_LINE`], a head longer than [`MAX_HEAD`] or with
//! more than [`MAX_HEADER_LINES`] lines, or a chunked body (the API never needs one) is answered
//! here with the playground's JSON error object, and the connection is closed. The guard follows
//! the HTTP/1 framing (a head, then `Content-Length` bytes of body) across keep-alive requests,
//! so every request of a connection is checked, not only the first.

use std::io;
use std::pin::Pin;
use std::task::{ready, Context, Poll};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// The longest request line (method, URL, version) accepted.
pub const MAX_REQUEST_LINE: usize = 8 * 1024;
/// The longest request head (request line and headers) accepted.
pub const MAX_HEAD: usize = 16 * 1024;
/// The most lines in a request head (hyper's own limit is 100 headers).
pub const MAX_HEADER_LINES: usize = 64;

/// Where the reader is in the HTTP/1 framing.
#[derive(Debug)]
enum Phase {
    /// Reading a head; `head` holds its bytes so far, `lines` counts its line ends.
    Head { head: Vec<u8>, lines: usize },
    /// Passing `remaining` bytes of a body.
    Body { remaining: u64 },
    /// A rejection is being written; then the connection ends.
    Rejecting { response: Vec<u8>, written: usize },
    /// The rejection was written: the reader sees the end of the stream.
    Closed,
}

/// A stream whose request heads are checked before they are read (see the module doc).
#[derive(Debug)]
pub struct Guarded<S> {
    inner: S,
    phase: Phase,
    /// Bytes read from the socket and checked, not yet handed to hyper.
    ready: Vec<u8>,
}

impl<S> Guarded<S> {
    /// Guards `inner`.
    pub fn new(inner: S) -> Self {
        Guarded { inner, phase: Phase::Head { head: Vec::new(), lines: 0 }, ready: Vec::new() }
    }
}

/// A complete HTTP response carrying the JSON error object.
fn rejection(status: u16, reason: &str, message: &str) -> Vec<u8> {
    let body = serde_json::json!({ "error": message, "kind": "usage", "status": status }).to_string();
    format!(
        "HTTP/1.1 {status} {reason}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: {}\r\n\
         connection: close\r\ncache-control: no-store\r\nx-content-type-options: nosniff\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

/// What a complete head says about the body that follows: its length, or a rejection.
fn body_length(head: &[u8]) -> Result<u64, Vec<u8>> {
    let text = String::from_utf8_lossy(head);
    let mut length = 0u64;
    for line in text.split("\r\n").skip(1) {
        let Some((name, value)) = line.split_once(':') else { continue };
        let (name, value) = (name.trim(), value.trim());
        if name.eq_ignore_ascii_case("transfer-encoding") {
            return Err(rejection(
                411,
                "Length Required",
                "chunked request bodies are not accepted; send Content-Length",
            ));
        }
        if name.eq_ignore_ascii_case("content-length") {
            length = value
                .parse()
                .map_err(|_| rejection(400, "Bad Request", "the Content-Length header is not a number"))?;
        }
    }
    Ok(length)
}

impl<S> Guarded<S> {
    /// Checks `bytes` (just read) against the framing and moves the accepted ones to `ready`;
    /// switches to [`Phase::Rejecting`] at the first violation.
    fn check(&mut self, mut bytes: &[u8]) {
        while !bytes.is_empty() {
            match &mut self.phase {
                Phase::Body { remaining } => {
                    let take = usize::try_from(*remaining).unwrap_or(usize::MAX).min(bytes.len());
                    self.ready.extend_from_slice(&bytes[..take]);
                    *remaining -= take as u64;
                    bytes = &bytes[take..];
                    if *remaining == 0 {
                        self.phase = Phase::Head { head: Vec::new(), lines: 0 };
                    }
                }
                Phase::Head { head, lines } => {
                    let byte = bytes[0];
                    bytes = &bytes[1..];
                    head.push(byte);
                    if byte == b'\n' {
                        *lines += 1;
                    }
                    let verdict = if head.ends_with(b"\r\n\r\n") {
                        Some(body_length(head).map(|length| (std::mem::take(head), length)))
                    } else if head.ends_with(b"\r\n") && head.len() == 2 {
                        // A stray empty line between requests: allowed by RFC 9112, passed on.
                        self.ready.extend_from_slice(&std::mem::take(head));
                        *lines = 0;
                        None
                    } else if *lines == 0 && head.len() > MAX_REQUEST_LINE {
                        Some(Err(rejection(
                            414,
                            "URI Too Long",
                            &format!("the request line is longer than {MAX_REQUEST_LINE} bytes"),
                        )))
                    } else if head.len() > MAX_HEAD {
                        Some(Err(rejection(
                            431,
                            "Request Header Fields Too Large",
                            &format!("the request head is longer than {MAX_HEAD} bytes"),
                        )))
                    } else if *lines > MAX_HEADER_LINES {
                        Some(Err(rejection(
                            431,
                            "Request Header Fields Too Large",
                            &format!("the request has more than {MAX_HEADER_LINES} header lines"),
                        )))
                    } else {
                        None
                    };
                    match verdict {
                        None => {}
                        Some(Ok((head, length))) => {
                            self.ready.extend_from_slice(&head);
                            self.phase = if length == 0 {
                                Phase::Head { head: Vec::new(), lines: 0 }
                            } else {
                                Phase::Body { remaining: length }
                            };
                        }
                        Some(Err(response)) => {
                            self.phase = Phase::Rejecting { response, written: 0 };
                            return;
                        }
                    }
                }
                Phase::Rejecting { .. } | Phase::Closed => return,
            }
        }
    }
}

impl<S: AsyncRead + AsyncWrite + Unpin> AsyncRead for Guarded<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = &mut *self;
        loop {
            if !this.ready.is_empty() {
                let n = this.ready.len().min(buf.remaining());
                buf.put_slice(&this.ready[..n]);
                this.ready.drain(..n);
                return Poll::Ready(Ok(()));
            }
            match &mut this.phase {
                Phase::Closed => return Poll::Ready(Ok(())),
                Phase::Rejecting { response, written } => {
                    while *written < response.len() {
                        let n = ready!(Pin::new(&mut this.inner).poll_write(cx, &response[*written..]))?;
                        if n == 0 {
                            return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
                        }
                        *written += n;
                    }
                    ready!(Pin::new(&mut this.inner).poll_flush(cx))?;
                    let _ = Pin::new(&mut this.inner).poll_shutdown(cx);
                    this.phase = Phase::Closed;
                    return Poll::Ready(Ok(()));
                }
                Phase::Head { .. } | Phase::Body { .. } => {
                    let mut chunk = [0u8; 8192];
                    let mut read = ReadBuf::new(&mut chunk);
                    ready!(Pin::new(&mut this.inner).poll_read(cx, &mut read))?;
                    if read.filled().is_empty() {
                        return Poll::Ready(Ok(()));
                    }
                    let filled = read.filled().to_vec();
                    this.check(&filled);
                }
            }
        }
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Guarded<S> {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, data: &[u8]) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.inner).poll_write(cx, data)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn checked(input: &[u8]) -> (Vec<u8>, Option<u16>) {
        let mut guard = Guarded::new(());
        guard.check(input);
        let status = match &guard.phase {
            Phase::Rejecting { response, .. } => String::from_utf8_lossy(&response[9..12]).parse().ok(),
            _ => None,
        };
        (guard.ready, status)
    }

    #[test]
    fn ordinary_requests_pass_whole_across_keep_alive() {
        let two = b"POST /api/move HTTP/1.1\r\nhost: x\r\ncontent-length: 5\r\n\r\n\r\n\r\nxGET / HTTP/1.1\r\nhost: x\r\n\r\n";
        assert_eq!(checked(two), (two.to_vec(), None));
    }

    #[test]
    fn long_lines_heads_and_chunked_bodies_are_refused() {
        let long_url = format!("GET /{} HTTP/1.1\r\n\r\n", "a".repeat(100_000));
        assert_eq!(checked(long_url.as_bytes()).1, Some(414));
        let long_head = format!("GET / HTTP/1.1\r\nx: {}\r\n\r\n", "b".repeat(20_000));
        assert_eq!(checked(long_head.as_bytes()).1, Some(431));
        let many = format!("GET / HTTP/1.1\r\n{}\r\n", "h: v\r\n".repeat(100));
        assert_eq!(checked(many.as_bytes()).1, Some(431));
        let chunked = b"POST / HTTP/1.1\r\ntransfer-encoding: chunked\r\n\r\n";
        assert_eq!(checked(chunked).1, Some(411));
        // A second request on a kept-alive connection is checked too.
        let second = format!("GET / HTTP/1.1\r\n\r\nGET /{} HTTP/1.1\r\n\r\n", "a".repeat(10_000));
        let (passed, status) = checked(second.as_bytes());
        assert_eq!(status, Some(414));
        assert_eq!(passed, b"GET / HTTP/1.1\r\n\r\n");
    }
}
