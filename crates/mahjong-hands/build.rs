//! Computes the per-suit tables once, at build time, so that no process pays for them at
//! start (they took about a hundred milliseconds). The crate embeds what this writes
//! (see `src/table.rs`), and its tests check the embedded tables against a fresh
//! computation by the same module.

use std::path::PathBuf;

#[path = "src/table_gen.rs"]
mod table_gen;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/table_gen.rs");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));

    let contains = table_gen::build_contains();
    let full = table_gen::build_dist(&contains);
    drop(contains);
    let entries = table_gen::dense(&full);
    drop(full);
    let (vectors, ids) = table_gen::distinct(&entries);

    // One byte per suit content that fits a hand, by its slot: which distinct vector it
    // has.
    std::fs::write(out.join("suit_ids.bin"), table_gen::by_slot(&ids)).expect("write suit_ids.bin");
    // The distinct vectors, as a Rust array.
    let mut src = String::from("[\n");
    for v in &vectors {
        src.push_str(&format!("    Dist({v:?}),\n"));
    }
    src.push(']');
    std::fs::write(out.join("suit_vectors.rs"), src).expect("write suit_vectors.rs");
    std::fs::write(
        out.join("complete.bin"),
        table_gen::bits_by_slot(&table_gen::generate_complete()),
    )
    .expect("write complete.bin");
    // Each vector combined ahead of time with the kinds without chows of the
    // three-player sets.
    std::fs::write(
        out.join("pair_rev.bin"),
        table_gen::generate_pair_rev(&vectors),
    )
    .expect("write pair_rev.bin");
}
