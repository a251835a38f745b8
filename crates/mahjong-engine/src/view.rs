//! What one player may know: his own concealed tiles and everything public. Never another
//! player's concealed tiles, never the wall.

use mahjong_hands::MeldKind;
use mahjong_tiles::{Tile, Wind};
use serde::{Deserialize, Serialize};

use crate::hand::{Hand, PhaseView};
use crate::protocol::{Action, SetKind};

/// A declared set as everybody sees it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublicSet {
    /// Kind.
    pub kind: SetKind,
    /// Lowest tile.
    pub tile: Tile,
    /// Formed with a claimed tile.
    pub exposed: bool,
}

/// One player's public side of the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublicSeat {
    /// Seat wind.
    pub wind: Wind,
    /// Declared sets.
    pub sets: Vec<PublicSet>,
    /// Flowers and seasons.
    pub bonus: Vec<Tile>,
    /// Discards, oldest first, with whether each was claimed.
    pub discards: Vec<(Tile, bool)>,
    /// How many concealed tiles he holds.
    pub concealed_count: usize,
    /// Original Call declared.
    pub original_call: bool,
}

/// Everything one player may know now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    /// Whose view.
    pub player: usize,
    /// Number of players.
    pub seats: usize,
    /// Hand number in the game.
    pub hand: u32,
    /// The player who is East.
    pub dealer: usize,
    /// Prevailing wind.
    pub prevailing: Wind,
    /// The player's seat wind.
    pub wind: Wind,
    /// The player's concealed tiles, sorted.
    pub concealed: Vec<Tile>,
    /// The tile just drawn, on the player's own turn.
    pub drawn: Option<Tile>,
    /// Every player's public side, by player.
    pub public: Vec<PublicSeat>,
    /// Tiles left in the live wall.
    pub live_wall: usize,
    /// What the hand waits for.
    pub phase: PhaseView,
    /// The player's legal actions now.
    pub legal: Vec<Action>,
    /// Cumulative totals by player before this hand.
    pub totals: Vec<i64>,
}

impl Hand {
    /// The view of one player.
    pub fn view(&self, player: usize, totals: &[i64]) -> SeatView {
        let public = self
            .players()
            .iter()
            .enumerate()
            .map(|(q, st)| PublicSeat {
                wind: self.wind_of(q),
                sets: st
                    .melds
                    .iter()
                    .map(|m| PublicSet {
                        kind: match m.kind {
                            MeldKind::Chow => SetKind::Chow,
                            MeldKind::Kong(k) => SetKind::Kong(k),
                            _ => SetKind::Pung,
                        },
                        tile: m.first(),
                        exposed: m.exposed,
                    })
                    .collect(),
                bonus: st.bonus.clone(),
                discards: st.discards.clone(),
                concealed_count: st.concealed.len(),
                original_call: st.original_call,
            })
            .collect();
        let setup = self.setup();
        SeatView {
            player,
            seats: self.seats(),
            hand: setup.number,
            dealer: setup.dealer,
            prevailing: setup.prevailing,
            wind: self.wind_of(player),
            concealed: self.players()[player].concealed.clone(),
            drawn: self.drawn(player),
            public,
            live_wall: self.live_remaining(),
            phase: self.phase_view(),
            legal: self.legal_actions(player),
            totals: totals.to_vec(),
        }
    }
}
