//! The korean-3p game in the terminal: the ready declaration (K3-P9) by keys, named as a
//! noun in the log and the help and as a state on the seat line; the frozen hand's hint and
//! prompt offer only the drawn tile, and Enter on another tile says why it may not go; a
//! concealed kong says so in words.

use std::time::Instant;

use mahjong_bots::hint::hint_for;
use mahjong_engine::{Action, Event, GameConfig, PhaseView};
use mahjong_hands::Shape;
use mahjong_rules::Ruleset;
use mahjong_tui::text::Lang;
use mahjong_tui::{keep_legal_discards, LocalTable, Session};
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::Terminal;

mod common;
use common::draw;

fn session(seed: u64, lang: Lang) -> Session<LocalTable> {
    let mut config = GameConfig::new(Ruleset::preset("korean-3p").unwrap(), seed);
    config.max_hands = Some(1);
    let table = LocalTable::new(config, 0, &[]).unwrap();
    Session::new(0, table).with_lang(lang)
}

fn press(s: &mut Session<LocalTable>, code: KeyCode) {
    s.key(KeyEvent::from(code), Instant::now());
}

/// The hint's analysis of the player's hand, all discards (`legal`: only the legal ones).
fn analysis(s: &Session<LocalTable>, legal: bool) -> mahjong_bots::hint::Hint {
    let view = s.table.game().view(0);
    let ruleset = s.table.game().ruleset();
    let mut hint = hint_for(
        &view,
        &Shape::of(&ruleset.tile_set()),
        ruleset.play().seven_pairs,
        ruleset.play().jokers,
    );
    if legal {
        keep_legal_discards(&mut hint, &view.legal);
    }
    hint
}

/// The audit's way through seed 7: `i` then Enter on every turn, every claim offered taken,
/// `o` pressed when offered; until the player's hand is declared ready and the analysis of
/// all discards would keep another tile than the one drawn (wall 29: `8D` drawn, `7D` was
/// hinted and offered).
fn to_the_frozen_hand(s: &mut Session<LocalTable>, term: &mut Terminal<TestBackend>) {
    for _ in 0..300 {
        draw(s, term);
        let app = &s.app;
        assert!(
            app.sheet().is_none(),
            "the hand ended before the declaration"
        );
        if app.my_turn() {
            if let Some(drawn) = app.frozen() {
                if analysis(s, false).discards[0].tile != drawn {
                    return;
                }
            }
            if app.call_possible() && !app.calling() {
                press(s, KeyCode::Char('o'));
            } else {
                press(s, KeyCode::Char('i'));
                draw(s, term);
                press(s, KeyCode::Enter);
            }
        } else if app.claiming() {
            let key = [
                (Action::Mahjong, 'm'),
                (Action::Kong, 'k'),
                (Action::Pung, 'u'),
            ]
            .into_iter()
            .find(|(a, _)| app.legal().contains(a))
            .map_or('p', |(_, k)| k);
            press(s, KeyCode::Char(key));
        }
    }
    panic!("no frozen hand");
}

/// The texts of the frozen hand in each language: the seat's state, the log's declaration,
/// the prompt on a tile that may not go, the refusal of Enter.
struct Frozen {
    lang: Lang,
    state: &'static str,
    declared: &'static str,
    hint: &'static str,
    prompt: &'static str,
    refusal: &'static str,
}

const FROZEN: [Frozen; 3] = [
    Frozen {
        lang: Lang::En,
        state: "  Ready",
        declared: "you discard 6C with Ready declaration",
        hint: "hint: ready after the right discard · best discard {drawn} (then 0 from ready, \
               {useful} useful tiles)",
        prompt: "Your turn: {tile} may not go: declared ready, only the drawn {drawn}",
        refusal: "{tile} cannot be discarded: the hand is declared ready, only the drawn tile \
                  {drawn} may go",
    },
    Frozen {
        lang: Lang::Cs,
        state: "  Čeká",
        declared: "zahazujete 6C: Ohlášení čekání",
        hint: "rada: čekající ruka po správném odhozu · nejlepší odhoz {drawn} (pak chybí 0, \
               užitečných kamenů {useful})",
        prompt: "Jste na tahu: {tile} nelze zahodit: ohlášeno čekání, jen dobraný {drawn}",
        refusal: "{tile} nelze zahodit: ruka je ohlášená jako čekající, zahodit lze jen dobraný \
                  kámen {drawn}",
    },
    Frozen {
        lang: Lang::Pl,
        state: "  Czeka",
        declared: "odrzucasz 6C: Zapowiedź gotowości",
        hint: "podpowiedź: gotowa po właściwym zrzucie · najlepszy zrzut {drawn} (potem brakuje \
               0, przydatnych kamieni {useful})",
        prompt: "Twój ruch: {tile} nie można odrzucić: zapowiedziana gotowość, tylko dobrany \
                 {drawn}",
        refusal: "{tile} nie można odrzucić: ręka jest zapowiedziana jako gotowa, odrzucić można \
                  tylko dobrany kamień {drawn}",
    },
];

/// After the ready declaration only the drawn tile may go: the hint names it (the best
/// discard among the legal ones) and selects it, the prompt offers Enter only for it, and
/// Enter on another tile says why, sending nothing. Wide enough that nothing wraps.
#[test]
fn a_frozen_hand_offers_only_the_drawn_tile_and_says_why() {
    for f in FROZEN {
        let mut s = session(7, f.lang);
        let mut term = Terminal::new(TestBackend::new(200, 40)).unwrap();
        to_the_frozen_hand(&mut s, &mut term);
        let lines = draw(&mut s, &mut term);
        let drawn = s.app.frozen().unwrap();
        let me = lines.iter().find(|l| l.contains(" P0 ")).unwrap();
        assert!(me.ends_with(f.state), "{:?}: {me:?}", f.lang);
        assert!(
            s.app.log().any(|l| l == f.declared),
            "{:?}: {:#?}",
            f.lang,
            s.app.log().collect::<Vec<_>>()
        );

        // As the audit found it: 8D drawn, and 7D the best discard were the hand free.
        assert_eq!(drawn.code(), "8D");
        assert_eq!(analysis(&s, false).discards[0].tile.code(), "7D");
        // The hint: the engine's analysis, with only the legal discards.
        let hint = analysis(&s, true);
        assert_eq!(hint.discards.len(), 1, "{:?}", f.lang);
        press(&mut s, KeyCode::Char('i'));
        let lines = draw(&mut s, &mut term);
        let want = f
            .hint
            .replace("{drawn}", drawn.code())
            .replace("{useful}", &hint.discards[0].useful.to_string());
        assert_eq!(lines.last().unwrap(), &want, "{:?}", f.lang);
        assert_eq!(s.app.selected_tile(), Some(drawn));
        assert!(lines.iter().any(|l| l.contains("[Enter] ")));

        // Another tile: no Enter offered, and Enter says why.
        press(&mut s, KeyCode::Home);
        let tile = s.app.selected_tile().unwrap();
        assert_ne!(tile, drawn);
        let lines = draw(&mut s, &mut term);
        let fill = |t: &str| {
            t.replace("{tile}", tile.code())
                .replace("{drawn}", drawn.code())
        };
        assert!(!lines.iter().any(|l| l.contains("[Enter]")), "{lines:#?}");
        assert!(
            lines.iter().any(|l| l == &fill(f.prompt)),
            "{:?}: {lines:#?}",
            f.lang
        );
        let sent = s.table.record().len();
        press(&mut s, KeyCode::Enter);
        let lines = draw(&mut s, &mut term);
        assert_eq!(lines.last().unwrap(), &fill(f.refusal), "{:?}", f.lang);
        assert_eq!(s.table.record().len(), sent, "nothing was sent");
        assert!(matches!(
            s.table.game().view(0).phase,
            PhaseView::Turn { player: 0 }
        ));
    }
}

/// The declaration's name is a noun in every language (the catalogue's K3-P9 declaration),
/// so the log, the help and the refusals read as sentences.
#[test]
fn the_ready_declaration_is_named_as_a_noun() {
    for (lang, name, log, help) in [
        (
            Lang::En,
            "Ready declaration",
            "P1 (S) discards 3D with Ready declaration",
            "o           Ready declaration with the discard (when possible)",
        ),
        (
            Lang::Cs,
            "Ohlášení čekání",
            "P1 (J) zahazuje 3D: Ohlášení čekání",
            "o              Ohlášení čekání s odhozem (je-li to možné)",
        ),
        (
            Lang::Pl,
            "Zapowiedź gotowości",
            "P1 (Pd) odrzuca 3D: Zapowiedź gotowości",
            "o            Zapowiedź gotowości przy odrzuceniu (gdy to możliwe)",
        ),
    ] {
        let mut s = session(7, lang);
        let mut term = Terminal::new(TestBackend::new(120, 40)).unwrap();
        draw(&mut s, &mut term);
        assert_eq!(s.app.declaration(), name);
        s.app.apply(
            mahjong_tui::Update::Event(Event::Discard {
                player: 1,
                tile: "3D".parse().unwrap(),
                call: true,
                calling: false,
            }),
            Instant::now(),
        );
        assert_eq!(s.app.log().last(), Some(log));
        press(&mut s, KeyCode::Char('?'));
        let lines = draw(&mut s, &mut term);
        assert!(
            lines
                .iter()
                .any(|l| common::inside_box(l).trim_end_matches('│').trim_end() == help),
            "{lang:?}: {lines:#?}"
        );
    }
}

/// A concealed kong on the table says so in words in every language (it was a bare `c`).
#[test]
fn a_concealed_kong_says_so() {
    for (lang, sets) in [
        (Lang::En, "    sets [4C 4C 4C 4C concealed]"),
        (Lang::Cs, "    sady [4C 4C 4C 4C skrytý]"),
        (Lang::Pl, "    układy [4C 4C 4C 4C zakryty]"),
    ] {
        // Seed 7 deals the player four 4C: `k` declares the kong.
        let mut s = session(7, lang);
        let mut term = Terminal::new(TestBackend::new(120, 40)).unwrap();
        draw(&mut s, &mut term);
        press(&mut s, KeyCode::Char('k'));
        let lines = draw(&mut s, &mut term);
        assert!(lines.iter().any(|l| l == sets), "{lang:?}: {lines:#?}");
    }
}
