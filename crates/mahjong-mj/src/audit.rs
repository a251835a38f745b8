//! Scoring audit: every hand played at mj-server written as our table JSON, scored by our
//! `bradfield` scorer and compared with the server's own `HandScore` for each player and
//! its `Settlement` — an independent Millington implementation checking ours on real hands.

use std::sync::OnceLock;

use mahjong_engine::SetKind;
use mahjong_hands::KongKind;
use mahjong_rules::{Dangers, Ruleset, Shown, Table, TableInput};
use mahjong_tiles::{Tile, Wind, KINDS};
use serde_json::{json, Value};

/// A set as the audit keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct AuditSet {
    pub kind: SetKind,
    pub first: Tile,
    pub exposed: bool,
    /// The discard taken into it.
    pub claimed: Option<Tile>,
    /// Completed by the claimed winning tile.
    pub winning: bool,
}

impl AuditSet {
    fn tiles(&self) -> Vec<Tile> {
        let k = self.first.kind().expect("a playing tile");
        match self.kind {
            SetKind::Chow => (k..k + 3).map(Tile::from_kind).collect(),
            SetKind::Pung => vec![self.first; 3],
            SetKind::Kong(_) => vec![self.first; 4],
        }
    }

    fn json(&self) -> Value {
        let tiles: Vec<String> = self.tiles().iter().map(|t| t.to_string()).collect();
        let mut v = match self.kind {
            SetKind::Chow => json!({"kind": "chow", "tiles": tiles, "exposed": self.exposed}),
            SetKind::Pung => json!({"kind": "pung", "tiles": tiles, "exposed": self.exposed}),
            SetKind::Kong(k) => json!({"kind": "kong", "tiles": tiles, "kong": match k {
                KongKind::Concealed => "concealed",
                KongKind::Claimed => "claimed",
                KongKind::Annexed => "annexed",
            }}),
        };
        if self.exposed && !matches!(self.kind, SetKind::Kong(_)) {
            if let Some(c) = self.claimed {
                v["claimed"] = json!(c.to_string());
            }
        }
        if self.winning {
            v["winning"] = json!(true);
        }
        v
    }
}

/// How the hand was won.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct AuditWin {
    pub player: usize,
    pub tile: Tile,
    /// `wall`, `loose`, `discard` or `robbed_kong`.
    pub from: &'static str,
    pub supplier: Option<usize>,
    /// Won with the last tile of the live wall, or on the discard after it.
    pub last_tile: bool,
}

/// What one hand at the server looked like, as the audit needs it (indices are players in
/// the server's seat order; `winds[p]` is player `p`'s seat wind).
#[derive(Clone, Debug, Default)]
pub(crate) struct HandLog {
    pub winds: [Option<Wind>; 4],
    pub prevailing: Option<Wind>,
    pub east_streak: u32,
    pub sets: [Vec<AuditSet>; 4],
    pub bonus: [Vec<Tile>; 4],
    /// Tiles a player declared or showed at the end (formed closed sets and shown tiles).
    pub concealed: [Vec<Tile>; 4],
    /// The pair the winner put a claimed winning tile into (`PlayerPairs`): player, tile.
    pub winning_pair: Option<(usize, Tile)>,
    pub discards: Vec<(usize, Tile)>,
    pub win: Option<AuditWin>,
    /// The discarder of a dangerous winning tile (the server's `DangerousDiscard`).
    pub cannon: Option<usize>,
    /// That discard came with 4 or fewer tiles in the live wall (M90g may be why).
    pub cannon_late: bool,
    /// The server's score for each player, and its explanation.
    pub theirs: [Option<(i64, String)>; 4],
}

/// One audited hand.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Audit {
    /// The hand as our table JSON.
    pub table: Value,
    /// Our score per seat wind (E, S, W, N), or our error.
    pub ours: Result<[i64; 4], String>,
    /// Our settlement per seat wind.
    pub our_settlement: Option<[i64; 4]>,
    /// The server's score per seat wind.
    pub theirs: [i64; 4],
    /// The server's settlement per seat wind.
    pub their_settlement: [i64; 4],
    /// The server's explanations, per seat wind.
    pub texts: [String; 4],
}

impl Audit {
    /// Whether every score and the settlement agree.
    pub fn agrees(&self) -> bool {
        self.ours.as_ref().is_ok_and(|o| *o == self.theirs)
            && self.our_settlement == Some(self.their_settlement)
    }
}

impl HandLog {
    /// Whether the discarder of a dangerous winning tile is liable: the server marks every
    /// dangerous discard, but M90–M96 make its discarder pay only when the winner's hand is
    /// the flagged hand the tile was dangerous toward (M90a–f), given the sets he had shown
    /// before it, or late in the hand (M90g).
    fn liable(&self) -> bool {
        let Some(w) = &self.win else { return false };
        if self.cannon_late {
            return true;
        }
        let Some(won_on) = w.tile.kind() else {
            return false;
        };
        let pair = self.winning_pair_of(w.player).map(|t| [t, t]);
        let mut all = [0u8; KINDS];
        for t in self.sets[w.player]
            .iter()
            .flat_map(AuditSet::tiles)
            .chain(self.concealed[w.player].iter().copied())
            .chain(pair.into_iter().flatten())
        {
            if let Some(k) = t.kind() {
                all[k] += 1;
            }
        }
        let mut shown = Shown::default();
        for s in self.sets[w.player].iter().filter(|s| !s.winning) {
            let k = s.first.kind().unwrap_or(0);
            match s.kind {
                SetKind::Chow => shown.add_chow(k),
                _ => shown.add_pung(k),
            }
        }
        // The table is scored as `bradfield`: its flagged hands (the preset read once).
        static DANGERS: OnceLock<Option<Dangers>> = OnceLock::new();
        DANGERS
            .get_or_init(|| Ruleset::preset("bradfield").ok()?.discard_dangers())
            .is_some_and(|d| d.made_toward(&shown, won_on, &all).is_some())
    }

    /// The pair player `p` put a claimed winning tile into, by its tile.
    fn winning_pair_of(&self, p: usize) -> Option<Tile> {
        self.winning_pair.filter(|&(q, _)| q == p).map(|(_, t)| t)
    }

    /// Player p's seat letter.
    fn wind(&self, p: usize) -> String {
        self.winds[p].unwrap_or(Wind::East).letter().to_string()
    }

    /// The hand as our table JSON.
    pub fn table(&self) -> Value {
        let mut seats = serde_json::Map::new();
        for p in 0..4 {
            let mut concealed = self.concealed[p].clone();
            concealed.sort();
            let mut sets: Vec<Value> = self.sets[p].iter().map(AuditSet::json).collect();
            // Marked winning: without the mark, an earlier exposed set holding the tile
            // would be taken for the one the win completed (no fishing the eyes, M115d).
            if let Some(t) = self.winning_pair_of(p) {
                let t = t.to_string();
                sets.push(json!({"kind": "pair", "tiles": [t, t], "exposed": true,
                    "claimed": t, "winning": true}));
            }
            seats.insert(
                self.wind(p),
                json!({
                    "sets": sets,
                    "concealed": concealed.iter().map(|t| t.to_string()).collect::<Vec<_>>(),
                    "bonus": self.bonus[p].iter().map(|t| t.to_string()).collect::<Vec<_>>(),
                }),
            );
        }
        let prevailing = self.prevailing.unwrap_or(Wind::East).letter().to_string();
        let mut t = json!({
            "ruleset": "bradfield",
            "prevailing_wind": prevailing,
            "east_consecutive_wins": self.east_streak,
            "winner": self.win.as_ref().map(|w| self.wind(w.player)),
            "discards": self.discards.iter()
                .map(|(p, tile)| format!("{}:{tile}", self.wind(*p)))
                .collect::<Vec<_>>(),
            "seats": seats,
        });
        if let Some(w) = &self.win {
            let mut win = json!({"tile": w.tile.to_string(), "from": w.from});
            if let Some(s) = w.supplier {
                win["supplier"] = json!(self.wind(s));
            }
            if w.last_tile {
                win["last_tile"] = json!(true);
            }
            t["win"] = win;
        }
        if let Some(c) = self.cannon.filter(|_| self.liable()) {
            t["cannon"] = json!(self.wind(c));
        }
        t
    }

    /// Scores the hand with `ruleset` and compares it with the server's figures.
    pub fn audit(&self, ruleset: &Ruleset, settlement: [i64; 4]) -> Option<Audit> {
        let mut theirs = [0i64; 4];
        let mut texts: [String; 4] = Default::default();
        for p in 0..4 {
            let (score, text) = self.theirs[p].clone()?;
            let w = self.winds[p]?.index();
            theirs[w] = score;
            texts[w] = text;
        }
        let table = self.table();
        let scored = serde_json::from_value::<TableInput>(table.clone())
            .map_err(|e| e.to_string())
            .and_then(|input| Table::validate(&input, ruleset).map_err(|e| e.to_string()))
            .and_then(|t| mahjong_rules::score(&t, ruleset).map_err(|e| e.to_string()));
        let (ours, our_settlement) = match scored {
            Ok(o) => {
                let mut s = [0i64; 4];
                let mut st = [0i64; 4];
                for (i, w) in o.winds.iter().enumerate().take(4) {
                    s[w.index()] = o.scores[i].score as i64;
                    st[w.index()] = o.settlement[i];
                }
                (Ok(s), Some(st))
            }
            Err(e) => (Err(e), None),
        };
        Some(Audit {
            table,
            ours,
            our_settlement,
            theirs,
            their_settlement: settlement,
            texts,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiles(s: &str) -> Vec<Tile> {
        mahjong_tiles::parse_tiles(s).unwrap()
    }

    fn set(kind: SetKind, first: &str, claimed: &str) -> AuditSet {
        AuditSet {
            kind,
            first: first.parse().unwrap(),
            exposed: true,
            claimed: Some(claimed.parse().unwrap()),
            winning: false,
        }
    }

    /// A hand of `bot mj-match --seed 12` at mj-server: East (player 0), holding an exposed
    /// chow 4C-5C-6C made from an earlier 6C, wins on North's 6C into the pair 6C 6C
    /// (`PlayerPairs`). The server scores fishing the eyes (M115d): 52.
    fn fishing_the_eyes(pair: bool) -> HandLog {
        let seat = |c: &str| (0..4).position(|p| "ESWN".as_bytes()[p] == c.as_bytes()[0]);
        let discards = "E:3B S:EW W:6B N:EW E:NW S:9B W:WW N:1D E:WW S:2D W:1D N:3C E:5D W:SW \
            N:NW E:WD S:NW W:9B N:WD E:RD S:4C W:RD N:9C E:3B S:2D W:NW N:WW E:9C S:7D W:1D \
            N:3D E:7D S:7D W:6B N:4D E:WW S:7B W:4D N:6D E:3D S:1B W:2D N:6C E:2C W:1C N:3D \
            E:8D S:1C W:4C N:6C";
        let east = if pair {
            "2B 3B 4B 7B 8B 9B 6C 7C 8C"
        } else {
            "2B 3B 4B 7B 8B 9B 6C 6C 6C 7C 8C"
        };
        HandLog {
            winds: [Wind::East, Wind::South, Wind::West, Wind::North].map(Some),
            prevailing: Some(Wind::South),
            east_streak: 1,
            sets: [
                vec![set(SetKind::Chow, "4C", "6C")],
                vec![set(SetKind::Chow, "3D", "3D")],
                vec![
                    set(SetKind::Pung, "5D", "5D"),
                    set(SetKind::Pung, "2C", "2C"),
                ],
                vec![
                    set(SetKind::Pung, "SW", "SW"),
                    set(SetKind::Chow, "4B", "6B"),
                ],
            ],
            bonus: [tiles("4S"), tiles("3S 3F"), vec![], tiles("2S 1S 2F")],
            concealed: [
                tiles(east),
                tiles("4B 5B 1C 1C 3C 4C 5C 1D 2D 3D"),
                tiles("8B 7C 8C 9C 9D 9D GD"),
                tiles("1B 2B 2B 6D 7D GD GD"),
            ],
            winning_pair: pair.then(|| (0, "6C".parse().unwrap())),
            discards: discards
                .split_whitespace()
                .map(|d| (seat(d).unwrap(), d[2..].parse().unwrap()))
                .collect(),
            win: Some(AuditWin {
                player: 0,
                tile: "6C".parse().unwrap(),
                from: "discard",
                supplier: Some(3),
                last_tile: false,
            }),
            cannon: None,
            cannon_late: false,
            theirs: [52, 8, 4, 36].map(|s| Some((s, String::new()))),
        }
    }

    #[test]
    fn a_claimed_winning_pair_is_the_winning_set() {
        let ruleset = Ruleset::preset("bradfield").unwrap();
        let settlement = [312, -128, -140, -44];
        let a = fishing_the_eyes(true).audit(&ruleset, settlement).unwrap();
        assert_eq!(a.ours, Ok([52, 8, 4, 36]));
        assert_eq!(a.our_settlement, Some(settlement));
        assert!(a.agrees());
        // With the pair among the concealed tiles, the earlier chow was taken for the set
        // the win completed: 48, as the audit had it before.
        let b = fishing_the_eyes(false).audit(&ruleset, settlement).unwrap();
        assert_eq!(b.ours, Ok([48, 8, 4, 36]));
        assert!(!b.agrees());
    }
}
