// Rule names and texts in every language come from the rule catalogue (crates/mahjong-rules:
// families/<family>/catalogue.toml), bundled here as catalogue.json: the names are there at
// the first render and the bundle always matches the server it is built into (web/dist is
// embedded). A Rust test (crates/mahjong-rules/tests/catalogue.rs) writes the file and fails
// when it is stale. Several items share one rule id (M114b has four names: the entry's
// variants); items of a game record carry the variant's name only where nothing else tells
// it (J3-S8: Bazoro, dora), and elsewhere `englishName` recovers it from the id, the tile
// and the points.
import type { NamedItem, RuleEntry, RuleNames, ScoreForm, ScoreFormValue, Wind, WinFrom } from '../api';
import { lang } from './index';
import CATALOGUE from './catalogue.json';
import FORMS from './forms.json';

const BY_ID = new Map<string, RuleEntry>();
for (const e of CATALOGUE as RuleEntry[]) BY_ID.set(e.id, e);

/** The names score items of this entry carry: its variants, or its own. */
function scorerNames(e: RuleEntry): RuleNames[] {
  return e.variants ?? [e.names];
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

/** Which of an id's scorer names fits the item, told by the words of the name. */
function narrow(item: NamedItem, ctx: RuleContext): ((name: string) => boolean) | null {
  const p = item.points ?? 0;
  const major = isMajor(item.tile);
  const windOfTile = item.tile && /^[ESWN]W$/.test(item.tile) ? (item.tile[0] as Wind) : null;
  const size = major ? 'majors' : 'minors';
  switch (item.rule) {
    case 'M114b': {
      const how = p === (major ? 4 : 2) ? 'exposed' : 'concealed';
      return (n) => n.startsWith(how) && n.endsWith(size);
    }
    case 'M114c': {
      const how = p === (major ? 16 : 8) ? 'exposed' : 'concealed';
      return (n) => n.startsWith(how) && n.endsWith(size);
    }
    case 'M114e':
      if (!windOfTile) return (n) => n.includes('dragons');
      if (p >= 4) return (n) => n.includes('own') && n.includes('prevailing');
      if (windOfTile === ctx.wind) return (n) => n.includes('own') && !n.includes('prevailing');
      return (n) => !n.includes('own') && n.includes('prevailing');
    case 'M115d':
      return (n) => n.includes(major ? '(major)' : '(minor)');
    case 'M116a':
      return (n) => n.includes(item.tile ? ' or ' : ' and ');
    case 'M116b':
    case 'W-F4': {
      const word = item.tile && /S$/.test(item.tile) ? 'seasons' : 'flowers';
      return (n) => n.includes(word);
    }
    case 'M117c':
      return (n) => n.includes('winning discard') === (ctx.from === 'discard');
    case 'M122l':
      return (n) => n.includes('no limit') !== !!item.limit;
    case 'W-P1': {
      const prevailing = !!windOfTile && windOfTile === ctx.prevailing && windOfTile !== ctx.wind;
      return (n) => n.includes('prevailing') === prevailing;
    }
    case 'W-D1': {
      const own = !!windOfTile && windOfTile === ctx.wind;
      return (n) => n.includes('own') === own;
    }
  }
  return null;
}

/**
 * The English name of an item: its own `name` when it has one (scoring API; a record's item
 * whose id the tile and points do not narrow), else recovered from the rule id using the
 * tile, points and the seat's winds;
 * the entry's general name when that does not tell; the id itself for an unknown rule.
 */
export function englishName(item: NamedItem, ctx: RuleContext = {}): string {
  if (item.name) return item.name;
  const entry = BY_ID.get(item.rule);
  if (!entry) return item.rule;
  const names = scorerNames(entry).map((n) => n.en);
  if (names.length === 1) return names[0];
  const fits = narrow(item, ctx);
  const found = fits ? names.filter(fits) : [];
  return found.length === 1 ? found[0] : entry.names.en;
}

/** Rule `id`'s name in the current language, for an item the scorer named `english`. */
export function translateRule(id: string, english: string): string {
  const l = lang();
  const entry = BY_ID.get(id);
  if (l === 'en' || !entry) return english;
  const names = scorerNames(entry).find((n) => n.en === english) ?? (entry.names.en === english ? entry.names : null);
  return names ? names[l] : english;
}

/** The item's name in the current language. */
export function ruleName(item: NamedItem, ctx: RuleContext = {}): string {
  return translateRule(item.rule, englishName(item, ctx));
}

/** The catalogue entry of rule `id`, if the catalogue has it. */
export function ruleEntry(id: string): RuleEntry | undefined {
  return BY_ID.get(id);
}

/** Rule `id`'s general name and what it says, in the current language; `null` when unknown. */
export function ruleInfo(id: string): { name: string; text: string } | null {
  const e = BY_ID.get(id);
  if (!e) return null;
  const l = lang();
  return { name: e.names[l], text: e.text[l] };
}

/**
 * What `family` calls declaring a hand ready with a discard (`Riichi`, `Original Call`), in
 * the current language: the catalogue's `declaration` on the rule that governs it; `null`
 * when the family's catalogue names none.
 */
export function declarationName(family: string): string | null {
  return declarationRule(family)?.declaration?.[lang()] ?? null;
}

/** The catalogue's rule that names `family`'s ready declaration, if any. */
function declarationRule(family: string): RuleEntry | undefined {
  for (const e of BY_ID.values()) {
    if (e.family === family && e.declaration) return e;
  }
  return undefined;
}

/**
 * What a seat that has declared ready shows in `family` (`Riichi`, `Original Call`, the
 * Korean `Ready`), in the current language: the catalogue's `declared`, else the
 * declaration's own name; `null` when the family's catalogue names no declaration.
 */
export function declaredName(family: string): string | null {
  const e = declarationRule(family);
  return e ? declaredState(e) : null;
}

/** What a seat that has made entry `e`'s declaration shows (`Entry::declared_state`), in the current language. */
function declaredState(e: RuleEntry): string | null {
  return (e.declared ?? e.declaration)?.[lang()] ?? null;
}

/**
 * Whether items citing rule `id` count han (and yakuman in place of doubles) rather than
 * points and doubles: the catalogue entry's `units`, set once per family file.
 */
export function countsHan(id: string): boolean {
  return BY_ID.get(id)?.units === 'han_yakuman';
}

/** Whether items citing rule `id` count fan in their points (the Malaysian game, MY3). */
export function countsFan(id: string): boolean {
  return BY_ID.get(id)?.units === 'fan';
}

/** What tells a limit's name apart where its id has several (J3-P: the payment band). */
export interface LimitContext extends RuleContext {
  /** The seat is the dealer (East). */
  dealer?: boolean;
  /** The hand's score (the payment value in the japanese game). */
  score?: number;
}

/**
 * J3-P's band as the scorer names it: yakuman by the items' yakuman, else by the han
 * (mangan 6–7, haneman 8–9, baiman 10–12, 13 and more sanbaiman, or one counted yakuman
 * where option `counted_yakuman` pays it: told by the score).
 */
function japaneseBand(items: NamedItem[], ctx: LimitContext): string {
  if (items.some((it) => (it.doubles ?? 0) > 0)) return 'yakuman';
  const han = items.reduce((a, it) => a + (it.points ?? 0), 0);
  if (han <= 7) return 'mangan';
  if (han <= 9) return 'haneman';
  if (han <= 12) return 'baiman';
  const selfDrawn = ctx.from === 'wall' || ctx.from === 'loose';
  // One yakuman's payment value (J3-S10): ron 32,000 (dealer 48,000); self-drawn 24,000
  // (dealer 32,000). Sanbaiman pays less in each case.
  const yakuman = selfDrawn ? (ctx.dealer ? 32000 : 24000) : ctx.dealer ? 48000 : 32000;
  return ctx.score === yakuman ? 'counted yakuman' : 'sanbaiman';
}

/**
 * The name of the limit hand or cap `id` that set a seat's score, in the current language:
 * the seat's own item citing it where there is one (the limit hand), J3-P's payment band,
 * else the rule's name; the id itself for an unknown rule.
 */
export function limitName(id: string, items: NamedItem[], ctx: LimitContext = {}): string {
  if (id === 'J3-P') return translateRule(id, japaneseBand(items, ctx));
  const own = items.find((it) => it.rule === id);
  if (own) return ruleName(own, ctx);
  return ruleInfo(id)?.name ?? id;
}

/** The form of a family the catalogue does not know: only what every table has. */
const NO_FORM: ScoreForm = { flags: [], table: [], seat: [], options: [], bonus: 'flowers', bonus_points: false, units: 'points_doubles' };

/**
 * What the scoring assistant offers at a table of `family` beyond every table's inputs: the
 * `[form]` of the family's catalogue file, bundled as forms.json by the same Rust test;
 * nothing more for an unknown family (or none yet).
 */
export function scoreForm(family: string | undefined): ScoreForm {
  return (family !== undefined && (FORMS as Record<string, ScoreForm>)[family]) || NO_FORM;
}

/**
 * The label of a form's input in the current language: the name of the rule it names (of
 * its variant, where it names one; what a seat that has made the rule's declaration shows,
 * where the input is `declared`: korean-3p's `Ready`), else `fallback`, the client's own
 * words.
 */
export function inputLabel(input: { rule?: string; variant?: string; declared?: boolean }, fallback: string): string {
  if (!input.rule) return fallback;
  if (input.variant) return translateRule(input.rule, input.variant);
  if (input.declared) {
    const e = BY_ID.get(input.rule);
    return (e && declaredState(e)) ?? fallback;
  }
  return ruleInfo(input.rule)?.name ?? fallback;
}

/**
 * The label of a value a form offers (a seat field's, an option's) in the current language:
 * the name of the rule it names, else its own names from the catalogue file, else the value
 * itself.
 */
export function valueLabel(v: ScoreFormValue): string {
  if (v.rule) return ruleInfo(v.rule)?.name ?? v.value;
  return v.names?.[lang()] ?? v.value;
}
