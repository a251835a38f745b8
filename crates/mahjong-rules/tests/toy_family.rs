//! `docs/architecture.md`, "Adding a family", followed for a toy family: a type implementing
//! `Family`, its preset file, its rules; scored and settled through the same generic path
//! the registry uses for the real families (`families::score_family`).

use mahjong_hands::Shape;
use mahjong_rules::families::{score_family, PresetFile};
use mahjong_rules::{
    Family, InputError, Item, NoHooks, Outcome, Payments, PlayRules, Rule, Ruleset, RulesetError,
    SeatScore, Table, TableInput,
};
use mahjong_tiles::{TileSet, TileSetId, Wind};
use serde::{Deserialize, Serialize};

/// Flower counting: every seat scores its bonus tiles, the winner a fixed bonus on top, and
/// each loser pays the winner the winner's score.
struct Flowers;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct FlowerOptions {
    /// Points per flower or season.
    per_flower: u16,
    /// Points for going out.
    winning: u16,
}

// Its options widen no table reading (the default).

static T1_BONUS: Rule = Rule::new("T1", "flower or season");
static T2_OUT: Rule = Rule::new("T2", "going out");
static ALL: &[&Rule] = &[&T1_BONUS, &T2_OUT];

impl Family for Flowers {
    const NAME: &'static str = "flowers";
    type Options = FlowerOptions;
    // No play rules of its own: every hook's default.
    type Play = NoHooks;

    fn presets() -> &'static [PresetFile] {
        &[PresetFile {
            name: "flowers",
            text: "name = \"flowers\"\nfamily = \"flowers\"\n[options]\nper_flower = 3\nwinning = 10\n",
        }]
    }

    fn check(o: &FlowerOptions) -> Result<(), RulesetError> {
        if o.winning == 0 {
            return Err(RulesetError::BadValue {
                name: "winning".into(),
                message: "must be at least 1".into(),
            });
        }
        Ok(())
    }

    fn seat_winds(_o: &FlowerOptions) -> &'static [Wind] {
        &Wind::ALL
    }

    fn tile_set(_o: &FlowerOptions) -> TileSet {
        TileSet::new(TileSetId::Classical)
    }

    fn play(_o: &FlowerOptions) -> PlayRules {
        Ruleset::preset("millington").unwrap().play()
    }

    fn play_hooks(_o: &FlowerOptions) -> NoHooks {
        NoHooks
    }

    fn rules() -> &'static [&'static Rule] {
        ALL
    }

    fn catalogue() -> &'static str {
        concat!(
            "[[rule]]\nid = \"T1\"\nkey = \"t1_bonus\"\nkind = \"score\"\n",
            "en = \"flower or season\"\ncs = \"květina nebo roční období\"\n",
            "pl = \"kwiat lub pora roku\"\n",
            "text.en = \"Each bonus tile scores 4 points.\"\n",
            "text.cs = \"Každý bonusový kámen má 4 body.\"\n",
            "text.pl = \"Każdy kamień premiowy daje 4 punkty.\"\n\n",
            "[[rule]]\nid = \"T2\"\nkey = \"t2_out\"\nkind = \"score\"\n",
            "en = \"going out\"\ncs = \"zavření hry\"\npl = \"zakończenie gry\"\n",
            "text.en = \"The winner scores a fixed amount.\"\n",
            "text.cs = \"Vítěz získá pevný počet bodů.\"\n",
            "text.pl = \"Zwycięzca dostaje stałą liczbę punktów.\"\n",
        )
    }

    fn score_seat(
        table: &Table,
        seat: usize,
        o: &FlowerOptions,
        _shape: &Shape,
        _name: &str,
        out: &mut SeatScore,
    ) -> Result<(), InputError> {
        *out = SeatScore::ZERO;
        let hand = &table.hands[seat];
        let bonus = (hand.flowers.count_ones() + hand.seasons.count_ones()) as u16;
        for _ in 0..bonus {
            out.items.push(Item {
                rule: &T1_BONUS,
                points: o.per_flower,
                doubles: 0,
                limit: false,
                tile: None,
            });
        }
        out.points = (bonus * o.per_flower) as u64;
        if table.winner == Some(seat) {
            out.items.push(Item {
                rule: &T2_OUT,
                points: o.winning,
                doubles: 0,
                limit: false,
                tile: None,
            });
            out.points += o.winning as u64;
        }
        out.score = out.points;
        Ok(())
    }

    fn settle(table: &Table, scores: &[SeatScore; 4], _o: &FlowerOptions) -> Payments {
        let mut p = Payments::EMPTY;
        if let Some(w) = table.winner {
            for i in (0..table.seats).filter(|&i| i != w) {
                p.push(i, w, scores[w].score);
            }
        }
        p
    }
}

#[test]
fn a_toy_family_scores_and_settles_through_the_generic_path() {
    let preset: toml::Table = toml::from_str(Flowers::presets()[0].text).unwrap();
    let o: FlowerOptions = preset["options"].clone().try_into().unwrap();
    assert_eq!(
        o,
        FlowerOptions {
            per_flower: 3,
            winning: 10
        }
    );
    Flowers::check(&o).unwrap();
    // Its catalogue names every rule it cites, in three languages.
    let entries = mahjong_rules::catalogue::parse(Flowers::NAME, Flowers::catalogue()).unwrap();
    let ids: Vec<&str> = entries.iter().map(|e| e.id.as_str()).collect();
    assert_eq!(ids, ["T1", "T2"]);
    assert_eq!(entries[1].names.pl, "zakończenie gry");
    for r in Flowers::rules() {
        assert!(
            entries.iter().any(|e| e.id == r.id && e.names.en == r.name),
            "{}",
            r.id
        );
    }
    assert!(Flowers::check(&FlowerOptions {
        winning: 0,
        ..o.clone()
    })
    .is_err());

    // South wins on the wall holding two bonus tiles; West holds one.
    let input = TableInput::from_json(
        r#"{"ruleset": "millington", "prevailing_wind": "E", "winner": "S",
            "win": {"tile": "9D", "from": "wall"},
            "seats": {
              "E": {},
              "S": {"concealed": ["1C","2C","3C","4C","5C","6C","7C","8C","9C","1D","1D","1D","9D","9D"],
                    "bonus": ["1F", "3S"]},
              "W": {"bonus": ["2F"]},
              "N": {}}}"#,
    )
    .unwrap();
    let set = Flowers::tile_set(&o);
    let table = Table::validate_with(&input, Flowers::seat_winds(&o), &set).unwrap();
    let mut out = Outcome::EMPTY;
    score_family::<Flowers>(&table, &o, &Shape::of(&set), "flowers", &mut out).unwrap();

    let scores: Vec<u64> = out.scores[..4].iter().map(|s| s.score).collect();
    assert_eq!(scores, [0, 3 + 3 + 10, 3, 0]);
    let ids: Vec<&str> = out.scores[1]
        .items
        .as_slice()
        .iter()
        .map(|i| i.rule.id)
        .collect();
    assert_eq!(ids, ["T1", "T1", "T2"]);
    // Each loser pays the winner 16.
    assert_eq!(out.settlement, [-16, 48, -16, -16]);
    // The default score sheet knows nothing of the family but its items.
    let sheet = Flowers::sheet(
        &o,
        "flowers",
        Flowers::seat_winds(&o),
        &table,
        &out,
        mahjong_rules::catalogue::Lang::En,
    );
    assert!(sheet.contains("T2     going out"), "{sheet}");
    assert!(
        sheet.contains("\nPayments\n  E pays S     16\n  W pays S     16\n  N pays S     16\n"),
        "{sheet}"
    );
    assert!(
        sheet.ends_with("Settlement\n  E     -16\n  S     +48\n  W     -16\n  N     -16\n"),
        "{sheet}"
    );
}
