//! The result JSON of `mahjong score --json` (`shared/formats/table-json.md`, Output).

use std::collections::BTreeMap;

use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Serialize};

use mahjong_tiles::{Tile, Wind};

use crate::{Item, Outcome, ScoreFields, SeatScore};

/// The result of one table as the public JSON shape. It writes the JSON straight from the
/// [`Outcome`] (no allocation per item); [`ScoreResult`] is the same shape as types.
pub struct ScoreJson<'a>(pub &'a Outcome);

/// The result JSON of `mahjong score --json` and `POST /api/score` as types: what a client
/// reads back, and the TypeScript declarations of the web client. A test checks that
/// [`ScoreJson`] always reads back into it and writes out the same.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ScoreResult {
    /// Each seat's score, by seat wind.
    pub seats: BTreeMap<Wind, ScoreSeat>,
    /// Each seat's net result, by seat wind.
    pub settlement: BTreeMap<Wind, i64>,
    /// The payments between seats, in the order the settlement makes them (a pot carried
    /// from earlier hands is in the settlement only).
    pub payments: Vec<ScorePayment>,
}

/// One seat's score in a [`ScoreResult`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ScoreSeat {
    /// Points before doubles (hand-points in the three-player game).
    pub points: u64,
    /// Doubles (bonus-points in the three-player game).
    pub doubles: u64,
    /// The hand's han (Japanese three-player game only; 0 for a loser and a yakuman hand).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub han: Option<u64>,
    /// Yakuman, 0–3 after the cap (Japanese three-player game only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub yakuman: Option<u64>,
    /// The hand's fan (Malaysian three-player game only, MY3-X8: the winner's capped fan,
    /// 0 for a loser).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub fan: Option<u64>,
    /// The limit hand or cap that set the score, by rule id.
    pub limit: Option<String>,
    /// The score.
    pub score: u64,
    /// The scored items.
    pub items: Vec<ScoreItem>,
}

/// One scored item in a [`ScoreSeat`]: its rule id and English name, and what it adds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ScoreItem {
    /// Rule id, e.g. `M116d`.
    pub rule: String,
    /// The rule's English name.
    pub name: String,
    /// Points (left out when 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub points: Option<u64>,
    /// Doubles (left out when 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub doubles: Option<u64>,
    /// A limit hand (left out when not).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub limit: Option<bool>,
    /// The tile of the set or bonus tile.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub tile: Option<Tile>,
}

/// One payment in a [`ScoreResult`], between seat winds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ScorePayment {
    /// Who pays.
    pub from: Wind,
    /// Who receives.
    pub to: Wind,
    /// How much.
    pub amount: u64,
}

struct SeatJson<'a>(&'a SeatScore, ScoreFields);
struct ItemJson<'a>(&'a Item);
struct BySeat<'a, T>(usize, &'a [Wind; 4], &'a [T; 4]);

impl Serialize for ScoreJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let o = self.0;
        let mut m = s.serialize_map(Some(3))?;
        let seats: [SeatJson; 4] = [0, 1, 2, 3].map(|i| SeatJson(&o.scores[i], o.fields));
        m.serialize_entry("seats", &BySeat(o.seats, &o.winds, &seats))?;
        m.serialize_entry("settlement", &BySeat(o.seats, &o.winds, &o.settlement))?;
        let payments: Vec<_> = o
            .payments
            .as_slice()
            .iter()
            // Transfers between seats; one from outside the table (a pot) is in the
            // settlement only.
            .filter(|p| p.from < o.seats && p.to < o.seats)
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
        let extra = match self.1 {
            ScoreFields::Plain => 0,
            ScoreFields::HanYakuman => 2,
            ScoreFields::Fan => 1,
        };
        let mut m = s.serialize_map(Some(5 + extra))?;
        m.serialize_entry("points", &sc.points)?;
        m.serialize_entry("doubles", &sc.doubles)?;
        match self.1 {
            ScoreFields::Plain => {}
            ScoreFields::HanYakuman => {
                m.serialize_entry("han", &sc.points)?;
                m.serialize_entry("yakuman", &sc.doubles)?;
            }
            ScoreFields::Fan => m.serialize_entry("fan", &sc.points)?,
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{score_input, TableInput};

    /// Every example table's result, and a sample of generated ones, reads back into
    /// [`ScoreResult`] and writes out the same JSON.
    #[test]
    fn score_json_reads_back_into_score_result() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples");
        let mut inputs: Vec<TableInput> = vec![];
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "json") {
                let text = std::fs::read_to_string(&path).unwrap();
                inputs.push(serde_json::from_str(&text).unwrap());
            }
        }
        assert!(inputs.len() >= 4, "the examples are there");
        let mut checked = 0;
        for input in &inputs {
            let (_, _, outcome) = score_input(input).unwrap();
            let written = serde_json::to_value(ScoreJson(&outcome)).unwrap();
            let typed: ScoreResult = serde_json::from_value(written.clone())
                .unwrap_or_else(|e| panic!("{e}: {written}"));
            assert_eq!(serde_json::to_value(&typed).unwrap(), written);
            assert!(typed.seats.values().any(|s| !s.items.is_empty()));
            checked += 1;
        }
        assert_eq!(checked, inputs.len());
    }

    /// `ScoreFields::Fan` adds each seat's `fan` (its points, MY3-X8); the other fields
    /// leave it out.
    #[test]
    fn fan_is_each_seats_points() {
        let mut o = Outcome::EMPTY;
        o.seats = 3;
        o.scores[0].points = 7;
        o.scores[0].score = 140;
        o.fields = ScoreFields::Fan;
        let written = serde_json::to_value(ScoreJson(&o)).unwrap();
        assert_eq!(written["seats"]["E"]["fan"], 7);
        assert_eq!(written["seats"]["S"]["fan"], 0);
        assert!(written["seats"]["E"].get("han").is_none());
        let typed: ScoreResult = serde_json::from_value(written.clone()).unwrap();
        assert_eq!(typed.seats[&Wind::East].fan, Some(7));
        assert_eq!(serde_json::to_value(&typed).unwrap(), written);
        for fields in [ScoreFields::Plain, ScoreFields::HanYakuman] {
            o.fields = fields;
            let written = serde_json::to_value(ScoreJson(&o)).unwrap();
            assert!(written["seats"]["E"].get("fan").is_none(), "{fields:?}");
        }
    }
}
