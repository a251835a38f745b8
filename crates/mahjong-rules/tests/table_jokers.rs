//! The table's Malaysian three-player fields (`table-json.md`, MY3-T, J, B, I, X): animals,
//! faces and jokers read from a table of the Malaysian tile set, claimed kongs' suppliers and
//! the bonus groups completed in the opening round. Checked through
//! `Table::validate_reading` with the Malaysian tile set, so no family is needed; the same
//! fields in a tile set without them keep their old errors.

use mahjong_hands::{KongKind, MeldKind};
use mahjong_rules::{BonusGroup, SeatHand, Table, TableInput, TableReading};
use mahjong_tiles::{Tile, TileSet, TileSetId, Wind};
use serde_json::{json, Value};

const THREE: [Wind; 3] = [Wind::East, Wind::South, Wind::West];

/// A Malaysian washout with East's seat replaced by `east` (South and West hold nothing).
fn table(east: Value) -> Value {
    json!({
        "ruleset": "malaysian-3p",
        "prevailing_wind": "E",
        "winner": null,
        "seats": { "E": east, "S": {}, "W": {} }
    })
}

fn read(v: &Value, reading: TableReading) -> Result<Table, String> {
    let input = TableInput::from_json(&v.to_string()).map_err(|e| e.to_string())?;
    Table::validate_reading(
        &input,
        &THREE,
        &TileSet::new(TileSetId::Malaysian3p),
        reading,
    )
    .map_err(|e| e.to_string())
}

fn east(v: Value) -> SeatHand {
    read(&table(v), TableReading::CLASSICAL)
        .expect("valid")
        .hands[0]
}

fn err(v: Value) -> String {
    read(&table(v), TableReading::CLASSICAL).expect_err("invalid")
}

fn pairs_allowed() -> TableReading {
    TableReading {
        jokers_in_pair: true,
        ..TableReading::CLASSICAL
    }
}

/// One declared set of East, read with `reading`: its meld (kind, first kind) and jokers.
fn one_set(set: Value, reading: TableReading) -> Result<(MeldKind, Tile, u8), String> {
    let t = read(&table(json!({ "sets": [set] })), reading)?;
    let h = &t.hands[0];
    let m = h.declared()[0];
    Ok((m.kind, m.first(), h.meld_jokers(0)))
}

fn set(kind: &str, tiles: &[&str]) -> Value {
    json!({ "kind": kind, "tiles": tiles, "exposed": true })
}

fn tile(code: &str) -> Tile {
    code.parse().unwrap()
}

#[test]
fn animals_and_faces_are_bonus_tiles() {
    let h = east(json!({ "bonus": ["2A", "4A", "1H", "2F", "3S"] }));
    assert_eq!(h.animals, 0b1010);
    assert_eq!(h.faces, 0b0001);
    assert_eq!((h.flowers, h.seasons), (0b0010, 0b0100));
    assert_eq!(h.bonus_count(), 5);
    let codes: Vec<&str> = h.bonus_tiles().map(|t| t.code()).collect();
    assert_eq!(codes, ["2F", "3S", "2A", "4A", "1H"]);
    assert_eq!(h.bonus_jokers, 0);
}

#[test]
fn exposed_jokers_are_bonus_jokers_not_bonus_tiles() {
    let h = east(json!({ "bonus": ["JK", "1A", "JK"] }));
    assert_eq!(h.bonus_jokers, 2);
    assert_eq!(
        h.bonus_count(),
        1,
        "MY3-L1: exposed jokers are not bonus tiles"
    );
    assert_eq!(h.bonus_tiles().count(), 1);
    assert_eq!((h.jokers, h.set_jokers), (0, 0));
}

#[test]
fn concealed_jokers_are_apart_from_the_counts() {
    let h = east(json!({ "concealed": ["JK", "5D", "JK", "RD"] }));
    assert_eq!(h.jokers, 2);
    assert_eq!(h.concealed.iter().map(|&c| c as u32).sum::<u32>(), 2);
    assert_eq!(h.concealed[tile("5D").kind().unwrap()], 1);
}

#[test]
fn a_pung_holds_at_most_two_jokers() {
    let r = TableReading::CLASSICAL;
    assert_eq!(
        one_set(set("pung", &["5D", "JK", "JK"]), r),
        Ok((MeldKind::Pung, tile("5D"), 2))
    );
    assert_eq!(
        one_set(set("pung", &["JK", "RD", "RD"]), r),
        Ok((MeldKind::Pung, tile("RD"), 1))
    );
    assert_eq!(
        one_set(set("pung", &["JK", "JK", "JK"]), r).unwrap_err(),
        "seats.E.sets[0]: JK JK JK: every set holds a natural tile; a pung at most 2 jokers \
         (MY3-J2, MY3-X1)"
    );
    assert_eq!(
        one_set(set("pung", &["5D", "JK", "6D"]), r).unwrap_err(),
        "seats.E.sets[0]: 5D JK 6D is not a pung"
    );
    assert_eq!(
        one_set(set("pung", &["5D", "JK", "JK", "5D"]), r).unwrap_err(),
        "seats.E.sets[0]: 5D JK JK 5D is not a pung"
    );
}

#[test]
fn a_kong_holds_no_joker() {
    let kong = json!({ "kind": "kong", "tiles": ["7D", "7D", "JK", "7D"], "kong": "concealed" });
    assert_eq!(
        one_set(kong, TableReading::CLASSICAL).unwrap_err(),
        "seats.E.sets[0]: 7D 7D JK 7D: a kong holds no joker (MY3-J3)"
    );
    let natural = json!({ "kind": "kong", "tiles": ["7D", "7D", "7D", "7D"], "kong": "concealed" });
    assert_eq!(
        one_set(natural, TableReading::CLASSICAL),
        Ok((MeldKind::Kong(KongKind::Concealed), tile("7D"), 0))
    );
}

#[test]
fn a_joker_in_a_chow_stands_where_it_is_written() {
    let r = TableReading::CLASSICAL;
    let chow = |tiles: &[&str]| one_set(set("chow", tiles), r);
    let run = |first: &str| Ok((MeldKind::Chow, tile(first), 1));
    // A gap: the joker is the middle tile wherever it is written.
    assert_eq!(chow(&["3D", "JK", "5D"]), run("3D"));
    assert_eq!(chow(&["3D", "5D", "JK"]), run("3D"));
    assert_eq!(chow(&["JK", "5D", "3D"]), run("3D"));
    // Consecutive: first is below, last is above.
    assert_eq!(chow(&["3D", "4D", "JK"]), run("3D"));
    assert_eq!(chow(&["4D", "3D", "JK"]), run("3D"));
    assert_eq!(chow(&["JK", "3D", "4D"]), run("2D"));
    // Only one run exists at the ends of the suit.
    assert_eq!(chow(&["JK", "1D", "2D"]), run("1D"));
    assert_eq!(chow(&["8D", "9D", "JK"]), run("7D"));
    assert_eq!(
        chow(&["3D", "JK", "4D"]).unwrap_err(),
        "seats.E.sets[0]: 3D JK 4D: a joker between two consecutive tiles stands nowhere in \
         the run: write it first for the lower run or last for the higher"
    );
    assert_eq!(
        chow(&["3D", "JK", "JK"]).unwrap_err(),
        "seats.E.sets[0]: 3D JK JK: a chow holds at most 1 joker (MY3-J2)"
    );
    assert_eq!(
        chow(&["3D", "JK", "6D"]).unwrap_err(),
        "seats.E.sets[0]: 3D JK 6D is not a chow"
    );
    assert_eq!(
        chow(&["EW", "JK", "SW"]).unwrap_err(),
        "seats.E.sets[0]: EW JK SW is not a chow"
    );
    assert_eq!(
        chow(&["JK", "JK", "JK"]).unwrap_err(),
        "seats.E.sets[0]: JK JK JK: every set holds a natural tile; a pung at most 2 jokers \
         (MY3-J2, MY3-X1)"
    );
    // Without a joker, the order does not matter, as before.
    assert_eq!(
        chow(&["5D", "3D", "4D"]),
        Ok((MeldKind::Chow, tile("3D"), 0))
    );
}

#[test]
fn jokers_in_a_pair_only_where_the_family_allows_them() {
    assert_eq!(
        one_set(set("pair", &["JK", "5D"]), TableReading::CLASSICAL).unwrap_err(),
        "seats.E.sets[0]: JK 5D: no joker in a pair under this ruleset (MY3-J4, option \
         joker_in_pair)"
    );
    assert_eq!(
        one_set(set("pair", &["JK", "JK"]), TableReading::CLASSICAL).unwrap_err(),
        "seats.E.sets[0]: JK JK: no joker in a pair under this ruleset (MY3-J4, option \
         joker_in_pair)"
    );
    assert_eq!(
        one_set(set("pair", &["JK", "5D"]), pairs_allowed()),
        Ok((MeldKind::Pair, tile("5D"), 1))
    );
    // Two jokers: the scorer chooses what they stand for; the meld's tile is a placeholder.
    let (kind, _, jokers) = one_set(set("pair", &["JK", "JK"]), pairs_allowed()).unwrap();
    assert_eq!((kind, jokers), (MeldKind::Pair, 2));
    assert_eq!(
        one_set(set("pair", &["JK", "JK", "JK"]), pairs_allowed()).unwrap_err(),
        "seats.E.sets[0]: JK JK JK is not a pair"
    );
}

#[test]
fn jokers_of_each_set_and_all_sets() {
    let h = east(json!({ "sets": [
        set("pung", &["5D", "JK", "JK"]),
        set("chow", &["1D", "2D", "3D"]),
        set("chow", &["JK", "7D", "8D"]),
    ], "concealed": ["JK"] }));
    assert_eq!(
        (0..4).map(|i| h.meld_jokers(i)).collect::<Vec<_>>(),
        [2, 0, 1, 0]
    );
    assert_eq!((h.set_jokers, h.jokers), (3, 1));
}

#[test]
fn four_jokers_in_all() {
    // Four in one seat, over hand, sets and bonus.
    let h = east(json!({
        "sets": [set("pung", &["5D", "JK", "JK"])], "concealed": ["JK"], "bonus": ["JK"]
    }));
    assert_eq!((h.set_jokers, h.jokers, h.bonus_jokers), (2, 1, 1));
    assert_eq!(
        err(json!({
            "sets": [set("pung", &["5D", "JK", "JK"])], "concealed": ["JK", "JK"], "bonus": ["JK"]
        })),
        "seats.E.bonus[0]: 5 copies of JK"
    );
    // Across seats.
    let mut v = table(json!({ "concealed": ["JK", "JK", "JK"] }));
    v["seats"]["W"] = json!({ "sets": [set("pung", &["JK", "JK", "RD"])] });
    assert_eq!(
        read(&v, TableReading::CLASSICAL).unwrap_err(),
        "seats.W.sets[0]: 5 copies of JK"
    );
}

#[test]
fn a_loser_holds_at_most_13_tiles_jokers_included() {
    let thirteen = [
        "1D", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "RD", "RD", "JK",
    ];
    let mut tiles = thirteen.to_vec();
    tiles.push("JK");
    assert_eq!(east(json!({ "concealed": tiles })).jokers, 2);
    tiles.push("GD");
    assert_eq!(
        err(json!({ "concealed": tiles })),
        "seats.E: 14 tiles (kongs counted as 3): a loser holds at most 13"
    );
}

#[test]
fn a_joker_is_never_the_claimed_tile() {
    let chow = json!({ "kind": "chow", "tiles": ["3D", "JK", "5D"], "exposed": true,
                       "claimed": "4D" });
    assert_eq!(
        err(json!({ "sets": [chow] })),
        "seats.E.sets[0].claimed: 4D is not a natural tile of the set (a joker is never claimed)"
    );
    let pung = json!({ "kind": "pung", "tiles": ["RD", "JK", "RD"], "exposed": true,
                       "claimed": "JK" });
    assert_eq!(
        err(json!({ "sets": [pung] })),
        "seats.E.sets[0].claimed: JK is not a natural tile of the set (a joker is never claimed)"
    );
    let fine = json!({ "kind": "chow", "tiles": ["3D", "JK", "5D"], "exposed": true,
                       "claimed": "5D" });
    assert_eq!(east(json!({ "sets": [fine] })).set_jokers, 1);
}

#[test]
fn discarded_jokers_are_listed() {
    let mut v = table(json!({}));
    v["discards"] = json!(["E:JK", "S:5D", "W:JK"]);
    let t = read(&v, TableReading::CLASSICAL).unwrap();
    assert!(t.hands[1].discarded.contains(tile("5D").kind().unwrap()));
    v["discards"] = json!(["E:JK", "S:JK", "W:JK", "E:JK", "S:JK"]);
    assert_eq!(
        read(&v, TableReading::CLASSICAL).unwrap_err(),
        "discards[4]: 5 copies of JK discarded"
    );
}

fn kong(how: &str, supplier: &str) -> Value {
    json!({ "kind": "kong", "tiles": ["WD", "WD", "WD", "WD"], "kong": how, "supplier": supplier })
}

#[test]
fn a_claimed_kong_names_its_supplier() {
    let h = east(json!({ "sets": [set("pung", &["1D", "1D", "1D"]), kong("claimed", "W")] }));
    assert_eq!(
        (h.supplier(0), h.supplier(1), h.supplier(2)),
        (None, Some(2), None)
    );
    let mut v = table(json!({}));
    v["seats"]["S"] = json!({ "sets": [kong("claimed", "E")] });
    assert_eq!(
        read(&v, TableReading::CLASSICAL).unwrap().hands[1].supplier(0),
        Some(0)
    );
    // Written back, it reads the same.
    let input = TableInput::from_json(&v.to_string()).unwrap();
    assert_eq!(
        serde_json::to_value(&input).unwrap()["seats"]["S"]["sets"][0]["supplier"],
        "E"
    );
}

#[test]
fn only_a_claimed_kong_names_a_supplier() {
    let only = "only a claimed kong (kong: claimed) names a supplier";
    assert_eq!(
        err(json!({ "sets": [kong("concealed", "S")] })),
        format!("seats.E.sets[0].supplier: {only}")
    );
    assert_eq!(
        err(json!({ "sets": [kong("annexed", "S")] })),
        format!("seats.E.sets[0].supplier: {only}")
    );
    let mut pung = set("pung", &["RD", "RD", "RD"]);
    pung["supplier"] = json!("S");
    assert_eq!(
        err(json!({ "sets": [pung] })),
        format!("seats.E.sets[0].supplier: {only}")
    );
    assert_eq!(
        err(json!({ "sets": [kong("claimed", "E")] })),
        "seats.E.sets[0].supplier: a seat cannot supply its own kong: name the discarder"
    );
    assert_eq!(
        err(json!({ "sets": [kong("claimed", "N")] })),
        "seats.E.sets[0].supplier: unknown seat \"N\" (expected one of E, S, W)"
    );
}

#[test]
fn opening_bonus_groups() {
    let h = east(json!({
        "bonus": ["1A", "2A", "3A", "4A", "4F", "3F", "2F", "1F", "1H"],
        "opening_bonus_groups": ["animals", "flowers"]
    }));
    assert_eq!(h.opening_groups, SeatHand::ANIMALS | SeatHand::FLOWERS);
    assert_eq!(
        h.opening_groups,
        BonusGroup::Animals.bit() | BonusGroup::Flowers.bit()
    );
    assert_eq!(
        east(json!({ "bonus": ["1S", "2S", "3S", "4S"] })).opening_groups,
        0
    );
    let faces = json!({
        "bonus": ["1S", "2S", "3S", "4S", "1H", "2H", "4H"],
        "opening_bonus_groups": ["seasons", "faces"]
    });
    assert_eq!(
        err(faces),
        "seats.E.opening_bonus_groups[1]: faces: the seat's bonus does not hold all four \
         (1H 2H 3H 4H)"
    );
    let unknown = TableInput::from_json(
        &table(json!({ "bonus": [], "opening_bonus_groups": ["dragons"] })).to_string(),
    )
    .unwrap_err();
    assert_eq!(unknown.path, "seats.E.opening_bonus_groups[0]");
    assert!(
        unknown.message.starts_with("unknown variant `dragons`"),
        "{unknown}"
    );
}

/// A four-seat classical table keeps refusing the Malaysian tiles, with the errors it gave
/// before they existed.
#[test]
fn the_classical_set_refuses_them_as_before() {
    let winds = Wind::ALL;
    let set = TileSet::new(TileSetId::Classical);
    let classical = |east: Value| {
        let v = json!({
            "ruleset": "millington", "prevailing_wind": "E", "winner": null,
            "discards": [],
            "seats": { "E": east, "S": {}, "W": {}, "N": {} }
        });
        let input = TableInput::from_json(&v.to_string()).unwrap();
        Table::validate_with(&input, &winds, &set).map_err(|e| e.to_string())
    };
    // Without a ruleset the set is named by its size.
    let not_in = |path: &str, t: &str, group: &str| {
        format!("{path}: {t} is not a tile of the 144-tile set: it has no {group}")
    };
    assert_eq!(
        classical(json!({ "concealed": ["5D", "JK"] })).unwrap_err(),
        not_in("seats.E.concealed[1]", "JK", "jokers")
    );
    assert_eq!(
        classical(json!({ "sets": [set_of(&["5D", "JK", "5D"])] })).unwrap_err(),
        not_in("seats.E.sets[0]", "JK", "jokers")
    );
    assert_eq!(
        classical(json!({ "bonus": ["JK"] })).unwrap_err(),
        not_in("seats.E.bonus[0]", "JK", "jokers")
    );
    assert_eq!(
        classical(json!({ "bonus": ["1F", "2A"] })).unwrap_err(),
        not_in("seats.E.bonus[1]", "2A", "animals")
    );
    assert_eq!(
        classical(json!({ "bonus": ["3H"] })).unwrap_err(),
        not_in("seats.E.bonus[0]", "3H", "faces")
    );
    let mut discards = json!({ "ruleset": "millington", "prevailing_wind": "E",
        "winner": null, "discards": ["E:JK"],
        "seats": { "E": {}, "S": {}, "W": {}, "N": {} } });
    let input = TableInput::from_json(&discards.to_string()).unwrap();
    assert_eq!(
        Table::validate_with(&input, &winds, &set)
            .unwrap_err()
            .to_string(),
        "discards[0]: JK cannot be discarded"
    );
    discards["discards"] = json!([]);
    discards["seats"]["E"] = json!({ "bonus": ["1F", "2F", "3F", "4F"],
                                    "opening_bonus_groups": ["flowers"] });
    let input = TableInput::from_json(&discards.to_string()).unwrap();
    assert_eq!(
        Table::validate_with(&input, &winds, &set).unwrap().hands[0].opening_groups,
        SeatHand::FLOWERS
    );
    assert_eq!(
        classical(json!({ "bonus": ["1F"], "opening_bonus_groups": ["animals"] })).unwrap_err(),
        "seats.E.opening_bonus_groups[0]: animals: the seat's bonus does not hold all four \
         (1A 2A 3A 4A)"
    );
}

fn set_of(tiles: &[&str]) -> Value {
    set("pung", tiles)
}
