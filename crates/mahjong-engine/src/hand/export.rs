//! A finished hand written as a table (`docs/formats/table-json.md`), for `mahjong replay
//! --tables`: every seat's sets, concealed and bonus tiles, every discard in order, and each
//! exposed chow's claimed tile, so that scoring the table gives the hand's result again with
//! nothing left to infer (`docs/rules/only-place.md`).

use std::collections::BTreeMap;

use mahjong_hands::Counts;
use mahjong_hands::{KongKind, MeldKind};
use mahjong_rules::{
    BonusGroup, PlayHooks, Riichi, SeatInput, SetInput, SetKindInput, TableInput, WinInput,
};
use mahjong_tiles::{Tile, Wind, KINDS};

use super::{Hand, HandResult};

impl Hand {
    /// The finished hand as a table, or `None` while it is in play or when it was won by
    /// the hand as dealt (MY3-J6, which a table cannot write: MY3-X7). A washout is a
    /// table with no winner. A claimed winning tile is written in the exposed set it
    /// completed as scored (M113), marked `winning`; a drawn one among the concealed tiles.
    pub fn table_input(&self) -> Option<TableInput> {
        let result = self.result.as_ref()?;
        if result.winner.is_some() && result.win.is_none() {
            return None;
        }
        let ruleset = &self.setup.ruleset;
        let winds = ruleset.seat_winds();
        let letter = |player: usize| winds[self.pos_of(player)].letter().to_string();
        let (name, options) = ruleset.table_form();
        let facts = result.facts.as_deref();
        let instant = self.hooks.instant_payments();
        let mut seats = BTreeMap::new();
        for (q, me) in self.players.iter().enumerate() {
            let mut concealed: Vec<Tile> = me.concealed().iter().copied().collect();
            let mut sets: Vec<SetInput> = me
                .melds
                .iter()
                .zip(&me.meld_info)
                .map(|(m, info)| {
                    let mut tiles: Vec<Tile> = m.tiles().collect();
                    // Red fives (K3-O red_dora) stand in for plain fives.
                    let mut reds = info.reds;
                    for t in tiles.iter_mut().filter(|t| t.rank() == Some(5)) {
                        if reds == 0 {
                            break;
                        }
                        *t = Tile::red_five(t.suit().expect("a five is suited"));
                        reds -= 1;
                    }
                    // Jokers (MY3-X2) in place of the tiles they stand for.
                    let mut jokers = info.jokers;
                    if let Some(t) = info.joker_for {
                        if let Some(x) = tiles.iter_mut().find(|x| **x == t) {
                            *x = Tile::JOKER;
                            jokers -= 1;
                        }
                    }
                    // A pung's jokers: its last tiles (the first is natural, MY3-J2).
                    for x in tiles.iter_mut().rev().take(jokers as usize) {
                        *x = Tile::JOKER;
                    }
                    let (kind, exposed, kong) = match m.kind {
                        MeldKind::Chow => (SetKindInput::Chow, Some(m.exposed), None),
                        MeldKind::Pung => (SetKindInput::Pung, Some(m.exposed), None),
                        MeldKind::Pair => (SetKindInput::Pair, Some(m.exposed), None),
                        MeldKind::Kong(k) => (SetKindInput::Kong, None, Some(k)),
                    };
                    SetInput {
                        kind,
                        tiles,
                        exposed,
                        kong,
                        winning: false,
                        // Only a chow's claimed tile is not its kind (rule 5); a claimed
                        // joker (MY3-J7) is written where it stands.
                        claimed: info
                            .claimed
                            .filter(|t| m.kind == MeldKind::Chow && !t.is_joker()),
                        // MY3-X3: the discarder of a claimed kong, who pays for it.
                        supplier: info
                            .supplier
                            .filter(|_| instant && m.kind == MeldKind::Kong(KongKind::Claimed))
                            .map(|s| letter(s as usize)),
                    }
                })
                .collect();
            if result.winner == Some(q) {
                if let Some(set) = self.winning_set(result, &mut concealed) {
                    sets.push(set);
                }
            }
            seats.insert(
                letter(q),
                SeatInput {
                    sets,
                    concealed,
                    bonus: me.bonus.clone(),
                    ready: me.original_call,
                    riichi: facts.map_or(Riichi::None, |f| f.riichi[self.pos_of(q)]),
                    opening_bonus_groups: BonusGroup::ALL
                        .into_iter()
                        .filter(|g| me.opening_groups & g.bit() != 0)
                        .collect(),
                },
            );
        }
        let win = result.win.map(|w| WinInput {
            tile: w.tile,
            from: w.from,
            supplier: w.supplier.map(|s| winds[s].letter().to_string()),
            last_tile: w.last_tile,
            original_call: w.original_call,
            kong_upon_kong: w.kong_upon_kong,
            heaven: w.heaven,
            earth: w.earth,
            ippatsu: w.ippatsu,
        });
        Some(TableInput {
            ruleset: name,
            options,
            prevailing_wind: Wind::letter(self.setup.prevailing).to_string(),
            east_consecutive_wins: self.setup.east_streak,
            winner: Some(result.winner.map(letter)),
            win,
            discards: self
                .discard_log
                .iter()
                .map(|&(p, t)| format!("{}:{}", letter(p as usize), t.code()))
                .collect(),
            cannon: result.cannon.map(letter),
            seats,
            goulash: self.setup.goulash,
            // A family that lists its indicators (J3) does not use the single one (K3-O).
            dora_indicator: self
                .dora_indicator()
                .filter(|_| facts.is_none_or(|f| f.dora_indicators == [0; KINDS])),
            dora_indicators: facts.map_or(vec![], |f| tiles_of(&f.dora_indicators)),
            ura_indicators: facts.map_or(vec![], |f| tiles_of(&f.ura_indicators)),
            riichi_pot: facts.map_or(0, |f| f.pot),
            honba: facts.map_or(0, |f| f.honba),
        })
    }

    /// The exposed set a claimed winning tile completed (taken out of `concealed`), or
    /// `None` for a drawn tile or a hand that is not four sets and a pair.
    fn winning_set(&self, result: &HandResult, concealed: &mut Vec<Tile>) -> Option<SetInput> {
        let win = result.win.filter(|w| !w.self_drawn())?;
        let winner = result.winner?;
        let m = result.outcome.scores[self.pos_of(winner)].completed?;
        if m.is_kong() {
            return None;
        }
        let mut rest = concealed.clone();
        let mut tiles = Vec::with_capacity(3);
        for k in m.tiles().filter_map(|t| t.kind()) {
            // The winning tile itself (perhaps a red five), then the same kind as held.
            let i = if k == win.kind && !tiles.contains(&win.tile) {
                rest.iter().position(|&t| t == win.tile)
            } else {
                None
            }
            .or_else(|| rest.iter().position(|t| t.kind() == Some(k)))?;
            tiles.push(rest.remove(i));
        }
        *concealed = rest;
        let kind = match m.kind {
            MeldKind::Chow => SetKindInput::Chow,
            MeldKind::Pung => SetKindInput::Pung,
            _ => SetKindInput::Pair,
        };
        Some(SetInput {
            kind,
            tiles,
            exposed: Some(true),
            kong: None,
            winning: true,
            claimed: None,
            supplier: None,
        })
    }
}

/// The tiles counted by kind, in kind order.
fn tiles_of(c: &Counts) -> Vec<Tile> {
    (0..KINDS)
        .flat_map(|k| std::iter::repeat_n(Tile::from_kind(k), c[k] as usize))
        .collect()
}
