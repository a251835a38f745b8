//! The settlement of the Malaysian three-player game (MY3-PAY, MY3-L3, MY3-I, MY3-J9,
//! MY3-P6): the win paid from the base B, then the instant payments the table shows.

use super::score::{bite_units, instant_payments, BITE_UNIT, JOKER_SIDE_PAYMENT};
use super::MalaysianOptions;
use crate::score::{Payments, SeatScore};
use crate::table::{Table, WinFrom};

/// What each seat pays each other seat, gathered before it becomes [`Payments`] (one
/// transfer per ordered pair of seats).
struct Ledger([[u64; 3]; 3]);

impl Ledger {
    fn pay(&mut self, from: usize, to: usize, amount: u64) {
        if from != to && from < 3 && to < 3 {
            self.0[from][to] += amount;
        }
    }

    /// Every opponent of `to` among the `seats` pays `amount`.
    fn each(&mut self, seats: usize, to: usize, amount: u64) {
        for from in 0..seats {
            self.pay(from, to, amount);
        }
    }
}

/// MY3-PAY2–PAY5 with MY3-L3, then MY3-I1–I4 (MY3-X3), I6 and J9 by their options. The
/// winner is paid from B (his `score`): on a self-draw 2B from each opponent; on a discard
/// (or a robbed kong, MY3-PAY4, the robbed player the discarder; paid as a self-draw with
/// `robbed_kong_as_discard` off) 2B from the discarder and B from the other (3B from the
/// discarder alone with `shooter_pays_all`); `dealer_double` doubles what passes between the
/// dealer and another seat; a liable seat (`cannon`, MY3-L3) pays all of it alone. A drawn
/// hand pays only the instant payments (MY3-P6).
pub fn settle_malaysian(table: &Table, scores: &[SeatScore; 4], o: &MalaysianOptions) -> Payments {
    let win = match (table.winner, table.win) {
        // MY3-PAY4: a robbed kong is a discard, or (off) paid as a self-draw.
        (Some(w), Some(win)) if win.from == WinFrom::RobbedKong && !o.robbed_kong_as_discard => {
            Some(Paid {
                winner: w,
                self_drawn: true,
                supplier: None,
            })
        }
        (Some(w), Some(win)) => Some(Paid {
            winner: w,
            self_drawn: win.self_drawn(),
            supplier: win.supplier,
        }),
        _ => None,
    };
    settle_with(table, win, scores, o)
}

/// The settlement of a win by `seat`'s hand as dealt (MY3-J6): paid as a self-drawn win,
/// with the instant payments `table` shows.
pub(super) fn settle_dealt_win(
    table: &Table,
    seat: usize,
    scores: &[SeatScore; 4],
    o: &MalaysianOptions,
) -> Payments {
    let win = Paid {
        winner: seat,
        self_drawn: true,
        supplier: None,
    };
    settle_with(table, Some(win), scores, o)
}

/// How a win is paid: by whom it was won and how.
#[derive(Copy, Clone)]
struct Paid {
    winner: usize,
    self_drawn: bool,
    supplier: Option<usize>,
}

fn settle_with(
    table: &Table,
    win: Option<Paid>,
    scores: &[SeatScore; 4],
    o: &MalaysianOptions,
) -> Payments {
    let seats = table.seats.min(3);
    let mut ledger = Ledger([[0; 3]; 3]);
    if let Some(win) = win {
        let w = win.winner;
        let b = scores[w].score;
        let mut owed = [0u64; 3];
        for (i, owe) in owed.iter_mut().enumerate().take(seats) {
            if i == w {
                continue;
            }
            let amount = if win.self_drawn {
                2 * b
            } else if win.supplier == Some(i) {
                if o.shooter_pays_all {
                    3 * b
                } else {
                    2 * b
                }
            } else if o.shooter_pays_all {
                0
            } else {
                b
            };
            let dealer = o.dealer_double && (i == 0 || w == 0);
            *owe = if dealer { 2 * amount } else { amount };
        }
        match table.cannon {
            Some(c) => ledger.pay(c, w, owed.iter().sum()),
            None => {
                for (i, &owe) in owed.iter().enumerate() {
                    ledger.pay(i, w, owe);
                }
            }
        }
    }
    let (instant, n) = instant_payments(table, o.robbed_kong_refund);
    for p in &instant[..n] {
        match p.from {
            Some(from) => ledger.pay(from, p.seat, p.amount),
            None => ledger.each(seats, p.seat, p.amount),
        }
    }
    for (seat, hand) in table.hands.iter().enumerate().take(seats) {
        if o.animal_bite {
            ledger.each(seats, seat, BITE_UNIT * bite_units(hand, seat));
        }
        if o.joker_side_payment {
            let held = (hand.jokers + hand.set_jokers) as u64;
            ledger.each(seats, seat, JOKER_SIDE_PAYMENT * held);
        }
    }
    let mut p = Payments::EMPTY;
    for (from, row) in ledger.0.iter().enumerate() {
        for (to, &amount) in row.iter().enumerate() {
            p.push(from, to, amount);
        }
    }
    p
}
