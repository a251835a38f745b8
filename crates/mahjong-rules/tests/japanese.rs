//! The `japanese-3p` scorer against `shared/rules/three-player-japanese.md` (J3-Y yaku and
//! yakuman, J3-P payments, J3-S conventions). Tables are written as the JSON of
//! `table-json.md` with its Japanese three-player fields (riichi, dora and ura indicators,
//! the pot, Ippatsu, Norths in `bonus`), read with the family's seats, tiles and
//! `table_reading` (`Table::validate_reading`) and scored through the generic path
//! (`families::score_family::<Japanese>`) with the options each test sets; the tests at the
//! end go through the registry (`Ruleset::preset("japanese-3p")`, `score_input`).
//!
//! Every expected value is worked out by hand from the spec in the comments. Seats E S W
//! (0, 1, 2; E is the dealer, "oya"); prevailing East unless said otherwise; seats not
//! mentioned hold nothing. Payment rows (J3-P), ko = non-dealer: ron by ko / by oya; tsumo
//! by ko: each ko / oya pays; tsumo by oya: each pays:
//! 3 han 1000/1500, 300/500, 500; 4 han 2000/3000, 500/1000, 1000; 5 han 4000/6000,
//! 1000/2000, 2000; mangan 8000/12000, 2000/4000, 4000; haneman 12000/18000, 3000/6000,
//! 6000; baiman 16000/24000, 4000/8000, 8000; sanbaiman 24000/36000, 6000/12000, 12000;
//! yakuman ×n 32000/48000, 8000/16000, 16000. Every hand has Bazoro 2 (J3-S8).

use mahjong_hands::Shape;
use mahjong_rules::families::japanese::{Japanese, JapaneseOptions};
use mahjong_rules::families::score_family;
use mahjong_rules::{Family, InputError, Outcome, Riichi, Table, TableInput};
use mahjong_tiles::Tile;

fn preset() -> JapaneseOptions {
    let preset: toml::Table = toml::from_str(Japanese::presets()[0].text).unwrap();
    preset["options"].clone().try_into().unwrap()
}

fn seat_index(s: &str) -> usize {
    ["E", "S", "W"].iter().position(|x| *x == s).unwrap()
}

/// A hand being built: the JSON of the table plus its Japanese facts.
struct H {
    winner: &'static str,
    win: String,
    prevailing: &'static str,
    streak: u32,
    discards: Vec<String>,
    seats: [(Vec<String>, String, String); 3],
    riichi: [Riichi; 3],
    dora: &'static str,
    ura: &'static str,
    pot: u64,
    honba: u32,
    ippatsu: bool,
    o: JapaneseOptions,
}

/// `winner` wins on `tile` drawn from the wall (`from` = `wall`, `loose`) or from
/// `supplier`'s discard (`from` = `discard`, `robbed_kong`; supplier after a colon:
/// `"discard:E"`), with `flags` (`last_tile`, `heaven`, `earth`) set.
fn win(winner: &'static str, tile: &str, from: &str, flags: &[&str]) -> H {
    let (from, supplier) = match from.split_once(':') {
        Some((f, s)) => (f, format!(r#", "supplier": "{s}""#)),
        None => (from, String::new()),
    };
    let flags: String = flags.iter().map(|f| format!(r#", "{f}": true"#)).collect();
    H {
        winner,
        win: format!(r#"{{"tile": "{tile}", "from": "{from}"{supplier}{flags}}}"#),
        prevailing: "E",
        streak: 0,
        discards: vec![],
        seats: Default::default(),
        riichi: [Riichi::None; 3],
        dora: "",
        ura: "",
        pot: 0,
        honba: 0,
        ippatsu: false,
        o: preset(),
    }
}

fn json_list(s: &str) -> String {
    let v: Vec<String> = s.split_whitespace().map(|t| format!("\"{t}\"")).collect();
    format!("[{}]", v.join(","))
}

impl H {
    /// A seat's `sets` ("pung 2B exposed", "kong 9C concealed|claimed|annexed") and
    /// concealed tiles.
    fn hand(mut self, seat: &str, sets: &[&str], concealed: &str) -> H {
        let sets = sets
            .iter()
            .map(|s| {
                let w: Vec<&str> = s.split_whitespace().collect();
                let n = match w[0] {
                    "kong" => 4,
                    "pair" => 2,
                    _ => 3,
                };
                let tiles = if w[0] == "chow" {
                    let t: Tile = w[1].parse().unwrap();
                    let k = t.kind().unwrap();
                    (0..3)
                        .map(|i| Tile::from_kind(k + i).code())
                        .collect::<Vec<_>>()
                        .join(" ")
                } else {
                    vec![w[1]; n].join(" ")
                };
                let how = if w[0] == "kong" {
                    format!(r#""kong": "{}""#, w[2])
                } else {
                    format!(r#""exposed": {}"#, w[2] == "exposed")
                };
                format!(
                    r#"{{"kind": "{}", "tiles": {}, {how}}}"#,
                    w[0],
                    json_list(&tiles)
                )
            })
            .collect();
        let i = seat_index(seat);
        self.seats[i].0 = sets;
        self.seats[i].1 = concealed.into();
        self
    }
    fn bonus(mut self, seat: &str, tiles: &str) -> H {
        self.seats[seat_index(seat)].2 = tiles.into();
        self
    }
    fn riichi(mut self, seat: &str, r: Riichi) -> H {
        self.riichi[seat_index(seat)] = r;
        self
    }
    fn dora(mut self, indicators: &'static str) -> H {
        self.dora = indicators;
        self
    }
    fn ura(mut self, indicators: &'static str) -> H {
        self.ura = indicators;
        self
    }
    fn pot(mut self, pot: u64) -> H {
        self.pot = pot;
        self
    }
    fn honba(mut self, counters: u32) -> H {
        self.honba = counters;
        self
    }
    fn ippatsu(mut self) -> H {
        self.ippatsu = true;
        self
    }
    fn prevailing(mut self, w: &'static str) -> H {
        self.prevailing = w;
        self
    }
    fn streak(mut self, n: u32) -> H {
        self.streak = n;
        self
    }
    fn discard(mut self, d: &str) -> H {
        self.discards.push(d.into());
        self
    }
    fn opt(mut self, f: impl FnOnce(&mut JapaneseOptions)) -> H {
        f(&mut self.o);
        self
    }

    fn json(&self) -> String {
        let seats: Vec<String> = ["E", "S", "W"]
            .iter()
            .zip(&self.seats)
            .zip(&self.riichi)
            .map(|((k, (sets, concealed, bonus)), riichi)| {
                let riichi = match riichi {
                    Riichi::None => "none",
                    Riichi::Riichi => "riichi",
                    Riichi::Double => "double",
                };
                format!(
                    r#""{k}": {{"sets": [{}], "concealed": {}, "bonus": {}, "riichi": "{riichi}"}}"#,
                    sets.join(","),
                    json_list(concealed),
                    json_list(bonus)
                )
            })
            .collect();
        let discards: Vec<String> = self.discards.iter().map(|d| format!("\"{d}\"")).collect();
        let mut win = self.win.clone();
        if self.ippatsu {
            win = win.replace('}', r#", "ippatsu": true}"#);
        }
        format!(
            r#"{{"ruleset": "japanese-3p", "prevailing_wind": "{}", "east_consecutive_wins": {},
                "winner": "{}", "win": {}, "discards": [{}], "seats": {{{}}},
                "dora_indicators": {}, "ura_indicators": {}, "riichi_pot": {},
                "honba": {}}}"#,
            self.prevailing,
            self.streak,
            self.winner,
            win,
            discards.join(","),
            seats.join(","),
            json_list(self.dora),
            json_list(self.ura),
            self.pot,
            self.honba
        )
    }

    fn table(&self) -> Result<Table, InputError> {
        let input = TableInput::from_json(&self.json())?;
        let set = Japanese::tile_set(&self.o);
        Table::validate_reading(
            &input,
            Japanese::seat_winds(&self.o),
            &set,
            Japanese::table_reading(&self.o),
        )
    }

    fn score(&self) -> Result<Outcome, InputError> {
        let t = self.table()?;
        Japanese::check(&self.o).unwrap();
        let shape = Shape::of(&Japanese::tile_set(&self.o));
        let mut out = Outcome::EMPTY;
        score_family::<Japanese>(&t, &self.o, &shape, "japanese-3p", &mut out)?;
        Ok(out)
    }

    /// Scores and checks the winner's items (`RULE[ TILE] HAN` or `RULE xN` for yakuman),
    /// han, yakuman count, score and the settlement E, S, W.
    #[track_caller]
    fn check(&self, items: &[&str], han: u64, yakuman: u32, score: u64, settlement: [i64; 3]) {
        let out = self.score().unwrap_or_else(|e| panic!("{e}"));
        let w = seat_index(self.winner);
        let sc = &out.scores[w];
        let got: Vec<String> = sc
            .items
            .as_slice()
            .iter()
            .map(|i| {
                let tile = i.tile.map(|t| format!(" {}", t.code())).unwrap_or_default();
                if i.doubles > 0 {
                    format!("{}{tile} x{}", i.rule.id, i.doubles)
                } else {
                    format!("{}{tile} {}", i.rule.id, i.points)
                }
            })
            .collect();
        assert_eq!(got, items, "items");
        assert_eq!(sc.points, han, "han");
        assert_eq!(sc.doubles, yakuman, "yakuman");
        assert_eq!(sc.score, score, "score");
        assert_eq!(out.settlement[..3], settlement, "settlement");
        assert_eq!(out.settlement[3], 0);
        for (i, s) in out.scores[..3].iter().enumerate() {
            if i != w {
                assert_eq!(s.score, 0);
            }
        }
    }

    #[track_caller]
    fn fails(&self, path: &str, needle: &str) {
        match self.score() {
            Ok(_) => panic!("scored, expected an error at {path}"),
            Err(e) => {
                assert_eq!(e.path, path, "{e}");
                assert!(e.message.contains(needle), "{e}");
            }
        }
    }
}

/// A plain closed hand of S with no yaku of its own, waiting on 6B (kanchan 5B_7B):
/// 123B 567B 123D 789D and a pair of North (no yakuhai pair: North is never a seat or
/// prevailing wind, J3-S1).
const PLAIN: &str = "1B 2B 3B 5B 6B 7B 1D 2D 3D 7D 8D 9D NW NW";

// ---------------------------------------------------------------------------------------
// The format's example (table-json.md, "Japanese three-player fields")
// ---------------------------------------------------------------------------------------

#[test]
fn the_format_example_scores_as_the_format_says() {
    // South wins on East's 5B: 234D 567D 345B 678B 9D9D, two-sided (3B4B waited on 2B/5B).
    // Riichi 1 + Pinfu 1 + Bazoro 2 + dora 1 (indicator 4D → 5D, one held) + pei 1 (a North
    // set aside) = 6 han: mangan, ron by ko 8000. Ura 8B → 9B: none held. No Tanyao (9D).
    // E pays 8000 + his stick 1000 = 9000; S takes 8000 + E's stick + the pot 1000 = 10000
    // (his own stick comes back to him).
    win("S", "5B", "discard:E", &[])
        .hand("E", &[], "1D 2D 3D 6D 7D 8D 1B 2B 9B EW SW WW NW")
        .hand("S", &[], "2D 3D 4D 5D 6D 7D 3B 4B 5B 6B 7B 8B 9D 9D")
        .bonus("S", "NW")
        .hand("W", &["pung GD exposed"], "1C 9C 1D 9D 1B 9B RD WD EW SW")
        .riichi("E", Riichi::Riichi)
        .riichi("S", Riichi::Riichi)
        .dora("4D")
        .ura("8B")
        .pot(1000)
        .check(
            &["J3-Y3 1", "J3-Y4 1", "J3-S8 2", "J3-S8 1", "J3-S8 1"],
            6,
            0,
            8000,
            [-9000, 10000, 0],
        );
}

// ---------------------------------------------------------------------------------------
// J3-Y: yaku
// ---------------------------------------------------------------------------------------

#[test]
fn y1_yakuhai_dragon_pung() {
    // RD pung held before the win; 234B 567B 34D waiting 2D/5D, won on W's 5D.
    // Yakuhai 1 + Bazoro 2 = 3 han: W pays 1000.
    win("S", "5D", "discard:W", &[])
        .hand("S", &[], "RD RD RD 2B 3B 4B 5B 6B 7B 3D 4D 5D 9D 9D")
        .check(&["J3-Y1 RD 1", "J3-S8 2"], 3, 0, 1000, [0, 1000, -1000]);
}

#[test]
fn y1_double_wind_counts_twice_and_north_never() {
    // South round, S holds a South pung: seat wind 1 + prevailing wind 1 (J3-S2); his North
    // pung scores nothing (J3-S1). 2 + Bazoro 2 = 4 han, E pays 2000.
    win("S", "5D", "discard:E", &[])
        .prevailing("S")
        .hand("S", &[], "SW SW SW NW NW NW 5B 6B 7B 3D 4D 5D 9D 9D")
        .check(
            &["J3-Y1 SW 1", "J3-Y1 SW 1", "J3-S8 2"],
            4,
            0,
            2000,
            [-2000, 2000, 0],
        );
}

#[test]
fn y2_iipeikou() {
    // 234B 234B 678D 111D 9D9D, self-drawn 8D. Iipeikou 1 + Bazoro 2 = 3: W (ko) pays 300,
    // E (oya) 500; S's score 800.
    win("S", "8D", "wall", &[])
        .hand("S", &[], "2B 3B 4B 2B 3B 4B 6D 7D 8D 1D 1D 1D 9D 9D")
        .check(&["J3-Y2 1", "J3-S8 2"], 3, 0, 800, [-500, 800, -300]);
}

#[test]
fn y3_pinfu_needs_a_two_sided_wait() {
    // 234B 678B 345D 678D 9D9D won on W's 5D (3D4D waited on 2D/5D). Pinfu 1 + 2 = 3: 1000.
    let h = |tile: &str, c: &str| win("S", tile, "discard:W", &[]).hand("S", &[], c);
    h("5D", "2B 3B 4B 6B 7B 8B 3D 4D 5D 6D 7D 8D 9D 9D").check(
        &["J3-Y3 1", "J3-S8 2"],
        3,
        0,
        1000,
        [0, 1000, -1000],
    );
    // J3-S7: 123D won on the 3D (edge wait) is not two-sided: no yaku at all.
    h("3D", "2B 3B 4B 6B 7B 8B 1D 2D 3D 6D 7D 8D 9D 9D").fails("seats.S", "no yaku");
    // A dragon pair spoils Pinfu.
    h("5D", "2B 3B 4B 6B 7B 8B 3D 4D 5D 6D 7D 8D RD RD").fails("seats.S", "no yaku");
}

#[test]
fn y4_riichi_and_its_sticks() {
    // PLAIN won on W's 6B (kanchan). Riichi 1 + 2 = 3: W pays 1000 and his own stick 1000;
    // S's own stick returns to him.
    win("S", "6B", "discard:W", &[])
        .hand("S", &[], PLAIN)
        .riichi("S", Riichi::Riichi)
        .riichi("W", Riichi::Riichi)
        .check(&["J3-Y4 1", "J3-S8 2"], 3, 0, 1000, [0, 2000, -2000]);
}

#[test]
fn y5_tanyao_open_or_closed() {
    // Closed: 234B 555B 678D 345D 2D2D won on E's 5B (shanpon 5B/2D, both tanyao).
    // Tanyao 1 + 2 = 3: E pays 1000.
    win("S", "5B", "discard:E", &[])
        .hand("S", &[], "2B 3B 4B 5B 5B 5B 6D 7D 8D 3D 4D 5D 2D 2D")
        .check(&["J3-Y5 1", "J3-S8 2"], 3, 0, 1000, [-1000, 1000, 0]);
    // Open (exposed 5B pung), self-drawn 5D: Tanyao keeps 1 (J3-S5): 3 han, 300 + 500.
    win("S", "5D", "wall", &[])
        .hand(
            "S",
            &["pung 5B exposed"],
            "2B 3B 4B 6D 7D 8D 3D 4D 5D 2D 2D",
        )
        .check(&["J3-Y5 1", "J3-S8 2"], 3, 0, 800, [-500, 800, -300]);
}

#[test]
fn y6_haitei_and_houtei() {
    // Haitei: PLAIN self-drawn as the last tile: 1 + 2 = 3: 300 + 500.
    win("S", "6B", "wall", &["last_tile"])
        .hand("S", &[], PLAIN)
        .check(&["J3-Y6 1", "J3-S8 2"], 3, 0, 800, [-500, 800, -300]);
    // Houtei with riichi: Riichi 1 + Houtei 1 + 2 = 4: W pays 2000.
    win("S", "6B", "discard:W", &["last_tile"])
        .hand("S", &[], PLAIN)
        .riichi("S", Riichi::Riichi)
        .check(
            &["J3-Y4 1", "J3-Y6 1", "J3-S8 2"],
            4,
            0,
            2000,
            [0, 2000, -2000],
        );
    // Houtei alone is no yaku before the winning tile (J3-S11).
    win("S", "6B", "discard:W", &["last_tile"])
        .hand("S", &[], PLAIN)
        .fails("win", "atozuke");
}

#[test]
fn y7_rinshan_after_a_kong_or_a_north() {
    // After a concealed 9B kong: 123B 567B 123D 7D7D + the loose 6B. Rinshan 1 + 2 = 3:
    // 300 + 500.
    win("S", "6B", "loose", &[])
        .hand(
            "S",
            &["kong 9B concealed"],
            "1B 2B 3B 5B 6B 7B 1D 2D 3D 7D 7D",
        )
        .check(&["J3-Y7 1", "J3-S8 2"], 3, 0, 800, [-500, 800, -300]);
    // After setting a North aside: Rinshan 1 + pei 1 + 2 = 4: 500 + 1000.
    win("S", "6B", "loose", &[])
        .hand("S", &[], PLAIN)
        .bonus("S", "NW")
        .check(
            &["J3-Y7 1", "J3-S8 2", "J3-S8 1"],
            4,
            0,
            1500,
            [-1000, 1500, -500],
        );
}

#[test]
fn y8_chankan() {
    // S in riichi robs W's added kong of 6B: Riichi 1 + Chankan 1 + 2 = 4: W pays 2000.
    win("S", "6B", "robbed_kong:W", &[])
        .hand("S", &[], PLAIN)
        .riichi("S", Riichi::Riichi)
        .check(
            &["J3-Y4 1", "J3-Y8 1", "J3-S8 2"],
            4,
            0,
            2000,
            [0, 2000, -2000],
        );
    // Chankan is no yaku before (J3-S11).
    win("S", "6B", "robbed_kong:W", &[])
        .hand("S", &[], PLAIN)
        .fails("win", "atozuke");
}

#[test]
fn y9_chanta_closed_and_open() {
    // 123B 789B 123D 9C9C9C NWNW won on E's 3D (edge wait): Chanta 2 + 2 = 4: 2000.
    win("S", "3D", "discard:E", &[])
        .hand("S", &[], "1B 2B 3B 7B 8B 9B 1D 2D 3D 9C 9C 9C NW NW")
        .check(&["J3-Y9 2", "J3-S8 2"], 4, 0, 2000, [-2000, 2000, 0]);
    // The 9C pung exposed: Chanta 1 (J3-S5) + 2 = 3: 1000.
    win("S", "3D", "discard:E", &[])
        .hand(
            "S",
            &["pung 9C exposed"],
            "1B 2B 3B 7B 8B 9B 1D 2D 3D NW NW",
        )
        .check(&["J3-Y9 1", "J3-S8 2"], 3, 0, 1000, [-1000, 1000, 0]);
}

#[test]
fn y10_chiitoitsu() {
    // Seven pairs, self-drawn RD: 2 + 2 = 4: 500 + 1000.
    win("S", "RD", "wall", &[])
        .hand("S", &[], "1B 1B 4B 4B 7D 7D 2D 2D 9C 9C EW EW RD RD")
        .check(&["J3-Y10 2", "J3-S8 2"], 4, 0, 1500, [-1000, 1500, -500]);
}

#[test]
fn y11_double_riichi_replaces_riichi() {
    // Double riichi 2 (no Riichi beside it, J3-S3) + 2 = 4: W pays 2000.
    win("S", "6B", "discard:W", &[])
        .hand("S", &[], PLAIN)
        .riichi("S", Riichi::Double)
        .check(&["J3-Y11 2", "J3-S8 2"], 4, 0, 2000, [0, 2000, -2000]);
}

#[test]
fn y12_ittsu_closed_and_open() {
    // 123B 456B 789B 234D 9D9D won on E's 4D (2D3D: 1D/4D). Pinfu 1 + Ittsu 2 + 2 = 5:
    // 4000.
    win("S", "4D", "discard:E", &[])
        .hand("S", &[], "1B 2B 3B 4B 5B 6B 7B 8B 9B 2D 3D 4D 9D 9D")
        .check(
            &["J3-Y3 1", "J3-Y12 2", "J3-S8 2"],
            5,
            0,
            4000,
            [-4000, 4000, 0],
        );
    // Open with an exposed RD pung, self-drawn 9D: Yakuhai 1 + Ittsu 1 + 2 = 4: 500 + 1000.
    win("S", "9D", "wall", &[])
        .hand(
            "S",
            &["pung RD exposed"],
            "1B 2B 3B 4B 5B 6B 7B 8B 9B 9D 9D",
        )
        .check(
            &["J3-Y1 RD 1", "J3-Y12 1", "J3-S8 2"],
            4,
            0,
            1500,
            [-1000, 1500, -500],
        );
}

#[test]
fn y13_sanankou_and_a_pung_completed_by_a_discard() {
    // 222B 555D 9C9C9C 345D 7B7B, self-drawn 3D: San'ankou 2 + 2 = 4: 500 + 1000.
    win("S", "3D", "wall", &[])
        .hand("S", &[], "2B 2B 2B 5D 5D 5D 9C 9C 9C 3D 4D 5D 7B 7B")
        .check(&["J3-Y13 2", "J3-S8 2"], 4, 0, 1500, [-1000, 1500, -500]);
    // Won on E's 9C (shanpon 9C/7B), in riichi: the 9C pung was completed by a discard, so
    // only two concealed pungs (J3-S4): Riichi 1 + 2 = 3: 1000.
    win("S", "9C", "discard:E", &[])
        .hand("S", &[], "2B 2B 2B 5D 5D 5D 9C 9C 9C 3D 4D 5D 7B 7B")
        .riichi("S", Riichi::Riichi)
        .check(&["J3-Y4 1", "J3-S8 2"], 3, 0, 1000, [-1000, 1000, 0]);
}

#[test]
fn y14_sankantsu() {
    // Kongs of 2B (claimed), 5D (annexed), 9C (concealed); 678D 7B7B, self-drawn 8D.
    // Sankantsu 2 + 2 = 4: 500 + 1000.
    win("S", "8D", "wall", &[])
        .hand(
            "S",
            &["kong 2B claimed", "kong 5D annexed", "kong 9C concealed"],
            "6D 7D 8D 7B 7B",
        )
        .check(&["J3-Y14 2", "J3-S8 2"], 4, 0, 1500, [-1000, 1500, -500]);
}

#[test]
fn y15_isshoku_sanjun_and_readings() {
    // 123B ×3 789D 9D9D won in riichi on E's 3B. As chows: Junchan 3 + Isshoku sanjun 2
    // (no Iipeikou, J3-S3) = 5. As 111B 222B 333B: the 3B pung was completed by the
    // discard, so two concealed pungs: Sanrenkou 3. The higher counts (J3-S4): Riichi 1 + 5
    // + 2 = 8 han: haneman, 12000.
    win("S", "3B", "discard:E", &[])
        .hand("S", &[], "1B 1B 1B 2B 2B 2B 3B 3B 3B 7D 8D 9D 9D 9D")
        .riichi("S", Riichi::Riichi)
        .check(
            &["J3-Y4 1", "J3-Y15 2", "J3-Y18 3", "J3-S8 2"],
            8,
            0,
            12000,
            [-12000, 12000, 0],
        );
    // Self-drawn, the pungs are all concealed: Sanrenkou 3 + San'ankou 2 = 5 against
    // Junchan 3 + Isshoku sanjun 2 = 5; the first reading found (the chows) is kept.
    // 5 + 2 = 7: mangan, 2000 + 4000.
    win("S", "3B", "wall", &[])
        .hand("S", &[], "1B 1B 1B 2B 2B 2B 3B 3B 3B 7D 8D 9D 9D 9D")
        .check(
            &["J3-Y15 2", "J3-Y18 3", "J3-S8 2"],
            7,
            0,
            6000,
            [-4000, 6000, -2000],
        );
}

#[test]
fn y16_toitoi() {
    // Exposed 2B and 9C pungs, concealed 555D 888B, pair 1B self-drawn: Toitoi 2 + 2 = 4
    // (two concealed pungs: no San'ankou): 500 + 1000.
    win("S", "1B", "wall", &[])
        .hand(
            "S",
            &["pung 2B exposed", "pung 9C exposed"],
            "5D 5D 5D 8B 8B 8B 1B 1B",
        )
        .check(&["J3-Y16 2", "J3-S8 2"], 4, 0, 1500, [-1000, 1500, -500]);
}

#[test]
fn y17_honitsu_closed_and_open() {
    // 123B 456B 777B NWNWNW 9B9B won on E's 3B (edge wait): Hon'itsu 3 + 2 = 5: 4000.
    win("S", "3B", "discard:E", &[])
        .hand("S", &[], "1B 2B 3B 4B 5B 6B 7B 7B 7B NW NW NW 9B 9B")
        .check(&["J3-Y17 3", "J3-S8 2"], 5, 0, 4000, [-4000, 4000, 0]);
    // The North pung exposed: 2 (J3-S5) + 2 = 4: 2000.
    win("S", "3B", "discard:E", &[])
        .hand(
            "S",
            &["pung NW exposed"],
            "1B 2B 3B 4B 5B 6B 7B 7B 7B 9B 9B",
        )
        .check(&["J3-Y17 2", "J3-S8 2"], 4, 0, 2000, [-2000, 2000, 0]);
}

#[test]
fn y18_junchan_replaces_chanta() {
    // 123B 789B 123D 9C9C9C 9D9D won on E's 3D: Junchan 3 + 2 = 5: 4000.
    win("S", "3D", "discard:E", &[])
        .hand("S", &[], "1B 2B 3B 7B 8B 9B 1D 2D 3D 9C 9C 9C 9D 9D")
        .check(&["J3-Y18 3", "J3-S8 2"], 5, 0, 4000, [-4000, 4000, 0]);
}

#[test]
fn y19_sanrenkou() {
    // Exposed pungs 3B 4B 5B, 789D 1D1D, self-drawn 9D (edge): Sanrenkou 3 + 2 = 5:
    // 1000 + 2000.
    win("S", "9D", "wall", &[])
        .hand(
            "S",
            &["pung 3B exposed", "pung 4B exposed", "pung 5B exposed"],
            "7D 8D 9D 1D 1D",
        )
        .check(&["J3-Y19 3", "J3-S8 2"], 5, 0, 3000, [-2000, 3000, -1000]);
}

#[test]
fn y20_shousangen_with_its_yakuhai() {
    // RD and GD pungs, WD pair, 234B 678D won on E's 8D: Yakuhai 1 + 1 + Shousangen 4 = 6
    // (J3-S2) + 2 = 8 han: haneman, 12000.
    win("S", "8D", "discard:E", &[])
        .hand("S", &[], "RD RD RD GD GD GD WD WD 2B 3B 4B 6D 7D 8D")
        .check(
            &["J3-Y1 RD 1", "J3-Y1 GD 1", "J3-Y20 4", "J3-S8 2"],
            8,
            0,
            12000,
            [-12000, 12000, 0],
        );
}

#[test]
fn y21_honroutou_with_chiitoitsu() {
    // Seven pairs of terminals and honours won on W's EW (tanki): Chiitoitsu 2 +
    // Honroutou 5 (J3-S2) + 2 = 9: haneman, 12000.
    win("S", "EW", "discard:W", &[])
        .hand("S", &[], "1B 1B 9B 9B 1D 1D 9D 9D 9C 9C NW NW EW EW")
        .check(
            &["J3-Y10 2", "J3-Y21 5", "J3-S8 2"],
            9,
            0,
            12000,
            [0, 12000, -12000],
        );
}

#[test]
fn y21_honroutou_with_toitoi() {
    // Exposed 9C pung; 111B 999D NWNWNW 1D1D self-drawn 1D: Toitoi 2 + San'ankou 2 +
    // Honroutou 5 + 2 = 11: baiman, 4000 + 8000.
    win("S", "1D", "wall", &[])
        .hand(
            "S",
            &["pung 9C exposed"],
            "1B 1B 1B 9D 9D 9D NW NW NW 1D 1D",
        )
        .check(
            &["J3-Y13 2", "J3-Y16 2", "J3-Y21 5", "J3-S8 2"],
            11,
            0,
            12000,
            [-8000, 12000, -4000],
        );
}

#[test]
fn y22_chinitsu_closed_and_open() {
    // 222B 345B 678B 678B 9B9B self-drawn 9B: Iipeikou 1 + Chin'itsu 6 + 2 = 9: haneman,
    // 3000 + 6000.
    win("S", "9B", "wall", &[])
        .hand("S", &[], "2B 2B 2B 3B 4B 5B 6B 7B 8B 6B 7B 8B 9B 9B")
        .check(
            &["J3-Y2 1", "J3-Y22 6", "J3-S8 2"],
            9,
            0,
            9000,
            [-6000, 9000, -3000],
        );
    // The 2B pung exposed: no Iipeikou, Chin'itsu 5 (J3-S5) + 2 = 7: mangan, 2000 + 4000.
    win("S", "9B", "wall", &[])
        .hand(
            "S",
            &["pung 2B exposed"],
            "3B 4B 5B 6B 7B 8B 6B 7B 8B 9B 9B",
        )
        .check(&["J3-Y22 5", "J3-S8 2"], 7, 0, 6000, [-4000, 6000, -2000]);
}

#[test]
fn s5_open_reductions_off() {
    // The open Chanta hand of y9 with `open_reductions` off: Chanta 2 + 2 = 4: 2000.
    win("S", "3D", "discard:E", &[])
        .hand(
            "S",
            &["pung 9C exposed"],
            "1B 2B 3B 7B 8B 9B 1D 2D 3D NW NW",
        )
        .opt(|o| o.open_reductions = false)
        .check(&["J3-Y9 2", "J3-S8 2"], 4, 0, 2000, [-2000, 2000, 0]);
}

#[test]
fn s6_menzen_tsumo_option() {
    // The Iipeikou hand of y2 with `menzen_tsumo` on: 1 + 1 + 2 = 4: 500 + 1000.
    let h =
        || win("S", "8D", "wall", &[]).hand("S", &[], "2B 3B 4B 2B 3B 4B 6D 7D 8D 1D 1D 1D 9D 9D");
    h().opt(|o| o.menzen_tsumo = true).check(
        &["J3-Y2 1", "J3-S6 1", "J3-S8 2"],
        4,
        0,
        1500,
        [-1000, 1500, -500],
    );
    // Off (the default): a concealed self-draw alone is no yaku.
    win("S", "6B", "wall", &[])
        .hand("S", &[], PLAIN)
        .fails("seats.S", "no yaku");
}

// ---------------------------------------------------------------------------------------
// J3-YM: yakuman (J3-S9: paid by their count alone, han 0)
// ---------------------------------------------------------------------------------------

#[test]
fn ym1_chiihou() {
    // S's first draw completes PLAIN: 1 yakuman, self-drawn by ko: 8000 + 16000.
    win("S", "6B", "wall", &["earth"])
        .hand("S", &[], PLAIN)
        .check(&["J3-YM1 x1"], 0, 1, 24000, [-16000, 24000, -8000]);
    // The dealer cannot have Chiihou (J3-S13).
    win("E", "6B", "wall", &["earth"])
        .hand("E", &[], PLAIN)
        .fails("win.earth", "Chiihou");
    // Others' discards may come before S's first draw; one of his own may not.
    win("S", "6B", "wall", &["earth"])
        .hand("S", &[], PLAIN)
        .discard("E:9C")
        .check(&["J3-YM1 x1"], 0, 1, 24000, [-16000, 24000, -8000]);
    win("S", "6B", "wall", &["earth"])
        .hand("S", &[], PLAIN)
        .discard("E:9C")
        .discard("S:1C")
        .fails("win.earth", "before the winner's first discard");
}

#[test]
fn ym2_chinroutou() {
    // Exposed 9C pung; 111B 999B 111D 9D9D self-drawn 9D: 1 yakuman: 24000.
    win("S", "9D", "wall", &[])
        .hand(
            "S",
            &["pung 9C exposed"],
            "1B 1B 1B 9B 9B 9B 1D 1D 1D 9D 9D",
        )
        .check(&["J3-YM2 x1"], 0, 1, 24000, [-16000, 24000, -8000]);
}

#[test]
fn ym3_chuuren_triple_unless_its_suit_was_discarded() {
    // 1112345678999B + 5B self-drawn, no bamboo discarded: triple: 24000 + 48000.
    let h =
        || win("S", "5B", "wall", &[]).hand("S", &[], "1B 1B 1B 2B 3B 4B 5B 5B 6B 7B 8B 9B 9B 9B");
    h().check(&["J3-YM3 x3"], 0, 3, 72000, [-48000, 72000, -24000]);
    // S discarded a 3B earlier: single.
    h().discard("S:3B")
        .check(&["J3-YM3 x1"], 0, 1, 24000, [-16000, 24000, -8000]);
    // Another seat's bamboo discard does not matter.
    h().discard("E:3B")
        .check(&["J3-YM3 x3"], 0, 3, 72000, [-48000, 72000, -24000]);
}

#[test]
fn ym4_daisangen() {
    // Three dragon pungs, 234B 9D9D won on E's 4B: 32000.
    win("S", "4B", "discard:E", &[])
        .hand("S", &[], "RD RD RD GD GD GD WD WD WD 2B 3B 4B 9D 9D")
        .check(&["J3-YM4 x1"], 0, 1, 32000, [-32000, 32000, 0]);
}

#[test]
fn ym5_suushiihou_little_four_winds() {
    // EW SW WW pungs, NW pair, 234B self-drawn 4B: 24000.
    win("S", "4B", "wall", &[])
        .hand("S", &[], "EW EW EW SW SW SW WW WW WW NW NW 2B 3B 4B")
        .check(&["J3-YM5 x1"], 0, 1, 24000, [-16000, 24000, -8000]);
}

#[test]
fn ym6_kokushi_double_unless_discarded_or_north_set_aside() {
    let h = || {
        win("S", "1B", "discard:W", &[]).hand("S", &[], "1B 1B 9B 1C 9C 1D 9D EW SW WW NW RD GD WD")
    };
    // No orphan discarded, no North set aside: double: 64000.
    h().check(&["J3-YM6 x2"], 0, 2, 64000, [0, 64000, -64000]);
    // S discarded an East earlier: single: 32000.
    h().discard("S:EW")
        .check(&["J3-YM6 x1"], 0, 1, 32000, [0, 32000, -32000]);
    // S set a North aside: single (its pei-dora is not paid: a yakuman hand, J3-S9).
    h().bonus("S", "NW")
        .check(&["J3-YM6 x1"], 0, 1, 32000, [0, 32000, -32000]);
}

#[test]
fn ym7_paarenchan_needs_no_yaku() {
    // The dealer's eighth win in a row (7 before), PLAIN on S's 6B without a yaku: oya ron
    // 48000.
    win("E", "6B", "discard:S", &[])
        .hand("E", &[], PLAIN)
        .streak(7)
        .check(&["J3-YM7 x1"], 0, 1, 48000, [48000, -48000, 0]);
    // After 6 wins it is an ordinary yakuless hand.
    win("E", "6B", "discard:S", &[])
        .hand("E", &[], PLAIN)
        .streak(6)
        .fails("seats.E", "no yaku");
}

#[test]
fn ym8_ryuuiisou_without_green_dragon_too() {
    // 234B 234B 666B GDGDGD 8B8B self-drawn 8B: 24000.
    win("S", "8B", "wall", &[])
        .hand("S", &[], "2B 3B 4B 2B 3B 4B 6B 6B 6B GD GD GD 8B 8B")
        .check(&["J3-YM8 x1"], 0, 1, 24000, [-16000, 24000, -8000]);
    // J3-S13: no green dragon needed: 234B 234B 666B 888B 3B3B... self-drawn 3B.
    win("S", "3B", "wall", &[])
        .hand("S", &[], "2B 3B 4B 2B 3B 4B 6B 6B 6B 8B 8B 8B 3B 3B")
        .check(&["J3-YM8 x1"], 0, 1, 24000, [-16000, 24000, -8000]);
}

#[test]
fn ym9_suukantsu_with_or_without_a_pair() {
    let kongs = &[
        "kong 2B claimed",
        "kong 5D annexed",
        "kong 9C concealed",
        "kong 7B claimed",
    ];
    // Four kongs and 1D1D, self-drawn 1D: 24000.
    win("S", "1D", "wall", &[]).hand("S", kongs, "1D 1D").check(
        &["J3-YM9 x1"],
        0,
        1,
        24000,
        [-16000, 24000, -8000],
    );
    // By the seed the fourth kong wins at once, pair or not (J3-S13): 24000.
    win("S", "1D", "loose", &[]).hand("S", kongs, "1D").check(
        &["J3-YM9 x1"],
        0,
        1,
        24000,
        [-16000, 24000, -8000],
    );
    // With `suukantsu_needs_pair` that is no complete hand.
    win("S", "1D", "loose", &[])
        .hand("S", kongs, "1D")
        .opt(|o| o.suukantsu_needs_pair = true)
        .fails("seats.S", "not a complete hand");
}

#[test]
fn ym10_suuankou_single_double_and_by_discard() {
    let c = "2B 2B 2B 5D 5D 5D 9C 9C 9C 7D 7D 7D 1D 1D";
    // Self-drawn 7D (shanpon): single: 24000.
    win("S", "7D", "wall", &[]).hand("S", &[], c).check(
        &["J3-YM10 x1"],
        0,
        1,
        24000,
        [-16000, 24000, -8000],
    );
    // Self-drawn 1D (the pair wait): double: 48000.
    win("S", "1D", "wall", &[]).hand("S", &[], c).check(
        &["J3-YM10 x2"],
        0,
        2,
        48000,
        [-32000, 48000, -16000],
    );
    // Won on E's 1D (pair wait): the four pungs stay concealed: double, 64000.
    win("S", "1D", "discard:E", &[]).hand("S", &[], c).check(
        &["J3-YM10 x2"],
        0,
        2,
        64000,
        [-64000, 64000, 0],
    );
    // Won on E's 7D: that pung is not concealed (J3-S4): San'ankou 2 + Toitoi 2 + 2 = 6:
    // mangan, 8000.
    win("S", "7D", "discard:E", &[]).hand("S", &[], c).check(
        &["J3-Y13 2", "J3-Y16 2", "J3-S8 2"],
        6,
        0,
        8000,
        [-8000, 8000, 0],
    );
}

#[test]
fn ym11_tsuuiisou_and_multiples_add_up() {
    // EW (exposed) WW NW RD pungs, GD pair, self-drawn GD: 24000. (The exposed pung keeps
    // Suuankou out.)
    win("S", "GD", "wall", &[])
        .hand(
            "S",
            &["pung EW exposed"],
            "WW WW WW NW NW NW RD RD RD GD GD",
        )
        .check(&["J3-YM11 x1"], 0, 1, 24000, [-16000, 24000, -8000]);
    // Daisangen + Tsuuiisou = double (J3-S9): 48000.
    win("S", "NW", "wall", &[])
        .hand(
            "S",
            &["pung EW exposed"],
            "RD RD RD GD GD GD WD WD WD NW NW",
        )
        .check(
            &["J3-YM4 x1", "J3-YM11 x1"],
            0,
            2,
            48000,
            [-32000, 48000, -16000],
        );
}

#[test]
fn ym12_tenhou_triple_and_the_cap() {
    // The dealer's dealt hand: triple, each pays 48000.
    let h = || win("E", "6B", "wall", &["heaven"]).hand("E", &[], PLAIN);
    h().check(&["J3-YM12 x3"], 0, 3, 96000, [96000, -48000, -48000]);
    // `yakuman_cap` 1: one yakuman, each pays 16000 (the item keeps its count).
    h().opt(|o| o.yakuman_cap = 1)
        .check(&["J3-YM12 x3"], 0, 1, 32000, [32000, -16000, -16000]);
    // Tenhou + Suuankou (tanki) = 5, capped at 3 (J3-S9).
    win("E", "1D", "wall", &["heaven"])
        .hand("E", &[], "2B 2B 2B 5D 5D 5D 9C 9C 9C 7D 7D 7D 1D 1D")
        .check(
            &["J3-YM10 x2", "J3-YM12 x3"],
            0,
            3,
            96000,
            [96000, -48000, -48000],
        );
    // Not for a non-dealer (J3-S13).
    win("S", "6B", "wall", &["heaven"])
        .hand("S", &[], PLAIN)
        .fails("win.heaven", "East");
    // Not after any discard: the dealt hand comes first.
    win("E", "6B", "wall", &["heaven"])
        .hand("E", &[], PLAIN)
        .discard("S:1C")
        .fails("win.heaven", "before any discard, but `discards` lists 1");
}

// ---------------------------------------------------------------------------------------
// J3-P payments, J3-S9 limits
// ---------------------------------------------------------------------------------------

/// Indicators giving PLAIN (which holds 5B 6B 7B 7D 8D 9D NW NW) `extra` dora: WW → NW
/// is 2 each, 4B → 5B and 6D → 7D 1 each.
fn extra_dora(extra: u32) -> &'static str {
    let mut v = Vec::new();
    let mut left = extra;
    for _ in 0..4 {
        if left >= 2 {
            v.push("WW");
            left -= 2;
        }
    }
    for t in ["4B", "4B", "4B", "6D", "6D", "6D"] {
        if left > 0 {
            v.push(t);
            left -= 1;
        }
    }
    assert_eq!(left, 0);
    Box::leak(v.join(" ").into_boxed_str())
}

#[test]
fn p_every_row_of_the_payment_table() {
    // PLAIN in riichi: Riichi 1 + Bazoro 2 = 3 han, plus `extra` dora. Rows: han → (ron ko,
    // ron oya, tsumo ko: ko/oya, tsumo oya: each).
    let rows: [(u64, [u64; 5]); 14] = [
        (3, [1000, 1500, 300, 500, 500]),
        (4, [2000, 3000, 500, 1000, 1000]),
        (5, [4000, 6000, 1000, 2000, 2000]),
        (6, [8000, 12000, 2000, 4000, 4000]),
        (7, [8000, 12000, 2000, 4000, 4000]),
        (8, [12000, 18000, 3000, 6000, 6000]),
        (9, [12000, 18000, 3000, 6000, 6000]),
        (10, [16000, 24000, 4000, 8000, 8000]),
        (11, [16000, 24000, 4000, 8000, 8000]),
        (12, [16000, 24000, 4000, 8000, 8000]),
        (13, [24000, 36000, 6000, 12000, 12000]),
        (14, [24000, 36000, 6000, 12000, 12000]),
        (15, [24000, 36000, 6000, 12000, 12000]),
        // Above 15: still sanbaiman (J3-S9).
        (16, [24000, 36000, 6000, 12000, 12000]),
    ];
    for (han, [ron_ko, ron_oya, ko, oya, each]) in rows {
        let dora = extra_dora(han as u32 - 3);
        let items = |n: u32| -> Vec<String> {
            let mut v = vec!["J3-Y4 1".to_string(), "J3-S8 2".into()];
            if n > 0 {
                v.push(format!("J3-S8 {n}"));
            }
            v
        };
        let it = items(han as u32 - 3);
        let it: Vec<&str> = it.iter().map(|s| s.as_str()).collect();
        let h = |winner: &'static str, from: &str| {
            win(winner, "6B", from, &[])
                .hand(winner, &[], PLAIN)
                .riichi(winner, Riichi::Riichi)
                .dora(dora)
        };
        let r = ron_ko as i64;
        h("S", "discard:W").check(&it, han, 0, ron_ko, [0, r, -r]);
        let r = ron_oya as i64;
        h("E", "discard:W").check(&it, han, 0, ron_oya, [r, 0, -r]);
        let (k, o) = (ko as i64, oya as i64);
        h("S", "wall").check(&it, han, 0, ko + oya, [-o, k + o, -k]);
        let e = each as i64;
        h("E", "wall").check(&it, han, 0, 2 * each, [2 * e, -e, -e]);
    }
}

#[test]
fn s9_counted_yakuman_option() {
    // PLAIN in riichi with 10 dora = 13 han: sanbaiman 24000; with `counted_yakuman` one
    // yakuman, 32000 (its han stay counted, its yakuman count is 0: no yakuman items).
    let h = || {
        win("S", "6B", "discard:W", &[])
            .hand("S", &[], PLAIN)
            .riichi("S", Riichi::Riichi)
            .dora(extra_dora(10))
    };
    h().check(
        &["J3-Y4 1", "J3-S8 2", "J3-S8 10"],
        13,
        0,
        24000,
        [0, 24000, -24000],
    );
    h().opt(|o| o.counted_yakuman = true).check(
        &["J3-Y4 1", "J3-S8 2", "J3-S8 10"],
        13,
        0,
        32000,
        [0, 32000, -32000],
    );
}

// ---------------------------------------------------------------------------------------
// J3-S8: dora of every kind, Ippatsu
// ---------------------------------------------------------------------------------------

/// S's Yakuhai hand of y1 (RD pung, 234B 567B 345D 9D9D), won on W's 5D: 3 han.
fn rd_hand() -> H {
    win("S", "5D", "discard:W", &[]).hand("S", &[], "RD RD RD 2B 3B 4B 5B 6B 7B 3D 4D 5D 9D 9D")
}

#[test]
fn s8_dora_indicators_wrap_and_repeat() {
    // GD → RD: 3 dora: 6 han, mangan 8000.
    rd_hand().dora("GD").check(
        &["J3-Y1 RD 1", "J3-S8 2", "J3-S8 3"],
        6,
        0,
        8000,
        [0, 8000, -8000],
    );
    // 8D → 9D twice (the same indicator twice counts twice): 2 × 2 = 4: 7 han, 8000.
    rd_hand().dora("8D 8D").check(
        &["J3-Y1 RD 1", "J3-S8 2", "J3-S8 4"],
        7,
        0,
        8000,
        [0, 8000, -8000],
    );
    // 9B → 1B (held: none), WD → GD (none): no dora item: 3 han, 1000.
    rd_hand()
        .dora("9B WD")
        .check(&["J3-Y1 RD 1", "J3-S8 2"], 3, 0, 1000, [0, 1000, -1000]);
    // Characters hold only 1 and 9: 1C → 9C and 9C → 1C. 111C 9C9C 123B 789D RDRD RD,
    // self-drawn 9C: Yakuhai 1 + Chanta 2 + Bazoro 2 + dora (9C → 1C: 3, 1C → 9C: 2) 5 =
    // 10: baiman, 4000 + 8000.
    win("S", "9C", "wall", &[])
        .hand("S", &[], "1C 1C 1C 9C 9C 1B 2B 3B 7D 8D 9D RD RD RD")
        .dora("9C 1C")
        .check(
            &["J3-Y1 RD 1", "J3-Y9 2", "J3-S8 2", "J3-S8 5"],
            10,
            0,
            12000,
            [-8000, 12000, -4000],
        );
}

#[test]
fn s8_a_kong_counts_four() {
    // The Sankantsu hand of y14 with indicator 1B → 2B (a kong): 4 + 2 + 2 = 8: haneman,
    // 3000 + 6000.
    win("S", "8D", "wall", &[])
        .hand(
            "S",
            &["kong 2B claimed", "kong 5D annexed", "kong 9C concealed"],
            "6D 7D 8D 7B 7B",
        )
        .dora("1B")
        .check(
            &["J3-Y14 2", "J3-S8 2", "J3-S8 4"],
            8,
            0,
            9000,
            [-6000, 9000, -3000],
        );
}

#[test]
fn s8_ura_only_in_riichi() {
    // PLAIN in riichi, ura 5B → 6B: Riichi 1 + 2 + ura 1 = 4: 2000.
    let h = || {
        win("S", "6B", "discard:W", &[])
            .hand("S", &[], PLAIN)
            .riichi("S", Riichi::Riichi)
            .ura("5B")
    };
    h().check(
        &["J3-Y4 1", "J3-S8 2", "J3-S8 1"],
        4,
        0,
        2000,
        [0, 2000, -2000],
    );
    // `ura_dora` off: 3 han, 1000.
    h().opt(|o| {
        o.ura_dora = false;
        o.kan_ura_dora = false;
    })
    .check(&["J3-Y4 1", "J3-S8 2"], 3, 0, 1000, [0, 1000, -1000]);
    // Without riichi the ura indicator counts nothing: the RD hand stays 3 han.
    rd_hand()
        .ura("GD")
        .check(&["J3-Y1 RD 1", "J3-S8 2"], 3, 0, 1000, [0, 1000, -1000]);
}

#[test]
fn s1_s8_flowers_with_the_option_are_a_dora_each() {
    // Option flowers: PLAIN in riichi on W's discard with two flowers: Riichi 1, Bazoro 2,
    // two flowers 2 = 5 han, 4000 (J3-P).
    win("S", "6B", "discard:W", &[])
        .hand("S", &[], PLAIN)
        .bonus("S", "1F 3F")
        .riichi("S", Riichi::Riichi)
        .opt(|o| o.flowers = true)
        .check(
            &["J3-Y4 1", "J3-S8 2", "J3-S8 2"],
            5,
            0,
            4000,
            [0, 4000, -4000],
        );
    // A flower is not a yaku (J3-T6).
    win("S", "6B", "wall", &[])
        .hand("S", &[], PLAIN)
        .bonus("S", "2F")
        .opt(|o| o.flowers = true)
        .fails("seats.S", "no yaku");
}

#[test]
fn s8_pei_dora_and_north_as_dora() {
    // PLAIN in riichi with a North set aside, indicator WW → NW: dora = 2 (the pair) + 1
    // (the North set aside, J3-S13); pei 1. Riichi 1 + 2 + 3 + 1 = 7: mangan, 8000.
    win("S", "6B", "discard:W", &[])
        .hand("S", &[], PLAIN)
        .bonus("S", "NW")
        .riichi("S", Riichi::Riichi)
        .dora("WW")
        .check(
            &["J3-Y4 1", "J3-S8 2", "J3-S8 3", "J3-S8 1"],
            7,
            0,
            8000,
            [0, 8000, -8000],
        );
    // Pei is not a yaku (J3-T6): PLAIN with two Norths set aside and no riichi.
    win("S", "6B", "wall", &[])
        .hand("S", &[], PLAIN)
        .bonus("S", "NW NW")
        .fails("seats.S", "no yaku");
    // Only Norths go to bonus: a flower is not a tile of the set (J3-S12).
    rd_hand()
        .bonus("S", "1F")
        .fails("seats.S.bonus[0]", "not a tile");
}

#[test]
fn s8_red_fives_option() {
    // With `red_fives`, the RD hand holding the red 5B (0B): 1 + 2 + 1 = 4: 2000.
    win("S", "5D", "discard:W", &[])
        .hand("S", &[], "RD RD RD 2B 3B 4B 0B 6B 7B 3D 4D 5D 9D 9D")
        .opt(|o| o.red_fives = true)
        .check(
            &["J3-Y1 RD 1", "J3-S8 2", "J3-S8 1"],
            4,
            0,
            2000,
            [0, 2000, -2000],
        );
    // Off (the default) there is no red five in the set.
    win("S", "5D", "discard:W", &[])
        .hand("S", &[], "RD RD RD 2B 3B 4B 0B 6B 7B 3D 4D 5D 9D 9D")
        .fails("seats.S.concealed[6]", "not a tile");
}

#[test]
fn s8_ippatsu_needs_riichi() {
    // Riichi 1 + 2 + Ippatsu 1 = 4: 2000.
    win("S", "6B", "discard:W", &[])
        .hand("S", &[], PLAIN)
        .riichi("S", Riichi::Riichi)
        .ippatsu()
        .check(
            &["J3-Y4 1", "J3-S8 2", "J3-S8 1"],
            4,
            0,
            2000,
            [0, 2000, -2000],
        );
    rd_hand().ippatsu().fails("win.ippatsu", "riichi");
}

// ---------------------------------------------------------------------------------------
// J3-S10 settlement, J3-S11 atozuke-nashi, J3-S12 invalid input
// ---------------------------------------------------------------------------------------

#[test]
fn s10_sticks_and_pot_on_a_self_draw() {
    // S self-draws PLAIN in riichi (3 han: 300 from W, 500 from E); E and W are in riichi
    // too and the pot holds 2000: E pays 500 + 1000, W 300 + 1000, S takes 800 + 2000 +
    // 2000. The pot does not come from a seat (the settlement does not sum to zero).
    win("S", "6B", "wall", &[])
        .hand("S", &[], PLAIN)
        .riichi("S", Riichi::Riichi)
        .riichi("E", Riichi::Riichi)
        .riichi("W", Riichi::Double)
        .pot(2000)
        .check(&["J3-Y4 1", "J3-S8 2"], 3, 0, 800, [-1500, 4800, -1300]);
}

#[test]
fn s10_honba_counters_pay_nothing_by_default() {
    // The preset's `honba` is 0 (the seed has none): three counters change nothing in the
    // y4 test's settlement.
    win("S", "6B", "discard:W", &[])
        .hand("S", &[], PLAIN)
        .riichi("S", Riichi::Riichi)
        .honba(3)
        .check(&["J3-Y4 1", "J3-S8 2"], 3, 0, 1000, [0, 1000, -1000]);
}

#[test]
fn s10_honba_on_a_discard_comes_from_the_discarder() {
    // Option honba = 1000, two counters: W pays the 1000 ron and 2000 more. The winner's
    // `score` stays the hand's value (sticks and honba excluded).
    win("S", "6B", "discard:W", &[])
        .hand("S", &[], PLAIN)
        .riichi("S", Riichi::Riichi)
        .honba(2)
        .opt(|o| o.honba = 1000)
        .check(&["J3-Y4 1", "J3-S8 2"], 3, 0, 1000, [0, 3000, -3000]);
    // A robbed kong pays as a discard: the konger pays it all.
    win("S", "6B", "robbed_kong:E", &[])
        .hand("S", &[], PLAIN)
        .riichi("S", Riichi::Riichi)
        .honba(1)
        .opt(|o| o.honba = 200)
        .check(
            &["J3-Y4 1", "J3-Y8 1", "J3-S8 2"],
            4,
            0,
            2000,
            [-2200, 2200, 0],
        );
}

#[test]
fn s10_honba_on_a_self_draw_is_split() {
    // The s10 self-draw (E pays 500, W 300) with option honba = 1000 and three counters:
    // each pays 1500 more.
    win("S", "6B", "wall", &[])
        .hand("S", &[], PLAIN)
        .riichi("S", Riichi::Riichi)
        .honba(3)
        .opt(|o| o.honba = 1000)
        .check(&["J3-Y4 1", "J3-S8 2"], 3, 0, 800, [-2000, 3800, -1800]);
}

#[test]
fn s10_honba_must_split_into_hundreds() {
    let mut o = preset();
    o.honba = 300;
    let e = Japanese::check(&o).unwrap_err().to_string();
    assert!(e.contains("honba") && e.contains("200"), "{e}");
    o.honba = 1000;
    assert!(Japanese::check(&o).is_ok());
}

#[test]
fn s11_atozuke_nashi() {
    // 123B 567B 789D RDRD 5D5D: the RD pung would be completed by the winning tile.
    let c = "1B 2B 3B 5B 6B 7B 7D 8D 9D RD RD RD 5D 5D";
    win("S", "RD", "discard:E", &[])
        .hand("S", &[], c)
        .fails("win", "atozuke");
    // Self-drawn, it is a yaku: Yakuhai 1 + 2 = 3: 800.
    win("S", "RD", "wall", &[]).hand("S", &[], c).check(
        &["J3-Y1 RD 1", "J3-S8 2"],
        3,
        0,
        800,
        [-500, 800, -300],
    );
    // Won on the 5D: no yaku at all.
    win("S", "5D", "discard:E", &[])
        .hand("S", &[], "1B 2B 3B 5B 6B 7B 7D 8D 9D RD RD 5D 5D 5D")
        .fails("seats.S", "no yaku");
    // Yakuhai held before (a pung already in hand) allows a win on a discard: the y1 test.
    // A yaku some waits would not give is not enough: 23B 555D 234D 678D 6B6B waits on 1B
    // (no yaku) and 4B (Tanyao).
    win("S", "4B", "discard:E", &[])
        .hand("S", &[], "2B 3B 4B 5D 5D 5D 2D 3D 4D 6D 7D 8D 6B 6B")
        .fails("win", "atozuke");
}

#[test]
fn s12_invalid_input() {
    // An exposed chow (J3-T3).
    win("S", "5D", "discard:W", &[])
        .hand(
            "S",
            &["chow 2B exposed"],
            "RD RD RD 5B 6B 7B 3D 4D 5D 9D 9D",
        )
        .fails("seats.S.sets[0]", "chow");
    // A tile 2C–8C.
    rd_hand()
        .hand("E", &[], "5C")
        .fails("seats.E.concealed[0]", "not a tile");
    // Riichi with an open hand.
    win("S", "3D", "discard:E", &[])
        .hand(
            "S",
            &["pung 9C exposed"],
            "1B 2B 3B 7B 8B 9B 1D 2D 3D NW NW",
        )
        .riichi("S", Riichi::Riichi)
        .fails("seats.S.riichi", "concealed");
    // Not a complete hand.
    win("S", "5D", "discard:W", &[])
        .hand("S", &[], "RD RD RD 2B 3B 4B 5B 6B 7B 3D 4D 5D 9D 1D")
        .fails("seats.S", "not a complete hand");
    // Five of a tile with the indicators.
    rd_hand()
        .dora("RD RD")
        .fails("dora_indicators", "5 copies of RD");
    // West is never the prevailing wind (J3-S1).
    rd_hand().prevailing("W").fails("prevailing_wind", "E or S");
}

// ---------------------------------------------------------------------------------------
// The family: preset, options, catalogue
// ---------------------------------------------------------------------------------------

#[test]
fn preset_options_and_checks() {
    let o = preset();
    Japanese::check(&o).unwrap();
    assert!(o.open_reductions && !o.menzen_tsumo && !o.counted_yakuman && !o.red_fives);
    assert_eq!(
        (o.yakuman_cap, o.riichi_stake, o.starting_points, o.honba),
        (3, 1000, 35000, 0)
    );
    let bad = |f: fn(&mut JapaneseOptions)| {
        let mut o = preset();
        f(&mut o);
        Japanese::check(&o).is_err()
    };
    assert!(bad(|o| o.yakuman_cap = 4));
    assert!(bad(|o| o.yakuman_cap = 0));
    assert!(bad(|o| o.ura_dora = false));
    assert!(bad(|o| o.rounds = 3));
    // Unknown options are refused.
    let text = Japanese::presets()[0]
        .text
        .replace("rounds = 2", "rounds = 2\nbonba = 300");
    let preset: toml::Table = toml::from_str(&text).unwrap();
    assert!(preset["options"]
        .clone()
        .try_into::<JapaneseOptions>()
        .is_err());
    // J3-T1, J3-T2, J3-T3.
    let set = Japanese::tile_set(&o);
    assert_eq!(set.copies("1C".parse().unwrap()), 4);
    assert_eq!(set.copies("2C".parse().unwrap()), 0);
    assert_eq!(set.copies("5B".parse().unwrap()), 4);
    let play = Japanese::play(&o);
    assert_eq!((play.seats, play.chow_claims, play.rounds), (3, false, 2));
    assert_eq!(Japanese::NAME, "japanese");
}

#[test]
fn the_catalogue_names_every_rule_the_scorer_cites() {
    let entries = mahjong_rules::catalogue::parse(Japanese::NAME, Japanese::catalogue()).unwrap();
    let mut keys = std::collections::HashSet::new();
    for e in &entries {
        assert!(keys.insert(e.key.clone()), "key {} twice", e.key);
        let slug = e.id.to_lowercase().replace('-', "_");
        assert!(e.key.starts_with(&format!("{slug}_")), "{}", e.key);
        // Every entry is cited, but the conventions J3-S the scorer follows without an
        // item of their own and the play rules J3-T the engine's hooks carry out (they are
        // in the catalogue for the coverage tables).
        assert!(
            Japanese::rules().iter().any(|r| r.id == e.id)
                || e.id.starts_with("J3-S")
                || e.id.starts_with("J3-T"),
            "{} is not cited",
            e.id
        );
    }
    for r in Japanese::rules() {
        let e = entries
            .iter()
            .find(|e| e.id == r.id)
            .unwrap_or_else(|| panic!("{} is not in the catalogue", r.id));
        let named = Japanese::rules().iter().filter(|q| q.id == r.id).count();
        // A named rule is one of its entry's variants (J3-S10's riichi stick is its only
        // named case); an unnamed one is the entry itself.
        if !r.named {
            assert!(e.variants.is_empty() && e.names.en == r.name, "{}", r.id);
        } else {
            assert!(
                e.variants.iter().any(|v| v.en == r.name),
                "{} {}",
                r.id,
                r.name
            );
            assert_eq!(e.variants.len(), named, "{}", r.id);
        }
    }
}

// ---------------------------------------------------------------------------------------
// Through the registry: preset `japanese-3p`, the JSON fields, the result JSON
// ---------------------------------------------------------------------------------------

/// The worked example of `table-json.md`, "Japanese three-player fields", verbatim.
const FORMAT_EXAMPLE: &str = r#"{
  "ruleset": "japanese-3p", "options": {}, "prevailing_wind": "E",
  "east_consecutive_wins": 0, "winner": "S",
  "win": { "tile": "5B", "from": "discard", "supplier": "E", "last_tile": false,
           "heaven": false, "earth": false, "ippatsu": false },
  "discards": [], "cannon": null,
  "dora_indicators": ["4D"], "ura_indicators": ["8B"], "riichi_pot": 1000,
  "seats": {
    "E": { "sets": [], "concealed": ["1D","2D","3D","6D","7D","8D","1B","2B","9B","EW","SW","WW","NW"], "bonus": [], "riichi": "riichi" },
    "S": { "sets": [], "concealed": ["2D","3D","4D","5D","6D","7D","3B","4B","5B","6B","7B","8B","9D","9D"], "bonus": ["NW"], "riichi": "riichi" },
    "W": { "sets": [ { "kind": "pung", "tiles": ["GD","GD","GD"], "exposed": true } ],
           "concealed": ["1C","9C","1D","9D","1B","9B","RD","WD","EW","SW"], "bonus": [], "riichi": "none" }
  }
}"#;

fn score_json(text: &str) -> Result<serde_json::Value, InputError> {
    let input = TableInput::from_json(text)?;
    let (_, _, outcome) = mahjong_rules::score_input(&input)?;
    Ok(serde_json::to_value(mahjong_rules::output::ScoreJson(&outcome)).unwrap())
}

#[test]
fn the_format_example_through_the_registry() {
    let r = mahjong_rules::Ruleset::preset("japanese-3p").unwrap();
    assert_eq!(r.options.family(), "japanese");
    let v = score_json(FORMAT_EXAMPLE).unwrap();
    let s = &v["seats"]["S"];
    assert_eq!(
        (s["han"].as_u64(), s["yakuman"].as_u64()),
        (Some(6), Some(0))
    );
    assert_eq!(
        (s["points"].as_u64(), s["score"].as_u64()),
        (Some(6), Some(8000))
    );
    assert_eq!(s["limit"], "J3-P");
    let rules: Vec<&str> = s["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["rule"].as_str().unwrap())
        .collect();
    assert_eq!(rules, ["J3-Y3", "J3-Y4", "J3-S8", "J3-S8", "J3-S8"]);
    for loser in ["E", "W"] {
        let l = &v["seats"][loser];
        assert_eq!(
            (l["han"].as_u64(), l["yakuman"].as_u64()),
            (Some(0), Some(0))
        );
        assert_eq!(l["score"], 0);
    }
    assert_eq!(
        v["settlement"],
        serde_json::json!({"E": -9000, "S": 10000, "W": 0})
    );
    // The pot carried from earlier hands is in the settlement, not a payment between seats.
    assert_eq!(
        v["payments"],
        serde_json::json!([{"from": "E", "to": "S", "amount": 9000}])
    );
}

#[test]
fn bad_japanese_fields_name_their_path() {
    let bad = |from: &str, to: &str, path: &str, needle: &str| {
        assert!(FORMAT_EXAMPLE.contains(from), "{from}");
        let text = FORMAT_EXAMPLE.replacen(from, to, 1);
        let e = score_json(&text).expect_err(to);
        assert_eq!(e.path, path, "{e}");
        assert!(e.message.contains(needle), "{e}");
    };
    bad(
        r#""riichi": "riichi" }"#,
        r#""riichi": "yes" }"#,
        "seats.E.riichi",
        "unknown variant",
    );
    bad(
        r#""riichi_pot": 1000"#,
        r#""riichi_pot": -5"#,
        "riichi_pot",
        "",
    );
    bad(
        r#""dora_indicators": ["4D"]"#,
        r#""dora_indicators": ["4D", "3C"]"#,
        "dora_indicators[1]",
        "3C is not a tile of the japanese-3p set",
    );
    bad(
        r#""ura_indicators": ["8B"]"#,
        r#""ura_indicators": ["8B", "5X"]"#,
        "ura_indicators[1]",
        "",
    );
    bad(
        r#""ippatsu": false"#,
        r#""ippatsu": "no""#,
        "win.ippatsu",
        "",
    );
    // Ippatsu needs riichi (J3-S13).
    let text = FORMAT_EXAMPLE
        .replacen(r#""ippatsu": false"#, r#""ippatsu": true"#, 1)
        .replacen(
            r#""bonus": ["NW"], "riichi": "riichi""#,
            r#""bonus": ["NW"]"#,
            1,
        );
    let e = score_json(&text).unwrap_err();
    assert_eq!(e.path, "win.ippatsu", "{e}");
    // Only a North is set aside into `bonus`.
    bad(
        r#""bonus": ["NW"]"#,
        r#""bonus": ["EW"]"#,
        "seats.S.bonus[0]",
        "NW",
    );
    // Chiihou is a non-dealer's first draw, not a win on a discard (J3-YM1).
    bad(
        r#""earth": false"#,
        r#""earth": true"#,
        "win.earth",
        "first-draw",
    );
}

#[test]
fn ippatsu_and_ura_through_the_json() {
    // The example with Ippatsu and 8B → 9B replaced by 5D's indicator 4D as ura:
    // 6 + Ippatsu 1 + ura 1 = 8 han, haneman 12000.
    let text = FORMAT_EXAMPLE
        .replacen(r#""ippatsu": false"#, r#""ippatsu": true"#, 1)
        .replacen(
            r#""ura_indicators": ["8B"]"#,
            r#""ura_indicators": ["4D"]"#,
            1,
        );
    let v = score_json(&text).unwrap();
    assert_eq!(v["seats"]["S"]["han"], 8);
    assert_eq!(v["seats"]["S"]["score"], 12000);
    assert_eq!(
        v["settlement"],
        serde_json::json!({"E": -13000, "S": 14000, "W": 0})
    );
}

#[test]
fn other_rulesets_ignore_the_japanese_fields_and_refuse_a_north_in_bonus() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    let text = std::fs::read_to_string(dir.join("seed000-settlement.json")).unwrap();
    let plain = score_json(&text).unwrap();
    assert!(plain["seats"]["E"].get("han").is_none());
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["dora_indicators"] = serde_json::json!(["5D"]);
    v["ura_indicators"] = serde_json::json!(["5D"]);
    v["riichi_pot"] = serde_json::json!(3000);
    v["win"]["ippatsu"] = serde_json::json!(true);
    for seat in ["E", "S", "W", "N"] {
        v["seats"][seat]["riichi"] = serde_json::json!("double");
    }
    assert_eq!(score_json(&v.to_string()).unwrap(), plain);
    let seat = v["seats"]
        .as_object()
        .unwrap()
        .keys()
        .next()
        .unwrap()
        .clone();
    v["seats"][&seat]["bonus"] = serde_json::json!(["NW"]);
    let e = score_json(&v.to_string()).unwrap_err();
    assert_eq!(e.path, format!("seats.{seat}.bonus[0]"), "{e}");
    assert!(e.message.contains("not a flower or season"), "{e}");
}
