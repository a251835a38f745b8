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
