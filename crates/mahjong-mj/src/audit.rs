//! Scoring audit: every hand played at mj-server written as our table JSON, scored by our
//! `bradfield` scorer and compared with the server's own `HandScore` for each player and
//! its `Settlement` — an independent Millington implementation checking ours on real hands.

use mahjong_engine::SetKind;
use mahjong_hands::KongKind;
use mahjong_rules::{Ruleset, Table, TableInput};
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
    /// the flagged hand (M90a–f), or late in the hand (M90g). The server does not say which
    /// flag it was, so any flagged hand the winner made counts.
    fn liable(&self) -> bool {
        let Some(w) = &self.win else { return false };
        let mut all = [0u8; KINDS];
        for t in self.sets[w.player]
            .iter()
            .flat_map(AuditSet::tiles)
            .chain(self.concealed[w.player].iter().copied())
        {
            if let Some(k) = t.kind() {
                all[k] += 1;
            }
        }
        // The table is scored as `bradfield`: its flagged hands.
        let flagged = Ruleset::preset("bradfield")
            .ok()
            .and_then(|r| r.discard_dangers())
            .is_some_and(|d| d.made(&all).is_some());
        self.cannon_late || flagged
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
            seats.insert(
                self.wind(p),
                json!({
                    "sets": self.sets[p].iter().map(AuditSet::json).collect::<Vec<_>>(),
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
