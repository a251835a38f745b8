//! Score results: each seat's items (with rule ids), value, and the settlement.

use mahjong_tiles::{Tile, Wind};

/// A rule: its id in the specs (`M114b`) and its English name.
#[derive(Debug, PartialEq, Eq)]
pub struct Rule {
    /// The rule id, e.g. `M117c`.
    pub id: &'static str,
    /// The rule's name.
    pub name: &'static str,
    /// Sort key: the rule number, then its letter (`M29` < `M114a` < `M117c`).
    pub order: u16,
    /// Game records carry an item's name with its id, and the simulate summary a limit's:
    /// the id has catalogue variants that an item's tile and points do not tell apart
    /// (J3-S8's Bazoro and dora, J3-P's payment bands).
    pub named: bool,
}

impl Rule {
    /// A rule with its sort key derived from the id.
    pub const fn new(id: &'static str, name: &'static str) -> Rule {
        Rule {
            id,
            name,
            order: Rule::order_of(id),
            named: false,
        }
    }

    /// The rule, with its name carried by game records ([`Rule::named`]).
    pub const fn named(self) -> Rule {
        Rule {
            named: true,
            ..self
        }
    }

    /// The sort key of an id such as `M114b` (number × 32 + letter, a = 1) or `W-P4`
    /// (family letters after a dash: points, bonuses, flowers, multipliers, limits,
    /// settlement, game, in that order, then the number). Three-player ids `K3-HP1` sort
    /// hand-points, bonus-points, options, limits, settlement, match, then the play rules.
    pub const fn order_of(id: &str) -> u16 {
        let b = id.as_bytes();
        let mut i = 0;
        let mut category: u16 = 0;
        if b.len() > 3 && b[0] == b'K' && b[1] == b'3' && b[2] == b'-' {
            // The family's first letter: HP, BP, O, L, S, M, T, D, P.
            let order = b"HBOLSMTDP";
            let mut j = 0;
            while j < order.len() {
                if order[j] == b[3] {
                    category = j as u16 + 1;
                }
                j += 1;
            }
            i = 3;
            while i < b.len() && !b[i].is_ascii_digit() {
                i += 1;
            }
        }
        while i < b.len() && !b[i].is_ascii_digit() {
            if i > 0 && b[i - 1] == b'-' {
                let order = b"PBFDLSGMOTHY";
                let mut j = 0;
                while j < order.len() {
                    if order[j] == b[i] {
                        category = j as u16 + 1;
                    }
                    j += 1;
                }
            }
            i += 1;
        }
        let mut n: u16 = 0;
        while i < b.len() && b[i].is_ascii_digit() {
            n = n * 10 + (b[i] - b'0') as u16;
            i += 1;
        }
        let letter = if i < b.len() && b[i].is_ascii_lowercase() {
            (b[i] - b'a' + 1) as u16
        } else {
            0
        };
        category * 4096 + n * 32 + letter
    }
}

/// One scoring element of a seat's hand.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Item {
    /// The rule that awards it.
    pub rule: &'static Rule,
    /// Basic points it adds.
    pub points: u16,
    /// Doubles it adds.
    pub doubles: u8,
    /// It is a limit hand.
    pub limit: bool,
    /// The tile of the set or bonus tile it scores, where there is one.
    pub tile: Option<Tile>,
}

const MAX_ITEMS: usize = 48;

/// A seat's items, in a fixed buffer (scoring never allocates).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Items {
    buf: [Item; MAX_ITEMS],
    len: u8,
}

static NONE: Rule = Rule::new("", "");

impl Items {
    /// No items.
    pub const EMPTY: Items = Items {
        buf: [Item {
            rule: &NONE,
            points: 0,
            doubles: 0,
            limit: false,
            tile: None,
        }; MAX_ITEMS],
        len: 0,
    };

    /// Removes every item.
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Adds an item (silently dropped past the buffer, which no legal hand reaches).
    pub fn push(&mut self, item: Item) {
        if (self.len as usize) < MAX_ITEMS {
            self.buf[self.len as usize] = item;
            self.len += 1;
        }
    }

    /// Keeps the first `len` items (a scorer dropping what it added for a choice it then
    /// rejected).
    pub fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len.min(MAX_ITEMS) as u8);
    }

    /// Orders the items by rule id (`M29` < `M114a` < `M117c`), keeping the order of items
    /// of the same rule.
    pub fn sort_by_rule(&mut self) {
        let items = &mut self.buf[..self.len as usize];
        // Scorers add items in rule order nearly always; check before sorting.
        if !items.is_sorted_by_key(|it| it.rule.order) {
            items.sort_by_key(|it| it.rule.order);
        }
    }

    /// The items.
    pub fn as_slice(&self) -> &[Item] {
        &self.buf[..self.len as usize]
    }
}

/// One seat's score.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SeatScore {
    /// Basic points.
    pub points: u64,
    /// Doubles.
    pub doubles: u32,
    /// The limit hand (M122…), or M119 when the hand was capped at the limit.
    pub limit: Option<&'static Rule>,
    /// Value after doubling and the limit.
    pub score: u64,
    /// Every scoring element.
    pub items: Items,
    /// The winner's set that the winning tile completed, as scored (classical and western
    /// winners of a regular hand of four sets and a pair; exposed when the tile was claimed,
    /// M113).
    pub completed: Option<mahjong_hands::Meld>,
}

impl SeatScore {
    /// A seat that scores nothing.
    pub const ZERO: SeatScore = SeatScore {
        points: 0,
        doubles: 0,
        limit: None,
        score: 0,
        items: Items::EMPTY,
        completed: None,
    };
}

/// One transfer between two seats.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Payment {
    /// Paying seat.
    pub from: usize,
    /// Receiving seat.
    pub to: usize,
    /// Amount.
    pub amount: u64,
}

/// A payment a family makes during play, as it happens (MY3-I: kongs, completed bonus
/// groups), between the table's seats. The hand's settlement includes it too.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct InstantPayment {
    /// The rule it is paid under.
    pub rule: &'static Rule,
    /// Paying seat.
    pub from: usize,
    /// Receiving seat.
    pub to: usize,
    /// Amount.
    pub amount: u64,
}

/// The payments of one hand (at most one per pair of seats).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Payments {
    buf: [Payment; 6],
    len: u8,
}

impl Payments {
    /// No payments.
    pub const EMPTY: Payments = Payments {
        buf: [Payment {
            from: 0,
            to: 0,
            amount: 0,
        }; 6],
        len: 0,
    };

    /// Records a payment; zero amounts are not recorded.
    pub fn push(&mut self, from: usize, to: usize, amount: u64) {
        if amount > 0 {
            self.buf[self.len as usize] = Payment { from, to, amount };
            self.len += 1;
        }
    }

    /// The payments.
    pub fn as_slice(&self) -> &[Payment] {
        &self.buf[..self.len as usize]
    }

    /// Each seat's net result.
    pub fn net(&self, seats: usize) -> [i64; 4] {
        let mut net = [0i64; 4];
        for p in self.as_slice() {
            net[p.from] -= p.amount as i64;
            net[p.to] += p.amount as i64;
        }
        for n in &mut net[seats..] {
            *n = 0;
        }
        net
    }
}

/// The result of scoring a table: every seat's score and the settlement.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Number of seats.
    pub seats: usize,
    /// Each seat's score, by seat wind index.
    pub scores: [SeatScore; 4],
    /// Each seat's net result.
    pub settlement: [i64; 4],
    /// The individual transfers.
    pub payments: Payments,
    /// Each seat's wind (seat index 0 is East): `E S W N`, or the ruleset's three.
    pub winds: [Wind; 4],
    /// The extra per-seat fields of the result JSON.
    pub fields: ScoreFields,
}

/// Extra per-seat fields a family's result JSON carries (`table-json.md`), beside
/// `points`, `doubles`, `limit`, `score` and `items`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum ScoreFields {
    /// None.
    #[default]
    Plain,
    /// `han` (the seat's `points`) and `yakuman` (its `doubles`): the Japanese
    /// three-player fields.
    HanYakuman,
    /// `fan` (the seat's `points`): the Malaysian three-player field (MY3-X8).
    Fan,
}

impl Outcome {
    /// An outcome with nothing scored, to be filled by [`crate::score_into`].
    pub const EMPTY: Outcome = Outcome {
        seats: 0,
        scores: [SeatScore::ZERO; 4],
        settlement: [0; 4],
        payments: Payments::EMPTY,
        winds: Wind::ALL,
        fields: ScoreFields::Plain,
    };
}

/// Declares rule statics (`NAME = "id", "name";`, or `NAME = "id", "name", named;` for a
/// rule whose name records carry) and a slice of them all.
macro_rules! rules {
    ($all:ident; $($name:ident = $id:literal, $text:literal $(, $named:ident)?;)*) => {
        $(
            #[doc = concat!("`", $id, "`: ", $text)]
            pub static $name: $crate::Rule = $crate::Rule::new($id, $text)$(.$named())?;
        )*
        /// Every rule that scoring cites, in order.
        pub static $all: &[&$crate::Rule] = &[$(&$name),*];
    };
}
pub(crate) use rules;
