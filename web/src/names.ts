// Seat names as the client shows them. The server names a seat nobody named after its kind
// ("human", "greedy"); those names are shown translated, the own seat's as "You", so the
// table, the score sheet and the history all say the same in every language.
import { displayNames } from './api';
import { t } from './i18n';

const KINDS = new Set(['human', 'strong', 'greedy', 'random']);

/** The shown name of one seat; `kind` when known, else a name equal to a kind is a default. */
export function shownName(name: string, kind: string | undefined, mine: boolean): string {
  if (name !== (kind ?? name) || !KINDS.has(name)) return name;
  if (name === 'human') return mine ? t('table.you_cap') : t('name.human');
  return t(`name.${name}`);
}

/** Every seat's shown name, a repeated one with its seat number ("Greedy bot 2"). */
export function seatNames(players: { name: string; kind?: string }[], me: number | null): string[] {
  return displayNames(players.map((p, i) => shownName(p?.name ?? `#${i}`, p?.kind, i === me)));
}
