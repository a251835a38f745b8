//! What the server accepts (`docs/security.md`): sizes, names, numbers, pages, how long a
//! table waits, and the bounded outgoing queue of each WebSocket connection.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::Utf8Bytes;
use tokio::sync::{mpsc, watch};

/// The server's limits; [`Limits::default`] gives the documented defaults.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Largest request body, in bytes (larger: 413).
    pub body_bytes: usize,
    /// Largest WebSocket message (and frame) a client may send, in bytes (larger: close 1009).
    pub ws_message_bytes: usize,
    /// Messages waiting to be sent to one connection; a client that lets more pile up is
    /// closed with 1008.
    pub ws_queue: usize,
    /// Longest player, seat or ledger name, in characters.
    pub name_chars: usize,
    /// Largest absolute settlement or score value.
    pub max_value: i64,
    /// Items per page of a list when no `limit` is given.
    pub page_default: usize,
    /// Largest `limit` of a list.
    pub page_max: usize,
    /// A waiting table nobody connects to is dropped after this long.
    pub waiting_expiry: Duration,
    /// Tables in memory at once, server-wide (more: 503); 0: no limit.
    pub tables_max: usize,
    /// Tables in memory at once that one client address created (more: 429); 0: no limit.
    pub tables_per_client: usize,
    /// Requests per second one client address may make on average (more: 429); 0: no
    /// rate limit.
    pub rate_per_second: u32,
    /// Requests one client address may make at once before the rate applies.
    pub rate_burst: u32,
    /// Origins besides the server's own whose pages may write and open WebSockets
    /// (`https://example.org`); a request without `Origin` (not from a browser) is let
    /// through.
    pub allow_origins: Vec<String>,
    /// Reverse proxies (addresses or ranges, `10.0.0.0/8`) whose forwarding header names the
    /// client a request counts by for the rate limit and the table caps; empty: every
    /// request counts by its connection's peer (see [`crate::client_ip`]).
    pub trusted_proxies: Vec<ipnet::IpNet>,
    /// The header the trusted proxies write (`X-Forwarded-For` unless told otherwise).
    pub proxy_header: crate::ProxyHeader,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            body_bytes: 64 << 10,
            ws_message_bytes: 64 << 10,
            ws_queue: 1024,
            name_chars: 40,
            max_value: 1_000_000_000,
            page_default: 100,
            page_max: 500,
            waiting_expiry: Duration::from_secs(3600),
            tables_max: 2000,
            tables_per_client: 50,
            rate_per_second: 20,
            rate_burst: 200,
            allow_origins: Vec::new(),
            trusted_proxies: Vec::new(),
            proxy_header: crate::ProxyHeader::XForwardedFor,
        }
    }
}

/// Checks a name: not blank, at most `max` characters, no control or bidirectional-override
/// characters. The error is in the user's words.
pub fn check_name(name: &str, max: usize) -> Result<(), String> {
    if name.trim().is_empty() {
        return Err("a name cannot be blank".into());
    }
    if name.chars().count() > max {
        return Err(format!("a name has at most {max} characters"));
    }
    if let Some(c) = name.chars().find(|&c| c.is_control() || is_bidi_control(c)) {
        return Err(format!(
            "a name cannot contain the invisible character U+{:04X}",
            c as u32
        ));
    }
    Ok(())
}

/// The characters that reorder text around them (they can disguise a name).
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}')
}

/// Why a connection is being closed by the server.
#[derive(Clone, Debug)]
pub(crate) struct CloseReason {
    pub code: u16,
    pub reason: &'static str,
}

/// One connection's outgoing queue: bounded; when full, the connection is closed instead
/// of the queue growing.
#[derive(Clone)]
pub(crate) struct Outbox {
    tx: mpsc::Sender<Utf8Bytes>,
    kill: Arc<Kill>,
}

/// The order to close a connection, with its close code and reason (set once).
pub(crate) struct Kill {
    reason: watch::Sender<Option<CloseReason>>,
}

impl Kill {
    pub fn new() -> Kill {
        Kill {
            reason: watch::channel(None).0,
        }
    }

    /// Orders the close (the first order wins).
    pub fn close(&self, code: u16, reason: &'static str) {
        self.reason.send_if_modified(|r| {
            if r.is_none() {
                *r = Some(CloseReason { code, reason });
                true
            } else {
                false
            }
        });
    }

    /// The order, if given.
    pub fn reason(&self) -> Option<CloseReason> {
        self.reason.borrow().clone()
    }

    /// Returns once the close is ordered.
    pub async fn ordered(&self) {
        let mut rx = self.reason.subscribe();
        let _ = rx.wait_for(|r| r.is_some()).await;
    }
}

impl Outbox {
    /// Orders the connection closed (a table that ends under it).
    pub fn close(&self, code: u16, reason: &'static str) {
        self.kill.close(code, reason);
    }

    /// A queue of `cap` messages: the outbox, its receiving end and the kill switch.
    pub fn new(cap: usize) -> (Outbox, mpsc::Receiver<Utf8Bytes>, Arc<Kill>) {
        let (tx, rx) = mpsc::channel(cap.max(1));
        let kill = Arc::new(Kill::new());
        (
            Outbox {
                tx,
                kill: kill.clone(),
            },
            rx,
            kill,
        )
    }

    /// Queues a message; `Err` when the connection is gone or has been closed for being
    /// too slow.
    pub fn send(&self, text: Utf8Bytes) -> Result<(), ()> {
        match self.tx.try_send(text) {
            Ok(()) => Ok(()),
            Err(mpsc::error::TrySendError::Full(_)) => {
                if self.kill.reason().is_none() {
                    tracing::warn!(
                        "closing a connection that does not read: {} messages waiting",
                        self.tx.max_capacity()
                    );
                }
                self.kill
                    .close(1008, "too many messages waiting: the client does not read");
                Err(())
            }
            Err(mpsc::error::TrySendError::Closed(_)) => Err(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert!(check_name("Ann", 40).is_ok());
        assert!(check_name("  ", 40).is_err());
        assert!(check_name(&"x".repeat(41), 40).is_err());
        assert!(check_name("a\u{202E}b", 40).is_err());
        assert!(check_name("a\nb", 40).is_err());
        assert!(check_name("Zoë 東", 40).is_ok());
    }
}
