//! The mj-server wire format: one message per line, words separated by spaces, a text field
//! last. Only the messages a player acts on are parsed into fields; everything else is kept
//! as [`ServerMsg::Other`] so that a newer server's extra messages never stop a game.

use std::io::{self, BufRead};

use mahjong_tiles::{Tile, Wind};

/// Where a claimed discard sits in a chow (`Lower`: the discard is the chow's lowest tile).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ChowPos {
    /// The discard is the lowest tile.
    Lower,
    /// The discard is the middle tile.
    Middle,
    /// The discard is the highest tile.
    Upper,
    /// Not decided yet (the server asks again).
    Any,
}

impl ChowPos {
    /// The word on the wire.
    pub fn word(self) -> &'static str {
        match self {
            ChowPos::Lower => "Lower",
            ChowPos::Middle => "Middle",
            ChowPos::Upper => "Upper",
            ChowPos::Any => "AnyPos",
        }
    }

    /// The position of `tile` in the chow that starts at `first`.
    pub fn of(tile: Tile, first: Tile) -> Option<ChowPos> {
        let (t, f) = (tile.kind()?, first.kind()?);
        match t.checked_sub(f)? {
            0 => Some(ChowPos::Lower),
            1 => Some(ChowPos::Middle),
            2 => Some(ChowPos::Upper),
            _ => None,
        }
    }

    /// How far the chow's lowest tile is below the discard.
    pub fn offset(self) -> Option<usize> {
        match self {
            ChowPos::Lower => Some(0),
            ChowPos::Middle => Some(1),
            ChowPos::Upper => Some(2),
            ChowPos::Any => None,
        }
    }
}

/// The kind of a set declared from concealed tiles.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ClosedKind {
    /// Three of a kind.
    Pung,
    /// A run (named by its lowest tile).
    Chow,
    /// Two of a kind.
    Pair,
}

/// A message from the server, with the fields a player needs. Ids are the server's player
/// ids (1–4). A tile field of `--` (unknown or none) is `None`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ServerMsg {
    /// `ConnectReply PROT ID [REASON]`: `id` 0 means refused.
    ConnectReply {
        /// Our id.
        id: u32,
        /// Why we were refused.
        reason: String,
    },
    /// `Game E S W N ROUND HANDS_AS_EAST FIRSTEAST sE sS sW sN …`.
    Game {
        /// Player ids in seat order (the order of play never changes).
        ids: [u32; 4],
        /// Prevailing wind.
        round: Wind,
        /// Scores so far, in the order of `ids`.
        scores: [i64; 4],
    },
    /// `GameOption ID NAME TYPE MINPROT ENABLED VALUE DESC`.
    GameOption {
        /// The option's name (`End` closes the list).
        name: String,
        /// Whether it is enabled.
        enabled: bool,
        /// Its value (scores are `limits*1000000 + doubles*10000 + points`).
        value: i64,
    },
    /// `Pause ID 0 TEXT`: send `Ready` (East, named by `east`, waits for the others' instead
    /// when play starts).
    Pause {
        /// The player who need not answer (0: everyone answers).
        exempt: u32,
        /// Why the game is paused.
        text: String,
    },
    /// `PlayerReady ID`.
    PlayerReady(u32),
    /// `NewRound W`.
    NewRound(Wind),
    /// `NewHand EASTID WALL STACK`.
    NewHand {
        /// The id of this hand's East.
        east: u32,
    },
    /// `PlayerDraws ID TILE` (`None` for another player's tile).
    Draws(u32, Option<Tile>),
    /// `PlayerDrawsLoose ID TILE`.
    DrawsLoose(u32, Option<Tile>),
    /// `PlayerDeclaresSpecial ID TILE` (`None`: done declaring).
    DeclaresSpecial(u32, Option<Tile>),
    /// `PlayerDiscards ID TILE SERIAL CALLING`.
    Discards {
        /// Who.
        id: u32,
        /// The tile.
        tile: Tile,
        /// The discard's serial, to name in a claim.
        serial: u32,
    },
    /// `PlayerChows ID TILE POS`: the claimed tile and where it sits.
    Chows(u32, Tile, ChowPos),
    /// `PlayerPungs ID TILE`.
    Pungs(u32, Tile),
    /// `PlayerKongs ID TILE`.
    Kongs(u32, Tile),
    /// `PlayerDeclaresClosedKong ID TILE SERIAL`.
    ClosedKong {
        /// Who.
        id: u32,
        /// The kong's tile.
        tile: Tile,
        /// Serial for a robbing claim.
        serial: u32,
    },
    /// `PlayerAddsToPung ID TILE SERIAL`.
    AddsToPung {
        /// Who.
        id: u32,
        /// The added tile.
        tile: Tile,
        /// Serial for a robbing claim.
        serial: u32,
    },
    /// `PlayerRobsKong ID TILE`.
    RobsKong(u32, Tile),
    /// `PlayerMahJongs ID TILE` (`None`: the winning tile was a discard or a robbed tile).
    MahJongs(u32, Option<Tile>),
    /// `HandScore ID SCORE TEXT`.
    HandScore {
        /// Whose.
        id: u32,
        /// The hand's score.
        score: i64,
        /// The server's explanation (several lines).
        text: String,
    },
    /// `PlayerPairs ID TILE`: the winner put the claimed tile in a pair.
    Pairs(u32, Tile),
    /// `PlayerFormsClosedPung|Chow|Pair ID TILE`: a set declared from concealed tiles at
    /// the end of a hand (a chow by its lowest tile).
    FormsClosed {
        /// Who.
        id: u32,
        /// Its kind (`Pair` is none of the engine's set kinds).
        kind: ClosedKind,
        /// Its (lowest) tile.
        tile: Tile,
    },
    /// `PlayerShowsTiles ID TILES…`: a loser's remaining concealed tiles.
    ShowsTiles(u32, Vec<Tile>),
    /// `PlayerSpecialSet ID TILE TILES…`: the winner made his special hand (Thirteen Unique
    /// Wonders) with the claimed tile TILE and his concealed tiles TILES.
    SpecialSet(u32, Tile, Vec<Tile>),
    /// `PlayerFormsClosedSpecialSet ID TILES…`: the winner's special hand, all concealed.
    FormsClosedSpecial(u32, Vec<Tile>),
    /// `DangerousDiscard ID SERIAL NOCHOICE`: the discard was dangerous (M90–M96).
    DangerousDiscard {
        /// The discarder.
        id: u32,
        /// The discard.
        serial: u32,
        /// The discarder had no safe choice (no liability).
        no_choice: bool,
    },
    /// `Settlement dE dS dW dN TEXT`: the changes by this hand's seat winds.
    Settlement([i64; 4]),
    /// `WashOut TEXT`: the hand is drawn.
    WashOut,
    /// `GameOver`.
    GameOver,
    /// `Error SEQ TEXT`: our last request was refused.
    Error(String),
    /// Anything else (echoes of claims, information, comments).
    Other(String),
}

/// A line the server sent that is not what its protocol says.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("bad message from the server: {line:?}: {what}")]
pub struct WireError {
    /// The line.
    pub line: String,
    /// What was wrong with it.
    pub what: String,
}

fn tile_or_none(w: &str) -> Result<Option<Tile>, String> {
    if w == "--" {
        return Ok(None);
    }
    w.parse::<Tile>()
        .map(Some)
        .map_err(|_| format!("{w:?} is not a tile"))
}

fn chow_pos(w: &str) -> Result<ChowPos, String> {
    match w {
        "Lower" => Ok(ChowPos::Lower),
        "Middle" => Ok(ChowPos::Middle),
        "Upper" => Ok(ChowPos::Upper),
        "AnyPos" => Ok(ChowPos::Any),
        _ => Err(format!("{w:?} is not a chow position")),
    }
}

/// Splits off `n` words and returns them with the rest of the line (the text field).
fn words(line: &str, n: usize) -> (Vec<&str>, &str) {
    let mut rest = line;
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        rest = rest.trim_start_matches(' ');
        if rest.is_empty() {
            break;
        }
        let end = rest.find(' ').unwrap_or(rest.len());
        out.push(&rest[..end]);
        rest = &rest[end..];
    }
    (out, rest.strip_prefix(' ').unwrap_or(rest))
}

impl ServerMsg {
    /// Parses one logical line (continuations already joined, line end removed).
    pub fn parse(line: &str) -> Result<ServerMsg, WireError> {
        Self::fields(line).map_err(|what| WireError {
            line: line.to_string(),
            what,
        })
    }

    fn fields(line: &str) -> Result<ServerMsg, String> {
        let (head, _) = words(line, 1);
        let Some(&kind) = head.first() else {
            return Ok(ServerMsg::Other(String::new()));
        };
        let need = |n: usize| -> Result<(Vec<&str>, &str), String> {
            let (w, rest) = words(line, n + 1);
            if w.len() <= n {
                return Err(format!("{kind} needs {n} fields"));
            }
            Ok((w[1..].to_vec(), rest))
        };
        let id = |w: &str| -> Result<u32, String> {
            w.parse::<u32>()
                .map_err(|_| format!("{w:?} is not a player id"))
        };
        let num = |w: &str| -> Result<i64, String> {
            w.parse::<i64>()
                .map_err(|_| format!("{w:?} is not a number"))
        };
        let tile = |w: &str| -> Result<Tile, String> {
            tile_or_none(w)?.ok_or_else(|| format!("{kind} needs a tile"))
        };
        let tiles = |rest: &str| {
            rest.split_whitespace()
                .map(tile)
                .collect::<Result<Vec<_>, _>>()
        };
        Ok(match kind {
            "ConnectReply" => {
                let (w, rest) = need(2)?;
                ServerMsg::ConnectReply {
                    id: id(w[1])?,
                    reason: rest.trim().to_string(),
                }
            }
            "Game" => {
                let (w, _) = need(11)?;
                let ids = [id(w[0])?, id(w[1])?, id(w[2])?, id(w[3])?];
                let round =
                    Wind::from_letter(w[4]).ok_or_else(|| format!("{:?} is not a wind", w[4]))?;
                let scores = [num(w[7])?, num(w[8])?, num(w[9])?, num(w[10])?];
                ServerMsg::Game { ids, round, scores }
            }
            "GameOption" => {
                let (w, _) = need(6)?;
                ServerMsg::GameOption {
                    name: w[1].to_string(),
                    enabled: w[4] == "1",
                    value: num(w[5])?,
                }
            }
            "Pause" => {
                let (w, rest) = need(2)?;
                ServerMsg::Pause {
                    exempt: id(w[0])?,
                    text: rest.to_string(),
                }
            }
            "PlayerReady" => ServerMsg::PlayerReady(id(need(1)?.0[0])?),
            "NewRound" => {
                let (w, _) = need(1)?;
                ServerMsg::NewRound(
                    Wind::from_letter(w[0]).ok_or_else(|| format!("{:?} is not a wind", w[0]))?,
                )
            }
            "NewHand" => ServerMsg::NewHand {
                east: id(need(1)?.0[0])?,
            },
            "PlayerDraws" | "PlayerDrawsLoose" | "PlayerDeclaresSpecial" | "PlayerMahJongs" => {
                let (w, _) = need(2)?;
                let (p, t) = (id(w[0])?, tile_or_none(w[1])?);
                match kind {
                    "PlayerDraws" => ServerMsg::Draws(p, t),
                    "PlayerDrawsLoose" => ServerMsg::DrawsLoose(p, t),
                    "PlayerDeclaresSpecial" => ServerMsg::DeclaresSpecial(p, t),
                    _ => ServerMsg::MahJongs(p, t),
                }
            }
            "PlayerDiscards" | "PlayerDeclaresClosedKong" | "PlayerAddsToPung" => {
                let (w, _) = need(3)?;
                let (p, t, serial) = (id(w[0])?, tile(w[1])?, id(w[2])?);
                match kind {
                    "PlayerDiscards" => ServerMsg::Discards {
                        id: p,
                        tile: t,
                        serial,
                    },
                    "PlayerDeclaresClosedKong" => ServerMsg::ClosedKong {
                        id: p,
                        tile: t,
                        serial,
                    },
                    _ => ServerMsg::AddsToPung {
                        id: p,
                        tile: t,
                        serial,
                    },
                }
            }
            "PlayerChows" => {
                let (w, _) = need(3)?;
                ServerMsg::Chows(id(w[0])?, tile(w[1])?, chow_pos(w[2])?)
            }
            "PlayerPungs" | "PlayerKongs" | "PlayerRobsKong" => {
                let (w, _) = need(2)?;
                let (p, t) = (id(w[0])?, tile(w[1])?);
                match kind {
                    "PlayerPungs" => ServerMsg::Pungs(p, t),
                    "PlayerKongs" => ServerMsg::Kongs(p, t),
                    _ => ServerMsg::RobsKong(p, t),
                }
            }
            "HandScore" => {
                let (w, rest) = need(2)?;
                ServerMsg::HandScore {
                    id: id(w[0])?,
                    score: num(w[1])?,
                    text: rest.to_string(),
                }
            }
            "PlayerPairs" => {
                let (w, _) = need(2)?;
                ServerMsg::Pairs(id(w[0])?, tile(w[1])?)
            }
            "PlayerFormsClosedPung" | "PlayerFormsClosedChow" | "PlayerFormsClosedPair" => {
                let (w, _) = need(2)?;
                let kind = match kind {
                    "PlayerFormsClosedPung" => ClosedKind::Pung,
                    "PlayerFormsClosedChow" => ClosedKind::Chow,
                    _ => ClosedKind::Pair,
                };
                ServerMsg::FormsClosed {
                    id: id(w[0])?,
                    kind,
                    tile: tile(w[1])?,
                }
            }
            "PlayerShowsTiles" | "PlayerFormsClosedSpecialSet" => {
                let (w, rest) = need(1)?;
                let tiles = tiles(rest)?;
                if kind == "PlayerShowsTiles" {
                    ServerMsg::ShowsTiles(id(w[0])?, tiles)
                } else {
                    ServerMsg::FormsClosedSpecial(id(w[0])?, tiles)
                }
            }
            "PlayerSpecialSet" => {
                let (w, rest) = need(2)?;
                ServerMsg::SpecialSet(id(w[0])?, tile(w[1])?, tiles(rest)?)
            }
            "DangerousDiscard" => {
                let (w, _) = need(3)?;
                ServerMsg::DangerousDiscard {
                    id: id(w[0])?,
                    serial: id(w[1])?,
                    no_choice: w[2] == "1",
                }
            }
            "Settlement" => {
                let (w, _) = need(4)?;
                ServerMsg::Settlement([num(w[0])?, num(w[1])?, num(w[2])?, num(w[3])?])
            }
            "WashOut" => ServerMsg::WashOut,
            "GameOver" => ServerMsg::GameOver,
            "Error" => {
                let (_, rest) = words(line, 2);
                ServerMsg::Error(rest.to_string())
            }
            _ => ServerMsg::Other(line.to_string()),
        })
    }
}

/// Reads one logical message: joins lines that end in an unescaped `\` and drops the line
/// end. `Ok(None)` at the end of the stream.
pub fn read_message<R: BufRead>(r: &mut R) -> io::Result<Option<String>> {
    let mut out = String::new();
    let mut line = String::new();
    loop {
        line.clear();
        if r.read_line(&mut line)? == 0 {
            return Ok((!out.is_empty()).then_some(out));
        }
        let l = line.trim_end_matches(['\r', '\n']);
        // An odd number of trailing backslashes: the last one continues the line.
        let slashes = l.len() - l.trim_end_matches('\\').len();
        if slashes % 2 == 1 {
            out.push_str(&l[..l.len() - 1]);
            out.push('\n');
        } else {
            out.push_str(l);
            return Ok(Some(out));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Tile {
        s.parse().unwrap()
    }

    #[test]
    fn parses_the_messages_a_player_acts_on() {
        assert_eq!(
            ServerMsg::parse("ConnectReply 1110 3 ").unwrap(),
            ServerMsg::ConnectReply {
                id: 3,
                reason: String::new()
            }
        );
        assert_eq!(
            ServerMsg::parse("Game 1 2 3 4 E 0 1 0 -20 0 20 1110 -1").unwrap(),
            ServerMsg::Game {
                ids: [1, 2, 3, 4],
                round: Wind::East,
                scores: [0, -20, 0, 20]
            }
        );
        assert_eq!(
            ServerMsg::parse("GameOption 0 MahJongScore score 0 1 20 base score for going out")
                .unwrap(),
            ServerMsg::GameOption {
                name: "MahJongScore".into(),
                enabled: true,
                value: 20
            }
        );
        assert_eq!(
            ServerMsg::parse("Pause 1 0 to start play").unwrap(),
            ServerMsg::Pause {
                exempt: 1,
                text: "to start play".into()
            }
        );
        assert_eq!(
            ServerMsg::parse("PlayerDraws 2 --").unwrap(),
            ServerMsg::Draws(2, None)
        );
        assert_eq!(
            ServerMsg::parse("PlayerDrawsLoose 1 2D").unwrap(),
            ServerMsg::DrawsLoose(1, Some(t("2D")))
        );
        assert_eq!(
            ServerMsg::parse("PlayerDiscards 4 6C 20 0").unwrap(),
            ServerMsg::Discards {
                id: 4,
                tile: t("6C"),
                serial: 20
            }
        );
        assert_eq!(
            ServerMsg::parse("PlayerChows 1 5B Upper").unwrap(),
            ServerMsg::Chows(1, t("5B"), ChowPos::Upper)
        );
        assert_eq!(
            ServerMsg::parse("PlayerAddsToPung 2 SW 38").unwrap(),
            ServerMsg::AddsToPung {
                id: 2,
                tile: t("SW"),
                serial: 38
            }
        );
        assert_eq!(
            ServerMsg::parse("PlayerMahJongs 1 --").unwrap(),
            ServerMsg::MahJongs(1, None)
        );
        assert_eq!(
            ServerMsg::parse("Settlement -432 40 640 -248 East  pays West    320").unwrap(),
            ServerMsg::Settlement([-432, 40, 640, -248])
        );
        assert_eq!(
            ServerMsg::parse("Error 12 No such tile in hand").unwrap(),
            ServerMsg::Error("No such tile in hand".into())
        );
        assert_eq!(
            ServerMsg::parse("PlayerShowsTiles 3 1B 3B").unwrap(),
            ServerMsg::ShowsTiles(3, vec![t("1B"), t("3B")])
        );
        assert_eq!(
            ServerMsg::parse("PlayerSpecialSet 2 9D 1B 9B 1C").unwrap(),
            ServerMsg::SpecialSet(2, t("9D"), vec![t("1B"), t("9B"), t("1C")])
        );
        assert_eq!(
            ServerMsg::parse("PlayerFormsClosedSpecialSet 4 1B 9B").unwrap(),
            ServerMsg::FormsClosedSpecial(4, vec![t("1B"), t("9B")])
        );
        assert_eq!(
            ServerMsg::parse("PlayerFormsClosedChow 2 6C").unwrap(),
            ServerMsg::FormsClosed {
                id: 2,
                kind: ClosedKind::Chow,
                tile: t("6C")
            }
        );
        assert_eq!(
            ServerMsg::parse("HandScore 3 2 7B-7B-7B 2 (open pung of minors)\nSCORE: 2").unwrap(),
            ServerMsg::HandScore {
                id: 3,
                score: 2,
                text: "7B-7B-7B 2 (open pung of minors)\nSCORE: 2".into()
            }
        );
        assert_eq!(
            ServerMsg::parse("DangerousDiscard 2 77 1").unwrap(),
            ServerMsg::DangerousDiscard {
                id: 2,
                serial: 77,
                no_choice: true
            }
        );
        assert!(matches!(
            ServerMsg::parse("PlayerClaimsPung 1 20").unwrap(),
            ServerMsg::Other(_)
        ));
    }

    #[test]
    fn refuses_malformed_lines_with_the_line_and_the_reason() {
        let e = ServerMsg::parse("PlayerDiscards 4 XX 20 0").unwrap_err();
        assert_eq!(e.what, "\"XX\" is not a tile");
        let e = ServerMsg::parse("Settlement 1 2").unwrap_err();
        assert_eq!(e.what, "Settlement needs 4 fields");
        assert_eq!(
            e.to_string(),
            "bad message from the server: \"Settlement 1 2\": Settlement needs 4 fields"
        );
    }

    #[test]
    fn joins_continued_lines_and_keeps_doubled_backslashes() {
        let text = "HandScore 1 160 basic 20\\\r\nSCORE: 160\r\nMessage 0 a\\\\\r\nGameOver\n";
        let mut r = io::Cursor::new(text);
        assert_eq!(
            read_message(&mut r).unwrap().unwrap(),
            "HandScore 1 160 basic 20\nSCORE: 160"
        );
        assert_eq!(read_message(&mut r).unwrap().unwrap(), "Message 0 a\\\\");
        assert_eq!(read_message(&mut r).unwrap().unwrap(), "GameOver");
        assert_eq!(read_message(&mut r).unwrap(), None);
    }

    #[test]
    fn chow_positions_round_trip() {
        let (five, four, three) = (t("5B"), t("4B"), t("3B"));
        assert_eq!(ChowPos::of(five, five), Some(ChowPos::Lower));
        assert_eq!(ChowPos::of(five, four), Some(ChowPos::Middle));
        assert_eq!(ChowPos::of(five, three), Some(ChowPos::Upper));
        assert_eq!(ChowPos::of(five, t("2B")), None);
        assert_eq!(ChowPos::Upper.offset(), Some(2));
    }
}
