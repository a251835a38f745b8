//! The rule ids and names that score items cite (`shared/rules/classical-millington.md`).

use crate::score::Rule;

/// Declares rule statics (`NAME = "id", "name";`) and a slice of them all.
macro_rules! rules {
    ($all:ident; $($name:ident = $id:literal, $text:literal;)*) => {
        $(
            #[doc = concat!("`", $id, "`: ", $text)]
            pub static $name: Rule = Rule::new($id, $text);
        )*
        /// Every rule that scoring cites, in order.
        pub static $all: &[&Rule] = &[$(&$name),*];
    };
}
pub(crate) use rules;

rules! {
    ALL;
    M29_SEVEN_PAIRS = "M29", "seven pairs";
    M114A_BONUS = "M114a", "flower or season";
    M114B_EXPOSED_MINOR = "M114b", "exposed pung of minors";
    M114B_CONCEALED_MINOR = "M114b", "concealed pung of minors";
    M114B_EXPOSED_MAJOR = "M114b", "exposed pung of majors";
    M114B_CONCEALED_MAJOR = "M114b", "concealed pung of majors";
    M114C_EXPOSED_MINOR = "M114c", "exposed kong of minors";
    M114C_CONCEALED_MINOR = "M114c", "concealed kong of minors";
    M114C_EXPOSED_MAJOR = "M114c", "exposed kong of majors";
    M114C_CONCEALED_MAJOR = "M114c", "concealed kong of majors";
    M114E_DRAGONS = "M114e", "pair of dragons";
    M114E_OWN_WIND = "M114e", "pair of own wind";
    M114E_PREVAILING_WIND = "M114e", "pair of prevailing wind";
    M114E_DOUBLE_WIND = "M114e", "pair of own wind that is the prevailing wind";
    M115A_MAHJONG = "M115a", "going Mah-Jongg";
    M115B_FROM_WALL = "M115b", "winning tile from the wall";
    M115C_ONLY_PLACE = "M115c", "filling the only place";
    M115D_EYES_MINOR = "M115d", "fishing the eyes (minor)";
    M115D_EYES_MAJOR = "M115d", "fishing the eyes (major)";
    M116A_OWN_BOTH = "M116a", "own flower and own season";
    M116A_OWN_EACH = "M116a", "own flower or season";
    M116B_FLOWERS = "M116b", "all four flowers";
    M116B_SEASONS = "M116b", "all four seasons";
    M116D_DRAGONS = "M116d", "pung of dragons";
    M116E_OWN_WIND = "M116e", "pung of own wind";
    M116F_PREVAILING = "M116f", "pung of prevailing wind";
    M116G_LITTLE_DRAGONS = "M116g", "little three dragons";
    M116H_BIG_DRAGONS = "M116h", "big three dragons";
    M116I_LITTLE_JOYS = "M116i", "little four joys";
    M116J_BIG_JOYS = "M116j", "big four joys";
    M116K_THREE_CONCEALED = "M116k", "three concealed pungs";
    M117A_NO_SCORE = "M117a", "no-score hand";
    M117B_NO_CHOWS = "M117b", "no chows";
    M117C_CONCEALED = "M117c", "concealed hand";
    M117C_ALMOST = "M117c", "concealed but for the winning discard";
    M117D_ONE_SUIT_HONOURS = "M117d", "one suit with honours";
    M117E_ONE_SUIT = "M117e", "one suit only";
    M117F_ALL_MAJORS = "M117f", "all majors";
    M117G_ALL_HONOURS = "M117g", "all honours";
    M117H_LOOSE = "M117h", "winning with a loose tile";
    M117I_LAST_WALL = "M117i", "winning with the last tile of the wall";
    M117J_LAST_DISCARD = "M117j", "winning with the discard after the last draw";
    M117K_ROB = "M117k", "robbing a kong";
    M117L_ORIGINAL_CALL = "M117l", "completing Original Call";
    M119_LIMIT = "M119", "limit reached";
    M122A = "M122a", "Heaven's Blessing";
    M122B = "M122b", "Earth's Blessing";
    M122C = "M122c", "Gathering Plum Blossom from the Roof";
    M122D = "M122d", "Catching the Moon from the Bottom of the Sea";
    M122E = "M122e", "Scratching a Carrying Pole";
    M122F = "M122f", "Kong upon Kong";
    M122G = "M122g", "Fourfold Plenty";
    M122H = "M122h", "Buried Treasure";
    M122I = "M122i", "Three Great Scholars";
    M122J = "M122j", "Four Blessings o'er the Door";
    M122K = "M122k", "All Honours";
    M122L = "M122l", "Heads and Tails";
    M122L_ALL_TERMINALS = "M122l", "all terminals (no limit)";
    M122M = "M122m", "Imperial Jade";
    M122N = "M122n", "Nine Gates";
    M122O = "M122o", "Wriggling Snake";
    M122P = "M122p", "Concealed Clear Suit";
    M122Q = "M122q", "Thirteen Unique Wonders";
    M122R = "M122r", "East's 13th consecutive Mah-Jongg";
}
