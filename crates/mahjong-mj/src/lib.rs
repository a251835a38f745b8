//! Our bots at J. C. Bradfield's mj-server (Debian package `mah-jong`), the long-standing
//! Millington implementation: a client that plays one seat ([`client`]), the wire format
//! ([`wire`]), the server's game options as our ruleset ([`options`]), and a match runner
//! that measures a bot against three of the server's own robots ([`harness`]).
//!
//! How to use it, and what the client does at each phase of the protocol: `docs/bots.md`.

pub mod audit;
pub mod client;
pub mod harness;
pub mod options;
pub mod wire;

pub use audit::Audit;
pub use client::{play, ClientError, GameReport, HandOutcome, Seat};
pub use harness::{play_one_game, run_match, MatchConfig, MatchError, MatchReport};
