// Languages: English, Czech, Polish. `t(key, params)` looks a key up in the current language;
// changing the language re-renders the whole app (App subscribes with onLangChange).
import { en, type Key } from './en';
import { cs } from './cs';
import { pl } from './pl';

export type Lang = 'en' | 'cs' | 'pl';
export const LANGS: { id: Lang; label: string }[] = [
  { id: 'en', label: 'English' },
  { id: 'cs', label: 'Čeština' },
  { id: 'pl', label: 'Polski' },
];

const DICTS: Record<Lang, Record<Key, string>> = { en, cs, pl };
const STORAGE = 'mahjong.lang';

function initial(): Lang {
  try {
    const saved = localStorage.getItem(STORAGE);
    if (saved === 'en' || saved === 'cs' || saved === 'pl') return saved;
  } catch {
    /* storage unavailable */
  }
  const nav = (typeof navigator !== 'undefined' ? navigator.language : 'en').slice(0, 2);
  return nav === 'cs' || nav === 'pl' ? nav : 'en';
}

let current: Lang = initial();
const listeners = new Set<(l: Lang) => void>();

export function lang(): Lang {
  return current;
}

export function setLang(l: Lang): void {
  current = l;
  try {
    localStorage.setItem(STORAGE, l);
  } catch {
    /* storage unavailable */
  }
  document.documentElement.lang = l;
  listeners.forEach((f) => f(l));
}

export function onLangChange(f: (l: Lang) => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}

/** The text for `key` in the current language; `{name}` placeholders are filled from params. */
export function t(key: Key | string, params?: Record<string, string | number>): string {
  const dict = DICTS[current] as Record<string, string>;
  let s = dict[key] ?? (en as Record<string, string>)[key] ?? key;
  if (params) for (const [k, v] of Object.entries(params)) s = s.split(`{${k}}`).join(String(v));
  return s;
}

// Every number the client shows goes through one formatter: thousands grouped as the
// language writes them (35,000; 35 000) and a true minus sign (−), never a hyphen.
const FORMATS = new Map<Lang, Intl.NumberFormat>();

/** A number with its thousands grouped as the language writes them (35,000; 35 000; −9 000). */
export function grouped(n: number): string {
  let f = FORMATS.get(current);
  if (!f) FORMATS.set(current, (f = new Intl.NumberFormat(current)));
  return n < 0 ? `−${f.format(-n)}` : f.format(n);
}

/** A signed number with its thousands grouped (+8,000, −9,000, 0). */
export function signedGrouped(n: number): string {
  return n > 0 ? `+${grouped(n)}` : grouped(n);
}

/** A result with its sign, as score sheets show it (+192, −536, +37 000): the same formatter. */
export const signed = signedGrouped;

/**
 * A player's standing: his net total (+12) where totals are net results, or his points
 * counted from the starting score (35,000 in the japanese game) where there is one.
 */
export function standing(total: number, startingScore: number): string {
  return startingScore ? grouped(startingScore + total) : signed(total);
}

/**
 * The text of a counted key in the current language: `key.one`, `key.few`, `key.many` or
 * `key.other` as the language's plural rules pick for `n` (Czech 1 bod, 2–4 body, 5 bodů;
 * Polish 1 punkt, 2–4 punkty, 5–21 punktów), with `{n}` the number formatted.
 */
export function tn(key: string, n: number, params?: Record<string, string | number>): string {
  const dict = DICTS[current] as Record<string, string>;
  const form = `${key}.${new Intl.PluralRules(current).select(n)}`;
  return t(form in dict ? form : `${key}.other`, { ...params, n: grouped(n) });
}
