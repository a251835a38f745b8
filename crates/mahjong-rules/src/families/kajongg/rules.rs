//! The rule ids and Kajongg's names that score items cite (`kajongg-dmjl-bmja.md`).
//!
//! Ids follow Kajongg's own grouping: `KJ-M` meld rules and `KJ-H` hand rules (every
//! player), `KJ-W` winner rules, `KJ-L` limit hands (Mah-Jongg patterns among them),
//! `KJ-X` loser rules, `KJ-S` how a hand is scored and paid. The names are Kajongg's; an
//! id scored under several names is `named`, so records carry the name.

use crate::score::rules;

rules! {
    ALL;
    KJ_M1_EXPOSED_MINOR = "KJ-M1", "Exposed Pung: minor", named;
    KJ_M1_EXPOSED_TERMINALS = "KJ-M1", "Exposed Pung: terminals", named;
    KJ_M1_EXPOSED_HONORS = "KJ-M1", "Exposed Pung: honors", named;
    KJ_M1_CONCEALED_MINOR = "KJ-M1", "Concealed Pung: minor", named;
    KJ_M1_CONCEALED_TERMINALS = "KJ-M1", "Concealed Pung: terminals", named;
    KJ_M1_CONCEALED_HONORS = "KJ-M1", "Concealed Pung: honors", named;
    KJ_M2_EXPOSED_MINOR = "KJ-M2", "Exposed Kong: minor", named;
    KJ_M2_EXPOSED_TERMINALS = "KJ-M2", "Exposed Kong: terminals", named;
    KJ_M2_EXPOSED_HONORS = "KJ-M2", "Exposed Kong: honors", named;
    KJ_M2_CONCEALED_MINOR = "KJ-M2", "Concealed Kong: minor", named;
    KJ_M2_CONCEALED_TERMINALS = "KJ-M2", "Concealed Kong: terminals", named;
    KJ_M2_CONCEALED_HONORS = "KJ-M2", "Concealed Kong: honors", named;
    KJ_M3_OWN_WIND = "KJ-M3", "Pair of Own Wind", named;
    KJ_M3_ROUND_WIND = "KJ-M3", "Pair of Round Wind", named;
    KJ_M3_DRAGONS = "KJ-M3", "Pair of Dragons", named;
    KJ_M4_FLOWER = "KJ-M4", "Flower", named;
    KJ_M4_SEASON = "KJ-M4", "Season", named;
    KJ_M5_DRAGONS = "KJ-M5", "Pung/Kong of Dragons", named;
    KJ_M5_OWN_WIND = "KJ-M5", "Pung/Kong of Own Wind", named;
    KJ_M5_ROUND_WIND = "KJ-M5", "Pung/Kong of Round Wind", named;
    KJ_M6_OWN_FLOWER = "KJ-M6", "Own Flower", named;
    KJ_M6_OWN_SEASON = "KJ-M6", "Own Season", named;
    KJ_H1 = "KJ-H1", "Own Flower and Own Season";
    KJ_H2_FLOWERS = "KJ-H2", "All Flowers", named;
    KJ_H2_SEASONS = "KJ-H2", "All Seasons", named;
    KJ_H3 = "KJ-H3", "Three Concealed Pongs";
    KJ_H4_LITTLE = "KJ-H4", "Little Three Dragons", named;
    KJ_H4_BIG = "KJ-H4", "Big Three Dragons", named;
    KJ_H5_LITTLE = "KJ-H5", "Little Four Joys", named;
    KJ_H5_BIG = "KJ-H5", "Big Four Joys", named;
    KJ_W1 = "KJ-W1", "Standard Mah Jongg";
    KJ_W2 = "KJ-W2", "Won with Last Tile Taken from Wall";
    KJ_W3_MINOR = "KJ-W3", "Last Tile Completes Pair of 2..8", named;
    KJ_W3_MAJOR = "KJ-W3", "Last Tile Completes Pair of Terminals or Honors", named;
    KJ_W4 = "KJ-W4", "Last Tile is Only Possible Tile";
    KJ_W5 = "KJ-W5", "No Chow";
    KJ_W6 = "KJ-W6", "Only Concealed Melds";
    KJ_W7 = "KJ-W7", "Zero Point Hand";
    KJ_W8 = "KJ-W8", "Only Terminals and Honors";
    KJ_W9 = "KJ-W9", "False Color Game";
    KJ_W10 = "KJ-W10", "True Color Game";
    KJ_W11 = "KJ-W11", "Purity";
    KJ_W12 = "KJ-W12", "Last Tile Taken from Dead Wall";
    KJ_W13 = "KJ-W13", "Last Tile is Last Tile of Wall";
    KJ_W14 = "KJ-W14", "Last Tile is Last Tile of Wall Discarded";
    KJ_W15 = "KJ-W15", "Robbing the Kong";
    KJ_W16 = "KJ-W16", "Original Call";
    KJ_L1 = "KJ-L1", "Only Honors";
    KJ_L2 = "KJ-L2", "Heads and Tails";
    KJ_L3 = "KJ-L3", "Fourfold Plenty";
    KJ_L4 = "KJ-L4", "Four Blessings Hovering over the Door";
    KJ_L5 = "KJ-L5", "Imperial Jade";
    KJ_L6 = "KJ-L6", "Twofold Fortune";
    KJ_L7 = "KJ-L7", "Blessing of Heaven";
    KJ_L8 = "KJ-L8", "Blessing of Earth";
    KJ_L9 = "KJ-L9", "Gathering the Plum Blossom from the Roof";
    KJ_L10 = "KJ-L10", "Plucking the Moon from the Bottom of the Sea";
    KJ_L11 = "KJ-L11", "Scratching a Carrying Pole";
    KJ_L12 = "KJ-L12", "Concealed True Color Game";
    KJ_L13_HIDDEN = "KJ-L13", "Hidden Treasure", named;
    KJ_L13_BURIED = "KJ-L13", "Buried Treasure", named;
    KJ_L14 = "KJ-L14", "Three Great Scholars";
    KJ_L15 = "KJ-L15", "East won nine times in a row";
    KJ_L16_NINE_GATES = "KJ-L16", "Nine Gates", named;
    KJ_L16_GATES_OF_HEAVEN = "KJ-L16", "Gates of Heaven", named;
    KJ_L17_SQUIRMING = "KJ-L17", "Squirming Snake", named;
    KJ_L17_WRIGGLING = "KJ-L17", "Wriggling Snake", named;
    KJ_L18 = "KJ-L18", "Triple Knitting";
    KJ_L19 = "KJ-L19", "Knitting";
    KJ_L20 = "KJ-L20", "All pair honors";
    KJ_L21 = "KJ-L21", "Thirteen Orphans";
    KJ_X1_ONLY_HONORS = "KJ-X1", "Calling for Only Honors", named;
    KJ_X1_WRIGGLING = "KJ-X1", "Calling for Wriggling Snake", named;
    KJ_X1_GATES = "KJ-X1", "Calling for Gates of Heaven", named;
    KJ_X1_JADE = "KJ-X1", "Calling for Imperial Jade", named;
    KJ_X1_ORPHANS = "KJ-X1", "Calling for 13 Unique Wonders", named;
    KJ_X1_SCHOLARS = "KJ-X1", "Calling for Three Great Scholars", named;
    KJ_X1_HEADS = "KJ-X1", "Calling for Heads and Tails", named;
    KJ_X1_BLESSINGS = "KJ-X1", "Calling for Four Blessings", named;
    KJ_X1_TREASURE = "KJ-X1", "Calling for Buried Treasure", named;
    KJ_X1_PLENTY = "KJ-X1", "Calling for Fourfold Plenty", named;
    KJ_X2_TRIPLE_KNITTING = "KJ-X2", "Calling for Triple Knitting", named;
    KJ_X2_KNITTING = "KJ-X2", "Calling for Knitting", named;
    KJ_X2_PAIR_HONORS = "KJ-X2", "Calling for All pair honors", named;
    KJ_X3 = "KJ-X3", "Calling for Purity";
    KJ_S2_LONG = "KJ-S2", "Long Hand", named;
    KJ_S4 = "KJ-S4", "limit reached";
}
