//! The result JSON of `mahjong score --json` (`shared/formats/table-json.md`, Output).

use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

use mahjong_tiles::Wind;

use crate::{Item, Outcome, SeatScore};

/// The result of one table as the public JSON shape.
pub struct ScoreJson<'a>(pub &'a Outcome);

struct SeatJson<'a>(&'a SeatScore);
struct ItemJson<'a>(&'a Item);
struct BySeat<'a, T>(usize, &'a [Wind; 4], &'a [T; 4]);

impl Serialize for ScoreJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let o = self.0;
        let mut m = s.serialize_map(Some(3))?;
        let seats: [SeatJson; 4] = [0, 1, 2, 3].map(|i| SeatJson(&o.scores[i]));
        m.serialize_entry("seats", &BySeat(o.seats, &o.winds, &seats))?;
        m.serialize_entry("settlement", &BySeat(o.seats, &o.winds, &o.settlement))?;
        let payments: Vec<_> = o
            .payments
            .as_slice()
            .iter()
            .map(|p| {
                serde_json::json!({
                    "from": o.winds[p.from].letter().to_string(),
                    "to": o.winds[p.to].letter().to_string(),
                    "amount": p.amount,
                })
            })
            .collect();
        m.serialize_entry("payments", &payments)?;
        m.end()
    }
}

impl<T: Serialize> Serialize for BySeat<'_, T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.0))?;
        for (i, v) in self.2.iter().enumerate().take(self.0) {
            m.serialize_entry(&self.1[i].letter(), v)?;
        }
        m.end()
    }
}

impl Serialize for SeatJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let sc = self.0;
        let mut m = s.serialize_map(Some(5))?;
        m.serialize_entry("points", &sc.points)?;
        m.serialize_entry("doubles", &sc.doubles)?;
        m.serialize_entry("limit", &sc.limit.map(|r| r.id))?;
        m.serialize_entry("score", &sc.score)?;
        let items: Vec<ItemJson> = sc.items.as_slice().iter().map(ItemJson).collect();
        m.serialize_entry("items", &items)?;
        m.end()
    }
}

impl Serialize for ItemJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let it = self.0;
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("rule", it.rule.id)?;
        m.serialize_entry("name", it.rule.name)?;
        if it.points > 0 {
            m.serialize_entry("points", &it.points)?;
        }
        if it.doubles > 0 {
            m.serialize_entry("doubles", &it.doubles)?;
        }
        if it.limit {
            m.serialize_entry("limit", &true)?;
        }
        if let Some(t) = it.tile {
            m.serialize_entry("tile", t.code())?;
        }
        m.end()
    }
}
