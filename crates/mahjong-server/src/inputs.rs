//! The parsers of what users, clients, an mj-server and bot programs send, each as one
//! function over raw bytes: the entry points of the fuzz targets (`fuzz/`) and of the
//! stable test that replays their corpora (`tests/fuzz_corpora.rs`). Each returns normally
//! for any input: a refusal is an `Err` inside, never a panic; where a parse succeeds, what
//! it gives is checked too.

use std::sync::OnceLock;

use mahjong_bots::external::{parse_answer, Fault};
use mahjong_bots::{Bot, GreedyBot, RandomBot};
use mahjong_engine::{Action, Game, GameConfig};
use mahjong_mj::wire::{read_message, ClosedKind, ServerMsg};
use mahjong_mj::Seat;
use mahjong_rules::{output::ScoreJson, Ruleset, TableInput};
use mahjong_tiles::{parse_tiles, Tile};

use crate::protocol::{parse_client, ClientMsg};

/// The bytes as text, when they are UTF-8 (every parser here reads text).
fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

/// A table as `mahjong score` and `POST /api/score` read it: parsed, and when its ruleset
/// is a preset, validated and scored, and the result written out.
pub fn table_json(data: &[u8]) {
    let Some(text) = text(data) else { return };
    let Ok(input) = TableInput::from_json(text) else {
        return;
    };
    // A ruleset that is not a preset would be a path on this machine: the server never
    // reads those (it checks for a preset first, as here).
    if Ruleset::preset(&input.ruleset).is_err() {
        return;
    }
    if let Ok((_, _, outcome)) = mahjong_rules::score_input(&input) {
        serde_json::to_string(&ScoreJson(&outcome)).expect("a score serializes");
    }
}

/// A ruleset file (TOML), as `--ruleset FILE` reads it; a ruleset it gives serializes.
pub fn ruleset_file(data: &[u8]) {
    let Some(text) = text(data) else { return };
    // `base` may name another file: a path (anything with a `/`) could be a device that
    // never ends; the fuzzer keeps to presets and names relative to where it runs.
    if text.contains('/') {
        return;
    }
    if let Ok(r) = Ruleset::from_toml(text) {
        serde_json::to_string(&r).expect("a ruleset serializes");
        assert!((3..=4).contains(&r.seats()), "{} seats", r.seats());
    }
}

/// Tile notation (`"1B 2B,RD"`): every tile parsed reads back the same from its code.
pub fn tile_notation(data: &[u8]) {
    let Some(text) = text(data) else { return };
    if let Ok(tiles) = parse_tiles(text) {
        for t in tiles {
            assert_eq!(t.code().parse::<Tile>().ok(), Some(t), "{t} round-trips");
        }
    }
    let _ = text.parse::<Tile>();
}

/// A WebSocket message from a client: parsed, and an action it carries serializes back to
/// the same action.
pub fn client_message(data: &[u8]) {
    let Some(text) = text(data) else { return };
    if let Ok(ClientMsg::Act { action, .. }) = parse_client(text) {
        let again = serde_json::to_string(&action).expect("an action serializes");
        let back: mahjong_engine::Action =
            serde_json::from_str(&again).expect("an action reads back");
        assert_eq!(back, action);
    }
}

/// The lines of a game record (`mahjong replay`): every game replayed against the engine.
pub fn record_lines(data: &[u8]) {
    let Some(text) = text(data) else { return };
    let _ = mahjong_engine::replay(text.lines());
    for line in text.lines() {
        if let Ok(e) = serde_json::from_str::<mahjong_engine::Event>(line) {
            serde_json::to_string(&e).expect("an event serializes");
        }
    }
}

/// Lines from an mj-server (`mahjong mj`; the server may be hostile or broken): the bytes
/// as text (invalid UTF-8 replaced: the client would stop there, and the rest still tests
/// the parser), cut into messages as the client reads them (a line ending in `\`
/// continues), each parsed. A message parsed and written back in the server's words
/// parses to the same message; a refusal quotes the line.
pub fn mj_server_line(data: &[u8]) {
    server_messages(data);
}

/// The messages of `data` that parse, checked as in [`mj_server_line`].
fn server_messages(data: &[u8]) -> Vec<ServerMsg> {
    let text = String::from_utf8_lossy(data);
    let mut reader = std::io::Cursor::new(text.as_bytes());
    let mut msgs = Vec::new();
    while let Ok(Some(line)) = read_message(&mut reader) {
        match ServerMsg::parse(&line) {
            Ok(msg) => {
                let again = server_words(&msg);
                assert_eq!(
                    ServerMsg::parse(&again).as_ref(),
                    Ok(&msg),
                    "{line:?} written back as {again:?}"
                );
                let _ = format!("{msg:?}");
                msgs.push(msg);
            }
            Err(e) => assert_eq!(e.line, line),
        }
    }
    msgs
}

/// The messages of `data` that parse (as in [`mj_server_line`]), in order, through one
/// client seat (`mahjong_mj::Seat`, the state machine `mahjong mj` plays with, here with
/// the random bot), as `mahjong_mj::play` feeds them: until the seat gives up (`Err`) or
/// the game is over. Every line it sends back is one line of printable ASCII: what the
/// server sends cannot end up in what we send.
///
/// A message that makes no sense where it comes (a draw before any hand, a flower where a
/// playing tile belongs) ends the seat with `ClientError::Protocol`, never a panic.
pub fn mj_server_seat(data: &[u8]) {
    static RULESET: OnceLock<Ruleset> = OnceLock::new();
    let ruleset = RULESET.get_or_init(|| Ruleset::preset("bradfield").expect("a preset"));
    let mut seat = Seat::new(Box::new(RandomBot::new(1)), ruleset, "fuzz");
    let _ = seat.hello();
    for msg in server_messages(data) {
        let Ok(out) = seat.on(&msg) else { break };
        for l in &out {
            assert!(
                !l.is_empty() && l.bytes().all(|b| b.is_ascii_graphic() || b == b' '),
                "{msg:?} answered with {l:?}"
            );
        }
        if seat.is_over() {
            break;
        }
    }
}

/// `head` followed by each tile's code.
fn with_tiles(mut head: String, tiles: &[Tile]) -> String {
    for t in tiles {
        head.push(' ');
        head.push_str(t.code());
    }
    head
}

/// A message in the server's words (the fields the parser skips written as `0`).
fn server_words(m: &ServerMsg) -> String {
    let or_none = |t: &Option<Tile>| t.map_or_else(|| "--".to_string(), |t| t.to_string());
    let closed = |k: &ClosedKind| match k {
        ClosedKind::Pung => "Pung",
        ClosedKind::Chow => "Chow",
        ClosedKind::Pair => "Pair",
    };
    match m {
        ServerMsg::ConnectReply { id, reason } => format!("ConnectReply 1110 {id} {reason}"),
        ServerMsg::Game {
            ids: [e, s, w, n],
            round,
            scores: [a, b, c, d],
        } => format!(
            "Game {e} {s} {w} {n} {} 0 {e} {a} {b} {c} {d} 1110 -1",
            round.letter()
        ),
        ServerMsg::GameOption {
            name,
            enabled,
            value,
        } => format!("GameOption 0 {name} int 0 {} {value} x", u8::from(*enabled)),
        ServerMsg::Pause { exempt, text } => format!("Pause {exempt} 0 {text}"),
        ServerMsg::PlayerReady(id) => format!("PlayerReady {id}"),
        ServerMsg::NewRound(w) => format!("NewRound {}", w.letter()),
        ServerMsg::NewHand { east } => format!("NewHand {east} 0 0"),
        ServerMsg::Draws(id, t) => format!("PlayerDraws {id} {}", or_none(t)),
        ServerMsg::DrawsLoose(id, t) => format!("PlayerDrawsLoose {id} {}", or_none(t)),
        ServerMsg::DeclaresSpecial(id, t) => format!("PlayerDeclaresSpecial {id} {}", or_none(t)),
        ServerMsg::MahJongs(id, t) => format!("PlayerMahJongs {id} {}", or_none(t)),
        ServerMsg::Discards { id, tile, serial } => {
            format!("PlayerDiscards {id} {tile} {serial} 0")
        }
        ServerMsg::Chows(id, t, pos) => format!("PlayerChows {id} {t} {}", pos.word()),
        ServerMsg::Pungs(id, t) => format!("PlayerPungs {id} {t}"),
        ServerMsg::Kongs(id, t) => format!("PlayerKongs {id} {t}"),
        ServerMsg::RobsKong(id, t) => format!("PlayerRobsKong {id} {t}"),
        ServerMsg::Pairs(id, t) => format!("PlayerPairs {id} {t}"),
        ServerMsg::ClosedKong { id, tile, serial } => {
            format!("PlayerDeclaresClosedKong {id} {tile} {serial}")
        }
        ServerMsg::AddsToPung { id, tile, serial } => {
            format!("PlayerAddsToPung {id} {tile} {serial}")
        }
        ServerMsg::HandScore { id, score, text } => format!("HandScore {id} {score} {text}"),
        ServerMsg::FormsClosed { id, kind, tile } => {
            format!("PlayerFormsClosed{} {id} {tile}", closed(kind))
        }
        ServerMsg::ShowsTiles(id, tiles) => with_tiles(format!("PlayerShowsTiles {id}"), tiles),
        ServerMsg::SpecialSet(id, tile, tiles) => {
            with_tiles(format!("PlayerSpecialSet {id} {tile}"), tiles)
        }
        ServerMsg::FormsClosedSpecial(id, tiles) => {
            with_tiles(format!("PlayerFormsClosedSpecialSet {id}"), tiles)
        }
        ServerMsg::DangerousDiscard {
            id,
            serial,
            no_choice,
        } => format!("DangerousDiscard {id} {serial} {}", u8::from(*no_choice)),
        ServerMsg::Settlement([a, b, c, d]) => format!("Settlement {a} {b} {c} {d}"),
        ServerMsg::WashOut => "WashOut".to_string(),
        ServerMsg::GameOver => "GameOver".to_string(),
        ServerMsg::Error(text) => format!("Error 0 {text}"),
        ServerMsg::Other(line) => line.clone(),
    }
}

/// The legal actions to answer against in `bot_answer`: from a seeded game of greedy bots
/// (millington, seed 1), the first decision (a discard), the first claim that
/// offers a chow and the first decision that offers Mahjong; and none at all.
fn answer_legal_sets() -> &'static [Vec<Action>] {
    static SETS: OnceLock<Vec<Vec<Action>>> = OnceLock::new();
    SETS.get_or_init(|| {
        let ruleset = Ruleset::preset("millington").expect("a preset");
        let mut game = Game::new(GameConfig::new(ruleset, 1));
        let mut bots: Vec<Box<dyn Bot>> = (0..game.seats())
            .map(|p| Box::new(GreedyBot::new(p as u64)) as Box<dyn Bot>)
            .collect();
        let (mut first, mut chow, mut mahjong) = (None, None, None);
        'game: for _ in 0..20_000 {
            if game.is_over() {
                break;
            }
            for p in game.pending() {
                let legal = game.legal_actions(p);
                if legal.is_empty() {
                    continue;
                }
                if first.is_none() {
                    first = Some(legal.clone());
                }
                if chow.is_none() && legal.iter().any(|a| matches!(a, Action::Chow { .. })) {
                    chow = Some(legal.clone());
                }
                if mahjong.is_none() && legal.contains(&Action::Mahjong) {
                    mahjong = Some(legal.clone());
                }
                if first.is_some() && chow.is_some() && mahjong.is_some() {
                    break 'game;
                }
                let a = bots[p].act(&game.view(p));
                if game.act(p, a).is_err() {
                    break 'game;
                }
            }
        }
        [first, chow, mahjong, Some(Vec::new())]
            .into_iter()
            .flatten()
            .collect()
    })
}

/// The decision `bot_answer` answers (as in `docs/bots.md`'s example).
const ANSWER_ID: u64 = 7;

/// The lines an external bot program writes back (`mahjong simulate --bots 'cmd:…'`), each
/// read as the answer to decision `ANSWER_ID` (7) against the legal actions of real
/// decisions: an accepted action is one of them and reads back the same from its JSON, and
/// whether a line is a well-formed answer (or a late one, skipped) does not depend on
/// which actions are legal.
pub fn bot_answer(data: &[u8]) {
    let Some(text) = text(data) else { return };
    for line in text.lines() {
        let mut verdicts = Vec::new();
        for legal in answer_legal_sets() {
            let r = parse_answer(line, ANSWER_ID, legal);
            if let Ok(Some(a)) = r {
                assert!(legal.contains(&a), "{line:?} gave {a:?}, not legal");
                let json = serde_json::to_string(&a).expect("an action serializes");
                let back: Action = serde_json::from_str(&json).expect("an action reads back");
                assert_eq!(back, a);
            }
            verdicts.push(match r {
                Ok(Some(_)) | Err(Fault::Illegal) => "act",
                Ok(None) => "late",
                Err(Fault::Malformed) => "malformed",
                Err(Fault::Late) => panic!("{line:?}: a line read is never late"),
            });
        }
        assert!(
            verdicts.windows(2).all(|w| w[0] == w[1]),
            "{line:?}: {verdicts:?}"
        );
    }
}
