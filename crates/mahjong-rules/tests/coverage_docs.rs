//! The coverage tables of `docs/rules/*.md` cannot drift from the code: every code name and
//! test name they cite exists. (`catalogue.rs` checks the tables' rule ids; this checks the
//! `code` and `tests` columns.)
//!
//! What counts as cited, in a table whose header is `| rule | what | code… | tests |`:
//!
//! - Only backticked text in the code and tests columns; plain words ("every scenario",
//!   "(no item)") are commentary.
//! - **Code column**: a token with `/` or ending in `.rs` is a file, found from the
//!   repository root or from any crate's `src/` (the docs give paths relative to a crate,
//!   "unless stated"); `mahjong-…` is a crate directory; anything else must be a Rust path
//!   (`score_winner`, `PlayerState::original_call`) whose every segment occurs as a word in
//!   the code (comments stripped) of some `crates/*/src/**/*.rs`. Other shapes are refused,
//!   so the rule cannot be dodged by writing prose in backticks.
//! - **Tests column**: backticked text inside parentheses is commentary (`(and with
//!   `min_hand_points=1` …)`). A token is a test name:
//!   `prefix::NAME` is `fn NAME` in the file the doc maps `prefix` to (the mapping of each doc
//!   is [`DOCS`], written as the doc states it); `prefix::*` only needs the file;
//!   `module::tests::NAME` (an unknown prefix followed by `tests`) is a unit test, `fn NAME`
//!   in some crate's `src/…/module.rs`; a bare `NAME` is an abbreviation the doc defines
//!   ("Test names in full (`prefix::`): `K3_P1` = `…`") or else a test of the table's default
//!   file. A name ending in `…` stands for a test whose name starts with the rest.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// A doc: its file in `docs/rules/`, where its test prefixes point, and each coverage
/// table's default prefix (in the order the tables appear).
type Doc = (&'static str, Prefixes, &'static [&'static str]);
type Prefixes = &'static [(&'static str, &'static str)];

const DOCS: &[Doc] = &[
    (
        "classical.md",
        &[
            (
                "classical_rules",
                "crates/mahjong-rules/tests/classical_rules.rs",
            ),
            ("cli", "crates/mahjong-cli/tests/cli.rs"),
            ("only_place", "crates/mahjong-rules/tests/only_place.rs"),
            ("scenarios", "crates/mahjong-engine/tests/scenarios.rs"),
            ("properties", "crates/mahjong-engine/tests/properties.rs"),
            ("play_hooks", "crates/mahjong-rules/tests/play_hooks.rs"),
        ],
        &["classical_rules", "scenarios"],
    ),
    (
        "western.md",
        &[
            (
                "western_rules",
                "crates/mahjong-rules/tests/western_rules.rs",
            ),
            (
                "western_play",
                "crates/mahjong-engine/tests/western_play.rs",
            ),
            ("only_place", "crates/mahjong-rules/tests/only_place.rs"),
            ("cli", "crates/mahjong-cli/tests/cli.rs"),
            ("play_hooks", "crates/mahjong-rules/tests/play_hooks.rs"),
        ],
        &["western_rules"],
    ),
    (
        "korean-3p.md",
        &[
            ("korean", "crates/mahjong-rules/tests/korean.rs"),
            ("korean_props", "crates/mahjong-rules/tests/korean_props.rs"),
            ("korean_score", "crates/mahjong-cli/tests/korean_score.rs"),
            ("korean_play", "crates/mahjong-engine/tests/korean_play.rs"),
            ("properties", "crates/mahjong-engine/tests/properties.rs"),
            ("play_hooks", "crates/mahjong-rules/tests/play_hooks.rs"),
            ("score_form", "crates/mahjong-rules/tests/score_form.rs"),
        ],
        &["korean", "korean_play"],
    ),
    (
        "japanese-3p.md",
        &[
            ("japanese", "crates/mahjong-rules/tests/japanese.rs"),
            (
                "japanese_score",
                "crates/mahjong-cli/tests/japanese_score.rs",
            ),
            (
                "japanese_play",
                "crates/mahjong-engine/tests/japanese_play.rs",
            ),
        ],
        &["japanese"],
    ),
    (
        "malaysian-3p.md",
        &[
            ("malaysian", "crates/mahjong-rules/tests/malaysian.rs"),
            (
                "malaysian_score",
                "crates/mahjong-cli/tests/malaysian_score.rs",
            ),
            (
                "malaysian_play",
                "crates/mahjong-engine/tests/malaysian_play.rs",
            ),
            (
                "malaysian_greedy",
                "crates/mahjong-bots/tests/malaysian_greedy.rs",
            ),
            ("routes", "crates/mahjong-server/tests/routes.rs"),
        ],
        &["malaysian"],
    ),
    (
        "kajongg.md",
        &[
            ("kajongg", "crates/mahjong-rules/tests/kajongg.rs"),
            (
                "kajongg_play",
                "crates/mahjong-engine/tests/kajongg_play.rs",
            ),
            ("play_hooks", "crates/mahjong-rules/tests/play_hooks.rs"),
            (
                "kajongg_special",
                "crates/mahjong-engine/tests/kajongg_special.rs",
            ),
        ],
        &["kajongg"],
    ),
];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn rs_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for e in entries {
        let p = e.unwrap().path();
        if p.is_dir() {
            rs_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The words of Rust code, `//` comments stripped (a name only a comment still mentions is
/// stale).
fn code_words(text: &str, words: &mut BTreeSet<String>) {
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or("");
        for w in code.split(|c: char| !(c.is_alphanumeric() || c == '_')) {
            if !w.is_empty() {
                words.insert(w.to_string());
            }
        }
    }
}

/// The names of the `fn`s in a file.
fn fn_names(text: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for line in text.lines() {
        let mut rest = line;
        while let Some(i) = rest.find("fn ") {
            let at_word = i == 0 || !rest.as_bytes()[i - 1].is_ascii_alphanumeric();
            rest = &rest[i + 3..];
            if at_word {
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if !name.is_empty() {
                    names.insert(name);
                }
            }
        }
    }
    names
}

/// The backticked tokens of a cell; with `skip_parens`, not those inside parentheses.
fn backticked(cell: &str, skip_parens: bool) -> Vec<String> {
    let mut out = Vec::new();
    let (mut depth, mut tick, mut cur) = (0usize, false, String::new());
    for c in cell.chars() {
        match c {
            '`' if tick => {
                if !(skip_parens && depth > 0) {
                    out.push(std::mem::take(&mut cur));
                }
                cur.clear();
                tick = false;
            }
            '`' => tick = true,
            _ if tick => cur.push(c),
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    out
}

/// The (code, tests) cells of each coverage table, by table.
fn tables(text: &str) -> Vec<Vec<(String, String)>> {
    let mut out: Vec<Vec<(String, String)>> = Vec::new();
    let mut in_table = false;
    for line in text.lines() {
        if !line.starts_with('|') {
            in_table = false;
            continue;
        }
        // `| a | b |` splits into "", a, b, "".
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let cells = &cells[1..cells.len() - 1];
        if cells.len() == 4
            && cells[0] == "rule"
            && cells[1] == "what"
            && cells[2].starts_with("code")
            && cells[3] == "tests"
        {
            in_table = true;
            out.push(Vec::new());
            continue;
        }
        if !in_table || cells[0].starts_with("---") {
            continue;
        }
        assert_eq!(cells.len(), 4, "a coverage row without four cells: {line}");
        out.last_mut()
            .unwrap()
            .push((cells[2].to_string(), cells[3].to_string()));
    }
    out
}

/// `Test names in full (`prefix::`): `A` = `name`, …` → A → (prefix, name).
fn abbreviations(text: &str) -> BTreeMap<String, (String, String)> {
    let mut out = BTreeMap::new();
    let Some(start) = text.find("Test names in full (`") else {
        return out;
    };
    let para = &text[start..];
    let para = &para[..para.find("\n\n").unwrap_or(para.len())];
    let prefix = backticked(para, false)[0]
        .trim_end_matches("::")
        .to_string();
    let toks = backticked(para, false);
    let bytes: Vec<&str> = para.split('`').collect();
    // Tokens alternate with the text between them; a pair is `A` = `b`.
    for (i, pair) in toks.windows(2).enumerate() {
        let between = bytes.get(2 * (i + 1)).copied().unwrap_or("");
        if between.trim() == "=" {
            out.insert(pair[0].clone(), (prefix.clone(), pair[1].clone()));
        }
    }
    out
}

fn is_rust_path(t: &str) -> bool {
    t.split("::").all(|seg| {
        let mut cs = seg.chars();
        cs.next().is_some_and(|c| c.is_alphabetic() || c == '_')
            && cs.all(|c| c.is_alphanumeric() || c == '_')
    })
}

struct Code {
    root: PathBuf,
    words: BTreeSet<String>,
    /// Every `src/` file of the crates, as paths relative to its `src/`.
    src_files: Vec<(PathBuf, PathBuf)>,
}

impl Code {
    fn load() -> Code {
        let root = root();
        let mut words = BTreeSet::new();
        let mut src_files = Vec::new();
        for krate in fs::read_dir(root.join("crates")).unwrap() {
            let src = krate.unwrap().path().join("src");
            let mut files = Vec::new();
            rs_files(&src, &mut files);
            for f in files {
                code_words(&fs::read_to_string(&f).unwrap(), &mut words);
                src_files.push((f.strip_prefix(&src).unwrap().to_path_buf(), f));
            }
        }
        Code {
            root,
            words,
            src_files,
        }
    }

    fn check_code(&self, token: &str) -> Result<(), String> {
        if token.contains('/') || token.ends_with(".rs") {
            let found = self.root.join(token).is_file()
                || self
                    .src_files
                    .iter()
                    .any(|(rel, _)| rel == Path::new(token));
            return found.then_some(()).ok_or("no such file".into());
        }
        if token.starts_with("mahjong-") {
            let found = self.root.join("crates").join(token).is_dir();
            return found.then_some(()).ok_or("no such crate".into());
        }
        if !is_rust_path(token) {
            return Err("neither a file, a crate nor a Rust path".into());
        }
        match token.split("::").find(|seg| !self.words.contains(*seg)) {
            None => Ok(()),
            Some(seg) => Err(format!("`{seg}` occurs in no code")),
        }
    }

    /// `fn` names of the unit tests' module `module` (`src/…/module.rs`; of every such
    /// file with unit tests, as several modules share a name: `play.rs`).
    fn unit_tests(&self, module: &str) -> Option<BTreeSet<String>> {
        let file = format!("{module}.rs");
        let mut names: Option<BTreeSet<String>> = None;
        for f in self
            .src_files
            .iter()
            .filter(|(rel, _)| rel.file_name().is_some_and(|n| n == file.as_str()))
        {
            let text = fs::read_to_string(&f.1).unwrap();
            if text.contains("mod tests") {
                names
                    .get_or_insert_with(BTreeSet::new)
                    .extend(fn_names(&text));
            }
        }
        names
    }
}

fn check_test(
    token: &str,
    default: &str,
    files: &BTreeMap<&str, BTreeSet<String>>,
    abbrevs: &BTreeMap<String, (String, String)>,
    code: &Code,
) -> Result<(), String> {
    let (prefix, name) = match token.rsplit_once("::") {
        Some((p, n)) => (p.to_string(), n.to_string()),
        None => match abbrevs.get(token) {
            Some((p, n)) => (p.clone(), n.clone()),
            None => (default.to_string(), token.to_string()),
        },
    };
    let fns = match files.get(prefix.as_str()) {
        Some(fns) => fns.clone(),
        None => match prefix.strip_suffix("::tests") {
            Some(module) => code
                .unit_tests(module)
                .ok_or(format!("no unit tests in `{module}.rs`"))?,
            None => return Err(format!("`{prefix}::` is not a prefix this doc maps")),
        },
    };
    if !(is_rust_path(&name) || name == "*" || name.ends_with('…')) {
        return Err("not a test name".into());
    }
    let found = match name.strip_suffix('…') {
        _ if name == "*" => !fns.is_empty(),
        Some(start) => fns.iter().any(|f| f.starts_with(start)),
        None => fns.contains(&name),
    };
    found
        .then_some(())
        .ok_or(format!("no `fn {name}` in `{prefix}::`"))
}

#[test]
fn every_code_and_test_name_in_the_coverage_tables_exists() {
    let code = Code::load();
    let mut problems = Vec::new();
    let mut cited = 0;
    for (doc, prefixes, defaults) in DOCS {
        let text = fs::read_to_string(root().join("docs/rules").join(doc)).unwrap();
        let files: BTreeMap<&str, BTreeSet<String>> = prefixes
            .iter()
            .map(|(p, f)| {
                let text = fs::read_to_string(root().join(f))
                    .unwrap_or_else(|e| panic!("{doc}: `{p}::` maps to {f}: {e}"));
                (*p, fn_names(&text))
            })
            .collect();
        let abbrevs = abbreviations(&text);
        let tables = tables(&text);
        assert_eq!(
            tables.len(),
            defaults.len(),
            "{doc}: coverage tables found against those configured"
        );
        for (rows, default) in tables.iter().zip(*defaults) {
            for (code_cell, tests_cell) in rows {
                for t in backticked(code_cell, false) {
                    cited += 1;
                    if let Err(e) = code.check_code(&t) {
                        problems.push(format!("{doc}: code `{t}`: {e}"));
                    }
                }
                for t in backticked(tests_cell, true) {
                    cited += 1;
                    if let Err(e) = check_test(&t, default, &files, &abbrevs, &code) {
                        problems.push(format!("{doc}: test `{t}`: {e}"));
                    }
                }
            }
        }
        // Every abbreviation names a real test too, used or not.
        for (a, (p, n)) in &abbrevs {
            if !files.get(p.as_str()).is_some_and(|f| f.contains(n)) {
                problems.push(format!("{doc}: `{a}` = `{p}::{n}`: no such test"));
            }
        }
    }
    // The tables are long; a parser that finds a handful has lost them.
    assert!(cited > 300, "only {cited} names found in the tables");
    assert!(
        problems.is_empty(),
        "{} stale names:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn cells_are_read_as_documented() {
    assert_eq!(
        backticked(
            "`K3_S1` (and with `min_hand_points=1` the same) , `k3_l4_…`",
            true
        ),
        ["K3_S1", "k3_l4_…"]
    );
    assert_eq!(
        backticked("`compute_legal` (`call`), `A::b`", false),
        ["compute_legal", "call", "A::b"]
    );
    let abbrevs = abbreviations("Test names in full (`p::`): `A` = `a_b`,\n`B` = `c`.\n\nrest");
    assert_eq!(abbrevs["A"], ("p".to_string(), "a_b".to_string()));
    assert_eq!(abbrevs["B"], ("p".to_string(), "c".to_string()));
    assert_eq!(abbrevs.len(), 2);
    assert!(is_rust_path("PlayerState::original_call"));
    assert!(!is_rust_path("min_hand_points=1"));
    assert_eq!(
        fn_names("fn a() {}\n    pub fn b_c(x: u8)\n// define(fn d)"),
        ["a", "b_c", "d"].map(String::from).into()
    );
}
