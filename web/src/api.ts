// The server's HTTP API and protocol types (docs/api.md, docs/protocol.md).

import type {
  ApiErrorBody,
  CreatedTable,
  GameEvent,
  GameListEntry,
  RuleEntry,
  RulesetInfo,
  ScoredItem,
  ScoreResult,
  SetKind,
  Wind,
} from './generated';

// The protocol's types (Action, GameEvent, SeatView, RuleEntry, CreatedTable, ServerMsg, …)
// are generated from the Rust types: see docs/protocol.md, "Clients and the TypeScript types".
export type * from './generated';

export const WINDS: Wind[] = ['E', 'S', 'W', 'N'];

/**
 * The secrets this browser was given (a table's host token, a ledger's token), kept in
 * localStorage under `mahjong.KIND.ID`: the server answers them once, at creation.
 */
export const secrets = {
  get: (kind: 'host' | 'ledger', id: string): string | null => {
    try {
      return localStorage.getItem(`mahjong.${kind}.${id}`);
    } catch {
      return null;
    }
  },
  set: (kind: 'host' | 'ledger', id: string, token: string | null | undefined) => {
    if (!token) return;
    try {
      localStorage.setItem(`mahjong.${kind}.${id}`, token);
    } catch {
      /* private mode: the secret lives as long as the page */
    }
  },
};

/**
 * A scored item as a game record has it (named only where its id does not tell the case), or
 * as the scoring assistant answers it (always named).
 */
export type NamedItem = ScoredItem;

export class ApiError extends Error {
  status: number;
  path?: string;
  constructor(status: number, message: string, path?: string) {
    super(message);
    this.status = status;
    this.path = path;
  }
}

// Every write is a JSON object with its content type (the server refuses any other: a
// page of another site could send those), and a secret goes as a bearer token.
async function request<T>(method: string, url: string, body?: unknown, token?: string | null): Promise<T> {
  const headers: Record<string, string> = {};
  if (method !== 'GET') headers['content-type'] = 'application/json';
  if (token) headers['authorization'] = `Bearer ${token}`;
  const res = await fetch(url, {
    method,
    headers,
    body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
  });
  const text = await res.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!res.ok) {
    // A body that is not the documented error (a proxy's, say) may carry a plain string.
    const err = (data as { error?: ApiErrorBody['error'] | string } | null)?.error;
    if (err && typeof err === 'object') throw new ApiError(res.status, err.message, err.path);
    throw new ApiError(res.status, typeof err === 'string' ? err : typeof data === 'string' && data ? data : res.statusText);
  }
  return data as T;
}

export const api = {
  rulesets: () => request<RulesetInfo[]>('GET', '/api/rulesets'),
  rules: () => request<RuleEntry[]>('GET', '/api/rules'),
  createTable: (body: {
    ruleset: string;
    options?: Record<string, unknown>;
    seats: string[];
    names?: (string | null)[];
    bot_delay_ms?: number;
  }) =>
    request<CreatedTable>('POST', '/api/tables', body).then((t) => {
      secrets.set('host', t.id, t.host_token);
      return t;
    }),
  table: (id: string) => request<Record<string, unknown>>('GET', `/api/tables/${encodeURIComponent(id)}`),
  /** Fills the waiting seats with bots: only with this table's host token (kept at creation). */
  fill: (id: string) => request<unknown>('POST', `/api/tables/${encodeURIComponent(id)}/fill`, {}, secrets.get('host', id)),
  games: () => request<GameListEntry[]>('GET', '/api/games'),
  gameRecord: async (id: string): Promise<string> => {
    const res = await fetch(`/api/games/${encodeURIComponent(id)}`);
    if (!res.ok) {
      // The documented error body's message, not the JSON around it.
      const text = await res.text();
      let message = text || res.statusText;
      try {
        const err = JSON.parse(text)?.error;
        if (typeof err?.message === 'string') message = err.message;
        else if (typeof err === 'string') message = err;
      } catch {
        /* not JSON */
      }
      throw new ApiError(res.status, message);
    }
    return res.text();
  },
  score: (table: unknown) => request<ScoreResult>('POST', '/api/score', table),
  settle: (body: unknown) =>
    request<{ settlement: Record<string, number>; payments: { from: string; to: string; amount: number }[] }>(
      'POST',
      '/api/settle',
      body,
    ),
  ledgers: () => request<unknown>('GET', '/api/ledgers'),
  ledger: (id: string) => request<unknown>('GET', `/api/ledgers/${encodeURIComponent(id)}`),
  createLedger: (body: { name: string; players: string[] }) =>
    request<{ id: string; token?: string }>('POST', '/api/ledgers', body).then((l) => {
      secrets.set('ledger', l.id, l.token);
      return l;
    }),
  /** Adds a hand: only with the ledger's token (kept when this browser created it). */
  addLedgerHand: (id: string, body: unknown) =>
    request<unknown>('POST', `/api/ledgers/${encodeURIComponent(id)}/hands`, body, secrets.get('ledger', id)),
};

/** Parses a JSON Lines game record: the header lines and events, game by game. */
export function parseRecord(text: string): { header: Record<string, unknown>; events: GameEvent[] }[] {
  const games: { header: Record<string, unknown>; events: GameEvent[] }[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const v = JSON.parse(line);
    if (v.type === 'game') games.push({ header: v, events: [] });
    else if (games.length) games[games.length - 1].events.push(v as GameEvent);
  }
  return games;
}

/** The seat wind of `player` in a hand with `dealer` as East, for `seats` players. */
export function windOf(player: number, dealer: number, seats: number): Wind {
  return WINDS[(player - dealer + seats) % seats];
}

export function setKindName(kind: SetKind): string {
  return typeof kind === 'string' ? kind : 'kong';
}

/** The tiles of a public set, from its kind and lowest tile. */
export function setTiles(s: {
  kind: SetKind;
  tile: string;
  jokers?: number;
  joker_for?: string;
}): string[] {
  if (s.kind === 'chow') {
    const n = Number(s.tile[0]);
    const tiles = [0, 1, 2].map((i) => `${n + i}${s.tile[1]}`);
    // A chow's joker (MY3-J2) in place of the tile it stands for.
    return s.jokers && s.joker_for ? tiles.map((c) => (c === s.joker_for ? 'JK' : c)) : tiles;
  }
  const tiles: string[] = Array(s.kind === 'pung' ? 3 : 4).fill(s.tile);
  // A pung's jokers are its last tiles: the first is always natural.
  for (let i = 0; i < (s.jokers ?? 0) && i < tiles.length - 1; i++) tiles[tiles.length - 1 - i] = 'JK';
  return tiles;
}

/** Player names made distinct for display: a repeated name gets its seat number (greedy 2). */
export function displayNames(names: string[]): string[] {
  const count = new Map<string, number>();
  for (const n of names) count.set(n, (count.get(n) ?? 0) + 1);
  return names.map((n, i) => ((count.get(n) ?? 0) > 1 ? `${n} ${i + 1}` : n));
}
