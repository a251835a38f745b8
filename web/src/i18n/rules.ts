// Rule names in Czech and Polish, keyed by the English name the scorer gives
// (crates/mahjong-rules: rules.rs, western.rs). Several items share one rule id (M114b has
// four names), so the key is the name; items of a game record carry only the id, and
// `englishName` recovers the name from the id, the tile and the points.
import type { ScoredItem, Wind, WinFrom } from '../api';
import { lang } from './index';

/** [id, English name, Czech, Polish] for every rule a score item can cite. */
const RULES: [string, string, string, string][] = [
  ['M29', 'seven pairs', 'sedm párů', 'siedem par'],
  ['M114a', 'flower or season', 'květina nebo roční období', 'kwiat lub pora roku'],
  ['M114b', 'exposed pung of minors', 'vyložený pong malých kamenů', 'odkryty pung prostych kamieni'],
  ['M114b', 'concealed pung of minors', 'skrytý pong malých kamenů', 'zakryty pung prostych kamieni'],
  ['M114b', 'exposed pung of majors', 'vyložený pong velkých kamenů', 'odkryty pung kamieni brzegowych lub honorów'],
  ['M114b', 'concealed pung of majors', 'skrytý pong velkých kamenů', 'zakryty pung kamieni brzegowych lub honorów'],
  ['M114c', 'exposed kong of minors', 'vyložený kong malých kamenů', 'odkryty kong prostych kamieni'],
  ['M114c', 'concealed kong of minors', 'skrytý kong malých kamenů', 'zakryty kong prostych kamieni'],
  ['M114c', 'exposed kong of majors', 'vyložený kong velkých kamenů', 'odkryty kong kamieni brzegowych lub honorów'],
  ['M114c', 'concealed kong of majors', 'skrytý kong velkých kamenů', 'zakryty kong kamieni brzegowych lub honorów'],
  ['M114e', 'pair of dragons', 'pár draků', 'para smoków'],
  ['M114e', 'pair of own wind', 'pár vlastního větru', 'para własnego wiatru'],
  ['M114e', 'pair of prevailing wind', 'pár panujícího větru', 'para wiatru panującego'],
  ['M114e', 'pair of own wind that is the prevailing wind', 'pár vlastního větru, který je zároveň panující', 'para własnego wiatru, który jest też wiatrem panującym'],
  ['M115a', 'going Mah-Jongg', 'dosažení mahjongu', 'zrobienie MahJongga'],
  ['M115b', 'winning tile from the wall', 'vítězný kámen ze zdi', 'kończący kamień z muru'],
  ['M115c', 'filling the only place', 'zaplnění jediného místa', 'zapełnienie jedynego miejsca'],
  ['M115d', 'fishing the eyes (minor)', 'vylovení očí (malé kameny)', 'wyłowienie oczu (proste kamienie)'],
  ['M115d', 'fishing the eyes (major)', 'vylovení očí (velké kameny)', 'wyłowienie oczu (kamienie brzegowe lub honory)'],
  ['M116a', 'own flower and own season', 'vlastní květina i vlastní roční období', 'własny kwiat i własna pora roku'],
  ['M116a', 'own flower or season', 'vlastní květina nebo roční období', 'własny kwiat lub pora roku'],
  ['M116b', 'all four flowers', 'všechny čtyři květiny', 'wszystkie cztery kwiaty'],
  ['M116b', 'all four seasons', 'všechna čtyři roční období', 'wszystkie cztery pory roku'],
  ['M116d', 'pung of dragons', 'pong draků', 'pung smoków'],
  ['M116e', 'pung of own wind', 'pong vlastního větru', 'pung własnego wiatru'],
  ['M116f', 'pung of prevailing wind', 'pong panujícího větru', 'pung wiatru panującego'],
  ['M116g', 'little three dragons', 'tři malí draci', 'trzy małe smoki'],
  ['M116h', 'big three dragons', 'tři velcí draci', 'trzy wielkie smoki'],
  ['M116i', 'little four joys', 'čtvero malých radostí', 'cztery małe radości'],
  ['M116j', 'big four joys', 'čtvero velkých radostí', 'cztery wielkie radości'],
  ['M116k', 'three concealed pungs', 'tři skryté pongy', 'trzy zakryte pungi'],
  ['M117a', 'no-score hand', 'ruka bez bodů', 'ręka bez punktów'],
  ['M117b', 'no chows', 'žádné čou', 'bez sekwencji (chow)'],
  ['M117c', 'concealed hand', 'skrytá ruka', 'zakryta ręka'],
  ['M117c', 'concealed but for the winning discard', 'skrytá až na vítězný zahozený kámen', 'zakryta poza wygrywającym odrzuconym kamieniem'],
  ['M117d', 'one suit with honours', 'jedna řada se zvláštními kameny', 'jeden kolor z honorami'],
  ['M117e', 'one suit only', 'čistá řada', 'czysty kolor'],
  ['M117f', 'all majors', 'pouze velké kameny', 'same kamienie brzegowe i honory'],
  ['M117g', 'all honours', 'pouze zvláštní kameny', 'same honory'],
  ['M117h', 'winning with a loose tile', 'výhra volným kamenem', 'wygrana luźnym kamieniem'],
  ['M117i', 'winning with the last tile of the wall', 'výhra posledním kamenem živé zdi', 'wygrana ostatnim kamieniem z muru'],
  ['M117j', 'winning with the discard after the last draw', 'výhra kamenem zahozeným po posledním dobrání', 'wygrana kamieniem odrzuconym po ostatnim dobraniu'],
  ['M117k', 'robbing a kong', 'uloupení kongu', 'obrabowanie konga'],
  ['M117l', 'completing Original Call', 'splnění původního ohlášení', 'spełnienie pierwotnej zapowiedzi'],
  ['M119', 'limit reached', 'dosažen limit', 'osiągnięty limit'],
  ['M122a', "Heaven's Blessing", 'požehnání nebes', 'błogosławieństwo niebios'],
  ['M122b', "Earth's Blessing", 'požehnání země', 'błogosławieństwo ziemi'],
  ['M122c', 'Gathering Plum Blossom from the Roof', 'sebrání švestkového květu se střechy', 'zerwanie kwiatu śliwy z dachu'],
  ['M122d', 'Catching the Moon from the Bottom of the Sea', 'vylovení měsíce ze dna jezera', 'wyłowienie księżyca z dna morza'],
  ['M122e', 'Scratching a Carrying Pole', 'škrábnutí nosné tyče', 'zadrapanie drążka nośnego'],
  ['M122f', 'Kong upon Kong', 'kong na kongu', 'kong na kongu'],
  ['M122g', 'Fourfold Plenty', 'čtverá hojnost', 'czterokrotna obfitość'],
  ['M122h', 'Buried Treasure', 'zakopaný poklad', 'zakopany skarb'],
  ['M122i', 'Three Great Scholars', 'tři velcí učenci', 'trzech wielkich uczonych'],
  ['M122j', "Four Blessings o'er the Door", 'čtvero požehnání vznášejících se nade dveřmi', 'cztery błogosławieństwa nad drzwiami'],
  ['M122k', 'All Honours', 'všechny symboly', 'wszystkie honory'],
  ['M122l', 'Heads and Tails', 'hlavy a ocasy', 'głowy i ogony'],
  ['M122l', 'all terminals (no limit)', 'pouze jedničky a devítky (bez limitu)', 'same kamienie brzegowe (bez limitu)'],
  ['M122m', 'Imperial Jade', 'císařský nefrit', 'cesarski jadeit'],
  ['M122n', 'Nine Gates', 'devět posvátných lotosových světel', 'dziewięć bram'],
  ['M122o', 'Wriggling Snake', 'kroutící se had', 'wijący się wąż'],
  ['M122p', 'Concealed Clear Suit', 'skrytá čistá řada', 'zakryty czysty kolor'],
  ['M122q', 'Thirteen Unique Wonders', 'třináct jedinečných divů', 'trzynaście unikalnych cudów'],
  ['M122r', "East's 13th consecutive Mah-Jongg", 'třináctý mahjong Východu za sebou', 'trzynasty z rzędu MahJongg Wschodu'],
  ['W-P1', 'pair of dragons or own wind', 'pár draků nebo vlastního větru', 'para smoków lub własnego wiatru'],
  ['W-P1', 'pair of prevailing wind', 'pár panujícího větru', 'para wiatru panującego'],
  ['W-P4', 'pung of 1s or 9s', 'pong jedniček nebo devítek', 'pung kamieni brzegowych (1 lub 9)'],
  ['W-P5', 'pung of 2-8', 'pong dvojek až osmiček', 'pung prostych kamieni (2–8)'],
  ['W-P6', 'pung of winds', 'pong větrů', 'pung wiatrów'],
  ['W-P7', 'pung of dragons', 'pong draků', 'pung smoków'],
  ['W-P8', 'kong of 1s or 9s', 'kong jedniček nebo devítek', 'kong kamieni brzegowych (1 lub 9)'],
  ['W-P9', 'kong of 2-8', 'kong dvojek až osmiček', 'kong prostych kamieni (2–8)'],
  ['W-P10', 'kong of winds', 'kong větrů', 'kong wiatrów'],
  ['W-P11', 'kong of dragons', 'kong draků', 'kong smoków'],
  ['W-B1', 'going Mah-Jongg', 'dosažení mahjongu', 'zrobienie MahJongga'],
  ['W-B2', 'no scoring sets', 'žádné bodované sady', 'brak punktowanych układów'],
  ['W-B3', 'winning tile drawn from the wall', 'vítězný kámen dobraný ze zdi', 'kończący kamień wyciągnięty z muru'],
  ['W-B4', 'the only tile that could complete the hand', 'jediný kámen, který mohl ruku dokončit', 'jedyny kamień, który mógł zakończyć rękę'],
  ['W-B5', 'winning with the loose tile after a kong', 'výhra volným kamenem po kongu', 'wygrana luźnym kamieniem po kongu'],
  ['W-B6', 'no chows', 'žádné čou', 'bez sekwencji (chow)'],
  ['W-F1', 'flower or season', 'květina nebo roční období', 'kwiat lub pora roku'],
  ['W-F2', 'own flower or season', 'vlastní květina nebo roční období', 'własny kwiat lub pora roku'],
  ['W-F3', 'own flower and own season', 'vlastní květina i vlastní roční období', 'własny kwiat i własna pora roku'],
  ['W-F4', 'all four flowers', 'všechny čtyři květiny', 'wszystkie cztery kwiaty'],
  ['W-F4', 'all four seasons', 'všechna čtyři roční období', 'wszystkie cztery pory roku'],
  ['W-D1', 'pung of own wind', 'pong vlastního větru', 'pung własnego wiatru'],
  ['W-D1', 'pung of prevailing wind', 'pong panujícího větru', 'pung wiatru panującego'],
  ['W-D2', 'pung of dragons', 'pong draků', 'pung smoków'],
  ['W-D3', 'all one suit', 'vše v jedné řadě', 'wszystko w jednym kolorze'],
  ['W-D4', 'only dragons and winds', 'pouze draci a větry', 'tylko smoki i wiatry'],
  ['W-D5', 'original Mah-Jongg', 'původní mahjong', 'oryginalny MahJongg'],
  ['W-L1', 'Hidden Treasure', 'skrytý poklad', 'ukryty skarb'],
  ['W-L2', 'All Honours', 'všechny symboly', 'wszystkie honory'],
  ['W-L3', 'All Terminals', 'pouze jedničky a devítky', 'wszystkie kamienie brzegowe'],
  ['W-L4', 'All Green', 'vše zelené', 'wszystko zielone'],
  ['W-L5', 'Three Great Scholars', 'tři velcí učenci', 'trzech wielkich uczonych'],
  ['W-L6', 'Great Blessings', 'velká požehnání', 'wielkie błogosławieństwa'],
  ['W-L7', 'All Kongs', 'samé kongy', 'same kongi'],
  ['W-L8', 'Nine United Sons', 'devět spojených synů', 'dziewięciu połączonych synów'],
  ['W-L9', 'Thirteen Unique Wonders', 'třináct jedinečných divů', 'trzynaście unikalnych cudów'],
  ['W-L10', 'Heavenly Peace', 'nebeský mír', 'niebiański pokój'],
  ['W-L11', 'Earthly Peace', 'pozemský mír', 'ziemski pokój'],
  ['W-L12', 'Moon from the Bottom of the Sea', 'měsíc ze dna moře', 'księżyc z dna morza'],
  ['W-L13', 'Plum Blossom on the Roof', 'švestkový květ na střeše', 'kwitnący kwiat śliwy na dachu'],
  // Three-player Korean (crates/mahjong-rules/src/korean.rs).
  ["K3-HP1", "dragon pung or kong", "pong nebo kong draků", "pung lub kong smoków"],
  ["K3-HP2", "two dragon pungs or kongs", "dva pongy nebo kongy draků", "dwa pungi lub kongi smoków"],
  ["K3-HP3", "wind pung or kong", "pong nebo kong větru", "pung lub kong wiatru"],
  ["K3-HP4", "pung or kong of the seat wind", "pong nebo kong vlastního větru", "pung lub kong własnego wiatru"],
  ["K3-HP5", "pung or kong of the prevailing wind", "pong nebo kong panujícího větru", "pung lub kong wiatru panującego"],
  ["K3-HP6", "kong", "kong", "kong"],
  ["K3-HP7", "three kongs", "tři kongy", "trzy kongi"],
  ["K3-HP8", "pung or kong of 1 or 9 bamboo", "pong nebo kong bambusových jedniček či devítek", "pung lub kong bambusowych jedynek lub dziewiątek"],
  ["K3-HP9", "pungs or kongs of both 1 and 9 bamboo", "pongy nebo kongy bambusových jedniček i devítek", "pungi lub kongi bambusowych jedynek i dziewiątek"],
  ["K3-HP10", "two identical chows", "dvě stejná čou", "dwa jednakowe chow"],
  ["K3-HP11", "three concealed pungs or kongs", "tři skryté pongy nebo kongy", "trzy zakryte pungi lub kongi"],
  ["K3-HP12", "all pungs or kongs and a pair", "samé pongy nebo kongy a pár", "same pungi lub kongi i para"],
  ["K3-HP13", "all pungs, all terminals and honours", "samé pongy, jen jedničky, devítky a zvláštní kameny", "same pungi, tylko kamienie brzegowe i honory"],
  ["K3-HP14", "one suit with honours", "jedna řada se zvláštními kameny", "jeden kolor z honorami"],
  ["K3-HP15", "one suit without honours", "jedna řada bez zvláštních kamenů", "jeden kolor bez honorów"],
  ["K3-HP16", "seven pairs", "sedm párů", "siedem par"],
  ["K3-HP17", "1-9 run in one suit", "postupka 1–9 v jedné řadě", "sekwencja 1–9 w jednym kolorze"],
  ["K3-HP18", "all suit tiles", "pouze číselné kameny", "tylko kamienie z kolorów"],
  ["K3-HP19", "all chows and a pair of suit tiles", "samá čou a pár číselných kamenů", "same chow i para kamieni z kolorów"],
  ["K3-HP20", "concealed hand", "skrytá ruka", "zakryta ręka"],
  ["K3-HP21", "concealed hand completed from the wall", "skrytá ruka dokončená ze zdi", "zakryta ręka zakończona kamieniem z muru"],
  ["K3-BP1", "winning (from each opponent who was not ready)", "výhra (od každého soupeře, který nečekal)", "wygrana (od każdego przeciwnika, który nie był gotowy)"],
  ["K3-BP2", "winning tile from the wall", "vítězný kámen ze zdi", "kończący kamień z muru"],
  ["K3-BP3", "winning tile was the last of the wall", "vítězný kámen byl poslední ze zdi", "kończący kamień był ostatnim z muru"],
  ["K3-BP4", "winning on a flower or kong replacement", "výhra náhradním kamenem za květinu nebo kong", "wygrana kamieniem zastępczym za kwiat lub konga"],
  ["K3-BP5", "robbing a kong", "uloupení kongu", "obrabowanie konga"],
  ["K3-BP6", "another player was also waiting on the winning tile", "na vítězný kámen čekal i jiný hráč", "inny gracz też czekał na kończący kamień"],
  ["K3-BP7", "flower", "květina", "kwiat"],
  ["K3-BP8", "all the flowers", "všechny květiny", "wszystkie kwiaty"],
  ["K3-BP9", "concealed hand", "skrytá ruka", "zakryta ręka"],
  ["K3-BP10", "concealed hand won from the wall", "skrytá ruka vyhraná ze zdi", "zakryta ręka wygrana z muru"],
  ["K3-BP11", "declared ready", "ohlášená čekající ruka", "zapowiedziana gotowość"],
  ["K3-BP12", "declared ready and won from the wall", "ohlášená čekající ruka a výhra ze zdi", "zapowiedziana gotowość i wygrana z muru"],
  ["K3-L1", "Little Dragons", "malí draci", "małe smoki"],
  ["K3-L2", "Little Winds", "malé větry", "małe wiatry"],
  ["K3-L3", "all bamboo and honours", "jen bambusy a zvláštní kameny", "tylko bambusy i honory"],
  ["K3-L4", "a terminal or honour in every set and the pair", "jednička, devítka nebo zvláštní kámen v každé sadě i v páru", "kamień brzegowy lub honor w każdym układzie i w parze"],
  ["K3-L5", "concealed one suit with a dragon or wind pung", "skrytá jedna řada s pongem draků nebo větru", "zakryty jeden kolor z pungiem smoków lub wiatru"],
  ["K3-L6", "four concealed pungs", "čtyři skryté pongy", "cztery zakryte pungi"],
  ["K3-L7", "three kongs and a pair of honours", "tři kongy a pár zvláštních kamenů", "trzy kongi i para honorów"],
  ["K3-L8", "Little Jade Dragon", "malý nefritový drak", "mały jadeitowy smok"],
  ["K3-L9", "three concealed kongs", "tři skryté kongy", "trzy zakryte kongi"],
  ["K3-L10", "four kongs", "čtyři kongy", "cztery kongi"],
  ["K3-L11", "all honours and terminals", "jen zvláštní kameny, jedničky a devítky", "same honory i kamienie brzegowe"],
  ["K3-L12", "Great Dragons", "velcí draci", "wielkie smoki"],
  ["K3-L13", "Great Winds", "velké větry", "wielkie wiatry"],
  ["K3-L14", "pungs of 1 and 9 bamboo and a pair of 5 bamboo", "pongy bambusových jedniček a devítek a pár bambusových pětek", "pungi bambusowych jedynek i dziewiątek i para bambusowych piątek"],
  ["K3-L15", "four concealed kongs", "čtyři skryté kongy", "cztery zakryte kongi"],
  ["K3-L16", "Thirteen Orphans", "třináct sirotků", "trzynaście sierot"],
  ["K3-L17", "Nine Gates", "devět posvátných lotosových světel", "dziewięć bram"],
  ["K3-L18", "Pearl Dragon", "perlový drak", "perłowy smok"],
  ["K3-L19", "Ruby Dragon", "rubínový drak", "rubinowy smok"],
  ["K3-L20", "Great Jade Dragon", "velký nefritový drak", "wielki jadeitowy smok"],
  ["K3-O1", "pair of North", "pár Severu", "para Północy"],
  ["K3-O1", "kong of North", "kong Severu", "kong Północy"],
  ["K3-O1", "winning on a drawn or robbed North", "výhra na dobraný nebo uloupený Sever", "wygrana na dobranej lub zrabowanej Północy"],
  ["K3-O4", "all three ready: hand-points only", "všichni tři čekají: jen body za ruku", "wszyscy trzej gotowi: tylko punkty za rękę"],
  ["K3-O5", "dora", "dora", "dora"],
  ["K3-O5", "pair of dora", "pár dora", "para dora"],
  ["K3-O5", "pung of dora", "pong dora", "pung dora"],
  ["K3-O5", "kong of dora", "kong dora", "kong dora"],
  ["K3-O5", "flower dora", "květinová dora", "kwiatowa dora"],
  ["K3-O6", "red five", "červená pětka", "czerwona piątka"],
  ["K3-O6", "both red fives", "obě červené pětky", "obie czerwone piątki"],
  ["K3-O8", "pung or kong of the seat dragon", "pong nebo kong draka svého místa", "pung lub kong smoka swojego miejsca"],
  ["K3-S5", "opponent was ready: pays 2 bonus-points less", "soupeř čekal: platí o 2 bonusové body méně", "przeciwnik był gotowy: płaci o 2 punkty premiowe mniej"],
  ["K3-M2", "goulash bonus from each opponent", "gulášový bonus od každého soupeře", "premia za gulasz od każdego przeciwnika"],
];

const BY_NAME = new Map<string, [string, string]>();
const BY_ID = new Map<string, string[]>();
for (const [id, en, cs, pl] of RULES) {
  BY_NAME.set(en.toLowerCase(), [cs, pl]);
  BY_ID.set(id, [...(BY_ID.get(id) ?? []), en]);
}

/** Adds names the server knows (GET /api/rules) for ids this table lacks (new rulesets). */
export function learnRules(list: { id: string; name: string }[]): void {
  for (const { id, name } of list) {
    const names = BY_ID.get(id) ?? [];
    if (!names.includes(name)) BY_ID.set(id, [...names, name]);
  }
}

/** The rule's name in the current language: Czech or Polish from the table, else English. */
export function translateRule(english: string): string {
  const l = lang();
  if (l === 'en') return english;
  const tr = BY_NAME.get(english.toLowerCase());
  return tr ? (l === 'cs' ? tr[0] : tr[1]) : english;
}

function isMajor(tile?: string): boolean {
  if (!tile) return false;
  return /^[19][BCD]$/.test(tile) || /^[ESWN]W$/.test(tile) || /^[RGW]D$/.test(tile);
}

export interface RuleContext {
  /** The scored seat's wind and the prevailing wind. */
  wind?: Wind;
  prevailing?: Wind;
  /** How the hand was won (for M117c). */
  from?: WinFrom;
}

/**
 * The English name of an item: its own `name` when it has one (scoring API), else recovered
 * from the rule id (game records carry only ids) using the tile, points and the seat's winds.
 */
export function englishName(item: ScoredItem, ctx: RuleContext = {}): string {
  if (item.name) return item.name;
  const names = BY_ID.get(item.rule);
  if (!names || names.length === 0) return item.rule;
  if (names.length === 1) return names[0];
  const p = item.points ?? 0;
  const major = isMajor(item.tile);
  const windOfTile = item.tile && /^[ESWN]W$/.test(item.tile) ? (item.tile[0] as Wind) : null;
  switch (item.rule) {
    case 'M114b':
      return `${p === (major ? 4 : 2) ? 'exposed' : 'concealed'} pung of ${major ? 'majors' : 'minors'}`;
    case 'M114c':
      return `${p === (major ? 16 : 8) ? 'exposed' : 'concealed'} kong of ${major ? 'majors' : 'minors'}`;
    case 'M114e':
      if (!windOfTile) return 'pair of dragons';
      if (p >= 4) return 'pair of own wind that is the prevailing wind';
      return windOfTile === ctx.wind ? 'pair of own wind' : 'pair of prevailing wind';
    case 'M115d':
      return major ? 'fishing the eyes (major)' : 'fishing the eyes (minor)';
    case 'M116a':
    case 'W-F2':
    case 'W-F3':
      return item.tile ? 'own flower or season' : 'own flower and own season';
    case 'M116b':
    case 'W-F4':
      return item.tile && /S$/.test(item.tile) ? 'all four seasons' : 'all four flowers';
    case 'M117c':
      return ctx.from === 'discard' ? 'concealed but for the winning discard' : 'concealed hand';
    case 'M122l':
      return item.limit ? 'Heads and Tails' : 'all terminals (no limit)';
    case 'W-P1':
      return windOfTile && windOfTile === ctx.prevailing && windOfTile !== ctx.wind ? 'pair of prevailing wind' : 'pair of dragons or own wind';
    case 'W-D1':
      return windOfTile && windOfTile === ctx.wind ? 'pung of own wind' : 'pung of prevailing wind';
  }
  return names[0];
}

/** The item's name in the current language. */
export function ruleName(item: ScoredItem, ctx: RuleContext = {}): string {
  return translateRule(englishName(item, ctx));
}
