use mahjong_engine::{Game, GameConfig};
use mahjong_rules::Ruleset;
use rand::{Rng, SeedableRng};

#[test]
fn random_games_finish() {
    for seed in 0..20 {
        let mut g = Game::new(GameConfig::new(
            Ruleset::preset("millington").unwrap(),
            seed,
        ));
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut steps = 0;
        while !g.is_over() {
            let p = g.pending()[0];
            let legal = g.legal_actions(p);
            let a = legal[rng.gen_range(0..legal.len())];
            g.act(p, a).unwrap();
            steps += 1;
            assert!(steps < 1_000_000);
        }
        let s = g.summary();
        assert_eq!(g.totals().iter().sum::<i64>(), 0);
        eprintln!(
            "seed {seed}: {} hands, {} washouts, wins {:?}, totals {:?}",
            s.hands,
            s.washouts,
            s.wins,
            g.totals()
        );
    }
}
