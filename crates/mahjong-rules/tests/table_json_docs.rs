//! Every ```json block of the table-JSON docs (the public contract `docs/specs/table-json.md`
//! and `docs/formats/table-json.md`) is a table that scores, or a fragment listed here: a
//! reader copies the examples first, so a broken one is a broken contract.

use std::path::Path;

use mahjong_rules::{score_input, TableInput};
use serde_json::Value;

/// Blocks that are not input tables, by file and the heading they stand under.
const FRAGMENTS: [(&str, &str); 1] = [("docs/specs/table-json.md", "## Output (`--json`)")];

/// Known errors of the shared contract (`docs/specs/` must stay a byte-for-byte copy of
/// it, so they are fixed here and in `docs/formats/table-json.md` instead): the block
/// under the heading is refused with the error, and scores with the text replaced.
/// The first example wins on 5D, a tile East does not hold; 5C is one he does.
const ERRATA: [(&str, &str, &str, &str, &str); 1] = [(
    "docs/specs/table-json.md",
    "## Input",
    "\"tile\": \"5D\"",
    "\"tile\": \"5C\"",
    "win.tile: 5D is not in the winner's hand",
)];

/// (The heading above, the block's text) for every ```json block.
fn json_blocks(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut heading = String::new();
    let mut block: Option<String> = None;
    for line in text.lines() {
        match &mut block {
            Some(b) if line.trim_start().starts_with("```") => {
                out.push((heading.clone(), std::mem::take(b)));
                block = None;
            }
            Some(b) => {
                b.push_str(line);
                b.push('\n');
            }
            None if line.trim_start() == "```json" => block = Some(String::new()),
            None if line.starts_with('#') => heading = line.trim().to_string(),
            None => {}
        }
    }
    assert!(block.is_none(), "an unclosed ```json block");
    out
}

#[test]
fn every_json_example_of_the_table_docs_scores() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut tables = 0;
    for doc in ["docs/specs/table-json.md", "docs/formats/table-json.md"] {
        let text = std::fs::read_to_string(root.join(doc)).unwrap();
        for (heading, block) in json_blocks(&text) {
            let place = format!("{doc}, block under {heading}");
            let value: Value =
                serde_json::from_str(&block).unwrap_or_else(|e| panic!("{place}: {e}"));
            if FRAGMENTS.contains(&(doc, heading.as_str())) {
                assert!(
                    value.get("ruleset").is_none(),
                    "{place} is listed as a fragment"
                );
                continue;
            }
            let mut block = block;
            if let Some(&(.., from, to, error)) = ERRATA
                .iter()
                .find(|(d, h, ..)| *d == doc && *h == heading.as_str())
            {
                let input = TableInput::from_json(&block).unwrap();
                let refused = score_input(&input).err().map(|e| e.to_string());
                assert_eq!(refused.as_deref(), Some(error), "{place}: the erratum");
                assert_eq!(block.matches(from).count(), 1, "{place}");
                block = block.replace(from, to);
            }
            let input = TableInput::from_json(&block).unwrap_or_else(|e| panic!("{place}: {e}"));
            let (_, _, outcome) = score_input(&input).unwrap_or_else(|e| panic!("{place}: {e}"));
            // The Japanese example states its result in the text below it.
            if input.ruleset == "japanese-3p" {
                assert_eq!(outcome.settlement[..3], [-9000, 10000, 0], "{place}");
                assert_eq!(outcome.scores[1].score, 8000, "{place}");
            }
            tables += 1;
        }
    }
    // Contract: the classical and Japanese examples; implementation: the Korean one.
    assert_eq!(tables, 3);
}
