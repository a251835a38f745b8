//! mj-server's game options mapped onto our `bradfield` ruleset, so that a bot values hands
//! the way that server scores them.

use mahjong_rules::Ruleset;

/// The part of a `score` option's value: `limits*1000000 + doubles*10000 + points`.
fn parts(value: i64) -> (i64, i64, i64) {
    (value / 1_000_000, value / 10_000 % 100, value % 10_000)
}

/// Our `bradfield` ruleset with the server's enabled options applied, and the names of
/// the options we could not map (unknown, or a value our rules cannot express).
pub fn ruleset_for(options: &[(String, i64)]) -> (Ruleset, Vec<String>) {
    let mut r = Ruleset::preset("bradfield").expect("bradfield is a built-in preset");
    let mut unmapped = Vec::new();
    for (name, value) in options {
        let v = *value;
        let (limits, doubles, points) = parts(v);
        let flag = |b: bool| if b { "true" } else { "false" }.to_string();
        let assignment = match name.as_str() {
            // How long clients may take, not a rule of the game.
            "TimeoutGrace" | "End" => continue,
            "Timeout" => Some(("claim_seconds", v.to_string())),
            "ScoreLimit" => Some(("limit", v.to_string())),
            "NoLimit" => Some(("no_limit", flag(v != 0))),
            "MahJongScore" if limits == 0 && doubles == 0 => {
                Some(("mahjong_points", points.to_string()))
            }
            "SevenPairs" => Some(("seven_pairs", flag(v != 0))),
            "SevenPairsVal" if limits == 0 && doubles == 0 => {
                Some(("seven_pairs_points", points.to_string()))
            }
            "Flowers" => Some(("flowers", flag(v != 0))),
            "FlowersLoose" => Some(("bonus_from_loose", flag(v != 0))),
            "FlowersOwnEach" if limits == 0 && points == 0 => {
                Some(("own_flower_each", doubles.to_string()))
            }
            "FlowersOwnBoth" if limits == 0 && points == 0 => {
                Some(("own_flower_and_season", doubles.to_string()))
            }
            "FlowersBouquet" if limits == 0 && points == 0 => {
                Some(("bouquet", doubles.to_string()))
            }
            "DeadWall" if v == 0 => Some(("dead_wall", "none".to_string())),
            "DeadWall" => None,
            "DeadWall16" if v != 0 => Some(("dead_wall", "16-fixed".to_string())),
            "DeadWall16" => None,
            "ConcealedFully" if limits == 0 && points == 0 => {
                Some(("concealed_fully", doubles.to_string()))
            }
            "ConcealedAlmost" if limits == 0 && points == 0 => {
                Some(("concealed_almost", doubles.to_string()))
            }
            "LosersPurity" => Some(("losers_purity", flag(v != 0))),
            "KongHas3Types" => Some(("claimed_kong_counts_concealed", flag(v != 0))),
            "EastDoubles" => Some(("east_doubles", flag(v != 0))),
            "LosersSettle" => Some(("losers_settle", flag(v != 0))),
            "DiscDoubles" => Some(("discarder_doubles", flag(v != 0))),
            "ShowOnWashout" => Some(("show_on_washout", flag(v != 0))),
            "NumRounds" => Some(("rounds", v.to_string())),
            _ => {
                unmapped.push(format!("{name}={v}"));
                continue;
            }
        };
        if let Some((key, val)) = assignment {
            if r.set(&format!("{key}={val}")).is_err() {
                unmapped.push(format!("{name}={v}"));
            }
        }
    }
    (r, unmapped)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts(list: &[(&str, i64)]) -> Vec<(String, i64)> {
        list.iter().map(|(n, v)| (n.to_string(), *v)).collect()
    }

    #[test]
    fn the_servers_defaults_are_the_bradfield_preset() {
        // The option list mj-server 1.11 announces by default (values as sent).
        let defaults = opts(&[
            ("Timeout", 15),
            ("TimeoutGrace", 5),
            ("ScoreLimit", 1000),
            ("NoLimit", 0),
            ("MahJongScore", 20),
            ("SevenPairs", 0),
            ("SevenPairsVal", 20),
            ("Flowers", 1),
            ("FlowersLoose", 0),
            ("FlowersOwnEach", 0),
            ("FlowersOwnBoth", 10000),
            ("FlowersBouquet", 10000),
            ("DeadWall", 1),
            ("DeadWall16", 0),
            ("ConcealedFully", 10000),
            ("ConcealedAlmost", 0),
            ("LosersPurity", 0),
            ("KongHas3Types", 0),
            ("EastDoubles", 1),
            ("LosersSettle", 1),
            ("DiscDoubles", 0),
            ("ShowOnWashout", 0),
            ("NumRounds", 4),
        ]);
        let (r, unmapped) = ruleset_for(&defaults);
        assert_eq!(unmapped, Vec::<String>::new());
        let mut want = Ruleset::preset("bradfield").unwrap();
        want.set("claim_seconds=15").unwrap();
        assert_eq!(r.options, want.options);
    }

    #[test]
    fn changed_options_reach_the_ruleset_and_unknown_ones_are_named() {
        let (r, unmapped) = ruleset_for(&opts(&[
            ("MahJongScore", 10),
            ("SevenPairs", 1),
            ("NumRounds", 1),
            ("FlowersBouquet", 30000),
            ("ConcealedFully", 1_000_000),
            ("Riichi", 1),
        ]));
        let c = &serde_json::to_value(&r.options).unwrap()["options"];
        assert_eq!(c["mahjong_points"], 10);
        assert_eq!(c["seven_pairs"], true);
        assert_eq!(c["rounds"], 1);
        assert_eq!(c["bouquet"], 3);
        assert_eq!(unmapped, ["ConcealedFully=1000000", "Riichi=1"]);
    }
}
