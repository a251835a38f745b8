//! What one player may know: his own concealed tiles and everything public. Never another
//! player's concealed tiles, never the wall.

use mahjong_hands::MeldKind;
use mahjong_tiles::{Tile, Wind};
use serde::{Deserialize, Serialize};

use crate::hand::{Hand, PhaseView};
use crate::protocol::{Action, SetKind};

/// A declared set as everybody sees it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PublicSet {
    /// Kind.
    pub kind: SetKind,
    /// Lowest tile.
    pub tile: Tile,
    /// Formed with a claimed tile.
    pub exposed: bool,
    /// Jokers among its tiles (MY3-J2).
    #[serde(default, skip_serializing_if = "is_zero")]
    #[cfg_attr(feature = "ts", ts(as = "Option<u8>", optional))]
    pub jokers: u8,
    /// The tile a chow's joker stands for (a pung's stand for its tile).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub joker_for: Option<Tile>,
}

/// Serde: a set without jokers says nothing of them.
fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// One player's public side of the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
    /// A calling hand declared (KJ-S10; only where the family asks for it).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "ts", ts(as = "Option<bool>", optional))]
    pub calling: bool,
    /// Points he has staked in this hand (J3-S10: a riichi stick, in the pot until the
    /// hand is settled): his points now are the starting score plus his total less this.
    #[serde(default, skip_serializing_if = "no_stake")]
    #[cfg_attr(feature = "ts", ts(as = "Option<u64>", optional))]
    pub staked: u64,
}

fn no_stake(n: &u64) -> bool {
    *n == 0
}

/// Everything one player may know now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
    /// What each player started the game with (J3: 35,000 points; 0 where the totals are
    /// net results): a player's points are this plus his total.
    #[serde(default)]
    pub starting_score: i64,
    /// Points in the pot: carried from earlier hands and staked in this one (J3 riichi
    /// sticks), for the next winner.
    #[serde(default)]
    pub pot: u64,
    /// The player is ready but may not win on a discard now (J3-T7 furiten).
    #[serde(default)]
    pub furiten: bool,
}

impl SeatView {
    /// An empty view, to be filled by [`Hand::view_into`].
    pub fn empty() -> SeatView {
        SeatView {
            player: 0,
            seats: 0,
            hand: 0,
            dealer: 0,
            prevailing: Wind::East,
            wind: Wind::East,
            concealed: vec![],
            drawn: None,
            public: vec![],
            live_wall: 0,
            phase: PhaseView::Over,
            legal: vec![],
            totals: vec![],
            starting_score: 0,
            pot: 0,
            furiten: false,
        }
    }
}

impl Hand {
    /// The view of one player.
    pub fn view(&self, player: usize, totals: &[i64]) -> SeatView {
        let mut v = SeatView::empty();
        self.view_into(player, totals, &mut v);
        v
    }

    /// The view of one player written into `out`, reusing its buffers.
    pub fn view_into(&self, player: usize, totals: &[i64], out: &mut SeatView) {
        let setup = self.setup();
        out.public.resize_with(self.seats(), || PublicSeat {
            wind: Wind::East,
            sets: vec![],
            bonus: vec![],
            discards: vec![],
            concealed_count: 0,
            original_call: false,
            calling: false,
            staked: 0,
        });
        for (q, (st, seat)) in self.players().iter().zip(out.public.iter_mut()).enumerate() {
            seat.wind = self.wind_of(q);
            seat.sets.clear();
            seat.sets.extend(
                st.melds
                    .iter()
                    .zip(&st.meld_info)
                    .map(|(m, info)| PublicSet {
                        kind: match m.kind {
                            MeldKind::Chow => SetKind::Chow,
                            MeldKind::Kong(k) => SetKind::Kong(k),
                            _ => SetKind::Pung,
                        },
                        tile: m.first(),
                        exposed: m.exposed,
                        jokers: info.jokers,
                        joker_for: info.joker_for,
                    }),
            );
            seat.bonus.clear();
            seat.bonus.extend_from_slice(&st.bonus);
            seat.discards.clear();
            seat.discards.extend_from_slice(&st.discards);
            seat.concealed_count = st.concealed_len();
            seat.original_call = st.original_call;
            seat.calling = st.calling;
            seat.staked = 0;
        }
        out.player = player;
        out.seats = self.seats();
        out.hand = setup.number;
        out.dealer = setup.dealer;
        out.prevailing = setup.prevailing;
        out.wind = self.wind_of(player);
        out.concealed.clear();
        out.concealed
            .extend_from_slice(&self.players()[player].concealed());
        out.drawn = self.drawn(player);
        out.live_wall = self.live_remaining();
        out.phase = self.phase_view();
        out.legal.clear();
        // Written from the bit sets: the cached list (`Hand::legal`) is for those who ask.
        self.legal_set(player).extend_into(&mut out.legal);
        out.totals.clear();
        out.totals.extend_from_slice(totals);
        out.starting_score = setup.ruleset.starting_score();
        out.pot = self.pot();
        if out.pot > setup.pot {
            // Somebody staked in this hand (rare: the seats above say 0 until then).
            let mut staked = [0; 4];
            self.staked_into(&mut staked[..out.seats]);
            for (seat, s) in out.public.iter_mut().zip(staked) {
                seat.staked = s;
            }
        }
        out.furiten = self.furiten(player);
    }
}
