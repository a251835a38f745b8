//! `mahjong replay`: check a record through the engine, print it as text (`--print`), or step
//! through it in the terminal (`--step`).
//!
//! A record is JSON Lines; a pretty-printed one (a stream of JSON values, as `jq .` writes
//! it) or a whole-file JSON array of the same objects is read too, with errors placed at the
//! line where the offending value starts (or at the array's entry).

use std::borrow::Cow;
use std::io::{BufRead, IsTerminal, Write};

use mahjong_engine::{Event, RecordHeader, SetKind};
use mahjong_hands::KongKind;
use mahjong_rules::WinFrom;
use mahjong_tiles::{Tile, Wind};
use serde_json::Value;

/// What `replay` does once the record agrees with the engine.
#[derive(Copy, Clone, PartialEq, Eq)]
pub enum Mode {
    /// Say that everything agrees.
    Check,
    /// Print every hand as text.
    Print,
    /// Step through the events, keys read from standard input.
    Step,
    /// Write each finished hand as a table (JSON Lines), for `mahjong score --batch`.
    Tables,
}

/// Where the record's entries came from, to name a place in the file.
enum Origin {
    /// JSON Lines: entry n is line n.
    Lines,
    /// A stream of JSON values: the line each began on.
    Stream(Vec<usize>),
    /// A JSON array: entry n is the array's n-th element.
    Array,
}

impl Origin {
    fn at(&self, entry: usize) -> String {
        match self {
            Origin::Lines => format!("line {entry}"),
            Origin::Stream(starts) => match starts.get(entry.wrapping_sub(1)) {
                Some(l) => format!("line {l}"),
                None => format!("line {}", starts.last().copied().unwrap_or(1)),
            },
            Origin::Array => format!("entry {entry} of the array"),
        }
    }
}

/// A serde_json message without its " at line L column C" (placed separately).
fn bare(e: &serde_json::Error) -> String {
    let mut msg = e.to_string();
    if let Some(i) = msg.rfind(" at line ") {
        msg.truncate(i);
    }
    msg
}

/// Reads a record that is not JSON Lines: a stream of values, or one array of them.
fn entries_of_json(text: &str) -> Result<(Vec<Cow<'_, str>>, Origin), String> {
    if text.trim_start().starts_with('[') {
        let values: Vec<Value> = serde_json::from_str(text).map_err(|e| {
            format!(
                "line {} column {}: not JSON: {}",
                e.line(),
                e.column(),
                bare(&e)
            )
        })?;
        let texts = values.iter().map(|v| Cow::Owned(v.to_string())).collect();
        return Ok((texts, Origin::Array));
    }
    let mut stream = serde_json::Deserializer::from_str(text).into_iter::<Value>();
    let mut texts = Vec::new();
    let mut starts = Vec::new();
    loop {
        let from = stream.byte_offset();
        match stream.next() {
            None => break,
            Some(Ok(v)) => {
                let rest = &text[from..];
                let start = from + (rest.len() - rest.trim_start().len());
                starts.push(1 + text[..start].matches('\n').count());
                texts.push(Cow::Owned(v.to_string()));
            }
            Some(Err(e)) => {
                return Err(format!(
                    "line {} column {}: not JSON: {}",
                    e.line(),
                    e.column(),
                    bare(&e)
                ))
            }
        }
    }
    Ok((texts, Origin::Stream(starts)))
}

/// Replays `text` (the record read from `name`): exit 0 when everything agrees (then prints
/// or steps), 1 at the first disagreement, `Err` (exit 2) when the record cannot be read.
pub fn run(name: &str, text: &str, mode: Mode) -> Result<u8, String> {
    if text.trim().is_empty() {
        return Err(format!(
            "{name}: the record is empty (a record holds one or more games: a header line, \
             then the game's events)"
        ));
    }
    let mut entries: Vec<Cow<str>> = text.lines().map(Cow::Borrowed).collect();
    let mut origin = Origin::Lines;
    let replay = |entries: &[Cow<str>]| {
        let lines = entries.iter().map(|c| c.as_ref());
        if mode == Mode::Tables {
            mahjong_engine::replay_tables(lines)
        } else {
            mahjong_engine::replay(lines).map(|s| (s, Vec::new()))
        }
    };
    let mut result = replay(&entries);
    if matches!(&result, Err(e) if e.malformed && e.message.starts_with("not JSON")) {
        // Not JSON Lines: perhaps pretty-printed, or one array.
        let (t, o) = entries_of_json(text).map_err(|e| format!("{name}: {e}"))?;
        entries = t;
        origin = o;
        result = replay(&entries);
    }
    let (summary, tables) = match result {
        Ok(s) => s,
        Err(e) if e.malformed => {
            return Err(format!("{name}: {}: {}", origin.at(e.line), e.message))
        }
        Err(e) => {
            eprintln!("disagreement: {name}: {}: {}", origin.at(e.line), e.message);
            return Ok(1);
        }
    };
    if summary.games == 0 {
        return Err(format!("{name}: no games in the record"));
    }
    match mode {
        Mode::Check => {
            let plural =
                |n: u64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
            let mut msg = format!(
                "replayed {}, {}, {}: all agree",
                plural(summary.games as u64, "game", "games"),
                plural(summary.hands, "hand", "hands"),
                plural(summary.events, "event", "events")
            );
            if let Some(done) = summary.unfinished {
                msg.push_str(&format!(
                    " (the last game stops unfinished, in hand {})",
                    done + 1
                ));
            }
            msg.push('\n');
            write_out(msg.as_bytes())?;
        }
        Mode::Print => {
            let games = frames(&entries, false)?;
            let mut out = String::new();
            for (gi, g) in games.iter().enumerate() {
                print_game(gi, g, &mut out);
            }
            write_out(out.as_bytes())?;
        }
        Mode::Tables => {
            let mut out = String::new();
            for t in &tables {
                out.push_str(&serde_json::to_string(t).expect("a table serializes"));
                out.push('\n');
            }
            write_out(out.as_bytes())?;
        }
        Mode::Step => {
            let games = frames(&entries, true)?;
            let stdin = std::io::stdin();
            step(&games, &mut stdin.lock(), &mut std::io::stdout().lock())
                .map_err(|e| format!("standard output: {e}"))?;
        }
    }
    Ok(0)
}

fn write_out(bytes: &[u8]) -> Result<(), String> {
    let mut out = std::io::stdout().lock();
    match out.write_all(bytes).and_then(|_| out.flush()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        r => r.map_err(|e| format!("standard output: {e}")),
    }
}

/// One player's tiles as the events show them.
#[derive(Clone, Default)]
struct Seat {
    concealed: Vec<Tile>,
    sets: Vec<(SetKind, Tile)>,
    bonus: Vec<Tile>,
    discards: Vec<Tile>,
}

/// Removes one copy of `t` (a red five stands for a plain five and the other way round).
fn take(tiles: &mut Vec<Tile>, t: Tile) {
    let i = tiles
        .iter()
        .position(|&x| x == t)
        .or_else(|| tiles.iter().position(|&x| x.kind() == t.kind()));
    if let Some(i) = i {
        tiles.remove(i);
    }
}

fn run_of(t: Tile) -> [Tile; 3] {
    let b = t.succ().unwrap_or(t);
    [t, b, b.succ().unwrap_or(b)]
}

/// An event of a hand, and the table after it (kept only for stepping).
#[derive(Clone)]
struct Frame {
    /// The event in words.
    text: String,
    seats: Vec<Seat>,
}

struct HandFrames {
    number: u32,
    prevailing: Wind,
    dealer: usize,
    frames: Vec<Frame>,
    /// The table after the hand's last event.
    end: Vec<Seat>,
}

struct GameFrames {
    header: RecordHeader,
    hands: Vec<HandFrames>,
}

impl GameFrames {
    fn wind(&self, hand: &HandFrames, player: usize) -> char {
        let n = self.header.seats;
        self.header.ruleset.seat_winds()[(player + n - hand.dealer) % n].letter()
    }
}

fn list(tiles: &[Tile]) -> String {
    tiles.iter().map(|t| t.code()).collect::<Vec<_>>().join(" ")
}

fn set_text(kind: SetKind, t: Tile) -> String {
    match kind {
        SetKind::Chow => format!("chow {}", list(&run_of(t))),
        SetKind::Pung => format!("pung {t}"),
        SetKind::Kong(KongKind::Concealed) => format!("concealed kong {t}"),
        SetKind::Kong(_) => format!("kong {t}"),
    }
}

/// Works the record's games into frames: one per event other than decisions (which the
/// events after them show).
/// `states`: keep the table after every event (for stepping), not only at the end of each
/// hand (for printing).
fn frames(entries: &[Cow<str>], states: bool) -> Result<Vec<GameFrames>, String> {
    let mut games: Vec<GameFrames> = Vec::new();
    let mut seats: Vec<Seat> = Vec::new();
    let mut last_discard: Option<(usize, Tile)> = None;
    for line in entries {
        if line.trim().is_empty() {
            continue;
        }
        let v: Value = serde_json::from_str(line).map_err(|e| e.to_string())?;
        if v.get("type").and_then(Value::as_str) == Some("game") {
            let header: RecordHeader = serde_json::from_value(v).map_err(|e| e.to_string())?;
            seats = vec![Seat::default(); header.seats];
            games.push(GameFrames {
                header,
                hands: vec![],
            });
            continue;
        }
        let event: Event = serde_json::from_value(v).map_err(|e| e.to_string())?;
        let g = games
            .last_mut()
            .expect("replay checked the header comes first");
        let p = |n: usize| format!("P{n}");
        let text = match &event {
            Event::Decision { .. } => continue,
            Event::HandStart {
                hand,
                prevailing,
                dealer,
                dice,
                dora,
            } => {
                seats = vec![Seat::default(); g.header.seats];
                last_discard = None;
                g.hands.push(HandFrames {
                    number: *hand,
                    prevailing: *prevailing,
                    dealer: *dealer,
                    frames: vec![],
                    end: vec![],
                });
                let mut t = format!(
                    "hand {} begins: prevailing wind {}, {} deals",
                    hand + 1,
                    prevailing.letter(),
                    p(*dealer)
                );
                if let Some(d) = dice {
                    t.push_str(&format!(", dice {}+{}", d.first[0], d.first[1]));
                    if let Some(s) = d.second {
                        t.push_str(&format!(" then {}+{}", s[0], s[1]));
                    }
                }
                if let Some(d) = dora {
                    t.push_str(&format!(", dora indicator {d}"));
                }
                t
            }
            Event::Indicator { tile } => format!("a further dora indicator is revealed: {tile}"),
            Event::Payment {
                from,
                to,
                amount,
                rule,
                returned,
            } => format!(
                "{} pays {} {amount}{} ({rule}{})",
                p(*from),
                p(*to),
                if *returned { " back" } else { "" },
                mahjong_rules::catalogue::entry(rule)
                    .map(|e| format!(" {}", e.names.en))
                    .unwrap_or_default()
            ),
            Event::Swap { player, tile } => {
                let s2 = &mut seats[*player];
                take(&mut s2.concealed, *tile);
                s2.concealed.push(Tile::JOKER);
                format!(
                    "{} takes the joker out of the pung of {tile}, putting {tile} in",
                    p(*player)
                )
            }
            Event::Deal { player, tiles, .. } => {
                seats[*player].concealed = tiles.clone();
                format!("{} is dealt {}", p(*player), list(tiles))
            }
            Event::Draw {
                player,
                tile,
                loose,
            } => {
                let what = if *loose {
                    "a loose tile"
                } else {
                    "from the wall"
                };
                match tile {
                    Some(t) => {
                        seats[*player].concealed.push(*t);
                        format!("{} draws {t} ({what})", p(*player))
                    }
                    None => format!("{} draws ({what})", p(*player)),
                }
            }
            Event::Bonus { player, tile } => {
                take(&mut seats[*player].concealed, *tile);
                seats[*player].bonus.push(*tile);
                format!("{} sets aside {tile}", p(*player))
            }
            Event::Discard {
                player,
                tile,
                call,
                calling,
            } => {
                take(&mut seats[*player].concealed, *tile);
                seats[*player].discards.push(*tile);
                last_discard = Some((*player, *tile));
                if *call {
                    format!("{} discards {tile} and declares a ready hand", p(*player))
                } else if *calling {
                    format!("{} discards {tile} and declares a calling hand", p(*player))
                } else {
                    format!("{} discards {tile}", p(*player))
                }
            }
            Event::Set {
                player,
                kind,
                tile,
                from,
                jokers,
            } => {
                let mut needed: Vec<Tile> = match kind {
                    SetKind::Chow => run_of(*tile).to_vec(),
                    SetKind::Pung => vec![*tile; 3],
                    SetKind::Kong(KongKind::Annexed) => vec![*tile],
                    SetKind::Kong(_) => vec![*tile; 4],
                };
                if let (Some(d), Some((_, claimed))) = (from, last_discard) {
                    take(&mut needed, claimed);
                    seats[*d].discards.pop();
                }
                let s2 = &mut seats[*player];
                // A natural tile not held is one a joker stands for (MY3-J2).
                for t in &needed {
                    if s2.concealed.iter().any(|x| x.kind() == t.kind()) {
                        take(&mut s2.concealed, *t);
                    }
                }
                for _ in 0..*jokers {
                    take(&mut s2.concealed, Tile::JOKER);
                }
                let with = match jokers {
                    0 => String::new(),
                    1 => " with a joker".to_string(),
                    j => format!(" with {j} jokers"),
                };
                if *kind == SetKind::Kong(KongKind::Annexed) {
                    if let Some(i) = s2
                        .sets
                        .iter()
                        .position(|(k, t)| *k == SetKind::Pung && t.kind() == tile.kind())
                    {
                        s2.sets[i] = (*kind, *tile);
                    }
                } else {
                    s2.sets.push((*kind, *tile));
                }
                match from {
                    Some(d) => format!(
                        "{} claims {}'s discard: {}{with}",
                        p(*player),
                        p(*d),
                        set_text(*kind, *tile)
                    ),
                    None => format!("{} declares {}{with}", p(*player), set_text(*kind, *tile)),
                }
            }
            Event::Mahjong {
                player,
                dealt: true,
                ..
            } => format!("{} goes Mah-Jongg with the hand as dealt", p(*player)),
            Event::Mahjong {
                player,
                tile,
                from,
                supplier,
                ..
            } => {
                let how = match (from, supplier) {
                    (WinFrom::Wall, _) => "from the wall".to_string(),
                    (WinFrom::Loose, _) => "with a loose tile".to_string(),
                    (WinFrom::Discard, Some(s)) => format!("on {}'s discard", p(*s)),
                    (WinFrom::RobbedKong, Some(s)) => format!("robbing {}'s kong", p(*s)),
                    _ => String::new(),
                };
                if matches!(from, WinFrom::Discard) {
                    if let Some(s) = supplier {
                        seats[*s].discards.pop();
                    }
                    seats[*player].concealed.push(*tile);
                }
                if matches!(from, WinFrom::RobbedKong) {
                    seats[*player].concealed.push(*tile);
                }
                format!("{} goes Mah-Jongg with {tile} {how}", p(*player))
            }
            Event::Washout => "washout: the live wall is exhausted".to_string(),
            Event::Reveal {
                hands,
                ura_indicators,
            } => {
                for (s, h) in seats.iter_mut().zip(hands) {
                    s.concealed = h.clone();
                }
                let mut t = "every hand is shown".to_string();
                if !ura_indicators.is_empty() {
                    t.push_str(&format!("; ura-dora indicators {}", list(ura_indicators)));
                }
                t
            }
            Event::Scores {
                scores,
                limits,
                settlement,
                payments,
                cannon,
                ..
            } => {
                let mut t = String::from("scores:");
                for (i, sc) in scores.iter().enumerate() {
                    t.push_str(&format!(" {} {sc}", p(i)));
                    if let Some(Some(l)) = limits.get(i) {
                        t.push_str(&format!(" (limit {l})"));
                    }
                }
                let net: Vec<String> = settlement
                    .iter()
                    .enumerate()
                    .map(|(i, n)| format!("{} {n:+}", p(i)))
                    .collect();
                t.push_str(&format!("; net: {}", net.join(" ")));
                let pay: Vec<String> = payments
                    .iter()
                    .map(|x| {
                        // A seat past the players: the pot (J3-S10).
                        let seat = |q: usize| {
                            if q < settlement.len() {
                                p(q)
                            } else {
                                "pot".to_string()
                            }
                        };
                        // A washout's payments name their rule (J3-P noten payment).
                        let why = match (&x.rule, &x.name) {
                            (Some(r), Some(n)) => format!(" ({r} {n})"),
                            (Some(r), None) => format!(" ({r})"),
                            _ => String::new(),
                        };
                        format!("{}→{} {}{why}", seat(x.from), seat(x.to), x.amount)
                    })
                    .collect();
                if !pay.is_empty() {
                    t.push_str(&format!("; payments: {}", pay.join(", ")));
                }
                if let Some(c) = cannon {
                    t.push_str(&format!("; {} pays for all (cannon)", p(*c)));
                }
                t
            }
            Event::GameEnd { totals, pot } => {
                let t: Vec<String> = totals
                    .iter()
                    .enumerate()
                    .map(|(i, n)| format!("{} {n:+}", p(i)))
                    .collect();
                let pot = pot.map_or(String::new(), |x| {
                    format!(" ({} took the {} left in the pot)", p(x.player), x.points)
                });
                // Where players start with points (J3, K3), the points they end with too.
                let start = g.header.ruleset.starting_score();
                let points = if start != 0 {
                    let f: Vec<String> = totals
                        .iter()
                        .enumerate()
                        .map(|(i, n)| format!("{} {}", p(i), start + n))
                        .collect();
                    format!("; points {}", f.join(" "))
                } else {
                    String::new()
                };
                format!("game over: totals {}{pot}{points}", t.join(" "))
            }
        };
        for s in &mut seats {
            s.concealed.sort();
        }
        let Some(h) = g.hands.last_mut() else {
            return Err("an event before the first hand_start".to_string());
        };
        h.frames.push(Frame {
            text,
            seats: if states { seats.clone() } else { vec![] },
        });
        h.end.clone_from(&seats);
    }
    Ok(games)
}

fn seat_line(g: &GameFrames, h: &HandFrames, i: usize, s: &Seat) -> String {
    let mut t = format!(
        "  P{i} {} {:<8} {}",
        g.wind(h, i),
        g.header.players.get(i).map_or("", String::as_str),
        list(&s.concealed)
    );
    if !s.sets.is_empty() {
        let sets: Vec<String> = s.sets.iter().map(|(k, x)| set_text(*k, *x)).collect();
        t.push_str(&format!(" | {}", sets.join(", ")));
    }
    if !s.bonus.is_empty() {
        t.push_str(&format!(" | bonus {}", list(&s.bonus)));
    }
    if !s.discards.is_empty() {
        t.push_str(&format!(" | discards {}", list(&s.discards)));
    }
    t
}

fn game_title(i: usize, g: &GameFrames) -> String {
    let players: Vec<String> = g
        .header
        .players
        .iter()
        .enumerate()
        .map(|(p, n)| format!("P{p} {n}"))
        .collect();
    format!(
        "game {} · {} · seed {} · {}",
        i + 1,
        g.header.ruleset.name,
        g.header.seed,
        players.join(", ")
    )
}

/// `--print`: each hand with its deal, every event, and the tiles at the end.
fn print_game(gi: usize, g: &GameFrames, out: &mut String) {
    use std::fmt::Write as _;
    let _ = writeln!(out, "{}", game_title(gi, g));
    for h in &g.hands {
        let _ = writeln!(
            out,
            "\nhand {} · prevailing {} · dealer P{}",
            h.number + 1,
            h.prevailing.letter(),
            h.dealer
        );
        for f in &h.frames {
            let _ = writeln!(out, "  {}", f.text);
        }
        if !h.end.is_empty() {
            let _ = writeln!(out, "  at the end:");
            for (i, s) in h.end.iter().enumerate() {
                let _ = writeln!(out, "  {}", seat_line(g, h, i, s));
            }
        }
    }
    out.push('\n');
}

/// `--step`: one event at a time; keys (a line each) from `keys`: Enter or `n` next event,
/// `b` back one, `N` next hand, `B` previous hand, `q` quit (as does the end of input).
fn step(games: &[GameFrames], keys: &mut dyn BufRead, out: &mut dyn Write) -> std::io::Result<()> {
    // Positions: (game, hand, frame).
    let mut at: Vec<(usize, usize, usize)> = Vec::new();
    for (gi, g) in games.iter().enumerate() {
        for (hi, h) in g.hands.iter().enumerate() {
            for fi in 0..h.frames.len() {
                at.push((gi, hi, fi));
            }
        }
    }
    if at.is_empty() {
        return Ok(());
    }
    let clear = std::io::stdout().is_terminal();
    let mut i = 0usize;
    let mut note = String::new();
    loop {
        let (gi, hi, fi) = at[i];
        let g = &games[gi];
        let h = &g.hands[hi];
        let f = &h.frames[fi];
        if clear {
            write!(out, "\x1b[2J\x1b[H")?;
        }
        writeln!(out, "{}", game_title(gi, g))?;
        writeln!(
            out,
            "hand {} · prevailing {} · dealer P{} · event {}/{} (step {}/{})",
            h.number + 1,
            h.prevailing.letter(),
            h.dealer,
            fi + 1,
            h.frames.len(),
            i + 1,
            at.len()
        )?;
        writeln!(out, "> {}", f.text)?;
        for (p, s) in f.seats.iter().enumerate() {
            writeln!(out, "{}", seat_line(g, h, p, s))?;
        }
        if !note.is_empty() {
            writeln!(out, "({note})")?;
            note.clear();
        }
        write!(
            out,
            "[Enter/n] next  [b] back  [N] next hand  [B] previous hand  [q] quit > "
        )?;
        out.flush()?;
        let mut key = String::new();
        if keys.read_line(&mut key)? == 0 {
            writeln!(out)?;
            return Ok(());
        }
        let first_of_hand = |j: usize| {
            let (g, h, _) = at[j];
            at.iter()
                .position(|&(a, b, _)| (a, b) == (g, h))
                .unwrap_or(j)
        };
        match key.trim() {
            "" | "n" => {
                if i + 1 < at.len() {
                    i += 1;
                } else {
                    note = "the end of the record".into();
                }
            }
            "b" => {
                if i > 0 {
                    i -= 1;
                } else {
                    note = "the start of the record".into();
                }
            }
            "N" => match at[i..].iter().position(|&(a, b, _)| (a, b) != (gi, hi)) {
                Some(d) => i += d,
                None => note = "the last hand".into(),
            },
            "B" => {
                let start = first_of_hand(i);
                if start == 0 {
                    note = "the first hand".into();
                    i = 0;
                } else {
                    i = first_of_hand(start - 1);
                }
            }
            "q" => {
                writeln!(out)?;
                return Ok(());
            }
            other => note = format!("unknown key {other:?}"),
        }
    }
}
