//! The TypeScript declarations of the protocol (`web/src/generated/`), generated from the
//! Rust types with ts-rs. The test fails when the committed files differ from what the
//! types give; `MAHJONG_WRITE_TS=1 cargo test -p mahjong-client ts::` writes them anew.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use mahjong_engine::{Action, Event, SeatView};
use mahjong_rules::catalogue::{Entry, Form};
use ts_rs::{Config, TS};

use crate::wire::{
    ApiErrorBody, ClientMsg, CreatedTable, GameListEntry, JoinInfo, RulesetInfo, ServerMsg,
    TableInfo,
};

/// Where the generated files live, from the workspace root.
const OUT: &str = "web/src/generated";

fn committed_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(OUT)
}

/// Every generated file by name: each type's own file (with the types it uses) and an
/// `index.ts` that re-exports them all.
fn generate() -> BTreeMap<String, String> {
    let dir = std::env::temp_dir().join(format!("mahjong-ts-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    // The protocol's integers are all well below 2^53: plain numbers, not bigint.
    let cfg = Config::new().with_out_dir(&dir).with_large_int("number");
    fn all<T: TS + 'static>(cfg: &Config) {
        T::export_all(cfg).unwrap_or_else(|e| panic!("{}: {e}", std::any::type_name::<T>()));
    }
    all::<Action>(&cfg);
    all::<Event>(&cfg);
    all::<SeatView>(&cfg);
    all::<Entry>(&cfg);
    all::<Form>(&cfg);
    all::<ClientMsg>(&cfg);
    all::<ServerMsg<SeatView>>(&cfg);
    all::<CreatedTable>(&cfg);
    all::<TableInfo>(&cfg);
    all::<JoinInfo>(&cfg);
    all::<ApiErrorBody>(&cfg);
    all::<RulesetInfo>(&cfg);
    all::<GameListEntry>(&cfg);
    all::<mahjong_rules::output::ScoreResult>(&cfg);
    let mut files = BTreeMap::new();
    for entry in std::fs::read_dir(&dir).expect("exported") {
        let path = entry.expect("a file").path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        files.insert(name, std::fs::read_to_string(&path).expect("readable"));
    }
    let _ = std::fs::remove_dir_all(&dir);
    let mut index = String::from(
        "// Generated with the files beside it (mahjong-client's ts test). Do not edit.\n",
    );
    for name in files.keys() {
        let ty = name.trim_end_matches(".ts");
        index.push_str(&format!("export type {{ {ty} }} from './{ty}';\n"));
    }
    files.insert("index.ts".to_string(), index);
    files
}

#[test]
fn generated_typescript_is_up_to_date() {
    let want = generate();
    let dir = committed_dir();
    if std::env::var_os("MAHJONG_WRITE_TS").is_some() {
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        for (name, text) in &want {
            std::fs::write(dir.join(name), text).unwrap();
        }
        return;
    }
    let mut have = BTreeMap::new();
    if let Ok(entries) = std::fs::read_dir(&dir) {
        for entry in entries {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            have.insert(name, std::fs::read_to_string(&path).unwrap_or_default());
        }
    }
    let stale: Vec<&String> = want
        .keys()
        .chain(have.keys())
        .filter(|n| want.get(*n) != have.get(*n))
        .collect();
    assert!(
        stale.is_empty(),
        "{OUT} is not what the Rust types give ({stale:?}): run \
         `MAHJONG_WRITE_TS=1 cargo test -p mahjong-client ts::` and commit it"
    );
}
