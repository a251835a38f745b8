//! Every text the terminal game shows, in English, Czech and Polish side by side, so a
//! translator sees the three together.
//!
//! A message is a template with named placeholders (`{who} discards {tile}`) that
//! [`tr`] fills. Where a sentence's verb or case depends on who acts, the sentence has a
//! message for the player himself (`…You`) and one for the others: Czech and Polish conjugate
//! (`P1 (Z) zahazuje 3D`, `zahazujete 3D`; `P1 (Zach) odrzuca 3D`, `odrzucasz 3D`), English
//! keeps the words it always had. The Czech addresses the player as the web client does (`vy`),
//! the Polish too (`ty`). The terms are those of `web/src/i18n` and the rule catalogue: cs
//! kámen, pong, čou, kong, mahjong, remíza; pl kamień, pung, chow, kong, MahJongg, remis.
//! Tile codes and keys are the same in every language.

use std::fmt::Display;

pub use mahjong_rules::catalogue::{fill, placeholders, Lang};
use mahjong_tiles::Wind;

macro_rules! messages {
    ($($(#[$doc:meta])* $key:ident: $en:literal, $cs:literal, $pl:literal;)*) => {
        /// A message of the terminal game; [`Msg::template`] gives its text in a language.
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
        pub enum Msg {
            $($(#[$doc])* $key,)*
        }

        impl Msg {
            /// Every message, in the table's order.
            pub const ALL: &[Msg] = &[$(Msg::$key,)*];

            /// The message's template in `lang`: `{name}` marks a placeholder.
            pub fn template(self, lang: Lang) -> &'static str {
                match self {
                    $(Msg::$key => match lang {
                        Lang::En => $en,
                        Lang::Cs => $cs,
                        Lang::Pl => $pl,
                    },)*
                }
            }
        }
    };
}

messages! {
    // Seats and winds.
    /// The player himself as the others' names are shown.
    You: "you", "vy", "ty";
    /// A seat without a name.
    PlayerN: "player {p}", "hráč {p}", "gracz {p}";
    /// The player as the one something comes from (`od vás`).
    FromYou: "you", "vás", "ciebie";
    /// Another player as the one something is paid to.
    ToOther: "{who}", "hráči {who}", "graczowi {who}";
    /// The player as the one something is paid to.
    ToYou: "you", "vám", "tobie";
    /// Seat labels (`P2 (W)`).
    EastShort: "E", "V", "Wsch";
    /// South's label.
    SouthShort: "S", "J", "Pd";
    /// West's label.
    WestShort: "W", "Z", "Zach";
    /// North's label.
    NorthShort: "N", "S", "Pn";
    /// The prevailing wind as the title and the log name it.
    EastName: "E", "Východ", "Wschód";
    /// South as the prevailing wind.
    SouthName: "S", "Jih", "Południe";
    /// West as the prevailing wind.
    WestName: "W", "Západ", "Zachód";
    /// North as the prevailing wind.
    NorthName: "N", "Sever", "Północ";
    /// What the player sees declared when the ruleset's name is unknown.
    OriginalCall: "Original Call", "Původní ohlášení", "Pierwotna zapowiedź";

    // The log.
    /// A hand starts.
    LogHandStart: "── hand {n} · prevailing {wind} · East is {who} ──",
        "── hra {n} · kolo {wind} · Východ: {who} ──",
        "── rozdanie {n} · runda {wind} · Wschód: {who} ──";
    /// The player's tiles at the deal.
    LogDealtYou: "you are dealt {tiles}", "dostáváte {tiles}", "dostajesz {tiles}";
    /// The player draws.
    LogDrawYou: "you draw {tile}", "berete si {tile}", "dobierasz {tile}";
    /// The player draws a loose tile.
    LogDrawLooseYou: "you draw {tile} (loose tile)", "berete si {tile} (volný kámen)",
        "dobierasz {tile} (luźny kamień)";
    /// A bonus tile set aside.
    LogBonus: "{who} sets aside {tile}", "{who} odkládá {tile}", "{who} odkłada {tile}";
    /// The player sets a bonus tile aside.
    LogBonusYou: "you set aside {tile}", "odkládáte {tile}", "odkładasz {tile}";
    /// A joker exposed as a bonus tile (MY3-J6).
    LogExposeJoker: "{who} exposes the joker {tile}", "{who} vykládá žolíka {tile}",
        "{who} wykłada dżokera {tile}";
    /// The player exposes a joker.
    LogExposeJokerYou: "you expose the joker {tile}", "vykládáte žolíka {tile}",
        "wykładasz dżokera {tile}";
    /// A payment during the hand.
    LogPay: "{who} pays {to} {amount} ({rule} {name})",
        "{who} platí {to} {amount} ({rule} {name})",
        "{who} płaci {to} {amount} ({rule} {name})";
    /// The player pays.
    LogPayYou: "you pay {to} {amount} ({rule} {name})", "platíte {to} {amount} ({rule} {name})",
        "płacisz {to} {amount} ({rule} {name})";
    /// A payment returned.
    LogPayBack: "{who} pays {to} {amount} back ({rule} {name})",
        "{who} vrací {to} {amount} ({rule} {name})",
        "{who} zwraca {to} {amount} ({rule} {name})";
    /// The player returns a payment.
    LogPayBackYou: "you pay {to} {amount} back ({rule} {name})",
        "vracíte {to} {amount} ({rule} {name})", "zwracasz {to} {amount} ({rule} {name})";
    /// A kan-dora indicator revealed.
    LogIndicator: "a further dora indicator: {tile}", "další ukazatel dory: {tile}",
        "kolejny wskaźnik dory: {tile}";
    /// A joker taken out of an exposed pung.
    LogSwap: "{who} takes the joker out of the pung of {tile}",
        "{who} bere žolíka zpět z pongu {tile}", "{who} odbiera dżokera z punga {tile}";
    /// The player takes a joker back.
    LogSwapYou: "you take the joker out of the pung of {tile}",
        "berete žolíka zpět z pongu {tile}", "odbierasz dżokera z punga {tile}";
    /// A discard.
    LogDiscard: "{who} discards {tile}", "{who} zahazuje {tile}", "{who} odrzuca {tile}";
    /// The player's discard.
    LogDiscardYou: "you discard {tile}", "zahazujete {tile}", "odrzucasz {tile}";
    /// A discard declaring ready (`{decl}`: the ruleset's name of the declaration, a noun:
    /// `Riichi`, `Original Call`, `Ready declaration`).
    LogDiscardDeclare: "{who} discards {tile} with {decl}",
        "{who} zahazuje {tile}: {decl}", "{who} odrzuca {tile}: {decl}";
    /// The player's discard declaring ready.
    LogDiscardDeclareYou: "you discard {tile} with {decl}",
        "zahazujete {tile}: {decl}", "odrzucasz {tile}: {decl}";
    /// A discard that declares a calling hand for everybody (KJ-S10).
    LogDiscardCalling: "{who} discards {tile} and declares a calling hand",
        "{who} zahazuje {tile} a ohlašuje čekající ruku",
        "{who} odrzuca {tile} i zapowiada rękę gotową";
    /// The player's discard declaring a calling hand.
    LogDiscardCallingYou: "you discard {tile} and declare a calling hand",
        "zahazujete {tile} a ohlašujete čekající ruku",
        "odrzucasz {tile} i zapowiadasz rękę gotową";
    /// The player's claim lost to a greater one (`{mine}`, `{theirs}`: claims' words, as
    /// [`Msg::ActMahjong`], [`Msg::ActPung`], [`Msg::ActKong`], [`Msg::ClaimChow`]).
    ClaimLostFirst: "your claim ({mine}) lost to {who}'s {theirs}: {theirs} comes first",
        "váš nárok ({mine}) neprošel: hráč {who} ohlásil {theirs}, a to má přednost",
        "twoje zgłoszenie ({mine}) przegrało: gracz {who} zgłosił {theirs}, a to ma pierwszeństwo";
    /// The player's win lost to another's on the same tile: the other sits nearer in turn.
    ClaimLostNearer: "your claim ({mine}) lost to {who}'s {theirs}: {who} sits nearer in turn",
        "váš nárok ({mine}) neprošel: {theirs} ohlásil i hráč {who}, který je dřív na řadě",
        "twoje zgłoszenie ({mine}) przegrało: {theirs} zgłosił też gracz {who}, który jest wcześniej w kolejce";
    /// The player's claim lost to another's (the reason not known to the client).
    ClaimLostPlain: "your claim ({mine}) lost to {who}'s {theirs}",
        "váš nárok ({mine}) neprošel: vyhrál nárok hráče {who} ({theirs})",
        "twoje zgłoszenie ({mine}) przegrało: wygrało zgłoszenie gracza {who} ({theirs})";
    /// A chow as a claim's word.
    ClaimChow: "chow", "čou", "chow";
    /// A set claimed from a discard (`{set}`: a set's words below).
    LogClaim: "{who} claims {set} from {from}", "{who} bere {set} od {from}",
        "{who} bierze {set} od {from}";
    /// The player claims a set.
    LogClaimYou: "you claim {set} from {from}", "berete {set} od {from}",
        "bierzesz {set} od {from}";
    /// A set declared on one's own turn.
    LogDeclare: "{who} declares {set}", "{who} ohlašuje {set}", "{who} zgłasza {set}";
    /// The player declares a set.
    LogDeclareYou: "you declare {set}", "ohlašujete {set}", "zgłaszasz {set}";
    /// A chow in the log (the object of a claim).
    SetChow: "a chow {tiles}", "čou {tiles}", "chow {tiles}";
    /// A pung in the log.
    SetPung: "a pung {tiles}", "pong {tiles}", "punga {tiles}";
    /// A kong in the log.
    SetKong: "a kong {tiles}", "kong {tiles}", "konga {tiles}";
    /// A concealed kong in the log.
    SetConcealedKong: "a concealed kong {tiles}", "skrytý kong {tiles}",
        "zakrytego konga {tiles}";
    /// A set made with one joker.
    WithJoker: " with a joker", " se žolíkem", " z dżokerem";
    /// A set made with several jokers.
    WithJokers: " with {n} jokers", " se {n} žolíky", " z {n} dżokerami";
    /// A win (`{how}`: how it was won).
    LogMahjong: "{who} goes Mah-Jongg {how}", "{who} má mahjong {how}",
        "{who} ma MahJongga {how}";
    /// The player wins.
    LogMahjongYou: "you go Mah-Jongg {how}", "máte mahjong {how}", "masz MahJongga {how}";
    /// A win with the hand as dealt.
    WinDealt: "with the hand as dealt", "s rozdanou rukou", "z ręką z rozdania";
    /// A win with a tile (`{from}`: where it came from).
    WinWith: "with {tile} {from}", "s {tile} {from}", "z {tile} {from}";
    /// The winning tile came from the wall.
    FromWall: "from the wall", "ze zdi", "z muru";
    /// The winning tile was a loose tile.
    FromLoose: "with a loose tile", "jako volným kamenem", "jako luźnym kamieniem";
    /// The winning tile was another player's discard.
    OnDiscardOf: "on {who}'s discard", "na odhoz hráče {who}", "na zrzut gracza {who}";
    /// The winning tile was the player's own discard.
    OnYourDiscard: "on your discard", "na váš odhoz", "na twój zrzut";
    /// The winning tile was a discard of a player not known.
    OnADiscard: "on a discard", "na odhoz", "na zrzut";
    /// The win robbed another player's kong.
    RobbingOf: "robbing {who}'s kong", "uloupením kongu hráče {who}",
        "przez obrabowanie konga gracza {who}";
    /// The win robbed the player's kong.
    RobbingYour: "robbing your kong", "uloupením vašeho kongu",
        "przez obrabowanie twojego konga";
    /// The win robbed a kong of a player not known.
    RobbingA: "robbing a kong", "uloupením kongu", "przez obrabowanie konga";
    /// The wall is exhausted.
    LogWashout: "washout: the wall is exhausted", "remíza: zeď je vyčerpána",
        "remis: mur się wyczerpał";
    /// A hand was scored.
    LogScored: "hand {n} scored", "hra {n} spočítána", "rozdanie {n} policzone";
    /// The game ended.
    LogGameOver: "the game is over", "zápas skončil", "gra zakończona";

    // The status line.
    /// The hint (`{text}`: the analysis).
    /// (Czech: `rada`, as help is `nápověda`.)
    StatusHint: "hint: {text}", "rada: {text}", "podpowiedź: {text}";
    /// An error from the table.
    StatusError: "error: {msg}", "chyba: {msg}", "błąd: {msg}";
    /// Declaring ready is not possible.
    NoDeclare: "{decl} is not possible now", "{decl}: teď nelze", "{decl}: teraz niemożliwe";
    /// The ruleset has no ready declaration (`o` in western, malaysian-3p).
    NoDeclaration: "{ruleset} has no ready declaration", "{ruleset} nemá ohlášení čekání",
        "{ruleset} nie ma zapowiedzi gotowości";
    /// No win possible.
    NoWin: "a win (Mah-Jongg) is not possible now", "mahjong teď nelze ohlásit",
        "MahJongg nie jest teraz możliwy";
    /// Passing is not possible.
    NoPass: "pass is not possible now", "teď nelze nechat být", "pas nie jest teraz możliwy";
    /// Nothing to pass on.
    NothingToPass: "there is nothing to pass", "teď není co nechat být",
        "teraz nie ma czego odpuścić";
    /// No pung possible.
    NoPung: "a pung is not possible now", "pong teď nelze vzít",
        "pung nie jest teraz możliwy";
    /// No chow possible.
    NoChow: "a chow is not possible now", "čou teď nelze vzít", "chow nie jest teraz możliwy";
    /// No kong possible.
    NoKong: "a kong is not possible now", "kong teď nelze ohlásit",
        "kong nie jest teraz możliwy";
    /// Nothing to set aside.
    NoAside: "a tile to set aside is not possible now", "teď nelze nic odložit stranou",
        "nie można teraz nic odłożyć na bok";
    /// No joker to take back.
    NoSwap: "a pung to take the joker from is not possible now",
        "teď nelze vzít žolíka zpět", "nie można teraz odebrać dżokera";
    /// Enter while a claim is open.
    ClaimOrPass: "claim with a letter, or p to pass", "uplatněte nárok písmenem nebo p: nechat být",
        "zgłoś literą albo p: pas";
    /// Enter on another's turn.
    NotYourTurn: "it is not your turn", "nejste na tahu", "to nie twój ruch";
    /// The selected discard cannot declare ready.
    CannotDeclareWith: "{decl} is not possible with the discard {tile}",
        "{decl}: s odhozem {tile} nelze", "{decl}: niemożliwe przy odrzuceniu {tile}";
    /// The selected tile cannot be discarded.
    CannotDiscard: "{tile} cannot be discarded now", "{tile} teď nelze zahodit",
        "{tile} nie można teraz odrzucić";
    /// The selected tile cannot be discarded: the hand is declared ready (frozen, M55, K3-P9,
    /// riichi).
    CannotDiscardReady:
        "{tile} cannot be discarded: the hand is declared ready, only the drawn tile {drawn} may go",
        "{tile} nelze zahodit: ruka je ohlášená jako čekající, zahodit lze jen dobraný kámen {drawn}",
        "{tile} nie można odrzucić: ręka jest zapowiedziana jako gotowa, odrzucić można tylko dobrany kamień {drawn}";
    /// The local table has nothing to hint at.
    NothingToDecide: "nothing to decide now", "teď není o čem rozhodovat",
        "teraz nie ma o czym decydować";
    /// A bot broke the rules (a bug).
    BotIllegal: "bot {name} (P{p}) played an illegal move: {error}",
        "bot {name} (P{p}) zahrál nepovolený tah: {error}",
        "bot {name} (P{p}) wykonał niedozwolony ruch: {error}";
    /// What a bot would do, after the hint.
    GreedyWould: " · a greedy bot would {action}", " · chamtivý bot by zvolil: {action}",
        " · chciwy bot wybrałby: {action}";
    /// The connection dropped.
    Reconnecting: "connection lost ({why}); reconnecting ({attempt}/{max})…",
        "spojení přerušeno ({why}); připojuji znovu ({attempt}/{max})…",
        "połączenie przerwane ({why}); łączę ponownie ({attempt}/{max})…";
    /// The connection is back.
    Reconnected: "reconnected", "znovu připojeno", "połączono ponownie";
    /// A command could not be sent.
    ConnectionClosed: "the connection is closed", "spojení je uzavřeno",
        "połączenie jest zamknięte";
    /// A server message the client cannot read.
    Unreadable: "a server message the client cannot read: {error}",
        "zpráva serveru, kterou klient neumí přečíst: {error}",
        "wiadomość serwera, której klient nie potrafi odczytać: {error}";
    /// Sending failed.
    SendFailed: "send: {error}", "odeslání: {error}", "wysyłanie: {error}";

    // The hint's analysis.
    HintComplete: "complete: Mah-Jongg!", "kompletní: mahjong!", "kompletna: MahJongg!";
    /// Ready once the right tile goes.
    HintReadyAfter: "ready after the right discard", "čekající ruka po správném odhozu",
        "gotowa po właściwym zrzucie";
    /// Ready, every winning tile seen.
    HintReadyDead: "ready, but every winning tile is in sight",
        "čekající ruka, ale všechny vítězné kameny už jsou vidět",
        "gotowa, ale wszystkie kończące kamienie są już widoczne";
    /// Ready, with the waits.
    HintReady: "ready, waiting for {tiles}", "čekající ruka, čekáte na {tiles}",
        "gotowa, czekasz na {tiles}";
    /// Tiles from ready.
    HintAway: "{n} from ready", "do čekající ruky chybí {n}", "do gotowości brakuje {n}";
    /// The best discard.
    HintBest: " · best discard {tile} (then {n} from ready, {useful} useful tiles)",
        " · nejlepší odhoz {tile} (pak chybí {n}, užitečných kamenů {useful})",
        " · najlepszy zrzut {tile} (potem brakuje {n}, przydatnych kamieni {useful})";

    // Actions in words (hints and choices).
    /// Discard a tile.
    ActDiscard: "discard {tile}", "zahodit {tile}", "odrzucić {tile}";
    /// Discard declaring ready.
    ActDiscardDeclare: "discard {tile} with {decl}", "zahodit {tile}: {decl}",
        "odrzucić {tile}: {decl}";
    /// Declare a concealed kong.
    ActConcealedKong: "declare a concealed kong of {tile}", "ohlásit skrytý kong {tile}",
        "zgłosić zakrytego konga {tile}";
    /// Add to an exposed pung.
    ActAnnexKong: "add {tile} to your pung (kong)", "přiložit {tile} k pongu (kong)",
        "dołożyć {tile} do punga (kong)";
    /// Expose a joker for a loose tile.
    ActExposeJoker: "expose the joker as a bonus tile (loose tile)",
        "vyložit žolíka jako bonusový kámen (volný kámen)",
        "wyłożyć dżokera jako kamień dodatkowy (luźny kamień)";
    /// Set a tile aside.
    ActSetAside: "set {tile} aside (loose tile)", "odložit {tile} stranou (volný kámen)",
        "odłożyć {tile} na bok (luźny kamień)";
    /// Swap a tile for a joker.
    ActSwapJoker: "swap {tile} for the joker in your pung", "vyměnit {tile} za žolíka ve svém pongu",
        "wymienić {tile} na dżokera w swoim pungu";
    /// Win.
    ActMahjong: "Mah-Jongg", "mahjong", "MahJongg";
    /// Pass.
    ActPass: "pass", "nechat být", "spasować";
    /// A chow.
    ActChow: "chow {tiles}", "čou {tiles}", "chow {tiles}";
    /// A pung.
    ActPung: "pung", "pong", "pung";
    /// A kong.
    ActKong: "kong", "kong", "kong";
    /// A pung with a discarded joker.
    ActJokerPung: "pung {tile} with the joker", "pong {tile} se žolíkem", "pung {tile} z dżokerem";

    // The screen.
    /// The title while nothing is known.
    TitleWaiting: "waiting for the table…", "čeká se na stůl…", "czekamy na stół…";
    /// A server's table in the title.
    TitleTable: "table {id}", "stůl {id}", "stół {id}";
    /// The hand's number.
    TitleHand: "hand {n}", "hra {n}", "rozdanie {n}";
    /// The prevailing wind.
    TitlePrevailing: "prevailing {wind}", "kolo {wind}", "runda {wind}";
    /// Tiles in the live wall.
    TitleWall: "wall {n}", "zeď {n}", "mur {n}";
    /// One dora indicator.
    TitleDora: "dora indicator {tiles}", "ukazatel dory {tiles}", "wskaźnik dory {tiles}";
    /// Several dora indicators.
    TitleDoras: "dora indicators {tiles}", "ukazatele dory {tiles}", "wskaźniki dory {tiles}";
    /// The ura-dora indicator turned over for a riichi winner (J3-S8).
    TitleUra: "ura-dora indicator {tiles}", "ukazatel ura-dory {tiles}",
        "wskaźnik ura-dory {tiles}";
    /// Several ura-dora indicators (under kan-dora indicators too).
    TitleUras: "ura-dora indicators {tiles}", "ukazatele ura-dory {tiles}",
        "wskaźniki ura-dory {tiles}";
    /// The riichi pot.
    TitlePot: "pot {n}", "bank {n}", "pula {n}";
    /// Whose turn.
    TitleTurn: "turn: {who}", "na tahu: {who}", "ruch: {who}";
    /// Claims are open.
    TitleClaims: "claims on {tile} from {from}", "nároky na {tile} od {from}",
        "zgłoszenia na {tile} od {from}";
    /// A kong may be robbed.
    TitleRobAdd: "{who} adds {tile} to a kong", "{who} přikládá {tile} ke kongu",
        "{who} dokłada {tile} do konga";
    /// The player's kong may be robbed.
    TitleRobAddYou: "you add {tile} to a kong", "přikládáte {tile} ke kongu",
        "dokładasz {tile} do konga";
    /// A tile set aside may be robbed.
    TitleRobAside: "{who} sets {tile} aside", "{who} odkládá {tile} stranou",
        "{who} odkłada {tile} na bok";
    /// The player's tile set aside may be robbed.
    TitleRobAsideYou: "you set {tile} aside", "odkládáte {tile} stranou",
        "odkładasz {tile} na bok";
    /// The hand is over.
    TitleOver: "hand over", "hra skončila", "rozdanie zakończone";
    /// A seat's tiles and total (numbers already padded).
    SeatTotal: " {n} tiles  total {total}", " {n} kam.  celkem {total}",
        " {n} kam.  razem {total}";
    /// A seat's tiles and points.
    SeatPoints: " {n} tiles  points {points}", " {n} kam.  body {points}",
        " {n} kam.  punkty {points}";
    /// A calling seat.
    SeatCalling: "  calling", "  čeká", "  gotowy";
    /// The mark of a concealed kong in a set (`[4C 4C 4C 4C concealed]`).
    ConcealedMark: " concealed", " skrytý", " zakryty";
    /// Bonus tiles.
    SeatBonus: "  bonus ", "  bonusy ", "  dodatkowe ";
    /// Exposed sets.
    SeatSets: "    sets ", "    sady ", "    układy ";
    /// Discards.
    SeatDiscards: "    discards ", "    odhozy ", "    zrzuty ";
    /// The hand line's label.
    HandLabel: "hand ({wind}) ", "ruka ({wind}) ", "ręka ({wind}) ";
    /// The furiten warning.
    Furiten: "furiten: you may not win on a discard now (only by drawing your winning tile)",
        "furiten: teď nesmíte vyhrát na odhoz (jen na kámen, který si doberete)",
        "furiten: nie możesz teraz wygrać na zrzut (tylko na dobrany kamień)";

    // The prompt.
    /// A chow to choose.
    WhichChow: "which chow? ", "které čou? ", "który chow? ";
    /// A kong to choose.
    WhichKong: "which kong? ", "který kong? ", "który kong? ";
    /// A joker's pung to choose.
    WhichPung: "which pung? ", "který pong? ", "który pung? ";
    /// A tile to set aside.
    WhichAside: "which tile to set aside? ", "který kámen odložit stranou? ",
        "który kamień odłożyć na bok? ";
    /// A pung to take a joker from.
    WhichSwap: "which pung to take the joker from? ", "ze kterého pongu vzít žolíka? ",
        "z którego punga odebrać dżokera? ";
    /// Back out of a choice.
    PromptBack: " back", " zpět", " wróć";
    /// The player's turn.
    PromptYourTurn: "Your turn: ", "Jste na tahu: ", "Twój ruch: ";
    /// Discard the selected tile.
    PromptDiscard: " discard ", " zahodit ", " odrzuć ";
    /// Win.
    PromptMahjong: " Mah-Jongg  ", " mahjong  ", " MahJongg  ";
    /// Kong.
    PromptKong: " kong  ", " kong  ", " kong  ";
    /// Set a tile aside.
    PromptSetAside: " set aside ", " odložit ", " odłóż ";
    /// Expose a joker (MY3-J6).
    PromptExposeJoker: " expose the joker ", " vyložit žolíka ", " wyłóż dżokera ";
    /// Take a joker back.
    PromptSwapJoker: " swap joker  ", " vzít žolíka  ", " odbierz dżokera  ";
    /// The declaration armed.
    PromptDeclareOn: " {decl}: ON  ", " {decl}: ZAP  ", " {decl}: WŁ  ";
    /// The selected tile may not go: the hand is declared ready.
    PromptOnlyDrawn: "{tile} may not go: declared ready, only the drawn {drawn}  ",
        "{tile} nelze zahodit: ohlášeno čekání, jen dobraný {drawn}  ",
        "{tile} nie można odrzucić: zapowiedziana gotowość, tylko dobrany {drawn}  ";
    /// The selected tile may not go (any other reason).
    PromptCannotDiscard: "{tile} may not go now  ", "{tile} teď nelze zahodit  ",
        "{tile} nie można teraz odrzucić  ";
    /// The selected tile may not declare ready.
    PromptCannotDeclare: "{decl}: not with {tile}  ", "{decl}: ne s odhozem {tile}  ",
        "{decl}: nie przy odrzuceniu {tile}  ";
    /// A discard to claim (`{tile}` is drawn in its colour).
    PromptDiscarded: "{who} discarded {tile}: ", "{who} zahodil {tile}: ",
        "{who} odrzucił {tile}: ";
    /// A kong to rob.
    PromptRobAdd: "{who} adds {tile} to a kong: ", "{who} přikládá {tile} ke kongu: ",
        "{who} dokłada {tile} do konga: ";
    /// A tile set aside to rob.
    PromptRobAside: "{who} sets {tile} aside: ", "{who} odkládá {tile} stranou: ",
        "{who} odkłada {tile} na bok: ";
    /// A pung.
    PromptPung: "pung", "pong", "pung";
    /// Pungs with a joker.
    PromptJokerPungs: "pung with the joker ({n} ways)", "pong se žolíkem (možnosti: {n})",
        "pung z dżokerem (możliwości: {n})";
    /// Chows.
    PromptChows: "chow ({n} ways)", "čou (možnosti: {n})", "chow (możliwości: {n})";
    /// Pass.
    PromptPass: " pass", " nechat být", " pas";
    /// The table waits for people.
    PromptWaitingHumans: "waiting for every human seat to join; the game starts then",
        "čeká se, až přisednou všichni lidští hráči; pak hra začne",
        "czekamy, aż dołączą wszyscy ludzcy gracze; wtedy gra się zacznie";
    /// Someone else plays.
    PromptToPlay: "{who} to play…", "na tahu: {who}…", "ruch: {who}…";
    /// Others may claim.
    PromptClaims: "claims on {tile}…", "nároky na {tile}…", "zgłoszenia na {tile}…";
    /// Others may rob a tile set aside.
    PromptRobbingAside: "robbing the {tile} set aside…", "loupení odloženého {tile}…",
        "obrabowanie odłożonego {tile}…";
    /// Others may rob a kong.
    PromptRobbingKong: "robbing the kong of {tile}…", "loupení kongu {tile}…",
        "obrabowanie konga {tile}…";
    /// The hand is over.
    PromptOver: "the hand is over", "hra skončila", "rozdanie zakończone";
    /// The claim timer.
    PromptSecondsLeft: "   {n}s left", "   ještě {n} s", "   jeszcze {n} s";

    // The footer.
    /// A terminal too small to show everything.
    FooterSmall: "the terminal is {w}×{h}: 80×24 or more shows everything",
        "terminál má {w}×{h}: 80×24 nebo víc ukáže vše",
        "terminal ma {w}×{h}: 80×24 lub więcej pokaże wszystko";
    /// The keys on the player's turn.
    FooterTurn: "←/→ select  Enter discard  ? help  q quit",
        "←/→ výběr  Enter zahodit  ? nápověda  q konec",
        "←/→ wybór  Enter odrzuć  ? pomoc  q wyjście";
    /// The keys otherwise.
    FooterIdle: "? help  q quit", "? nápověda  q konec", "? pomoc  q wyjście";

    // Boxes.
    /// The closed connection's box.
    BoxClosed: "connection closed", "spojení uzavřeno", "połączenie zamknięte";
    /// Quit.
    BoxQuitKey: "q: quit", "q: konec", "q: wyjście";
    /// The quit box's title.
    BoxQuit: "quit", "konec", "wyjście";
    /// The quit question (the key stays y).
    /// (Czech: `zápas`, as `hra` is a hand.)
    BoxQuitAsk: "Leave the game? y: yes, any other key: no",
        "Opustit zápas? y: ano, jiná klávesa: ne", "Opuścić grę? y: tak, inny klawisz: nie";
    /// The game-over box's title.
    BoxGameOver: "game over", "konec zápasu", "koniec gry";
    /// Final totals.
    FinalTotals: "Final totals:", "Konečný stav:", "Stan końcowy:";
    /// Final points (a game counted from a starting score).
    FinalPoints: "Final points:", "Konečné body:", "Punkty końcowe:";

    // The help box.
    /// The help box's title.
    HelpTitle: "help", "nápověda", "pomoc";
    /// The title when the help is cut and scrolls.
    HelpTitleScroll: "help · ↑/↓ j/k: scroll", "nápověda · ↑/↓ j/k: posun",
        "pomoc · ↑/↓ j/k: przewijanie";
    /// ←/→.
    HelpSelect: "select a tile (Home/End: first/last)", "vybrat kámen (Home/End: první/poslední)",
        "wybrać kamień (Home/End: pierwszy/ostatni)";
    /// Enter.
    HelpDiscard: "discard the selected tile", "zahodit vybraný kámen", "odrzucić wybrany kamień";
    /// o.
    HelpDeclare: "{decl} with the discard (when possible)",
        "{decl} s odhozem (je-li to možné)", "{decl} przy odrzuceniu (gdy to możliwe)";
    /// m.
    HelpWin: "win, Mah-Jongg (own turn, a discard, or robbing a kong)",
        "mahjong (ve vlastním tahu, na odhoz nebo uloupením kongu)",
        "MahJongg (w swoim ruchu, na zrzut lub przez obrabowanie konga)";
    /// k.
    HelpKong: "kong: concealed or added on your turn, or claim a discard",
        "kong: skrytý či přiložený (ve vašem tahu) nebo z odhozu",
        "kong: zakryty lub dołożony (w twoim ruchu) albo ze zrzutu";
    /// a, where the family sets tiles aside (`{tiles}`: their codes, J3-T4's `NW`).
    HelpAside: "set {tiles} aside for a loose tile", "odložit {tiles} stranou za volný kámen",
        "odłożyć {tiles} na bok za luźny kamień";
    /// a, where the tile set has jokers (MY3-J6).
    HelpExposeJoker: "expose the joker as a bonus tile for a loose tile",
        "vyložit žolíka jako bonusový kámen za volný kámen",
        "wyłożyć dżokera jako kamień dodatkowy za luźny kamień";
    /// a, for a ruleset the client does not know (either may be).
    HelpAsideAny: "set a tile aside for a loose tile, or expose the joker",
        "odložit kámen stranou za volný kámen nebo vyložit žolíka",
        "odłożyć kamień na bok za luźny kamień lub wyłożyć dżokera";
    /// j.
    HelpSwap: "take a joker back from your pung", "vzít žolíka zpět ze svého pongu",
        "odebrać dżokera ze swojego punga";
    /// u.
    HelpPung: "claim the discard for a pung", "vzít odhoz na pong", "wziąć zrzut do punga";
    /// c.
    HelpChow: "claim the discard for a chow", "vzít odhoz na čou", "wziąć zrzut do chowa";
    /// p.
    HelpPass: "pass on a discard or a kong", "nechat být odhoz nebo kong",
        "odpuścić zrzut lub konga";
    /// 1-9 (`{what}`: the choices the ruleset can offer, below, listed with [`Msg::Or`]).
    HelpPick: "pick {what} when there are several", "vybrat {what}, je-li jich víc",
        "wybrać {what}, gdy jest ich kilka";
    /// A chow to pick.
    PickChow: "a chow", "čou", "chow";
    /// A kong to pick.
    PickKong: "a kong", "kong", "konga";
    /// A pung with a discarded joker to pick (MY3-J7).
    PickJokerPung: "a pung with the joker", "pong se žolíkem", "punga z dżokerem";
    /// A pung to take the joker from (MY3-J5).
    PickSwap: "a pung to take the joker from", "pong, ze kterého vzít žolíka",
        "punga, z którego odebrać dżokera";
    /// The last of several choices.
    Or: " or ", " nebo ", " lub ";
    /// The Enter key's label in the help.
    KeyEnterSpace: "Enter/space", "Enter/mezerník", "Enter/spacja";
    /// The help's note on claimed discards (the seats' rows).
    HelpClaimedMark: "Discards in (brackets) were claimed by another player.",
        "Odhozy v (závorkách) si vzal jiný hráč.", "Zrzuty w (nawiasach) wziął inny gracz.";
    /// i.
    HelpHint: "hint: tiles from ready, waits, the best discard",
        "rada: kolik kamenů chybí, na co čekáte, nejlepší odhoz",
        "podpowiedź: ile do gotowości, na co czekasz, najlepszy zrzut";
    /// ↑/↓.
    HelpSheet: "scroll the score sheet; Enter closes it", "posun bodování; Enter je zavře",
        "przewijanie punktacji; Enter ją zamyka";
    /// r.
    HelpRules: "on the score sheet: show or hide what each rule says",
        "v bodování: ukázat či skrýt, co říká každé pravidlo",
        "w punktacji: pokazać lub ukryć treść każdej zasady";
    /// ?.
    HelpHelp: "this help (Esc closes); ↑/↓ j/k scroll it", "tato nápověda (Esc zavře); ↑/↓ j/k posun",
        "ta pomoc (Esc zamyka); ↑/↓ j/k przewijanie";
    /// q.
    HelpQuit: "quit (asks first)", "konec (nejdřív se zeptá)", "wyjście (najpierw pyta)";
    /// The note under the keys, first line.
    HelpNote1: "Claim prompts list only the claims you may make;",
        "Výzva k nároku nabízí jen nároky, které smíte uplatnit;",
        "Przy zgłoszeniach widać tylko to, co możesz zgłosić;";
    /// Its second line.
    HelpNote2: "a timer shows at a server's table.", "u stolu na serveru běží časovač.",
        "przy stole na serwerze widać licznik czasu.";

    // The score sheet.
    /// Its title.
    SheetTitle: "score sheet", "bodování", "punktacja";
    /// The title when the sheet is cut and scrolls.
    SheetTitleScroll: "score sheet · ↑/↓ j/k: scroll", "bodování · ↑/↓ j/k: posun",
        "punktacja · ↑/↓ j/k: przewijanie";
    /// A won hand (`{names}`: the winners, `{with}`: the tile and how).
    SheetWon: "Hand {n} · prevailing {wind} · {names} wins with {with}",
        "Hra {n} · kolo {wind} · {names}: mahjong s {with}",
        "Rozdanie {n} · runda {wind} · {names}: MahJongg z {with}";
    /// A hand won by several.
    SheetWonMany: "Hand {n} · prevailing {wind} · {names} win with {with}",
        "Hra {n} · kolo {wind} · {names}: mahjong s {with}",
        "Rozdanie {n} · runda {wind} · {names}: MahJongg z {with}";
    /// A further winner's name.
    SheetAnd: " and {who}", " a {who}", " i {who}";
    /// A hand won as dealt.
    SheetDealt: "the hand as dealt", "rozdanou rukou", "ręką z rozdania";
    /// A washout (`{what}`: what is paid).
    SheetWashout: "Hand {n} · prevailing {wind} · washout: {what}",
        "Hra {n} · kolo {wind} · remíza: {what}",
        "Rozdanie {n} · runda {wind} · remis: {what}";
    /// A washout with payments.
    SheetWashoutPaid: "nobody won; the ruleset's washout payments are settled",
        "nikdo nevyhrál; platby pravidel při remíze jsou vyrovnány",
        "nikt nie wygrał; płatności zasad przy remisie są rozliczone";
    /// A washout without.
    SheetWashoutFree: "nobody won, nothing is paid", "nikdo nevyhrál, nic se neplatí",
        "nikt nie wygrał, nikt nic nie płaci";
    /// The ura-dora indicator turned over for a riichi winner, under his tiles (J3-S8;
    /// `{tiles}` is drawn in colour).
    SheetUra: "Ura-dora indicator: {tiles}", "Ukazatel ura-dory: {tiles}",
        "Wskaźnik ura-dory: {tiles}";
    /// Several ura-dora indicators.
    SheetUras: "Ura-dora indicators: {tiles}", "Ukazatele ura-dory: {tiles}",
        "Wskaźniki ura-dory: {tiles}";
    /// The winner's mark.
    SheetWinner: " · winner", " · vítěz", " · zwycięzca";
    /// The cannon's mark.
    SheetCannon: " · pays for all (cannon)", " · platí za všechny (dělo)",
        " · płaci za wszystkich (armata)";
    /// A seat's score (after his heading; his standing follows).
    SheetScore: "score {score}{limit}", "skóre {score}{limit}", "wynik {score}{limit}";
    /// Net result and total.
    SheetNetTotal: "net {net}   total {total}", "bilance {net}   celkem {total}",
        "bilans {net}   razem {total}";
    /// Net result and points.
    SheetNetPoints: "net {net}   points {points}", "bilance {net}   body {points}",
        "bilans {net}   punkty {points}";
    /// Han: one (Czech and Polish decline: [`plural`]).
    Han: "{n} han", "{n} han", "{n} han";
    /// Han: 2–4 (Polish also 22–24, …).
    HanFew: "{n} han", "{n} hany", "{n} hany";
    /// Han: 0, 5 and more.
    HanMany: "{n} han", "{n} hanů", "{n} hanów";
    /// Fan: one.
    Fan: "{n} fan", "{n} fan", "{n} fan";
    /// Fan: 2–4.
    FanFew: "{n} fan", "{n} fany", "{n} fany";
    /// Fan: 0, 5 and more.
    FanMany: "{n} fan", "{n} fanů", "{n} fanów";
    /// A yakuman.
    Yakuman: "yakuman", "jakuman", "yakuman";
    /// Several yakuman.
    Yakumans: "yakuman ×{n}", "jakuman ×{n}", "yakuman ×{n}";
    /// A limit item.
    Limit: "limit", "limit", "limit";
    /// One point.
    Point: "{n} pt", "{n} b.", "{n} pkt";
    /// Points.
    Points: "{n} pts", "{n} b.", "{n} pkt";
    /// One double.
    Double: "{n} double", "{n}× zdvojení", "{n}× podwojenie";
    /// Doubles.
    Doubles: "{n} doubles", "{n}× zdvojení", "{n}× podwojenie";
    /// A deduction from one opponent's payment (K3-S5: `-2 pts from P1 (S)`).
    SheetDeduction: "{value} from {who}", "{value} od {who}", "{value} od {who}";
    /// The payments' heading.
    SheetPayments: "Payments", "Platby", "Płatności";
    /// The payments' heading where some were made during the hand (listed above it).
    SheetPaymentsAll: "Payments (those made during the hand included)",
        "Platby (včetně plateb během hry)", "Płatności (wraz z zapłaconymi w trakcie rozdania)";
    /// The heading of the payments made during the hand (MY3-I).
    SheetInstant: "Paid during the hand", "Placeno během hry", "Zapłacone w trakcie rozdania";
    /// A payment made during the hand, under its rule.
    SheetInstantPay: "  {who} pays {to} {amount} ({rule} {name})",
        "  {who} platí {to} {amount} ({rule} {name})", "  {who} płaci {to} {amount} ({rule} {name})";
    /// A payment made during the hand and returned (MY3-I5: the kong was robbed).
    SheetInstantBack: "  {who} pays {to} {amount} back ({rule} {name})",
        "  {who} vrací {to} {amount} ({rule} {name})", "  {who} zwraca {to} {amount} ({rule} {name})";
    /// One payer's payments (`{to}`: `P1 (S) 8 · P2 (W) 8`).
    SheetPays: "  {who} pays {to}", "  {who} platí {to}", "  {who} płaci {to}";
    /// A payment one by one (`{why}`: ` (J3-P noten payment)`, the rule it is paid under,
    /// or empty): a washout's payments each have their own reason.
    SheetPayFor: "  {who} pays {to} {amount}{why}", "  {who} platí {to} {amount}{why}",
        "  {who} płaci {to} {amount}{why}";
    /// A payment into the pot (J3-S10: a riichi stick at a washout; `{why}` as above).
    SheetPotPut: "  {who} puts {amount} into the pot{why}", "  {who} vkládá {amount} do banku{why}",
        "  {who} wkłada {amount} do puli{why}";
    /// A payment from the pot (`{why}` as above).
    SheetPotPays: "  the pot pays {who} {amount}{why}", "  bank platí {who} {amount}{why}",
        "  pula płaci {who} {amount}{why}";
    /// The rule texts' heading.
    SheetRules: "The rules on this sheet", "Pravidla tohoto bodování", "Zasady z tej punktacji";
    /// The sheet's keys with the rules hidden.
    SheetKeys: "Enter: continue   ↑/↓ (k/j): scroll   r: what the rules say",
        "Enter: pokračovat   ↑/↓ (k/j): posun   r: co říkají pravidla",
        "Enter: dalej   ↑/↓ (k/j): przewijanie   r: co mówią zasady";
    /// The sheet's keys with the rules shown.
    SheetKeysRules: "Enter: continue   ↑/↓ (k/j): scroll   r: hide the rules",
        "Enter: pokračovat   ↑/↓ (k/j): posun   r: skrýt pravidla",
        "Enter: dalej   ↑/↓ (k/j): przewijanie   r: ukryj zasady";

    // What `mahjong play` prints when the terminal is back.
    /// A finished local game.
    EndGameOverSeed: "game over (seed {seed}): {totals}", "konec zápasu (seed {seed}): {totals}",
        "koniec gry (seed {seed}): {totals}";
    /// A local game left.
    EndLeftSeed: "left the game (seed {seed})", "zápas opuštěn (seed {seed})",
        "gra opuszczona (seed {seed})";
    /// Where the record went.
    EndRecord: "the record is in {path} (mahjong replay {path})",
        "záznam je v {path} (mahjong replay {path})", "zapis jest w {path} (mahjong replay {path})";
    /// A finished game at a server.
    EndGameOver: "game over: {totals}", "konec zápasu: {totals}", "koniec gry: {totals}";
    /// A server's table left.
    EndLeftTable: "left the table; to come back: mahjong play {args}",
        "stůl opuštěn; návrat: mahjong play {args}", "stół opuszczony; powrót: mahjong play {args}";
    /// The connection closed.
    EndClosed: "connection closed ({why}); to come back: mahjong play {args}",
        "spojení uzavřeno ({why}); návrat: mahjong play {args}",
        "połączenie zamknięte ({why}); powrót: mahjong play {args}";
    /// The final totals.
    EndTotals: "totals {list}", "celkem {list}", "razem {list}";
    /// The player's mark in the totals.
    EndYou: " (you)", " (vy)", " (ty)";
}

/// Message `msg` in `lang` with its placeholders filled.
pub fn tr(lang: Lang, msg: Msg, args: &[(&str, &dyn Display)]) -> String {
    fill(msg.template(lang), args)
}

/// The grammatical number a count takes in `lang`: Czech and Polish say `1 han`, `2 hany`,
/// `5 hanů` / `5 hanów` (Polish also `22 hany`, `12 hanów`); English has one form here.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Plural {
    /// 1.
    One,
    /// 2–4 (Polish: also 22–24, 32–34, … but not 12–14).
    Few,
    /// 0, 5 and more.
    Many,
}

/// [`Plural`] of `n` in `lang`.
pub fn plural(lang: Lang, n: u64) -> Plural {
    match (lang, n) {
        (_, 1) => Plural::One,
        (Lang::En, _) => Plural::Many,
        (Lang::Cs, 2..=4) => Plural::Few,
        (Lang::Pl, n) if (2..=4).contains(&(n % 10)) && !(12..=14).contains(&(n % 100)) => {
            Plural::Few
        }
        _ => Plural::Many,
    }
}

/// `n` han in `lang`, `shown` (the number as it is to be written, padded) in its place.
pub fn han(lang: Lang, n: u64, shown: &dyn Display) -> String {
    counted(lang, n, shown, [Msg::Han, Msg::HanFew, Msg::HanMany])
}

/// `n` fan in `lang`, as [`han`].
pub fn fan(lang: Lang, n: u64, shown: &dyn Display) -> String {
    counted(lang, n, shown, [Msg::Fan, Msg::FanFew, Msg::FanMany])
}

/// `n` of something in the form of `forms` (one, few, many) that `lang` uses for `n`.
fn counted(lang: Lang, n: u64, shown: &dyn Display, [one, few, many]: [Msg; 3]) -> String {
    let msg = match plural(lang, n) {
        Plural::One => one,
        Plural::Few => few,
        Plural::Many => many,
    };
    tr(lang, msg, &[("n", shown)])
}

/// A number with its thousands grouped as `lang` writes them: `35,000` and `-1,000` in
/// English; `35 000` and `−1 000` in Czech and Polish, with a no-break space (U+00A0) and a
/// true minus sign (U+2212), as the rule texts and the web client write them.
pub fn grouped(v: i64, lang: Lang) -> String {
    let sep = match lang {
        Lang::En => ',',
        Lang::Cs | Lang::Pl => '\u{a0}',
    };
    let digits = v.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(sep);
        }
        out.push(c);
    }
    if v < 0 {
        format!("{}{out}", minus(lang))
    } else {
        out
    }
}

/// A number with its sign, not grouped (chip totals: `+12`, `-8`; Czech and Polish `−8`).
pub fn signed(v: i64, lang: Lang) -> String {
    if v < 0 {
        format!("{}{}", minus(lang), v.unsigned_abs())
    } else {
        format!("+{v}")
    }
}

/// A number with its sign and its thousands grouped: `+1,000`, `-500`, `+0`.
pub fn signed_grouped(v: i64, lang: Lang) -> String {
    if v < 0 {
        grouped(v, lang)
    } else {
        format!("+{}", grouped(v, lang))
    }
}

/// The minus sign of `lang`: a hyphen in English (as it always was), U+2212 in Czech and
/// Polish.
pub fn minus(lang: Lang) -> char {
    match lang {
        Lang::En => '-',
        Lang::Cs | Lang::Pl => '\u{2212}',
    }
}

/// A seat wind's label (`W`; cs `Z`, pl `Zach`) in `P2 (W)` and the seat lines.
pub fn wind_label(w: Wind, lang: Lang) -> &'static str {
    let m = match w {
        Wind::East => Msg::EastShort,
        Wind::South => Msg::SouthShort,
        Wind::West => Msg::WestShort,
        Wind::North => Msg::NorthShort,
    };
    m.template(lang)
}

/// The prevailing wind as the title and log name it (`E`; cs `Východ`, pl `Wschód`).
pub fn wind_name(w: Wind, lang: Lang) -> &'static str {
    let m = match w {
        Wind::East => Msg::EastName,
        Wind::South => Msg::SouthName,
        Wind::West => Msg::WestName,
        Wind::North => Msg::NorthName,
    };
    m.template(lang)
}

/// The widest wind label in `lang`, so seat lines stay aligned.
pub fn wind_label_width(lang: Lang) -> usize {
    (0..4)
        .map(|i| wind_label(Wind::from_index(i), lang).chars().count())
        .max()
        .unwrap_or(1)
}

/// The hint's analysis in words: in English exactly `Hint::text` (the browser's words).
pub fn hint_text(hint: &mahjong_bots::hint::Hint, lang: Lang) -> String {
    if lang == Lang::En {
        return hint.text();
    }
    let tiles = |v: &[mahjong_tiles::Tile]| crate::app::codes(v);
    let mut text = match hint.shanten {
        -1 => tr(lang, Msg::HintComplete, &[]),
        0 if !hint.discards.is_empty() => tr(lang, Msg::HintReadyAfter, &[]),
        0 if hint.waits.is_empty() => tr(lang, Msg::HintReadyDead, &[]),
        0 => tr(lang, Msg::HintReady, &[("tiles", &tiles(&hint.waits))]),
        n => tr(lang, Msg::HintAway, &[("n", &n)]),
    };
    if let Some(d) = hint.discards.first() {
        text.push_str(&tr(
            lang,
            Msg::HintBest,
            &[("tile", &d.tile), ("n", &d.shanten), ("useful", &d.useful)],
        ));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_message_has_a_text_in_every_language_with_the_same_placeholders() {
        for &m in Msg::ALL {
            let mut en = placeholders(m.template(Lang::En));
            en.sort_unstable();
            en.dedup();
            for lang in Lang::ALL {
                let t = m.template(lang);
                assert!(!t.trim().is_empty(), "{m:?} {lang:?}");
                let mut names = placeholders(t);
                names.sort_unstable();
                names.dedup();
                assert_eq!(names, en, "{m:?} {lang:?}");
            }
        }
    }

    #[test]
    fn fill_puts_values_in_and_leaves_unknown_names() {
        assert_eq!(
            fill(
                "{who} discards {tile}",
                &[("who", &"P1 (S)"), ("tile", &"3D")]
            ),
            "P1 (S) discards 3D"
        );
        assert_eq!(fill("a {x} b {", &[]), "a {x} b {");
    }

    #[test]
    fn counts_decline_in_czech_and_polish() {
        let h = |lang, n: u64| han(lang, n, &n);
        assert_eq!(h(Lang::En, 1), "1 han");
        assert_eq!(h(Lang::En, 7), "7 han");
        assert_eq!(h(Lang::Cs, 1), "1 han");
        assert_eq!(h(Lang::Cs, 2), "2 hany");
        assert_eq!(h(Lang::Cs, 4), "4 hany");
        assert_eq!(h(Lang::Cs, 5), "5 hanů");
        assert_eq!(h(Lang::Cs, 0), "0 hanů");
        assert_eq!(h(Lang::Cs, 22), "22 hanů");
        assert_eq!(h(Lang::Pl, 3), "3 hany");
        assert_eq!(h(Lang::Pl, 7), "7 hanów");
        assert_eq!(h(Lang::Pl, 13), "13 hanów");
        assert_eq!(h(Lang::Pl, 23), "23 hany");
        assert_eq!(fan(Lang::Cs, 3, &"  3"), "  3 fany");
        assert_eq!(fan(Lang::Pl, 10, &10), "10 fanów");
        assert_eq!(fan(Lang::En, 10, &10), "10 fan");
    }

    #[test]
    fn numbers_are_grouped_as_the_language_writes_them() {
        assert_eq!(grouped(35_000, Lang::En), "35,000");
        assert_eq!(grouped(-1_000, Lang::En), "-1,000");
        assert_eq!(grouped(1_234_567, Lang::En), "1,234,567");
        assert_eq!(grouped(35_000, Lang::Cs), "35\u{a0}000");
        assert_eq!(grouped(-8_000, Lang::Pl), "\u{2212}8\u{a0}000");
        assert_eq!(grouped(500, Lang::Cs), "500");
        assert_eq!(signed_grouped(9_000, Lang::Cs), "+9\u{a0}000");
        assert_eq!(signed_grouped(0, Lang::En), "+0");
        assert_eq!(signed(-20, Lang::En), "-20");
        assert_eq!(signed(-20, Lang::Cs), "\u{2212}20");
        assert_eq!(signed(12, Lang::Pl), "+12");
    }

    #[test]
    fn wind_words() {
        assert_eq!(wind_label(Wind::West, Lang::En), "W");
        assert_eq!(wind_label(Wind::West, Lang::Cs), "Z");
        assert_eq!(wind_label(Wind::West, Lang::Pl), "Zach");
        assert_eq!(wind_name(Wind::East, Lang::Cs), "Východ");
        assert_eq!(wind_label_width(Lang::En), 1);
        assert_eq!(wind_label_width(Lang::Pl), 4);
    }
}
