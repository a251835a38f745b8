//! Every label of the readable score sheet (`mahjong score` without `--json`) in English,
//! Czech and Polish side by side, so a translator sees the three together.
//!
//! A label is a template with named placeholders (`{who} pays {to}`) that [`tr`] fills; a
//! counted noun ("double", "bodů") is a [`Word`] with its forms for 1, 2–4 and 5+ that
//! [`counted`] picks. The terms are those of the rule catalogue, `web/src/i18n` and the
//! terminal game (`mahjong-tui/src/text.rs`): cs kámen, pong, kong, mahjong, remíza,
//! zdvojení, bodů, vyrovnání, bank; pl kamień, pung, kong, MahJongg, remis, podwojenie,
//! punktów, rozliczenie, pula. English keeps the words the sheet always had, byte for byte.
//! Tile codes, rule ids and seat letters are the same in every language.

use std::fmt::Display;

use mahjong_tiles::Wind;

use crate::catalogue::Lang;

macro_rules! texts {
    ($($(#[$doc:meta])* $key:ident: $en:literal, $cs:literal, $pl:literal;)*) => {
        /// A label of the score sheet; [`Txt::template`] gives it in a language.
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
        pub(crate) enum Txt {
            $($(#[$doc])* $key,)*
        }

        impl Txt {
            /// Every label, in the table's order.
            #[cfg(test)]
            pub(crate) const ALL: &[Txt] = &[$(Txt::$key,)*];

            /// The label's template in `lang`: `{name}` marks a placeholder.
            pub(crate) fn template(self, lang: Lang) -> &'static str {
                match self {
                    $(Txt::$key => match lang {
                        Lang::En => $en,
                        Lang::Cs => $cs,
                        Lang::Pl => $pl,
                    },)*
                }
            }
        }
    };
}

texts! {
    // The heading.
    /// The first line's start.
    Heading: "Ruleset {name}   prevailing wind {wind}", "Pravidla {name}   panující vítr {wind}",
        "Zasady {name}   wiatr panujący {wind}";
    /// A win with a tile from the wall.
    WonWall: "{who} wins with {tile} from the wall", "{who} má mahjong s {tile} ze zdi",
        "{who} ma MahJongga z {tile} z muru";
    /// A win with a loose tile (the classical families' word).
    WonLoose: "{who} wins with {tile} with a loose tile",
        "{who} má mahjong s {tile} jako volným kamenem",
        "{who} ma MahJongga z {tile} jako luźnym kamieniem";
    /// A win with a replacement tile (the three-player families' word).
    WonReplacement: "{who} wins with {tile} with a replacement tile",
        "{who} má mahjong s {tile} jako náhradním kamenem",
        "{who} ma MahJongga z {tile} jako kamieniem zastępczym";
    /// A win on a discard.
    WonDiscard: "{who} wins with {tile} on {from}'s discard",
        "{who} má mahjong s {tile} na odhoz hráče {from}",
        "{who} ma MahJongga z {tile} na zrzut gracza {from}";
    /// A win robbing a kong.
    WonRobbing: "{who} wins with {tile} robbing {from}'s kong",
        "{who} má mahjong s {tile} uloupením kongu hráče {from}",
        "{who} ma MahJongga z {tile} przez obrabowanie konga gracza {from}";
    /// A washout of the points-and-doubles families.
    Washout: "washout: no score, no settlement (M97)", "remíza: žádné body, žádné vyrovnání (M97)",
        "remis: bez punktów i bez rozliczenia (M97)";
    /// A drawn korean-3p hand.
    Goulash: "drawn hand (goulash): nobody scores; the next winner takes the goulash bonus (K3-M2)",
        "remíza (guláš): nikdo nezískává body; příští vítěz dostane gulášový bonus (K3-M2)",
        "remis (gulasz): nikt nie zdobywa punktów; następny zwycięzca dostaje premię za gulasz (K3-M2)";
    /// A japanese-3p washout: a table cannot say who was ready, so the noten payments and
    /// riichi stakes (J3-P) are left to play.
    WashoutReady: "washout: nobody won, no hand is scored (J3-P's noten payments and riichi stakes are settled in play)",
        "remíza: nikdo nevyhrál, žádná ruka se nepočítá (platby J3-P hráčů bez čekající ruky a sázky riči se vyrovnávají ve hře)",
        "remis: nikt nie wygrał, żadna ręka nie jest liczona (płatności J3-P graczy bez gotowej ręki i stawki riichi rozlicza się w grze)";
    /// A drawn malaysian-3p hand.
    DrawnInstant: "drawn hand: nothing is paid for the hand; instant payments stand (MY3-P6)",
        "remíza: za hru se nic neplatí; okamžité platby zůstávají v platnosti (MY3-P6)",
        "remis: za rozdanie nikt nic nie płaci; natychmiastowe płatności pozostają w mocy (MY3-P6)";

    // The seats.
    /// East's name.
    East: "East", "Východ", "Wschód";
    /// South's name.
    South: "South", "Jih", "Południe";
    /// West's name.
    West: "West", "Západ", "Zachód";
    /// North's name.
    North: "North", "Sever", "Północ";
    /// The winner's mark.
    Winner: "winner", "vítěz", "zwycięzca";
    /// A seat that declared riichi (the japanese catalogue's words).
    Riichi: "riichi", "riči", "riichi";
    /// A seat that declared double riichi.
    DoubleRiichi: "double riichi", "dvojité riči", "podwójne riichi";
    /// A loser of a family where only the winner scores.
    ScoresNothing: "scores nothing (only the winner scores)", "nic nezískává (body získává jen vítěz)",
        "nic nie zdobywa (punkty zdobywa tylko zwycięzca)";
    /// The score line's label.
    Score: "score", "skóre", "wynik";
    /// A limit.
    Limit: "limit", "limit", "limit";
    /// A japanese item or total of yakuman (`{n}`: how many).
    Yakuman: "yakuman x{n}", "jakuman x{n}", "yakuman x{n}";
    /// A korean goulash bonus item.
    FromEachPlus: "+{n} from each", "+{n} od každého", "+{n} od każdego";
    /// The korean total.
    KoreanTotal: "hand-points {hp} + bonus-points {bp} = {total}",
        "body za ruku {hp} + bonusové body {bp} = {total}",
        "punkty za rękę {hp} + punkty premiowe {bp} = {total}";
    /// The korean total of a limit hand (`{rule}`: its id and name).
    KoreanLimitTotal: "{rule}: {score} (hand-points {hp})", "{rule}: {score} (body za ruku {hp})",
        "{rule}: {score} (punkty za rękę {hp})";
    /// A malaysian item's fan.
    Fan: "{n} fan", "{n} fan", "{n} fan";
    /// A malaysian limit item.
    LimitFan: "limit {n} fan", "limit {n} fan", "limit {n} fan";
    /// The malaysian total.
    FanBase: "{n} fan: base {base}", "{n} fan: základ {base}", "{n} fan: podstawa {base}";
    /// The malaysian total capped by the limit rule (`{rule}`: its id and name).
    FanRuleBase: "{n} fan ({rule}): base {base}", "{n} fan ({rule}): základ {base}",
        "{n} fan ({rule}): podstawa {base}";
    /// The malaysian total of a limit hand.
    LimitFanBase: "limit ({rule}): {n} fan, base {base}", "limit ({rule}): {n} fan, základ {base}",
        "limit ({rule}): {n} fan, podstawa {base}";
    /// The malaysian instant payments' heading.
    InstantPayments: "Instant payments", "Okamžité platby", "Natychmiastowe płatności";
    /// An instant payment from one seat.
    FromSeat: "from {who}", "od {who}", "od {who}";
    /// An instant payment from every other seat.
    FromEach: "from each", "od každého", "od każdego";
    /// A group of four flowers.
    Flowers: "flowers", "květiny", "kwiaty";
    /// A group of four seasons.
    Seasons: "seasons", "roční období", "pory roku";
    /// A group of four animals.
    Animals: "animals", "zvířata", "zwierzęta";
    /// A group of four faces.
    Faces: "faces", "postavy", "postacie";

    // The closing sections.
    /// The payments' heading.
    Payments: "Payments", "Platby", "Płatności";
    /// The japanese payments' heading.
    PaymentsRiichi: "Payments (with riichi sticks)", "Platby (včetně riči hůlek)",
        "Płatności (z pałeczkami riichi)";
    /// One payment.
    Pays: "{from} pays {to}", "{from} platí {to}", "{from} płaci {to}";
    /// A payment from the pot.
    PotTo: "pot to {to}", "bank platí {to}", "pula płaci {to}";
    /// The settlement's heading.
    Settlement: "Settlement", "Vyrovnání", "Rozliczenie";
}

/// A counted noun: its forms for one, for two to four (Polish: also 22–24, 32–34 …) and for
/// the rest.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Word {
    /// Points of the score line (English: always "points", as the sheet always had).
    Points,
    /// Doubles of an item.
    Doubles,
    /// Korean hand-points (English: `HP`).
    HandPoints,
    /// Korean bonus-points (English: `BP`).
    BonusPoints,
}

impl Word {
    /// Every word.
    #[cfg(test)]
    const ALL: [Word; 4] = [
        Word::Points,
        Word::Doubles,
        Word::HandPoints,
        Word::BonusPoints,
    ];

    /// The forms in `lang`: `[one, few, many]`.
    fn forms(self, lang: Lang) -> [&'static str; 3] {
        match (self, lang) {
            (Word::Points, Lang::En) => ["points", "points", "points"],
            (Word::Points, Lang::Cs) => ["bod", "body", "bodů"],
            (Word::Points, Lang::Pl) => ["punkt", "punkty", "punktów"],
            (Word::Doubles, Lang::En) => ["double", "doubles", "doubles"],
            (Word::Doubles, Lang::Cs) => ["zdvojení", "zdvojení", "zdvojení"],
            (Word::Doubles, Lang::Pl) => ["podwojenie", "podwojenia", "podwojeń"],
            (Word::HandPoints, Lang::En) => ["HP", "HP", "HP"],
            (Word::HandPoints, Lang::Cs) => ["bod za ruku", "body za ruku", "bodů za ruku"],
            (Word::HandPoints, Lang::Pl) => ["punkt za rękę", "punkty za rękę", "punktów za rękę"],
            (Word::BonusPoints, Lang::En) => ["BP", "BP", "BP"],
            (Word::BonusPoints, Lang::Cs) => ["bonusový bod", "bonusové body", "bonusových bodů"],
            (Word::BonusPoints, Lang::Pl) => {
                ["punkt premiowy", "punkty premiowe", "punktów premiowych"]
            }
        }
    }
}

/// The form of `word` that goes with the number `n` in `lang` (its sign aside).
///
/// Czech: 1 → one, 2–4 → few, else many (`2 body`, `5 bodů`, `22 bodů`). Polish: 1 → one; a
/// last digit 2–4 outside 12–14 → few (`22 punkty`); else many (`12 punktów`, `0 punktów`).
/// English: 1 → one, else the plural.
pub(crate) fn counted(lang: Lang, n: i64, word: Word) -> &'static str {
    let n = n.unsigned_abs();
    let [one, few, many] = word.forms(lang);
    let few_ok = match lang {
        Lang::En => false,
        Lang::Cs => (2..=4).contains(&n),
        Lang::Pl => (2..=4).contains(&(n % 10)) && !(12..=14).contains(&(n % 100)),
    };
    if n == 1 {
        one
    } else if few_ok {
        few
    } else {
        many
    }
}

/// `msg` in `lang` with its placeholders filled from `args`.
pub(crate) fn tr(lang: Lang, msg: Txt, args: &[(&str, &dyn Display)]) -> String {
    crate::catalogue::fill(msg.template(lang), args)
}

/// A seat's (or wind's) full name in `lang`.
pub(crate) fn wind_name(w: Wind, lang: Lang) -> &'static str {
    [Txt::East, Txt::South, Txt::West, Txt::North][w.index()].template(lang)
}

/// The width (in chars) the longest wind name takes in `lang`.
pub(crate) fn wind_name_width(lang: Lang) -> usize {
    Wind::ALL
        .iter()
        .map(|w| wind_name(*w, lang).chars().count())
        .max()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn placeholders(t: &str) -> Vec<&str> {
        let mut v = crate::catalogue::placeholders(t);
        v.sort_unstable();
        v
    }

    #[test]
    fn every_label_has_every_language_with_the_same_placeholders() {
        for &m in Txt::ALL {
            let en = m.template(Lang::En);
            for lang in [Lang::Cs, Lang::Pl] {
                let t = m.template(lang);
                assert!(!t.is_empty(), "{m:?} {lang:?}");
                assert_eq!(placeholders(t), placeholders(en), "{m:?} {lang:?}");
            }
        }
        for w in Word::ALL {
            for lang in Lang::ALL {
                assert!(w.forms(lang).iter().all(|f| !f.is_empty()), "{w:?}");
            }
        }
    }

    #[test]
    fn counted_nouns_agree_with_their_number() {
        let forms = |lang, word| {
            [0, 1, 2, 4, 5, 12, 22, 25, 104, 112]
                .map(|n| counted(lang, n, word))
                .join(" ")
        };
        assert_eq!(
            forms(Lang::Cs, Word::Points),
            "bodů bod body body bodů bodů bodů bodů bodů bodů"
        );
        assert_eq!(
            forms(Lang::Pl, Word::Points),
            "punktów punkt punkty punkty punktów punktów punkty punktów punkty punktów"
        );
        assert_eq!(
            forms(Lang::Pl, Word::Doubles),
            "podwojeń podwojenie podwojenia podwojenia podwojeń podwojeń podwojenia podwojeń \
             podwojenia podwojeń"
        );
        assert_eq!(counted(Lang::En, 1, Word::Doubles), "double");
        assert_eq!(counted(Lang::En, 3, Word::Doubles), "doubles");
        assert_eq!(counted(Lang::En, 1, Word::Points), "points");
        assert_eq!(counted(Lang::Cs, -2, Word::BonusPoints), "bonusové body");
        assert_eq!(counted(Lang::Cs, -1, Word::BonusPoints), "bonusový bod");
    }

    #[test]
    fn tr_fills_placeholders() {
        assert_eq!(
            tr(Lang::Cs, Txt::Pays, &[("from", &'E'), ("to", &'N')]),
            "E platí N"
        );
        assert_eq!(tr(Lang::En, Txt::Pays, &[("from", &'E')]), "E pays {to}");
        assert_eq!(wind_name(Wind::South, Lang::Pl), "Południe");
        assert_eq!(wind_name_width(Lang::En), 5);
        assert_eq!(wind_name_width(Lang::Pl), 8);
    }
}
