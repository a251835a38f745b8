//! What a new user runs into first (issue #19): bots that fit the ruleset, `score --json` in
//! every spelling, clear errors for empty or impossible requests, confidence intervals and
//! per-hand outputs of `simulate`, duplicate play, and `replay --print` / `--step`.

use std::path::{Path, PathBuf};
use std::process::Output;

use serde_json::Value;

mod common;
use common::tempdir;

const EXAMPLE: &str = include_str!("../../../examples/seed000-settlement.json");

fn mahjong() -> std::process::Command {
    std::process::Command::new(env!("CARGO_BIN_EXE_mahjong"))
}

/// The duplicate-mode run both duplicate tests make (3 deals, 2 hands each).
const DUPLICATE_RUN: &[&str] = &[
    "simulate",
    "--duplicate",
    "--games",
    "3",
    "--seed",
    "4",
    "--max-hands",
    "2",
    "--bots",
    "greedy,random,random,random",
];

fn run(args: &[&str]) -> Output {
    mahjong().args(args).output().unwrap()
}

fn run_stdin(args: &[&str], input: &str) -> Output {
    use std::io::Write;
    let mut child = mahjong()
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

fn ok(o: &Output) -> &Output {
    assert_eq!(o.status.code(), Some(0), "stderr: {}", stderr(o));
    o
}

/// Exit 2, nothing on stdout, exactly `message` on stderr.
fn fails_with(o: &Output, message: &str) {
    assert_eq!(o.status.code(), Some(2), "stdout: {}", stdout(o));
    assert_eq!(stdout(o), "");
    assert_eq!(stderr(o), format!("error: {message}\n"));
}

fn json(o: &Output) -> Value {
    serde_json::from_slice(&ok(o).stdout).unwrap()
}

// 1. Bots fit the ruleset's seats; one name plays every seat.

#[test]
fn default_bots_fit_three_seats_and_one_name_fills_every_seat() {
    let s = json(&run(&[
        "simulate",
        "--ruleset",
        "korean-3p",
        "--games",
        "3",
        "--max-hands",
        "2",
        "--json",
    ]));
    assert_eq!(s["bots"], serde_json::json!(["greedy", "greedy", "greedy"]));
    assert_eq!(s["games"], 3);
    assert_eq!(s["hands"], 6);
    assert_eq!(s["wins"].as_array().unwrap().len(), 3);

    let s = json(&run(&[
        "simulate",
        "--bots",
        "random",
        "--games",
        "2",
        "--max-hands",
        "2",
        "--json",
    ]));
    assert_eq!(
        s["bots"],
        serde_json::json!(["random", "random", "random", "random"])
    );
    assert_eq!(s["hands"], 4);

    let s = json(&run(&[
        "simulate",
        "--ruleset",
        "korean-3p",
        "--bots",
        "greedy",
        "--games",
        "1",
        "--max-hands",
        "1",
        "--json",
    ]));
    assert_eq!(s["bots"], serde_json::json!(["greedy", "greedy", "greedy"]));

    fails_with(
        &run(&["simulate", "--games", "1", "--bots", "greedy,greedy"]),
        "--bots: 2 bots for 4 seats (give one name for every seat, or 4 names)",
    );
    fails_with(
        &run(&[
            "simulate",
            "--ruleset",
            "korean-3p",
            "--games",
            "1",
            "--bots",
            "greedy,greedy,greedy,greedy",
        ]),
        "--bots: 4 bots for 3 seats (give one name for every seat, or 3 names)",
    );
}

// 2. `score --json` before or after the file, or with standard input.

#[test]
fn score_json_in_every_spelling() {
    let path = "../../examples/seed000-settlement.json";
    let runs = [
        run(&["score", "--json", path]),
        run(&["score", path, "--json"]),
        run_stdin(&["score", "--json", "-"], EXAMPLE),
        run_stdin(&["score", "-", "--json"], EXAMPLE),
        run_stdin(&["score", "--json"], EXAMPLE),
    ];
    let first = stdout(ok(&runs[0]));
    let v: Value = serde_json::from_str(&first).unwrap();
    assert_eq!(
        v["settlement"],
        serde_json::json!({"E": -536, "S": 676, "W": -332, "N": 192})
    );
    for r in &runs[1..] {
        assert_eq!(stdout(ok(r)), first);
    }
    // Without --json: the readable sheet, from a file or standard input.
    let text = stdout(ok(&run_stdin(&["score", "-"], EXAMPLE)));
    assert!(text.contains("N wins with 4B from the wall"), "{text}");
}

// 3. Empty and impossible requests are errors that say what and where.

#[test]
fn nothing_to_simulate_is_an_error() {
    fails_with(
        &run(&["simulate", "--games", "0"]),
        "--games 0: nothing to play (give 1 or more)",
    );
    fails_with(
        &run(&["simulate", "--games", "3", "--max-hands", "0"]),
        "--max-hands 0: a game needs at least one hand (give 1 or more)",
    );
    // Checked before anything is contacted, for the load generator too.
    fails_with(
        &run(&["simulate", "--server", "http://127.0.0.1:9", "--games", "0"]),
        "--games 0: nothing to play (give 1 or more)",
    );
}

/// A server that is not there is named, with the cause ("connection refused"), not only
/// the request that failed.
#[test]
fn an_unreachable_server_says_why() {
    // Port 9 (discard) is closed here: nothing listens.
    let out = run(&["simulate", "--server", "http://127.0.0.1:9", "--games", "1"]);
    assert_ne!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "");
    let err = stderr(&out);
    assert!(
        err.starts_with("error: http://127.0.0.1:9: http: error sending request for url")
            && err.contains("Connection refused"),
        "{err}"
    );
}

#[test]
fn too_many_threads_are_clamped_with_a_note() {
    let avail = std::thread::available_parallelism().unwrap().get();
    let args = |threads: &'static str| {
        vec![
            "simulate",
            "--games",
            "4",
            "--seed",
            "3",
            "--max-hands",
            "3",
            "--json",
            "--threads",
            threads,
        ]
    };
    let many = run(&args("100000"));
    assert_eq!(
        stderr(ok(&many)),
        format!("note: --threads 100000: this machine runs {avail} at once; using {avail}\n")
    );
    let one = run(&args("1"));
    assert_eq!(stderr(ok(&one)), "");
    let (a, b) = (json(&many), json(&one));
    for key in ["hands", "wins", "net_per_hand", "net_per_hand_ci95"] {
        assert_eq!(a[key], b[key], "{key}");
    }
}

fn record(dir: &Path, name: &str, extra: &[&str]) -> PathBuf {
    let path = dir.join(name);
    let mut args = vec![
        "simulate",
        "--games",
        "2",
        "--seed",
        "11",
        "--max-hands",
        "2",
        "--bots",
        "greedy,random,greedy,random",
        "--record",
    ];
    args.push(path.to_str().unwrap());
    args.extend_from_slice(extra);
    ok(&run(&args));
    path
}

#[test]
fn replay_refuses_an_empty_record_and_reads_pretty_json() {
    let dir = tempdir("replay");
    let empty = dir.join("empty.jsonl");
    std::fs::write(&empty, "\n  \n").unwrap();
    fails_with(
        &run(&["replay", empty.to_str().unwrap()]),
        &format!(
            "{}: the record is empty (a record holds one or more games: a header line, then \
             the game's events)",
            empty.display()
        ),
    );
    fails_with(
        &run_stdin(&["replay", "-"], ""),
        "standard input: the record is empty (a record holds one or more games: a header line, then the \
         game's events)",
    );

    let rec = record(&dir, "r.jsonl", &[]);
    let text = std::fs::read_to_string(&rec).unwrap();
    let compact = stdout(ok(&run(&["replay", rec.to_str().unwrap()])));
    assert!(
        compact.starts_with("replayed 2 games, 4 hands, "),
        "{compact}"
    );

    // Pretty-printed, as `jq .` writes it: a stream of indented values.
    let values: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let pretty: String = values
        .iter()
        .map(|v| serde_json::to_string_pretty(v).unwrap() + "\n")
        .collect();
    let pretty_path = dir.join("pretty.json");
    std::fs::write(&pretty_path, &pretty).unwrap();
    assert_eq!(
        stdout(ok(&run(&["replay", pretty_path.to_str().unwrap()]))),
        compact
    );
    // One array of the same objects.
    let array_path = dir.join("array.json");
    std::fs::write(&array_path, serde_json::to_string_pretty(&values).unwrap()).unwrap();
    assert_eq!(
        stdout(ok(&run(&["replay", array_path.to_str().unwrap()]))),
        compact
    );

    // A disagreement in pretty-printed JSON is placed at the line its value starts on.
    let i = values
        .iter()
        .position(|v| v["type"] == "scores")
        .expect("a scores line");
    let mut tampered = values.clone();
    tampered[i]["settlement"][0] = Value::from(tampered[i]["settlement"][0].as_i64().unwrap() + 1);
    let mut text = String::new();
    let mut start_line = 0;
    for (j, v) in tampered.iter().enumerate() {
        if j == i {
            start_line = text.matches('\n').count() + 1;
        }
        text.push_str(&serde_json::to_string_pretty(v).unwrap());
        text.push('\n');
    }
    std::fs::write(&pretty_path, &text).unwrap();
    let out = run(&["replay", pretty_path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.starts_with(&format!(
            "disagreement: {}: line {start_line}: the scores event differs: settlement[0]: recorded {}, the engine gives {}\n",
            pretty_path.display(),
            tampered[i]["settlement"][0],
            values[i]["settlement"][0],
        )),
        "{err}"
    );

    // Broken JSON: the line and column of the fault.
    std::fs::write(&pretty_path, "{\n  \"type\": \"game\",\n  oops\n}\n").unwrap();
    fails_with(
        &run(&["replay", pretty_path.to_str().unwrap()]),
        &format!(
            "{}: line 3 column 3: not JSON: key must be a string",
            pretty_path.display()
        ),
    );

    // A table for `score` is not a record, and is told so.
    let table = pretty_path.with_file_name("table.json");
    std::fs::write(&table, EXAMPLE).unwrap();
    fails_with(
        &run(&["replay", table.to_str().unwrap()]),
        &format!(
            "{}: line 1: not a game record: its first line is no game header \
             ({{\"type\":\"game\",…}})",
            table.display()
        ),
    );
}

#[test]
fn a_drawn_winning_tile_must_be_concealed() {
    // N wins with 4B from the wall, with 2B 3B 4B among his concealed tiles; list that
    // chow as an exposed set instead: the drawn tile would be in an exposed chow.
    let mut t: Value = serde_json::from_str(EXAMPLE).unwrap();
    let n = &mut t["seats"]["N"];
    let concealed: Vec<Value> = n["concealed"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| !["2B", "3B", "4B"].contains(&c.as_str().unwrap()))
        .cloned()
        .collect();
    assert_eq!(concealed.len(), 8);
    n["concealed"] = Value::from(concealed);
    n["sets"]
        .as_array_mut()
        .unwrap()
        .push(serde_json::json!({"kind": "chow", "tiles": ["2B", "3B", "4B"], "exposed": true}));
    let out = run_stdin(&["score", "--json"], &t.to_string());
    fails_with(
        &out,
        "standard input: win.tile: 4B is drawn from the wall but is only in an exposed set or a \
         kong: a drawn winning tile is among the concealed tiles",
    );
    // The same chow listed as concealed is fine (the tile may have completed it).
    let sets = t["seats"]["N"]["sets"].as_array_mut().unwrap();
    sets.last_mut().unwrap()["exposed"] = Value::from(false);
    ok(&run_stdin(&["score", "--json"], &t.to_string()));
    // Won on a discard, the exposed pung is where the claimed tile went.
    t["win"]["from"] = Value::from("discard");
    t["win"]["supplier"] = Value::from("E");
    let sets = t["seats"]["N"]["sets"].as_array_mut().unwrap();
    sets.last_mut().unwrap()["exposed"] = Value::from(true);
    ok(&run_stdin(&["score", "--json"], &t.to_string()));
}

// 4. The noise of `simulate`: confidence intervals, per-hand results, a chart, duplicate play.

/// Student's t for 95 % and `df` ≤ 10 (the tests' game counts).
fn t95(df: usize) -> f64 {
    [
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    ][df - 1]
}

/// The ratio estimate and its 95 % half-width from (net, hands) per independent unit.
fn ratio_ci(units: &[(i64, u64)]) -> (f64, f64) {
    let t: i64 = units.iter().map(|u| u.0).sum();
    let h: u64 = units.iter().map(|u| u.1).sum();
    let m = t as f64 / h as f64;
    let g = units.len() as f64;
    let ss: f64 = units
        .iter()
        .map(|&(t, h)| (t as f64 - m * h as f64).powi(2))
        .sum();
    let se = (ss / (g * (g - 1.0))).sqrt() / (h as f64 / g);
    (m, t95(units.len() - 1) * se)
}

/// The items of a JSON array as text, as the CSV writes them.
fn strings(v: &Value) -> Vec<String> {
    v.as_array().unwrap().iter().map(Value::to_string).collect()
}

fn csv_rows(path: &Path) -> (String, Vec<Vec<String>>) {
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = text.lines();
    let header = lines.next().unwrap().to_string();
    let rows = lines
        .map(|l| l.split(',').map(String::from).collect())
        .collect();
    (header, rows)
}

#[test]
fn intervals_and_per_hand_results_agree_with_each_other() {
    let dir = tempdir("ci");
    let (csv, jsonl, svg) = (dir.join("h.csv"), dir.join("h.jsonl"), dir.join("h.svg"));
    let o = run(&[
        "simulate",
        "--games",
        "5",
        "--seed",
        "9",
        "--max-hands",
        "3",
        "--bots",
        "greedy,random,greedy,random",
        "--json",
        "--csv",
        csv.to_str().unwrap(),
        "--jsonl",
        jsonl.to_str().unwrap(),
        "--plot",
        svg.to_str().unwrap(),
    ]);
    let s = json(&o);
    assert_eq!(s["hands"], 15);
    assert_eq!(s["duplicate"], false);
    assert!(s.get("per_bot").is_none());
    let (header, rows) = csv_rows(&csv);
    assert_eq!(
        header,
        "game,rotation,hand,dealer,winner,net0,net1,net2,net3,winners"
    );
    assert_eq!(rows.len(), 15);
    // Row by row the same as the JSON Lines.
    let objects: Vec<Value> = std::fs::read_to_string(&jsonl)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(objects.len(), 15);
    for (r, o) in rows.iter().zip(&objects) {
        assert_eq!(r[0], o["game"].to_string());
        assert_eq!(r[2], o["hand"].to_string());
        assert_eq!(r[3], o["dealer"].to_string());
        let winner = o["winner"]
            .as_u64()
            .map(|w| w.to_string())
            .unwrap_or_default();
        assert_eq!(r[4], winner);
        let net = strings(&o["net"]);
        assert_eq!(r[5..9], net[..]);
        // One winner at most here: the winners column is the winner.
        assert_eq!(r[9], winner);
        assert_eq!(r[9], strings(&o["winners"]).join(" "));
        // Each hand settles to zero.
        assert_eq!(
            net.iter().map(|n| n.parse::<i64>().unwrap()).sum::<i64>(),
            0
        );
    }
    // Wins and washouts as the summary counts them.
    let won = rows.iter().filter(|r| !r[4].is_empty()).count() as u64;
    assert_eq!(won + s["washouts"].as_u64().unwrap(), 15);
    // Each seat's mean and interval, recomputed from the rows with games as units.
    for seat in 0..4 {
        let units: Vec<(i64, u64)> = (0..5)
            .map(|g| {
                let mine: Vec<&Vec<String>> =
                    rows.iter().filter(|r| r[0] == g.to_string()).collect();
                let net = mine
                    .iter()
                    .map(|r| r[5 + seat].parse::<i64>().unwrap())
                    .sum();
                (net, mine.len() as u64)
            })
            .collect();
        let (m, ci) = ratio_ci(&units);
        let got_m = s["net_per_hand"][seat].as_f64().unwrap();
        let got_ci = s["net_per_hand_ci95"][seat].as_f64().unwrap();
        assert!((got_m - m).abs() < 1e-9, "seat {seat}: {got_m} vs {m}");
        assert!((got_ci - ci).abs() < 1e-6, "seat {seat}: {got_ci} vs {ci}");
        assert!(got_ci > 0.0);
    }
    // The text summary shows the same intervals.
    let text = stdout(ok(&run(&[
        "simulate",
        "--games",
        "5",
        "--seed",
        "9",
        "--max-hands",
        "3",
        "--bots",
        "greedy,random,greedy,random",
    ])));
    let line = text
        .lines()
        .find(|l| l.starts_with("seat 1 random"))
        .unwrap();
    let ci1 = s["net_per_hand_ci95"][1].as_f64().unwrap();
    let m1 = s["net_per_hand"][1].as_f64().unwrap();
    assert!(
        line.ends_with(&format!("net per hand {m1:>+9.2} ± {ci1:.2}")),
        "{line}"
    );
    // One game: no interval, and the JSON says null.
    let one = json(&run(&[
        "simulate",
        "--games",
        "1",
        "--max-hands",
        "2",
        "--json",
    ]));
    assert_eq!(
        one["net_per_hand_ci95"],
        serde_json::json!([null, null, null, null])
    );
    // The chart: an SVG with a line and a legend entry per seat.
    let svg = std::fs::read_to_string(&svg).unwrap();
    assert!(svg.starts_with("<svg "), "{}", &svg[..40]);
    assert!(svg.contains("millington: cumulative net per seat, seed 9"));
    for label in [
        "seat 0 greedy",
        "seat 1 random",
        "seat 2 greedy",
        "seat 3 random",
    ] {
        assert_eq!(svg.matches(label).count(), 1, "{label}");
    }
}

/// Every hand is a row, also when one action ends a hand and the next ends as dealt (MY3-J6:
/// both settle inside one `act`), and a hand several players won on one discard (MY3-P3)
/// names them all: row by row the winners of the record's hands.
#[test]
fn per_hand_rows_list_every_hand_and_every_winner() {
    let dir = tempdir("rows");
    let (csv, record) = (dir.join("h.csv"), dir.join("r.jsonl"));
    let o = run(&[
        "simulate",
        "--ruleset",
        "malaysian-3p",
        "-o",
        "multiple_winners=true",
        "--games",
        "6",
        "--seed",
        "8",
        "--json",
        "--csv",
        csv.to_str().unwrap(),
        "--record",
        record.to_str().unwrap(),
    ]);
    let s = json(&o);
    let (header, rows) = csv_rows(&csv);
    assert_eq!(
        header,
        "game,rotation,hand,dealer,winner,net0,net1,net2,winners"
    );
    assert_eq!(rows.len() as u64, s["hands"].as_u64().unwrap());
    assert_eq!(rows.len(), 96);
    // The record's hands in order: who went out in each.
    let mut hands: Vec<Vec<u64>> = Vec::new();
    for line in std::fs::read_to_string(&record).unwrap().lines() {
        let e: Value = serde_json::from_str(line).unwrap();
        match e["type"].as_str() {
            Some("hand_start") => hands.push(Vec::new()),
            Some("mahjong") => hands
                .last_mut()
                .unwrap()
                .push(e["player"].as_u64().unwrap()),
            _ => {}
        }
    }
    assert_eq!(hands.len(), rows.len());
    let mut several = 0;
    for (r, h) in rows.iter().zip(&hands) {
        let mut h = h.clone();
        h.sort();
        let names: Vec<String> = h.iter().map(u64::to_string).collect();
        assert_eq!(r[8], names.join(" "), "{r:?}");
        assert_eq!(r[4], names.first().cloned().unwrap_or_default(), "{r:?}");
        several += usize::from(h.len() > 1);
        // Malaysian hands settle among the players: each row sums to zero.
        let net: i64 = r[5..8].iter().map(|n| n.parse::<i64>().unwrap()).sum();
        assert_eq!(net, 0, "{r:?}");
    }
    assert_eq!(several, 1);
}

fn duplicate(dir: &Path, threads: &str) -> (Value, String, String) {
    let (rec, csv) = (
        dir.join(format!("dup{threads}.jsonl")),
        dir.join(format!("dup{threads}.csv")),
    );
    let s = json(&run(&[
        DUPLICATE_RUN,
        &[
            "--threads",
            threads,
            "--json",
            "--record",
            rec.to_str().unwrap(),
            "--csv",
            csv.to_str().unwrap(),
        ],
    ]
    .concat()));
    (
        s,
        std::fs::read_to_string(rec).unwrap(),
        std::fs::read_to_string(csv).unwrap(),
    )
}

#[test]
fn duplicate_play_rotates_the_bots_over_the_same_walls() {
    let dir = tempdir("dup");
    let (s, record, csv) = duplicate(&dir, "1");
    let (s2, record2, csv2) = duplicate(&dir, "2");
    assert_eq!(record, record2, "records differ between 1 and 2 threads");
    assert_eq!(csv, csv2);
    assert_eq!(s["per_bot"], s2["per_bot"]);
    assert_eq!(s["net_per_hand_ci95"], s2["net_per_hand_ci95"]);
    // 3 deals × 4 rotations.
    assert_eq!(s["games"], 12);
    assert_eq!(s["hands"], 24);
    assert_eq!(s["duplicate"], true);
    let per_bot = s["per_bot"].as_array().unwrap();
    let names: Vec<&str> = per_bot.iter().map(|b| b["bot"].as_str().unwrap()).collect();
    assert_eq!(names, ["greedy", "random", "random", "random"]);
    let wins: u64 = per_bot.iter().map(|b| b["wins"].as_u64().unwrap()).sum();
    let seat_wins: u64 = s["wins"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_u64().unwrap())
        .sum();
    assert_eq!(wins, seat_wins);

    // Each deal's four games: the players rotate, the first hand's deal is the same.
    let lines: Vec<Value> = record
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let starts: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i]["type"] == "game")
        .collect();
    assert_eq!(starts.len(), 12);
    let bots = ["greedy", "random", "random", "random"];
    for deal in 0..3 {
        let first_deal = |game: usize| -> Vec<Value> {
            lines[starts[game]..]
                .iter()
                .filter(|l| l["type"] == "deal")
                .take(4)
                .cloned()
                .collect()
        };
        let base = first_deal(deal * 4);
        for r in 0..4 {
            let game = deal * 4 + r;
            let header = &lines[starts[game]];
            let players: Vec<&str> = header["players"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p.as_str().unwrap())
                .collect();
            let expected: Vec<&str> = (0..4).map(|p| bots[(p + r) % 4]).collect();
            assert_eq!(players, expected, "deal {deal} rotation {r}");
            assert_eq!(header["seed"], lines[starts[deal * 4]]["seed"]);
            assert_eq!(first_deal(game), base, "deal {deal} rotation {r}");
        }
    }
    // Per bot, from the rows: bot b sits in seat p at rotation r when (p + r) mod 4 = b;
    // the deals (all four rotations) are the units.
    let rows: Vec<Vec<String>> = csv
        .lines()
        .skip(1)
        .map(|l| l.split(',').map(String::from).collect())
        .collect();
    assert_eq!(rows.len(), 24);
    let units_of = |b: usize| -> Vec<(i64, u64)> {
        (0..3)
            .map(|deal| {
                let mine: Vec<&Vec<String>> =
                    rows.iter().filter(|r| r[0] == deal.to_string()).collect();
                let net = mine
                    .iter()
                    .map(|r| {
                        let rot: usize = r[1].parse().unwrap();
                        let seat = (b + 4 - rot) % 4;
                        r[5 + seat].parse::<i64>().unwrap()
                    })
                    .sum();
                (net, mine.len() as u64)
            })
            .collect()
    };
    let first = units_of(0);
    for (b, result) in per_bot.iter().enumerate() {
        let units = units_of(b);
        let (m, ci) = ratio_ci(&units);
        assert!((result["net_per_hand"].as_f64().unwrap() - m).abs() < 1e-9);
        assert!((result["net_per_hand_ci95"].as_f64().unwrap() - ci).abs() < 1e-6);
        // The difference to bot 0, paired deal by deal.
        if b == 0 {
            assert_eq!(result["minus_first"], Value::Null);
            assert_eq!(result["minus_first_ci95"], Value::Null);
            continue;
        }
        let diff: Vec<(i64, u64)> = units
            .iter()
            .zip(&first)
            .map(|(u, f)| (u.0 - f.0, u.1))
            .collect();
        let (dm, dci) = ratio_ci(&diff);
        assert!((result["minus_first"].as_f64().unwrap() - dm).abs() < 1e-9);
        assert!((result["minus_first_ci95"].as_f64().unwrap() - dci).abs() < 1e-6);
    }
    // The record replays, game by game.
    let rec = dir.join("dup1.jsonl");
    let out = stdout(ok(&run(&["replay", rec.to_str().unwrap()])));
    assert!(out.starts_with("replayed 12 games, 24 hands, "), "{out}");
    // The text names the bots.
    let text = stdout(ok(&run(DUPLICATE_RUN)));
    assert!(text
        .contains("duplicate: 3 deals, each played in 4 rotations of the bots over the seats\n"));
    let g = &per_bot[0];
    // The labels are padded to the widest, "seat 0 (every bot)".
    let want = format!(
        "bot 0 greedy       wins {:>8}   net per hand {:>+9.2} ± {:.2}\n",
        g["wins"].as_u64().unwrap(),
        g["net_per_hand"].as_f64().unwrap(),
        g["net_per_hand_ci95"].as_f64().unwrap()
    );
    assert!(text.contains(&want), "{text}\nwanted {want}");
}

/// In duplicate play a seat's random stream (the bots' tie-breaks) is the same in every
/// rotation: four copies of one bot play each deal's four games exactly alike, so every
/// bot nets exactly zero. (With streams that followed the bot, four `greedy` showed
/// ±2.8 a hand of tie-break luck over 10,000 `millington` hands.)
#[test]
fn duplicate_play_gives_each_seat_the_same_random_stream_in_every_rotation() {
    let dir = tempdir("dupsame");
    for (ruleset, bots) in [("millington", "random"), ("korean-3p", "greedy")] {
        let rec = dir.join(format!("{ruleset}.jsonl"));
        let s = json(ok(&run(&[
            "simulate",
            "--ruleset",
            ruleset,
            "--duplicate",
            "--games",
            "4",
            "--seed",
            "9",
            "--max-hands",
            "2",
            "--bots",
            bots,
            "--json",
            "--record",
            rec.to_str().unwrap(),
        ])));
        let per_bot = s["per_bot"].as_array().unwrap();
        let seats = if ruleset == "korean-3p" { 3 } else { 4 };
        assert_eq!(per_bot.len(), seats, "{ruleset}");
        let wins = per_bot[0]["wins"].as_u64().unwrap();
        assert!(wins > 0, "{ruleset}: no hand won");
        for b in per_bot {
            assert_eq!(b["net_per_hand"].as_f64(), Some(0.0), "{ruleset}: {b}");
            assert_eq!(b["net_per_hand_ci95"].as_f64(), Some(0.0), "{ruleset}: {b}");
            assert_eq!(b["wins"].as_u64(), Some(wins), "{ruleset}: {b}");
        }
        // Every rotation of a deal is the same game, line for line after the header.
        let text = std::fs::read_to_string(&rec).unwrap();
        let mut games: Vec<Vec<&str>> = Vec::new();
        for line in text.lines() {
            if line.contains("\"type\":\"game\"") {
                games.push(Vec::new());
            } else {
                games.last_mut().unwrap().push(line);
            }
        }
        assert_eq!(games.len(), 4 * seats, "{ruleset}");
        for (g, game) in games.iter().enumerate() {
            assert!(game.len() > 10, "{ruleset}: game {g} is too short");
            assert_eq!(game, &games[g - g % seats], "{ruleset}: game {g}");
        }
    }
}

/// A record whose last game stops before its end (a player left `mahjong play --record`)
/// replays up to where it stops, and says so; an earlier game that stops is a
/// disagreement.
#[test]
fn replay_accepts_a_last_game_left_unfinished_and_says_so() {
    let dir = tempdir("unfinished");
    let full = dir.join("full.jsonl");
    ok(&run(&[
        "simulate",
        "--games",
        "2",
        "--max-hands",
        "2",
        "--seed",
        "3",
        "--record",
        full.to_str().unwrap(),
    ]));
    let text = std::fs::read_to_string(&full).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let second = lines
        .iter()
        .rposition(|l| l.starts_with("{\"type\":\"game\""))
        .unwrap();
    // Cut each game just before its 30th decision: the engine then waits for it.
    let cut = |from: usize| {
        from + lines[from..]
            .iter()
            .enumerate()
            .filter(|(_, l)| l.starts_with("{\"type\":\"decision\""))
            .nth(29)
            .unwrap()
            .0
    };
    let write = |name: &str, kept: Vec<&str>| {
        let p = dir.join(name);
        std::fs::write(&p, kept.join("\n") + "\n").unwrap();
        p
    };
    let last_cut = write("last.jsonl", lines[..cut(second)].to_vec());
    let out = stdout(ok(&run(&["replay", last_cut.to_str().unwrap()])));
    let events = cut(second) - 2; // every line but the two headers
    assert_eq!(
        out,
        format!(
            "replayed 2 games, 2 hands, {events} events: all agree (the last game stops unfinished, in hand 1)\n"
        )
    );
    let printed = stdout(ok(&run(&["replay", "--print", last_cut.to_str().unwrap()])));
    assert!(printed.contains("game 2"), "{printed}");

    let mut first_cut = lines[..cut(0)].to_vec();
    first_cut.extend(&lines[second..]);
    let first_cut = write("first.jsonl", first_cut);
    let o = run(&["replay", first_cut.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains(&format!(
            "line {}: game from line 1 is not finished",
            cut(0) + 1
        )),
        "{err}"
    );
}

/// `-` names standard output for `simulate`'s outputs, as it names standard input for
/// `score` and `replay`: the summary then goes to standard error. Only one output may be
/// `-`; the chart is SVG; flags that `--server` would ignore are refused.
#[test]
fn simulate_writes_an_output_to_standard_output_and_refuses_what_it_cannot_do() {
    let o = run(&[
        "simulate",
        "--games",
        "2",
        "--max-hands",
        "1",
        "--record",
        "-",
    ]);
    let record = stdout(ok(&o));
    let summary = String::from_utf8_lossy(&o.stderr);
    assert!(summary.starts_with("games 2   hands 2"), "{summary}");
    let replayed = stdout(ok(&run_stdin(&["replay", "-"], &record)));
    assert!(
        replayed.starts_with("replayed 2 games, 2 hands, "),
        "{replayed}"
    );

    let o = run(&["simulate", "--games", "2", "--max-hands", "1", "--csv", "-"]);
    let csv = stdout(ok(&o));
    assert!(csv.starts_with("game,rotation,hand,dealer,winner,net0,net1,net2,net3,winners\n"));
    assert_eq!(csv.lines().count(), 3, "{csv}");

    let o = run(&[
        "simulate",
        "--games",
        "1",
        "--max-hands",
        "1",
        "--plot",
        "-",
    ]);
    assert!(stdout(ok(&o)).starts_with("<svg "));

    for (args, message) in [
        (
            &["--record", "-", "--csv", "-"][..],
            "error: --record and --csv: only one output may be standard output (-)\n",
        ),
        (
            &["--plot", "chart.png"][..],
            "error: --plot: chart.png: the chart is written as SVG; name the file .svg\n",
        ),
        (
            &["--server", "http://127.0.0.1:9", "--bots", "greedy,greedy"][..],
            "error: --bots: 2 bots for 4 seats (give one name for every seat, or 4 names)\n",
        ),
        (
            &["--server", "http://127.0.0.1:9", "--bots", "cmd:python3 bot.py"][..],
            "error: --bots: \"cmd:python3 bot.py\": a program plays only in local games, not at a server's tables\n",
        ),
    ] {
        let o = run(&[&["simulate", "--games", "1"][..], args].concat());
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&o.stderr), message, "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?}");
    }
    for flag in ["--record", "--wall", "--threads"] {
        let o = run(&["simulate", "--server", "http://127.0.0.1:9", flag, "1"]);
        assert_eq!(o.status.code(), Some(2), "{flag}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.contains("cannot be used with") && err.contains(flag),
            "{flag}: {err}"
        );
    }
}

// 5. Reading a record: `--print` and `--step`.

/// A one-hand game over the full wall in index order: East's deal is fixed.
fn walled_record(dir: &Path) -> PathBuf {
    let mut codes: Vec<String> = Vec::new();
    for s in ['B', 'C', 'D'] {
        for r in 1..=9 {
            codes.extend(std::iter::repeat_n(format!("{r}{s}"), 4));
        }
    }
    for h in ["EW", "SW", "WW", "NW", "RD", "GD", "WD"] {
        codes.extend(std::iter::repeat_n(h.to_string(), 4));
    }
    for n in 1..=4 {
        codes.push(format!("{n}F"));
        codes.push(format!("{n}S"));
    }
    let wall = dir.join("wall.txt");
    std::fs::write(&wall, codes.join(" ")).unwrap();
    let rec = dir.join("walled.jsonl");
    ok(&run(&[
        "simulate",
        "--games",
        "1",
        "--max-hands",
        "1",
        "--wall",
        wall.to_str().unwrap(),
        "--record",
        rec.to_str().unwrap(),
    ]));
    rec
}

#[test]
fn replay_print_shows_the_deal_every_event_and_the_result() {
    let dir = tempdir("print");
    let rec = walled_record(&dir);
    let text = stdout(ok(&run(&["replay", "--print", rec.to_str().unwrap()])));
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("game 1 · millington · seed "),
        "{}",
        lines[0]
    );
    assert!(lines[0].ends_with(" · P0 greedy, P1 greedy, P2 greedy, P3 greedy"));
    assert_eq!(lines[2], "hand 1 · prevailing E · dealer P0");
    assert_eq!(lines[3], "  hand 1 begins: prevailing wind E, P0 deals");
    assert_eq!(
        lines[4],
        "  P0 is dealt 1B 1B 1B 1B 5B 5B 5B 5B 9B 9B 9B 9B 4C 5C"
    );
    // Every event but the decisions has a line; the record's event count says how many.
    let record = std::fs::read_to_string(&rec).unwrap();
    let events = record
        .lines()
        .skip(1)
        .filter(|l| !l.contains(r#""type":"decision""#))
        .count();
    let event_lines = lines
        .iter()
        .take_while(|l| **l != "  at the end:")
        .filter(|l| l.starts_with("  "))
        .count();
    assert_eq!(event_lines, events);
    let discards = record
        .lines()
        .filter(|l| l.starts_with(r#"{"type":"discard""#))
        .count();
    let discard_lines = lines
        .iter()
        .filter(|l| l.starts_with("  P") && l.contains(" discards "))
        .count();
    assert!(discards > 0);
    assert_eq!(discard_lines, discards);
    assert!(text.contains("\n  scores: P0 "), "{text}");
    assert!(text.contains("\n  game over: totals P0 "), "{text}");
    assert_eq!(lines.iter().filter(|l| l.starts_with("    P")).count(), 4);
}

#[test]
fn replay_print_names_a_washouts_payments_and_the_points_at_the_end() {
    // japanese-3p, seed 3: six riichi wins with their ura-dora indicator (J3-S8), two
    // washouts, one with two riichi sticks into the pot.
    let dir = tempdir("washout");
    let rec = dir.join("j.jsonl");
    ok(&run(&[
        "simulate",
        "--ruleset",
        "japanese-3p",
        "--games",
        "1",
        "--seed",
        "3",
        "--record",
        rec.to_str().unwrap(),
    ]));
    let text = stdout(ok(&run(&["replay", "--print", rec.to_str().unwrap()])));
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| {
            l.contains("noten payment") || l.contains("game over") || l.contains("ura-dora")
        })
        .collect();
    assert_eq!(
        lines,
        [
            "  every hand is shown; ura-dora indicators 1C",
            "  every hand is shown; ura-dora indicators 7B",
            "  every hand is shown; ura-dora indicators SW",
            "  every hand is shown; ura-dora indicators 5D",
            "  every hand is shown; ura-dora indicators SW",
            "  every hand is shown; ura-dora indicators 4D",
            "  scores: P0 0 P1 0 P2 0; net: P0 +0 P1 -2000 P2 +0; payments: P1→P0 1000 (J3-P \
             noten payment), P1→P2 1000 (J3-P noten payment), P0→pot 1000 (J3-S10 riichi \
             stick), P2→pot 1000 (J3-S10 riichi stick)",
            "  scores: P0 0 P1 0 P2 0; net: P0 -1000 P1 +2000 P2 -1000; payments: P0→P1 1000 \
             (J3-P noten payment), P2→P1 1000 (J3-P noten payment)",
            // The players start with 35,000 (J3-P): the points they end with follow.
            "  game over: totals P0 +4000 P1 -19000 P2 +15000 (P2 took the 2000 left in the \
             pot); points P0 39000 P1 16000 P2 50000",
        ]
    );
}

#[test]
fn replay_step_moves_by_event_and_by_hand() {
    let dir = tempdir("step");
    let rec = record(&dir, "s.jsonl", &[]);
    let path = rec.to_str().unwrap();
    let out = run_stdin(&["replay", "--step", path], "\nn\nb\nN\nB\nx\nq\n");
    let text = stdout(ok(&out));
    let positions: Vec<&str> = text
        .lines()
        .filter_map(|l| l.split_once(" · event ").map(|(_, r)| r))
        .collect();
    let events_in_hand_1 = positions[0]
        .split_once('/')
        .unwrap()
        .1
        .split_once(' ')
        .unwrap()
        .0;
    let n1: usize = events_in_hand_1.parse().unwrap();
    let hands: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("hand ") && l.contains(" · event "))
        .map(|l| l.split_once(" · ").unwrap().0)
        .collect();
    // Start, Enter, n, b, N (to hand 2), B (back to hand 1), x (unknown), then q.
    assert_eq!(
        hands,
        ["hand 1", "hand 1", "hand 1", "hand 1", "hand 2", "hand 1", "hand 1"]
    );
    let steps: Vec<usize> = positions
        .iter()
        .map(|p| {
            p.split_once("(step ")
                .unwrap()
                .1
                .split_once('/')
                .unwrap()
                .0
                .parse()
                .unwrap()
        })
        .collect();
    assert_eq!(steps, [1, 2, 3, 2, n1 + 1, 1, 1]);
    assert!(text.contains("\n> P0 is dealt "), "{text}");
    assert!(text.contains("(unknown key \"x\")"));
    // The end of input quits too; a record on standard input cannot be stepped.
    ok(&run_stdin(&["replay", "--step", path], ""));
    fails_with(
        &run_stdin(&["replay", "--step", "-"], ""),
        "--step reads its keys from standard input: give the record as a file",
    );
}

#[test]
fn replay_print_names_the_payments_made_during_play() {
    // malaysian-3p, seed 3: two kongs claimed from discards in the first four hands, each
    // paid for by its discarder as it is made (MY3-I2).
    let dir = tempdir("payments");
    let rec = dir.join("my.jsonl");
    ok(&run(&[
        "simulate",
        "--ruleset",
        "malaysian-3p",
        "--games",
        "1",
        "--seed",
        "3",
        "--max-hands",
        "4",
        "--record",
        rec.to_str().unwrap(),
    ]));
    let text = stdout(ok(&run(&["replay", "--print", rec.to_str().unwrap()])));
    let pays: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| l.contains(" pays "))
        .collect();
    assert_eq!(
        pays,
        [
            "P0 pays P2 100 (MY3-I2 kong claimed from a discard)",
            "P2 pays P0 100 (MY3-I2 kong claimed from a discard)"
        ]
    );
}

/// Found by a new-user audit (2026-11-29): errors that said too little, help that listed
/// too few families, a start that should have been refused.
#[test]
fn a_bad_server_address_a_zero_hand_game_and_the_families_in_help() {
    let out = run(&["simulate", "--server", "nonsense", "--games", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: --server \"nonsense\": not a server address (give http://HOST:PORT, as `mahjong serve` prints it)\n"
    );
    // A record that cannot be written is told before the game, not after it.
    fails_with(
        &run(&["play", "--record", "/no/such/dir/game.jsonl"]),
        "--record /no/such/dir/game.jsonl: No such file or directory (os error 2)",
    );
    let out = run(&[
        "play",
        "--record",
        "x.jsonl",
        "--server",
        "http://127.0.0.1:9",
    ]);
    assert_eq!(out.status.code(), Some(2));
    // Without a terminal there is no game, and no empty record is left behind.
    let path = std::env::temp_dir().join(format!("mahjong-no-tty-{}.jsonl", std::process::id()));
    let out = run(&["play", "--record", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(!path.exists());
    let out = run(&["play", "--max-hands", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("invalid value '0' for '--max-hands"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = run(&["simulate", "--ruleset", "/no/such/club.toml"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .starts_with("error: --ruleset: /no/such/club.toml: No such file or directory"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = run(&["rules", "--help"]);
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(
        help.contains(
            "Only this family's rules (classical, kajongg, western, korean, japanese, malaysian)"
        ),
        "{help}"
    );
}

/// A `serve` limit of 0 (no body, no page, no queue) would leave the server unusable: it is
/// refused before anything starts, with exit status 2.
#[test]
fn serve_refuses_a_zero_limit() {
    for flag in [
        "--max-body-bytes",
        "--max-ws-message-bytes",
        "--ws-queue",
        "--page-max",
        "--waiting-expiry-secs",
    ] {
        let o = run(&["serve", flag, "0"]);
        assert_eq!(o.status.code(), Some(2), "{flag}");
        let err = stderr(&o);
        assert!(
            err.contains(&format!("'0' for '{flag} ")) && err.contains("give 1 or more"),
            "{flag}: {err}"
        );
    }
}

/// `serve`'s proxy options are checked before anything starts: a proxy that is not an
/// address, a header named without a proxy to believe it from, an unknown header.
#[test]
fn serve_refuses_bad_proxy_options_before_it_starts() {
    for (args, says) in [
        (
            &["serve", "--trusted-proxy", "proxy.local"][..],
            "\"proxy.local\" is not an address or a range of addresses",
        ),
        (
            &["serve", "--proxy-header", "forwarded"],
            "the following required arguments were not provided:\n  --trusted-proxy <ADDR[/BITS]>",
        ),
        (
            &[
                "serve",
                "--trusted-proxy",
                "127.0.0.1",
                "--proxy-header",
                "forwarder",
            ],
            "[possible values: x-forwarded-for, forwarded]",
        ),
    ] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert_eq!(stdout(&o), "", "{args:?}");
        assert!(stderr(&o).contains(says), "{args:?}: {}", stderr(&o));
    }
}
